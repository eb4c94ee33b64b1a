import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestContext, type TestContext } from '../test/context.ts';
import { createJobs, type JobDefinition, PermanentJobError } from './jobs.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let kinds = 0;
/** A job kind of its own per test, so no test's leftovers meet another's worker. */
function newKind(): string {
  kinds += 1;
  return `test-job-${kinds}`;
}

function worker(kind: string, definition: JobDefinition, workerId: string) {
  const jobs = createJobs({
    db: ctx.db,
    clock: ctx.now,
    workerId,
    backoffMs: () => 1000,
    pollIntervalMs: 20,
  });
  jobs.define(kind, definition);
  return jobs;
}

async function jobRow(id: number) {
  return ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the job queue', () => {
  it('runs a queued job once, with its payload, and marks it done', async () => {
    const kind = newKind();
    const seen: unknown[] = [];
    const jobs = worker(kind, { run: async (payload) => void seen.push(payload) }, 'w1');
    const id = await jobs.enqueue(kind, { hello: 'world' });
    expect(await jobs.runOnce()).toBe(true);
    expect(await jobs.runOnce()).toBe(false);
    expect(seen).toEqual([{ hello: 'world' }]);
    const row = await jobRow(id);
    expect(row.status).toBe('done');
    expect(row.attempts).toBe(1);
    expect(row.locked_until).toBeNull();
  });

  it('runs a due job of higher priority before older ones of lower priority', async () => {
    const kind = newKind();
    const order: unknown[] = [];
    const jobs = worker(kind, { run: async (payload) => void order.push(payload.name) }, 'w1');
    await jobs.enqueue(kind, { name: 'receipt 1' });
    await jobs.enqueue(kind, { name: 'receipt 2' });
    await jobs.enqueue(kind, { name: 'code' }, { priority: 1 });
    // Not yet due: its priority does not let it jump the clock.
    await jobs.enqueue(
      kind,
      { name: 'later code' },
      { priority: 1, runAfter: new Date(ctx.now().getTime() + 60_000) },
    );
    while (await jobs.runOnce());
    expect(order).toEqual(['code', 'receipt 1', 'receipt 2']);
  });

  it('a job in flight survives a restart: its lease runs out and a new worker completes it', async () => {
    const kind = newKind();
    const stuck = deferred();
    let ranOnA = 0;
    // Worker A claims the job and then "dies": its attempt never finishes on its own.
    const a = worker(
      kind,
      {
        run: async () => {
          ranOnA += 1;
          await stuck.promise;
        },
        timeoutMs: 60_000,
      },
      'worker-a',
    );
    const id = await a.enqueue(kind, { n: 1 });
    const inFlight = a.runOnce();
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');
    expect((await jobRow(id)).locked_by).toBe('worker-a');

    // A new server instance, after the restart.
    let ranOnB = 0;
    const b = worker(kind, { run: async () => void (ranOnB += 1), timeoutMs: 60_000 }, 'worker-b');
    // The lease (timeout + 30 s) still holds: B must not take the job.
    expect(await b.runOnce()).toBe(false);
    ctx.advance(91_000);
    expect(await b.runOnce()).toBe(true);
    expect(ranOnB).toBe(1);
    const done = await jobRow(id);
    expect(done.status).toBe('done');
    expect(done.attempts).toBe(2);
    expect(done.locked_by).toBe('worker-b');

    // If A was only slow, not dead, its late result must not overwrite B's.
    stuck.resolve();
    await inFlight;
    expect(ranOnA).toBe(1);
    const after = await jobRow(id);
    expect(after.status).toBe('done');
    expect(after.locked_by).toBe('worker-b');
  });

  it('a job that always fails is retried with backoff and ends failed with its message', async () => {
    const kind = newKind();
    const failures: { message: string; error: unknown }[] = [];
    let attempts = 0;
    const jobs = worker(
      kind,
      {
        run: async () => {
          attempts += 1;
          throw new Error(`the printer is on fire (attempt ${attempts})`);
        },
        onFailed: async (_payload, message, error) => void failures.push({ message, error }),
        maxAttempts: 3,
      },
      'w-fail',
    );
    const id = await jobs.enqueue(kind, {});
    expect(await jobs.runOnce()).toBe(true);
    let row = await jobRow(id);
    expect(row.status).toBe('queued');
    expect(row.last_error).toBe('the printer is on fire (attempt 1)');
    // Backoff: not before its time.
    expect(await jobs.runOnce()).toBe(false);
    ctx.advance(1000);
    expect(await jobs.runOnce()).toBe(true);
    ctx.advance(1000);
    expect(await jobs.runOnce()).toBe(true);
    row = await jobRow(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(row.last_error).toBe('the printer is on fire (attempt 3)');
    expect(row.finished_at).not.toBeNull();
    expect(failures).toHaveLength(1);
    expect(failures[0]?.message).toBe('the printer is on fire (attempt 3)');
    // Failed means finished: it is never picked up again.
    ctx.advance(3_600_000);
    expect(await jobs.runOnce()).toBe(false);
    expect(attempts).toBe(3);
  });

  it("a kind's own backoff sets when it runs again, and onRetry hears each retried failure with its job id and attempt", async () => {
    const kind = newKind();
    // Delays in whole seconds: the fake clock moves with real time in between.
    const retries: { attempt: number; delay: number; jobId: number }[] = [];
    const ended: { jobId: number; attempts: number }[] = [];
    const jobs = worker(
      kind,
      {
        run: async () => {
          throw new Error('the mail server is away');
        },
        // Longer than the queue's own (1 s here): the kind's wins.
        backoffMs: (attempt) => attempt * 60_000,
        onRetry: (_payload, _message, { jobId, attempt, runAfter }) =>
          void retries.push({
            jobId,
            attempt,
            delay: Math.round((runAfter.getTime() - ctx.now().getTime()) / 1000),
          }),
        onFailed: async (_payload, _message, _error, job) => void ended.push(job),
        maxAttempts: 3,
      },
      'w-backoff',
    );
    const id = await jobs.enqueue(kind, {});
    expect(await jobs.runOnce()).toBe(true);
    ctx.advance(59_000);
    expect(await jobs.runOnce()).toBe(false);
    ctx.advance(1_000);
    expect(await jobs.runOnce()).toBe(true);
    ctx.advance(120_000);
    expect(await jobs.runOnce()).toBe(true);
    expect(retries).toEqual([
      { jobId: id, attempt: 1, delay: 60 },
      { jobId: id, attempt: 2, delay: 120 },
    ]);
    expect(ended).toEqual([{ jobId: id, attempts: 3 }]);
  });

  it('a PermanentJobError ends the job at once, without retries', async () => {
    const kind = newKind();
    const jobs = worker(
      kind,
      {
        run: async () => {
          throw new PermanentJobError('This PDF is damaged.');
        },
        maxAttempts: 5,
      },
      'w-permanent',
    );
    const id = await jobs.enqueue(kind, {});
    await jobs.runOnce();
    const row = await jobRow(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBe('This PDF is damaged.');
  });

  it('an attempt that runs past its timeout is aborted and retried', async () => {
    const kind = newKind();
    let aborted = false;
    const jobs = worker(
      kind,
      {
        run: (_payload, { signal }) =>
          new Promise<void>((_resolve, reject) => {
            signal.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('stopped'));
            });
          }),
        timeoutMs: 50,
      },
      'w-timeout',
    );
    const id = await jobs.enqueue(kind, {});
    await jobs.runOnce();
    expect(aborted).toBe(true);
    const row = await jobRow(id);
    expect(row.status).toBe('queued');
    expect(row.last_error).toBe('timed out after 50 ms');
  });

  it('a job whose worker vanished on its last attempt ends failed, never stuck running', async () => {
    const kind = newKind();
    const failed: string[] = [];
    const stuck = deferred();
    const a = worker(
      kind,
      { run: () => stuck.promise, timeoutMs: 1000, maxAttempts: 1 },
      'worker-dies',
    );
    const id = await a.enqueue(kind, { which: 'abandoned' });
    const inFlight = a.runOnce();
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');
    const b = worker(
      kind,
      {
        run: async () => undefined,
        onFailed: async (payload) => void failed.push(String(payload.which)),
        timeoutMs: 1000,
        maxAttempts: 1,
      },
      'worker-next',
    );
    ctx.advance(31_001);
    expect(await b.runOnce()).toBe(false);
    const row = await jobRow(id);
    expect(row.status).toBe('failed');
    expect(row.last_error).toMatch(/interrupted/);
    expect(failed).toEqual(['abandoned']);
    stuck.resolve();
    await inFlight;
    expect((await jobRow(id)).status).toBe('failed');
  });

  it('several workers at once run every job exactly once (SKIP LOCKED)', async () => {
    const kind = newKind();
    const runs = new Map<number, number>();
    const run = async (payload: Record<string, unknown>) => {
      const n = Number(payload.n);
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const workers = ['x', 'y', 'z'].map((id) => worker(kind, { run }, `worker-${id}`));
    const first = workers[0];
    if (first === undefined) throw new Error('no worker');
    for (let n = 0; n < 24; n += 1) await first.enqueue(kind, { n });
    await Promise.all(workers.map((jobs) => jobs.runUntilIdle()));
    expect(runs.size).toBe(24);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('start() polls in the background and stop() waits for the job in flight', async () => {
    const kind = newKind();
    const started = deferred();
    const release = deferred();
    let finished = false;
    const jobs = worker(
      kind,
      {
        run: async () => {
          started.resolve();
          await release.promise;
          finished = true;
        },
      },
      'w-loop',
    );
    jobs.start();
    const id = await jobs.enqueue(kind, {});
    jobs.wake();
    await started.promise;
    const stopping = jobs.stop();
    release.resolve();
    await stopping;
    expect(finished).toBe(true);
    expect((await jobRow(id)).status).toBe('done');
  });
});
