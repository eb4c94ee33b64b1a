/**
 * Activity keeps the server's session alive, and the idle clock is the server's: it counts
 * down from the end of the session the server reports on each answer, one across the
 * applicant's tabs. Pure rules; `session/idle.ts` wires them.
 */

/** The server ends a session 15 min after its last request: a light request at most this often. */
export const KEEP_ALIVE_EVERY_MS = 60_000;

/** Whether activity now should send the keep-alive request. */
export function keepAliveDue(
  now: number,
  lastSentAt: number | undefined,
  everyMs = KEEP_ALIVE_EVERY_MS,
): boolean {
  return lastSentAt === undefined || now - lastSentAt >= everyMs;
}

/**
 * The message tabs exchange: "the server's session ends at `endsAt`" (epoch ms), learnt from
 * an answer to any tab's request (the tabs share one session).
 */
export interface SessionEndMessage {
  type: 'session-end';
  endsAt: number;
}

export function isSessionEndMessage(data: unknown): data is SessionEndMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as Partial<SessionEndMessage>).type === 'session-end' &&
    typeof (data as Partial<SessionEndMessage>).endsAt === 'number'
  );
}

/**
 * When the session ends, as far as this tab knows: the latest end any answer reported. Once
 * this tab's known end has passed, a report cannot revive it (the logout is under way).
 */
export function sessionEndAfter(local: number, reported: number, now: number): number {
  if (now >= local) return local;
  return Math.max(local, reported);
}

/** SPEC §4's states, from the server's end of the session: prompted in its last `warningMs`. */
export function idleStateAt(
  endsAt: number,
  now: number,
  warningMs: number,
): 'active' | 'prompted' | 'idle' {
  if (now >= endsAt) return 'idle';
  return endsAt - now <= warningMs ? 'prompted' : 'active';
}
