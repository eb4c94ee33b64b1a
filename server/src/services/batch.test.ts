import { describe, expect, it } from 'vitest';

import { createBatcher } from './batch.ts';

/** A batch runner that records what each batch carried and answers when told to. */
function recordingRunner() {
  const batches: number[][] = [];
  const release: (() => void)[] = [];
  const run = (inputs: readonly number[]): Promise<number[]> => {
    batches.push([...inputs]);
    return new Promise((resolve) =>
      release.push(() => {
        resolve(inputs.map((input) => input * 10));
      }),
    );
  };
  return { batches, release, run };
}

/** Lets queued microtasks and promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher (group commit in the app)', () => {
  it('sends an idle call at once, alone, without waiting for company', async () => {
    const runner = recordingRunner();
    const call = createBatcher(runner.run, { maxSize: 10 });
    const answer = call(1);
    await settle();
    expect(runner.batches).toEqual([[1]]);
    runner.release[0]?.();
    await expect(answer).resolves.toBe(10);
  });

  it('sends the calls that arrive while a batch is with the database together, each answered with its own output', async () => {
    const runner = recordingRunner();
    const call = createBatcher(runner.run, { maxSize: 10 });
    const first = call(1);
    await settle();
    const later = [call(2), call(3), call(4)];
    await settle();
    // One batch at a time: 2, 3 and 4 wait for the first to finish.
    expect(runner.batches).toEqual([[1]]);
    runner.release[0]?.();
    await settle();
    expect(runner.batches).toEqual([[1], [2, 3, 4]]);
    runner.release[1]?.();
    await expect(first).resolves.toBe(10);
    await expect(Promise.all(later)).resolves.toEqual([20, 30, 40]);
  });

  it('splits a queue longer than maxSize into several batches, in arrival order', async () => {
    const runner = recordingRunner();
    const call = createBatcher(runner.run, { maxSize: 2 });
    const answers = [1, 2, 3, 4, 5].map((input) => call(input));
    for (let index = 0; index < 3; index += 1) {
      await settle();
      runner.release[index]?.();
    }
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40, 50]);
    expect(runner.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('keeps up to `concurrency` batches in flight', async () => {
    const runner = recordingRunner();
    const call = createBatcher(runner.run, { maxSize: 1, concurrency: 2 });
    const answers = [1, 2, 3].map((input) => call(input));
    await settle();
    expect(runner.batches).toEqual([[1], [2]]);
    runner.release[0]?.();
    await settle();
    expect(runner.batches).toEqual([[1], [2], [3]]);
    runner.release[1]?.();
    runner.release[2]?.();
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30]);
  });

  it('rejects every call of a failed batch with its error, and the next batch still runs', async () => {
    let runs = 0;
    const call = createBatcher(
      (inputs: readonly number[]) => {
        runs += 1;
        return runs === 1
          ? Promise.reject(new Error('the database went away'))
          : Promise.resolve(inputs.map((input) => input + 1));
      },
      { maxSize: 10 },
    );
    const failed = [call(1), call(2)];
    await expect(failed[0]).rejects.toThrow('the database went away');
    await expect(failed[1]).rejects.toThrow('the database went away');
    await expect(call(3)).resolves.toBe(4);
  });

  it('rejects every call when the runner answers with the wrong number of outputs', async () => {
    const call = createBatcher(() => Promise.resolve([1]), { maxSize: 10 });
    const answers = [call(1), call(2)];
    await expect(answers[0]).rejects.toThrow('batch: 1 outputs for 2 inputs');
    await expect(answers[1]).rejects.toThrow('batch: 1 outputs for 2 inputs');
  });
});
