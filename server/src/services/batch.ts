/**
 * Group commit in the app: calls that arrive while earlier ones are with the database wait and
 * go together, as one statement and one commit. Under load, a hundred applicants saving at once
 * cost the database a few statements instead of a hundred; an idle server sends each call at
 * once (it waits only for the calls of the same tick), so nobody waits for a timer.
 *
 * A batch runs as one unit: if it throws, every call in it rejects with that error. The answer
 * of each call is the output at its index, so `run` must return one output per input, in order.
 *
 * @example
 * const lookup = createBatcher(async (ids: string[]) => rowsFor(ids), { maxSize: 200 });
 * const row = await lookup('a'); // sent with whatever else arrived meanwhile
 */
export interface BatcherOptions {
  /** The most calls one batch carries; more wait for the next. */
  maxSize: number;
  /**
   * How many batches may be with the database at once. 1 for writes that lock rows: two
   * batches locking the same rows in different orders could deadlock.
   */
  concurrency?: number;
}

interface Pending<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

export function createBatcher<I, O>(
  run: (inputs: readonly I[]) => Promise<readonly O[]>,
  { maxSize, concurrency = 1 }: BatcherOptions,
): (input: I) => Promise<O> {
  const queue: Pending<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  function dispatch(): void {
    scheduled = false;
    while (inFlight < concurrency && queue.length > 0) {
      const batch = queue.splice(0, maxSize);
      inFlight += 1;
      void run(batch.map((pending) => pending.input)).then(
        (outputs) => {
          settle(() => {
            if (outputs.length !== batch.length) {
              const error = new Error(
                `batch: ${String(outputs.length)} outputs for ${String(batch.length)} inputs`,
              );
              for (const pending of batch) pending.reject(error);
            } else {
              batch.forEach((pending, index) => {
                pending.resolve(outputs[index] as O);
              });
            }
          });
        },
        (error: unknown) => {
          settle(() => {
            for (const pending of batch) pending.reject(error);
          });
        },
      );
    }
  }

  /**
   * The next batch is sent before this one's callers go on: their answers are written while
   * the database works on the next batch, instead of the database waiting for them. The callers
   * resume in the next turn of the event loop (`setImmediate`), after the next batch's query
   * has been written to its socket (that part of `run` is microtasks only).
   */
  function settle(answerCallers: () => void): void {
    inFlight -= 1;
    dispatch();
    setImmediate(answerCallers);
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      // Calls made in the same tick (a burst of requests parsed together) share the batch.
      if (!scheduled && inFlight < concurrency) {
        scheduled = true;
        queueMicrotask(dispatch);
      }
    });
}
