import { describe, expect, it } from 'vitest';

import { fixturePages } from '../testing/fixture.ts';
import { printableModel, printLineText } from './printable.ts';

const text = (...args: Parameters<typeof printableModel>) =>
  printableModel(...args).map(printLineText);

describe('printableModel (SPEC §1 print view)', () => {
  it('prints questions, [X]/[ ] choices and underlined blanks in page order', () => {
    const lines = text(fixturePages, {
      first_name: 'Ada',
      us_citizen: 'Y',
      mailing_country: 'USA',
      mailing_state: 'MT',
    });
    expect(lines.slice(0, 4)).toEqual([
      'Personal Info',
      'Your Name',
      'First Name Ada',
      'Last Name __________',
    ]);
    expect(lines).toContain('[X] Yes');
    expect(lines).toContain('[ ] No');
    expect(lines).toContain('Country United States');
    expect(lines).toContain('State Montana');
  });

  it('prints only what shows, after clearing', () => {
    const lines = text(fixturePages, { us_citizen: 'Y', perm_resident: 'N', citizenship: 'CAN' });
    expect(lines.join('\n')).not.toContain('Permanent resident?');
    expect(lines.join('\n')).not.toContain('Canada');
  });

  it('prints a checkbox as a marked choice and month/year as words', () => {
    const lines = text(fixturePages, {
      certify_checkbox: true,
      military_start_month: '3',
      military_start_year: '2020',
    });
    expect(lines).toContain('[X] I certify');
    expect(lines).toContain('Service began March 2020');
    expect(lines).toContain('[ ] Arson');
  });

  it('prints attached documents by name', () => {
    const lines = text(
      fixturePages,
      {},
      { decision_essay_file: { file_name: 'essay.pdf', file_size: 1200 } },
      { tabs: { decision_essay: 'upload' } },
    );
    expect(lines).toContain('Attached document: essay.pdf');
  });

  it('prints the info texts that show', () => {
    expect(text(fixturePages, { us_citizen: 'N', perm_resident: 'N' })).toContain(
      'STOP: apply as an international student.',
    );
  });
});
