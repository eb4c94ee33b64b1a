import { type Answers, type ErrorMap } from '@admit/form-model';

export type WebStatus = 'started' | 'validating' | 'submitted';

/** SPEC §3 profile response. */
export interface Profile {
  answer: Answers;
  document_answer: Record<string, DocumentAnswer>;
  username: string;
  last_page: string;
  successful_login: { logged_in_at: string }[];
  web_status: { web_status: WebStatus }[];
}

/** SPEC §3 uploaded document answer. */
export interface DocumentAnswer {
  file_name: string;
  file_size?: number;
}

export interface MessageResponse {
  message: string;
}

/** SPEC §3 presigned-url response. */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/** SPEC §3 document conversion statuses. */
export type ConversionStatus =
  'unprocessed' | 'in_progress' | 'completed' | 'not_answered' | 'failed';

/** SPEC §3 PDF statuses. */
export type PdfStatus = 'COMPLETED' | 'FAILED' | 'IN_PROGRESS' | 'UNPROCESSED' | 'NOT_ANSWERED';

/** SPEC §3 lookup suggestion. */
export interface LookupSuggestion {
  text: string;
  id: string;
  sub_text?: string;
}

/** SPEC §3 service temp response. */
export interface ServiceApplication {
  answer: Answers;
  add_another: Record<string, number>;
  document_answer: Record<string, DocumentAnswer>;
  tabs: Record<string, string>;
}

export type { Answers, ErrorMap };
