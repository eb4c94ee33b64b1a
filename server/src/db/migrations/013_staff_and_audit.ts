import { type Kysely, sql } from 'kysely';

/**
 * The admissions office: staff accounts apart from applicants' (their own table, sessions and
 * cookie), and the audit log of what staff looked at.
 *
 * - `staff`: a password hashed as applicants' are (argon2id), a TOTP secret (RFC 6238), the
 *   last time step whose code was accepted (a code is refused once used), a disabled flag, and
 *   consecutive failures with the lockout they lead to.
 * - `staff_sessions`: as `sessions`, for staff.
 * - `audit_log`: who (the staff member, or the CLI), what, on which application, when. Only
 *   ever inserted into.
 *
 * And what the office's list needs at 10,000 applications: the newest submissions first, and a
 * search by name (trigram, as the lookups' search), e-mail address and reference. The name is
 * kept beside the answers in two generated columns (PostgreSQL computes them on every write
 * of the answers; nothing else writes them): reading a name from `answers` meant reading the
 * whole application, essays included, for every row a search found.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE staff (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email citext NOT NULL UNIQUE,
      role text NOT NULL CHECK (role IN ('reader', 'officer')),
      password_hash text NOT NULL,
      totp_secret text NOT NULL,
      totp_last_step bigint,
      disabled_at timestamptz,
      failed_attempts integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE staff_sessions (
      token_hash bytea PRIMARY KEY,
      staff_id uuid NOT NULL REFERENCES staff ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      staff_id uuid REFERENCES staff ON DELETE SET NULL,
      actor text NOT NULL,
      action text NOT NULL,
      target text,
      details jsonb NOT NULL DEFAULT '{}',
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_at ON audit_log (at);
    CREATE INDEX audit_log_actor ON audit_log (actor, at);

    CREATE INDEX applications_submitted ON applications (submitted_at DESC NULLS LAST, account_id);
    ALTER TABLE applications
      ADD COLUMN applicant_first text GENERATED ALWAYS AS (coalesce(answers->>'first_name', '')) STORED,
      ADD COLUMN applicant_last text GENERATED ALWAYS AS (coalesce(answers->>'last_name', '')) STORED;
    CREATE INDEX applications_name_trgm ON applications
      USING gin ((lower(applicant_first || ' ' || applicant_last)) gin_trgm_ops);
    CREATE INDEX applications_reference_trgm ON applications USING gin (lower(reference) gin_trgm_ops);
    CREATE INDEX accounts_username_trgm ON accounts USING gin (lower(username::text) gin_trgm_ops);
  `.execute(db);
}
