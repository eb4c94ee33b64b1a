import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { debounce } from './debounce';

const timing = { wait: 200, maxWait: 500 };

describe('debounce with maxWait (SPEC §7: lookups 200 ms, at most 500 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once, with the latest arguments, 200 ms after the last call', () => {
    const run = vi.fn();
    const lookUp = debounce(run, timing);
    lookUp('M');
    vi.advanceTimersByTime(100);
    lookUp('Mo');
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenLastCalledWith('Mo');
  });

  it('runs by 500 ms even while calls keep coming every 100 ms', () => {
    const run = vi.fn();
    const lookUp = debounce(run, timing);
    for (let elapsed = 0; elapsed < 500; elapsed += 100) {
      lookUp(`text at ${elapsed}`);
      vi.advanceTimersByTime(100);
    }
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenLastCalledWith('text at 400');
  });

  it('keeps running at most every 500 ms during a long burst', () => {
    const run = vi.fn();
    const lookUp = debounce(run, timing);
    for (let elapsed = 0; elapsed < 1500; elapsed += 50) {
      lookUp(elapsed);
      vi.advanceTimersByTime(50);
    }
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('runs nothing after cancel', () => {
    const run = vi.fn();
    const lookUp = debounce(run, timing);
    lookUp('Mon');
    lookUp.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
  });
});
