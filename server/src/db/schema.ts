/** The database's tables as Kysely types (the migrations create them). */
import { type ColumnType, type Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface AccountsTable {
  id: Generated<string>;
  username: string;
  password_hash: string;
  confirmed_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface ConfirmationCodesTable {
  account_id: string;
  code_hash: Buffer;
  expires_at: Timestamp;
  attempts: Generated<number>;
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
}

export interface WebStatusesTable {
  account_id: string;
  web_status: 'started' | 'validating' | 'submitted';
  created_at: Generated<Date>;
}

export interface MailOutboxTable {
  id: Generated<string>;
  recipient: string;
  subject: string;
  body: string;
  created_at: Generated<Date>;
  sent_at: Timestamp | null;
  error: string | null;
}

export interface ThrottlesTable {
  key: string;
  hits: number;
  window_start: Timestamp;
}

export interface AppSecretTable {
  id: Generated<number>;
  secret: Buffer;
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
}
