import { type Kysely, sql } from 'kysely';

/**
 * Uploaded documents (one per applicant and file question), the upload grants that a
 * presigned POST hands out, and the table-backed job queue that converts documents to PDF.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A presigned upload: the server chose file_key for this account and file question; a
    -- conversion request must name it. Consumed (deleted) when the conversion is requested,
    -- superseded (deleted with its file) by the next presign for the same question.
    CREATE TABLE upload_grants (
      file_key text PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts ON DELETE CASCADE,
      answer_key text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX upload_grants_account ON upload_grants (account_id, answer_key);

    CREATE TABLE documents (
      account_id uuid NOT NULL REFERENCES accounts ON DELETE CASCADE,
      answer_key text NOT NULL,
      original_key text NOT NULL,
      file_name text NOT NULL,
      file_size integer NOT NULL CHECK (file_size > 0),
      sniffed_type text NOT NULL CHECK (sniffed_type IN ('png', 'jpeg', 'pdf', 'docx')),
      -- NULL: the conversion was deleted (the upload is kept and may be converted again).
      status text CHECK (status IN ('unprocessed', 'in_progress', 'completed', 'failed')),
      message text,
      -- Which conversion request the row belongs to: a job acts only on its own.
      conversion_id uuid,
      converted_key text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (account_id, answer_key)
    );

    CREATE TABLE jobs (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'running', 'done', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
      run_after timestamptz NOT NULL,
      -- The lease of a running job: past it, the worker is presumed dead and another takes over.
      locked_until timestamptz,
      locked_by text,
      last_error text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      finished_at timestamptz
    );
    -- The two things a worker polls for: queued work that is due, and leases that ran out.
    CREATE INDEX jobs_due ON jobs (run_after, id) WHERE status = 'queued';
    CREATE INDEX jobs_leases ON jobs (locked_until) WHERE status = 'running';
  `.execute(db);
}
