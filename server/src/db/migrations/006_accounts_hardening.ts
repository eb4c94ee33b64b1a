import { type Kysely, sql } from 'kysely';

/**
 * Accounts hardening against takeover and enumeration: wrong confirmation codes are counted per
 * address in `throttles` (reserved before the code is compared, and alike for addresses with and
 * without a pending code), so the per-code count goes; a mail's text is removed once it is sent
 * (the dev mailbox keeps it), so `body` may be empty; the outbox is pruned by age. A throttle count
 * knows when its window ends, so housekeeping removes each as soon as it limits no one, whatever
 * its rule's window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE confirmation_codes DROP COLUMN attempts;
    ALTER TABLE mail_outbox ALTER COLUMN body DROP NOT NULL;
    CREATE INDEX mail_outbox_created ON mail_outbox (created_at);
    -- Counts from before: kept a day (the longest window), then removed.
    ALTER TABLE throttles ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '1 day';
    ALTER TABLE throttles ALTER COLUMN expires_at DROP DEFAULT;
    CREATE INDEX throttles_expires ON throttles (expires_at);
  `.execute(db);
}
