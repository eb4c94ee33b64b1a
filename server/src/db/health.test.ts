/**
 * The outage bookkeeping alone, with a probe the test answers: which failures open an outage,
 * and that a whole outage costs one warning line however its first failures looked.
 */
import { describe, expect, it } from 'vitest';

import { createDatabaseHealth, DatabaseUnavailableError } from './health.ts';

function harness(probeWorks: () => boolean, probeIntervalMs = 60_000) {
  const warnings: string[] = [];
  const infos: string[] = [];
  let probes = 0;
  const health = createDatabaseHealth({
    probe: () => {
      probes += 1;
      return probeWorks() ? Promise.resolve() : Promise.reject(new Error('timeout expired'));
    },
    log: {
      warn: (_object, message) => warnings.push(message),
      info: (_object, message) => infos.push(message),
    },
    probeIntervalMs,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
  return { health, warnings, infos, probes: () => probes, settle };
}

const poolWait = () => new Error('timeout exceeded when trying to connect');

describe('database health', () => {
  it('a pool wait during a freeze logs the outage only, not "too slow" first (regression: two lines for one freeze)', async () => {
    const { health, warnings, settle } = harness(() => false);
    const error = health.failed(poolWait());
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    health.failed(poolWait());
    await settle();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^database: unavailable \(timeout exceeded when trying to connect\)/,
    );
    expect(health.isDown()).toBe(true);
    // Later failures of the same outage are counted, not logged.
    health.failed(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    health.failed(poolWait());
    await settle();
    expect(warnings).toHaveLength(1);
    health.stop();
  });

  it('a pool wait on a database that answers is logged as busy, once, and opens no outage', async () => {
    const { health, warnings, probes, settle } = harness(() => true);
    health.failed(poolWait());
    await settle();
    expect(probes()).toBe(1);
    expect(health.isDown()).toBe(false);
    expect(warnings).toEqual([
      'database: too slow to answer (timeout exceeded when trying to connect); answered 503',
    ]);
    health.failed(poolWait());
    await settle();
    expect(warnings).toHaveLength(1);
    health.stop();
  });

  it('a statement PostgreSQL cancelled is busy at once, with no probe: the server answered', async () => {
    const { health, warnings, probes, settle } = harness(() => true);
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    const error = health.failed(cancelled);
    expect(error).toMatchObject({ kind: 'busy' });
    await settle();
    expect(probes()).toBe(0);
    expect(warnings).toHaveLength(1);
    health.stop();
  });

  it('the end of an outage is one line, after a probe that answers', async () => {
    let up = false;
    const { health, warnings, infos, settle } = harness(() => up, 20);
    health.failed(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
    await settle();
    expect(() => {
      health.check();
    }).toThrow(DatabaseUnavailableError);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(health.isDown()).toBe(true);
    up = true;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(health.isDown()).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(infos).toEqual([
      expect.stringMatching(
        /^database: available again after [\d.]+ s; 1 database calls were refused meanwhile$/,
      ),
    ]);
    health.stop();
  });
});
