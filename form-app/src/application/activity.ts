/**
 * Issue 15, item 3: activity keeps the server's session alive, and the idle clock is one across
 * the applicant's tabs. Pure rules; `session/idle.ts` wires them.
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

/** The message tabs exchange: "there was activity at `at`" (epoch ms). */
export interface ActivityMessage {
  type: 'activity';
  at: number;
}

export function isActivityMessage(data: unknown): data is ActivityMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as Partial<ActivityMessage>).type === 'activity' &&
    typeof (data as Partial<ActivityMessage>).at === 'number'
  );
}

/**
 * The last activity of the applicant, whichever tab saw it. Activity reported by another tab
 * counts only while this tab's session is not already over (a message cannot revive it).
 */
export function lastActivityAfter(
  local: number,
  reported: number,
  now: number,
  timeoutMs: number,
): number {
  if (now - local >= timeoutMs) return local;
  return Math.max(local, reported);
}
