import { describe, expect, it } from 'vitest';

import { scrubSsn } from './logScrub.ts';

describe('scrubSsn', () => {
  it('masks an SSN however the applicant typed it', () => {
    expect(scrubSsn('typed 219-09-9999 here')).toBe('typed XXX-XX-XXXX here');
    expect(scrubSsn('typed 219099999 here')).toBe('typed XXX-XX-XXXX here');
    expect(scrubSsn('typed 219 09 9999 here')).toBe('typed XXX-XX-XXXX here');
    expect(scrubSsn('/api/profile?ssn=219099999&x=1')).toBe('/api/profile?ssn=XXX-XX-XXXX&x=1');
    expect(scrubSsn('{"ssn":"219-09-9999","b":"219099999"}')).toBe(
      '{"ssn":"XXX-XX-XXXX","b":"XXX-XX-XXXX"}',
    );
  });

  it('keeps what only contains nine digits: a timestamp, a UUID, a hash, a phone number', () => {
    for (const kept of [
      '"time":1795887107051',
      'id 3f2a1b9c-1234-4abc-9def-219099999123',
      'sha 9f219099999ab',
      'phone 406-555-0123',
      'mixed 219 09-9999',
      'pid 5127 port 3000',
    ])
      expect(scrubSsn(kept)).toBe(kept);
  });
});
