import { afterEach, describe, expect, it, vi } from 'vitest';

import { fitsKeepalive, KEEPALIVE_QUOTA_BYTES, request } from './client.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Each fetch the page makes, answered only when the test says so. */
function heldFetches() {
  const calls: { keepalive: boolean; answer: () => void }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    (_input, init) =>
      new Promise<Response>((resolve) => {
        calls.push({
          keepalive: init?.keepalive === true,
          answer: () => {
            resolve(
              new Response(JSON.stringify({ message: 'Saved.' }), {
                headers: { 'content-type': 'application/json' },
              }),
            );
          },
        });
      }),
  );
  return calls;
}

/** A JSON body of about `bytes` bytes. */
const bodyOf = (bytes: number) => ({ decision_essay: 'e'.repeat(bytes) });

describe("keepalive saves within the page's 64 KiB quota (Fetch standard)", () => {
  it('lets a body go as keepalive only when it fits beside the keepalive bodies under way', () => {
    expect(fitsKeepalive(KEEPALIVE_QUOTA_BYTES, 0)).toBe(true);
    expect(fitsKeepalive(KEEPALIVE_QUOTA_BYTES + 1, 0)).toBe(false);
    expect(fitsKeepalive(30_000, 30_000)).toBe(true);
    expect(fitsKeepalive(20_000, 50_000)).toBe(false);
  });

  it('sends a save that would pass the quota beside one in flight as an ordinary request, and as keepalive again once that one is answered', async () => {
    const calls = heldFetches();
    const first = request('PUT', '/api/answer', bodyOf(50_000), undefined, { keepalive: true });
    const second = request('PUT', '/api/answer', bodyOf(20_000), undefined, { keepalive: true });
    // A small one still fits beside the first.
    const third = request('PUT', '/api/answer', bodyOf(10_000), undefined, { keepalive: true });
    expect(calls.map((call) => call.keepalive)).toEqual([true, false, true]);
    for (const call of calls) call.answer();
    await Promise.all([first, second, third]);
    // Answered, the first no longer counts: the next large save goes as keepalive.
    const fourth = request('PUT', '/api/answer', bodyOf(60_000), undefined, { keepalive: true });
    expect(calls[3]?.keepalive).toBe(true);
    calls[3]?.answer();
    await fourth;
  });

  it('never sends a body over the quota as keepalive, and frees its share when the request fails', async () => {
    const calls = heldFetches();
    const huge = request('PUT', '/api/answer', bodyOf(70_000), undefined, { keepalive: true });
    expect(calls[0]?.keepalive).toBe(false);
    calls[0]?.answer();
    await huge;
    vi.restoreAllMocks();
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(
      request('PUT', '/api/answer', bodyOf(60_000), undefined, { keepalive: true }),
    ).rejects.toThrow();
    const after = heldFetches();
    const next = request('PUT', '/api/answer', bodyOf(60_000), undefined, { keepalive: true });
    expect(after[0]?.keepalive).toBe(true);
    after[0]?.answer();
    await next;
  });
});
