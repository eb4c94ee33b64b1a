import { describe, expect, it, vi } from 'vitest';

import { loadOnce } from './loadOnce.ts';

describe('something fetched once and kept', () => {
  it('fetches once, gives every caller the same promise, then has the value at hand', async () => {
    const fetch = vi.fn(() => Promise.resolve('pages'));
    const once = loadOnce(fetch);
    const heard = vi.fn();
    once.subscribe(heard);
    expect(once.current()).toBeUndefined();
    const first = once.load();
    expect(once.load()).toBe(first);
    await expect(first).resolves.toBe('pages');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(once.current()).toBe('pages');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed fetch, so the next call tries again', async () => {
    const fetch = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('chunk');
    const once = loadOnce(fetch);
    await expect(once.load()).rejects.toThrow('offline');
    expect(once.current()).toBeUndefined();
    await expect(once.load()).resolves.toBe('chunk');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('tells no one who unsubscribed', async () => {
    const once = loadOnce(() => Promise.resolve(1));
    const heard = vi.fn();
    once.subscribe(heard)();
    await once.load();
    expect(heard).not.toHaveBeenCalled();
  });
});
