/** The database's tables as Kysely types (the migrations create them). */
// `import type`, wholly erased: the conversion process (services/convertProcess.ts) bundles this
// file and cannot load form-model's TypeScript.
import type { WebStatus } from '@admit/form-model';
import { type ColumnType, type Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface AccountsTable {
  id: Generated<string>;
  username: string;
  password_hash: string;
  confirmed_at: Timestamp | null;
  created_at: Generated<Date>;
  /** The language the applicant reads Admit in (migration 011); null: the college's first. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ConfirmationCodesTable {
  account_id: string;
  code_hash: Buffer;
  expires_at: Timestamp;
}

export interface PasswordResetsTable {
  token_hash: Buffer;
  account_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SessionsTable {
  token_hash: Buffer;
  account_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface SuccessfulLoginsTable {
  id: Generated<string>;
  account_id: string;
  logged_in_at: Timestamp;
}

export interface ApplicationsTable {
  account_id: string;
  answers: Json<Record<string, string | boolean>>;
  last_page: string | null;
  tabs: Json<Record<string, string>>;
  add_another: Json<Record<string, number>>;
  validations: Json<Record<string, string[]>>;
  submitted_at: Timestamp | null;
  updated_at: Generated<Date>;
  /** The reference number, given at submission (services/reference.ts; migration 008). */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WebStatusesTable {
  account_id: string;
  web_status: WebStatus;
  created_at: Generated<Date>;
}

export interface MailOutboxTable {
  /** bigserial, read as a number (database.ts). */
  id: Generated<number>;
  recipient: string;
  subject: string;
  /** The text until it is sent (kept while the dev mailbox is on); null after. */
  body: string | null;
  created_at: Generated<Date>;
  sent_at: Timestamp | null;
  error: string | null;
  /** The language the mail is written in, for its Content-Language (migration 011). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whose application an attachment is of (migration 008). */
  account_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the mail's job attaches when it sends it: the submitted application's PDF. */
  attachment: ColumnType<MailAttachmentKind | null, MailAttachmentKind | null | undefined, never>;
  /** The file name attached when the mail went; null: nothing was attached. */
  attachment_name: ColumnType<string | null, never, string | null>;
  /** The attached bytes, kept only while the dev mailbox shows them. */
  attachment_data: ColumnType<Buffer | null, never, Buffer | null>;
}

/** What a mail's job may attach (migration 008). */
export type MailAttachmentKind = 'application-pdf';

export interface ThrottlesTable {
  key: string;
  hits: number;
  window_start: Timestamp;
  /** When the window ends: the count limits no one after it (housekeeping removes it). */
  expires_at: Timestamp;
}

export interface AppSecretTable {
  id: Generated<number>;
  secret: Buffer;
}

export interface HighSchoolsTable {
  id: string;
  name: string;
  ceeb: string | null;
  nces_id: string | null;
  address_line_1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  search_name: string;
  search_text: string;
  source: string;
}

export interface CollegesTable {
  id: string;
  name: string;
  alias: string;
  ceeb: string | null;
  opeid: string | null;
  address_line_1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  active: boolean;
  degree_granting: boolean;
  search_name: string;
  search_text: string;
  source: string;
}

export interface LookupImportsTable {
  dataset: 'high_schools' | 'colleges';
  imported_at: Timestamp;
  rows: number;
  source: string;
}

export interface ServiceTokensTable {
  token_hash: Buffer;
  account_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface TmpApplicationsTable {
  token_hash: Buffer;
  answers: Json<Record<string, string | boolean>>;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** How far an upload grant went (migration 006). */
export type UploadGrantState = 'issued' | 'uploaded' | 'converted' | 'superseded';

export interface UploadGrantsTable {
  file_key: string;
  account_id: string;
  answer_key: string;
  created_at: Timestamp;
  state: ColumnType<UploadGrantState, UploadGrantState | undefined, UploadGrantState>;
  /** When the presigned POST stops working (its policy's expiration). */
  policy_expires_at: Timestamp;
  /** When the embedded storage endpoint wrote the file (S3 does not tell). */
  uploaded_at: Timestamp | null;
}

export type SniffedType = 'png' | 'jpeg' | 'pdf' | 'docx';
export type ConversionStatus = 'unprocessed' | 'in_progress' | 'completed' | 'failed';

export interface DocumentsTable {
  account_id: string;
  answer_key: string;
  /** The bytes the conversion request checked, under a key no presigned policy names. */
  original_key: string;
  /** The key the applicant uploaded to (null for rows written directly, e.g. by tests). */
  upload_key: ColumnType<string | null, string | null | undefined, string | null>;
  file_name: string;
  file_size: number;
  sniffed_type: SniffedType;
  /** NULL: the conversion was deleted; the upload remains. */
  status: ConversionStatus | null;
  message: string | null;
  conversion_id: string | null;
  converted_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  /** bigserial, read as a number (database.ts). */
  id: Generated<number>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: Generated<number>;
  max_attempts: number;
  /** Higher runs first among due jobs (migration 009): codes before receipts. */
  priority: Generated<number>;
  run_after: Timestamp;
  locked_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

/** The last rendered application PDF per account (services/pdf.ts). */
export interface ApplicationPdfsTable {
  account_id: string;
  version: string;
  file_key: string;
  byte_size: number;
  rendered_at: Timestamp;
}

export interface Database {
  accounts: AccountsTable;
  confirmation_codes: ConfirmationCodesTable;
  password_resets: PasswordResetsTable;
  sessions: SessionsTable;
  successful_logins: SuccessfulLoginsTable;
  applications: ApplicationsTable;
  web_statuses: WebStatusesTable;
  mail_outbox: MailOutboxTable;
  throttles: ThrottlesTable;
  app_secret: AppSecretTable;
  application_pdfs: ApplicationPdfsTable;
  upload_grants: UploadGrantsTable;
  documents: DocumentsTable;
  jobs: JobsTable;
  high_schools: HighSchoolsTable;
  colleges: CollegesTable;
  lookup_imports: LookupImportsTable;
  service_tokens: ServiceTokensTable;
  tmp_applications: TmpApplicationsTable;
}
