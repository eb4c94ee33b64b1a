/**
 * The API contract of SPEC §7, declared once: each payload as a JSON Schema (TypeBox, plain
 * data at run time) with its TypeScript type derived from it. The server validates and
 * documents its routes with these schemas (the OpenAPI document comes from them); the browser
 * imports only the types (`import type`), so none of this reaches its bundle.
 *
 * Imported as `@admit/form-model/api`, apart from the package's main index, so that the
 * browser's first download never carries TypeBox.
 */
import { type Static, type TProperties, Type } from 'typebox';

import { WEB_STATUSES } from '../status/webStatus.ts';

/**
 * A JSON request body with exactly these fields: any other key is refused (400, naming it),
 * so a misspelt or forged field never passes unnoticed. Every fixed-shape body uses it.
 */
export function Body<Properties extends TProperties>(properties: Properties) {
  return Type.Object(properties, { additionalProperties: false });
}

/** An answer key or an id the client names (a tab group, a button, a file question). */
const Key = Type.String({ maxLength: 100 });

/** `{message}`: every answer and every error (SPEC §7, §8). */
export const MessageSchema = Type.Object({ message: Type.String() }, { $id: 'Message' });
export type MessageResponse = Static<typeof MessageSchema>;

/** An error map: field → its messages (SPEC §3). */
export const ErrorMapSchema = Type.Record(
  Type.String({ maxLength: 100 }),
  Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 20 }),
);

/** An error body: the message, and per-field messages when a form was refused. */
export const ErrorBodySchema = Type.Object({
  message: Type.String(),
  errors: Type.Optional(ErrorMapSchema),
  /** A reason the browser acts on: one of ERROR_CODES (api/errors.ts). */
  code: Type.Optional(Type.String()),
});
export type ErrorBody = Static<typeof ErrorBodySchema>;

/** An answer value: text or a checkbox's boolean (SPEC §3). */
export const AnswerValueSchema = Type.Union([Type.String({ maxLength: 10_000 }), Type.Boolean()]);
/** The answers: answer key → value (SPEC §3). */
export const AnswersSchema = Type.Record(Key, AnswerValueSchema);

/** SPEC §4 web status, as the server records it. */
export const WebStatusSchema = Type.Union([
  Type.Literal(WEB_STATUSES[0]),
  Type.Literal(WEB_STATUSES[1]),
  Type.Literal(WEB_STATUSES[2]),
]);

/** SPEC §3 uploaded document answer: the file's name and its size in bytes. */
export const DocumentAnswerSchema = Type.Object({
  file_name: Type.String(),
  file_size: Type.Integer(),
});
export type DocumentAnswer = Static<typeof DocumentAnswerSchema>;
/** Completed documents by answer key. */
export const DocumentAnswersSchema = Type.Record(Type.String(), DocumentAnswerSchema);

/** SPEC §3 profile response. */
export const ProfileSchema = Type.Object({
  answer: AnswersSchema,
  document_answer: DocumentAnswersSchema,
  username: Type.String(),
  last_page: Type.String(),
  successful_login: Type.Array(Type.Object({ logged_in_at: Type.String() })),
  web_status: Type.Array(Type.Object({ web_status: WebStatusSchema })),
});
export type Profile = Static<typeof ProfileSchema>;

/**
 * A submitted application's reference number, as the server makes it:
 * the college's prefix and eight characters of Crockford's base 32, the last a check.
 */
export const ReferenceNumberSchema = Type.String({ pattern: '^[A-Z]{3}-[0-9A-Z]{4}-[0-9A-Z]{4}$' });

/** POST /api/submit's answer: SPEC §7's message, and the application's reference number. */
export const SubmitResponseSchema = Type.Object({
  message: Type.String(),
  reference_number: ReferenceNumberSchema,
});
export type SubmitResponse = Static<typeof SubmitResponseSchema>;

