/**
 * The API's payload types, from the one contract (form-model's `@admit/form-model/api`): the
 * server validates and documents its routes with the same schemas these types derive from, so
 * the browser's view of a payload cannot drift from the server's. Types only: nothing of the
 * contract's schemas reaches the bundle.
 */
export type {
  ClientErrorReport,
  ConversionStatus,
  DocumentAnswer,
  LookupSuggestion,
  MessageResponse,
  PdfStatus,
  PresignedUpload,
  Profile,
  Receipt,
  ServiceApplication,
  SubmitResponse,
  WebStatus,
} from '@admit/form-model/api';
export type { Answers, ErrorMap } from '@admit/form-model';
