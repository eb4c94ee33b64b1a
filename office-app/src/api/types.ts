/** The office API's answers (server/src/routes/office/index.ts, its schemas). */
import { type PrintModel } from '@admit/design-system';

export type Role = 'reader' | 'officer';

export interface Me {
  email: string;
  role: Role;
}

export interface DocumentsState {
  total: number;
  completed: number;
  pending: number;
  failed: number;
}

export interface ListRow {
  id: string;
  reference: string | null;
  name: string;
  email: string;
  status: string;
  submitted_at: string | null;
  submitted_local: string | null;
  documents: DocumentsState;
}

export interface ListAnswer {
  applications: ListRow[];
  total: number;
  page: number;
  page_size: number;
  time_zone: string;
}

export interface ApplicationDocument {
  answer_key: string;
  file_name: string;
  file_size: number;
  type: string;
  status: string | null;
  url: string;
}

export interface ApplicationAnswer {
  id: string;
  reference: string | null;
  email: string;
  name: string;
  status: string;
  submitted_at: string | null;
  submitted_local: string | null;
  time_zone: string;
  ssn: string | null;
  model: PrintModel;
  pdf_url: string;
  documents: ApplicationDocument[];
}

export interface AuditRow {
  at: string;
  who: string;
  action: string;
  reference: string | null;
  details: Record<string, unknown>;
}

export interface AuditAnswer {
  total: number;
  page: number;
  page_size: number;
  rows: AuditRow[];
}

/** The list's filters and order, as the list's address and the export carry them. */
export interface ListFilters {
  q?: string;
  status?: string;
  from?: string;
  to?: string;
  sort?: string;
}

/** The web statuses the list filters by (form-model's DERIVED_WEB_STATUSES). */
export const STATUSES = ['none', 'started', 'validating', 'submitted'] as const;

/** The columns the list sorts by (server: OFFICE_SORTS, `-` for descending). */
export const SORTABLE = ['name', 'email', 'reference', 'submitted'] as const;
export type SortColumn = (typeof SORTABLE)[number];