/** GET /api/receipt: what the completion page and the receipt e-mail name. */
export const ReceiptSchema = Type.Object({
  reference_number: ReferenceNumberSchema,
  /** When the application was submitted (ISO 8601). */
  submitted_at: Type.String(),
});
export type Receipt = Static<typeof ReceiptSchema>;

/** Chosen tab per tab group. */
export const TabsMapSchema = Type.Record(Type.String(), Type.String());
/** Groups shown per add-another button. */
export const AddAnotherMapSchema = Type.Record(Type.String(), Type.Integer());

export const LastPageBody = Body({ last_page: Type.String({ maxLength: 100 }) });
export const WebStatusBody = Body({ web_status: WebStatusSchema });
export const TabBody = Body({ tab_id: Key, chosen_tab: Key });
export const AddAnotherBody = Body({ button_id: Key, num_components: Type.Integer() });

/** SPEC §3 presigned-url request and response. */
export const PresignBody = Body({ answer_key: Key });
export const PresignedUploadSchema = Type.Object({
  url: Type.String(),
  fields: Type.Record(Type.String(), Type.String()),
});
export type PresignedUpload = Static<typeof PresignedUploadSchema>;

/** The answer key in a document route's path. */
export const AnswerKeyParams = Type.Object({ key: Key });

/** A request to convert an uploaded file. */
export const ConversionBody = Body({
  file_key: Type.String({ maxLength: 1000 }),
  file_name: Type.String({ maxLength: 1000 }),
});

/** SPEC §3 document conversion statuses. */
export const ConversionStatusSchema = Type.Object({
  status: Type.Union([
    Type.Literal('unprocessed'),
    Type.Literal('in_progress'),
    Type.Literal('completed'),
    Type.Literal('not_answered'),
    Type.Literal('failed'),
  ]),
  message: Type.String(),
});
export type ConversionStatusResponse = Static<typeof ConversionStatusSchema>;
export type ConversionStatus = ConversionStatusResponse['status'];

/** SPEC §3 PDF download status response. */
export const PdfStatusSchema = Type.Object({
  status: Type.Union([
    Type.Literal('COMPLETED'),
    Type.Literal('FAILED'),
    Type.Literal('IN_PROGRESS'),
    Type.Literal('UNPROCESSED'),
    Type.Literal('NOT_ANSWERED'),
  ]),
  url: Type.Union([Type.String(), Type.Null()]),
});
export type PdfStatusResponse = Static<typeof PdfStatusSchema>;
export type PdfStatus = PdfStatusResponse['status'];

/** SPEC §3 lookup suggestion. */
export const LookupSuggestionSchema = Type.Object({
  text: Type.String(),
  id: Type.String(),
  sub_text: Type.String(),
});
export type LookupSuggestion = Static<typeof LookupSuggestionSchema>;

/** SPEC §3 service temp response. */
export const ServiceApplicationSchema = Type.Object({
  answer: AnswersSchema,
  add_another: AddAnotherMapSchema,
  document_answer: DocumentAnswersSchema,
  tabs: TabsMapSchema,
});
export type ServiceApplication = Static<typeof ServiceApplicationSchema>;

/**
 * What the browser reports when its root error screen shows (`POST /api/client-errors`): the
 * page's path, the error's name and message, and its stack's frames. Never an answer, a
 * request body or the applicant's e-mail: the server logs these fields (and redacts what in a
 * message looks like an e-mail address or a long number), nothing else.
 */
export const ClientErrorReportSchema = Body({
  /** The page's path, without its query string or fragment (which may carry tokens). */
  path: Type.String({ minLength: 1, maxLength: 300, pattern: '^/[^?#]*$' }),
  /** The error's name: `TypeError`, `ChunkLoadError`… */
  name: Type.String({ maxLength: 100 }),
  message: Type.String({ maxLength: 1000 }),
  /** The error's stack; the server keeps its frames (code positions) only. */
  stack: Type.Optional(Type.String({ maxLength: 8000 })),
});
export type ClientErrorReport = Static<typeof ClientErrorReportSchema>;
