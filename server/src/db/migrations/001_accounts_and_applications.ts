import { type Kysely, sql } from 'kysely';

/** Accounts, sessions, mail and the application itself. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS citext;
    CREATE EXTENSION IF NOT EXISTS pgcrypto;

    CREATE TABLE app_secret (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      secret bytea NOT NULL
    );
    INSERT INTO app_secret (secret) VALUES (gen_random_bytes(32)) ON CONFLICT (id) DO NOTHING;

    CREATE TABLE accounts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      username citext NOT NULL UNIQUE,
      password_hash text NOT NULL,
      confirmed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE confirmation_codes (
      account_id uuid PRIMARY KEY REFERENCES accounts ON DELETE CASCADE,
      code_hash bytea NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0
    );

    CREATE TABLE password_resets (
      token_hash bytea PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX password_resets_account ON password_resets (account_id);

    CREATE TABLE sessions (
      token_hash bytea PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_account ON sessions (account_id);

    CREATE TABLE successful_logins (
      id bigserial PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts ON DELETE CASCADE,
      logged_in_at timestamptz NOT NULL
    );
    CREATE INDEX successful_logins_account ON successful_logins (account_id);

    CREATE TABLE applications (
      account_id uuid PRIMARY KEY REFERENCES accounts ON DELETE CASCADE,
      answers jsonb NOT NULL DEFAULT '{}',
      last_page text,
      tabs jsonb NOT NULL DEFAULT '{}',
      add_another jsonb NOT NULL DEFAULT '{}',
      validations jsonb NOT NULL DEFAULT '{}',
      submitted_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE web_statuses (
      account_id uuid NOT NULL REFERENCES accounts ON DELETE CASCADE,
      web_status text NOT NULL CHECK (web_status IN ('started', 'validating', 'submitted')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, web_status)
    );

    CREATE TABLE mail_outbox (
      id bigserial PRIMARY KEY,
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      error text
    );

    CREATE TABLE throttles (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      window_start timestamptz NOT NULL
    );
  `.execute(db);
}
