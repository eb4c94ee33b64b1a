import { type Kysely, sql } from 'kysely';

/**
 * Lookups (high schools, colleges) with trigram indexes for fuzzy name search, the service
 * tokens of the read-only staff view, and staff-created temporary public applications.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    -- search_name is the name folded by services/lookups/normalize.ts (lower case, no accents,
    -- punctuation as spaces): the same function folds what the applicant types. search_text
    -- adds the city and state (and a college's alias), so "lincoln high portland" narrows down.
    CREATE TABLE high_schools (
      id text PRIMARY KEY,
      name text NOT NULL,
      ceeb text CHECK (ceeb ~ '^[0-9]{6}$'),
      nces_id text,
      address_line_1 text NOT NULL DEFAULT '',
      city text NOT NULL DEFAULT '',
      state text NOT NULL DEFAULT '',
      zip text NOT NULL DEFAULT '',
      country text NOT NULL DEFAULT 'USA',
      search_name text NOT NULL,
      search_text text NOT NULL,
      source text NOT NULL
    );
    CREATE INDEX high_schools_search_trgm ON high_schools USING gin (search_text gin_trgm_ops);
    CREATE INDEX high_schools_search_prefix ON high_schools (search_name text_pattern_ops);
    CREATE INDEX high_schools_ceeb ON high_schools (ceeb text_pattern_ops);

    -- Every IPEDS institution is kept with its flags; the lookup offers the active,
    -- degree-granting ones (the partial indexes below serve exactly that search).
    CREATE TABLE colleges (
      id text PRIMARY KEY,
      name text NOT NULL,
      alias text NOT NULL DEFAULT '',
      ceeb text CHECK (ceeb ~ '^[0-9]{4}$'),
      opeid text,
      address_line_1 text NOT NULL DEFAULT '',
      city text NOT NULL DEFAULT '',
      state text NOT NULL DEFAULT '',
      zip text NOT NULL DEFAULT '',
      country text NOT NULL DEFAULT 'USA',
      active boolean NOT NULL,
      degree_granting boolean NOT NULL,
      search_name text NOT NULL,
      search_text text NOT NULL,
      source text NOT NULL
    );
    CREATE INDEX colleges_search_trgm ON colleges USING gin (search_text gin_trgm_ops)
      WHERE active AND degree_granting;
    CREATE INDEX colleges_search_prefix ON colleges (search_name text_pattern_ops)
      WHERE active AND degree_granting;
    CREATE INDEX colleges_ceeb ON colleges (ceeb text_pattern_ops) WHERE active AND degree_granting;

    -- One row per list, replaced with it: servers rebuild their in-memory word index when
    -- imported_at changes (services/lookups/search.ts).
    CREATE TABLE lookup_imports (
      dataset text PRIMARY KEY CHECK (dataset IN ('high_schools', 'colleges')),
      imported_at timestamptz NOT NULL,
      rows integer NOT NULL,
      source text NOT NULL
    );

    -- A read-only view of one application for staff (SPEC §6 service user).
    CREATE TABLE service_tokens (
      token_hash bytea PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX service_tokens_account ON service_tokens (account_id);

    -- An application prefilled by staff, opened by anyone holding the link (SPEC §2 token).
    CREATE TABLE tmp_applications (
      token_hash bytea PRIMARY KEY,
      answers jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
  `.execute(db);
}
