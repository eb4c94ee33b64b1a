/**
 * Uploaded documents (SPEC §4 file upload, §5/§8 file rules, §7 document calls): presigned
 * uploads for the college's file questions, the conversion request that checks the upload
 * (owner, rules, real type from the bytes) and queues a conversion job, its status, and the
 * document answers. A document belongs to one account and one file question; every lookup is
 * by the signed-in account, so another applicant's document cannot even be named.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';

import {
  type DocumentAnswer,
  fileExtension,
  validateFile,
  visitQuestions,
} from '@admit/form-model';
import { type TenantConfig } from '@admit/tenant-config';
import { type Kysely } from 'kysely';

import { type Db } from '../db/database.ts';
import { type ConversionStatus, type Database, type SniffedType } from '../db/schema.ts';
import {
  english,
  format,
  modelMessages,
  type Said,
  text,
  type Text,
  type TextValue,
} from './texts.ts';
import { applicationMessages } from './applications.ts';
import { type Clock } from './clock.ts';
import {
  CONVERSION_TIME_LIMIT_MS,
  type Converter,
  ConversionError,
  conversionMessages,
  MAX_PDF_PAGES,
} from './convert.ts';
import { randomToken } from './crypto.ts';
import { HttpError, isDiskFull, STORAGE_FULL_MESSAGE } from './errors.ts';
import { type FileStore } from './files.ts';
import { type Jobs, type JobsLog, PermanentJobError } from './jobs.ts';
import { sniffFile } from './sniff.ts';
import { POLICY_TTL_MS, type PresignedPost, type UploadSigner } from './storage.ts';
import {
  CONVERTED_PREFIX,
  ORIGINALS_PREFIX,
  UPLOAD_GRANT_TTL_MS,
  type UploadGrants,
} from './uploadGrants.ts';

export { UPLOAD_GRANT_TTL_MS };

/** SPEC §3 document conversion statuses. */
export type DocumentStatus = ConversionStatus | 'not_answered';

export const CONVERT_DOCUMENT_JOB = 'convert-document';
/**
 * The conversion job's own limit: the conversion's (convert.ts, which ends a hostile file with
 * a message and no retry) plus time to read and store the files.
 */
export const CONVERSION_TIMEOUT_MS = CONVERSION_TIME_LIMIT_MS + 20_000;
export const CONVERSION_MAX_ATTEMPTS = 3;

/** The type a file name promises, by its extension (SPEC §5's list). */
const EXTENSION_TYPES: Record<string, SniffedType> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  pdf: 'pdf',
  docx: 'docx',
};

export const documentMessages = {
  notFileQuestion: text('server.documents.notFileQuestion'),
  noUpload: text('server.documents.noUpload'),
  notReceived: text('server.documents.notReceived'),
  badName: text('server.documents.badName'),
  // SPEC §8's sentence for a file of another type, then why this file is one though its name
  // says otherwise: the same file will always be refused, so no "try again".
  unknownType: text('server.documents.unknownType', {
    fileType: text('model.validation.fileType'),
  }),
  mismatch: (extension: string, type: SniffedType) =>
    text('server.documents.mismatch', { extension, type }),
  zipTooLarge: text('server.documents.zipTooLarge'),
  zipDamaged: text('server.documents.zipDamaged'),
  notDocx: text('server.documents.notDocx'),
  noDocument: text('server.documents.noDocument'),
  noConversion: text('server.documents.noConversion'),
  missingFile: text('server.documents.missingFile'),
  conversionFailed: text('server.documents.conversionFailed'),
} as const;

/** A file problem the applicant can act on: the job ends at once, showing this message. */
class DocumentRefused extends PermanentJobError {
  constructor(
    /** Kept with the document as its id and values: read later, by anyone, in their language. */
    readonly text: Text,
  ) {
    super(english(text));
  }
}

/**
 * What a failed conversion may have said, by its English words: rows stored before migration 015
 * kept the sentence, not its id. Made once, when such a row is first read.
 */
let storedSentences: Map<string, Text> | undefined;
function knownSentence(english_: string): Text | undefined {
  storedSentences ??= new Map(
    [
      ...Object.values(conversionMessages).map((message) =>
        typeof message === 'function' ? message(MAX_PDF_PAGES) : message,
      ),
      documentMessages.missingFile,
      documentMessages.unknownType,
      documentMessages.conversionFailed,
      STORAGE_FULL_MESSAGE,
    ].map((message) => [english(message), message]),
  );
  return storedSentences.get(english_);
}

/**
 * Why a conversion failed, in `language`: its stored id and values; for an older row its English
 * sentence, in `language` when it is one the server says, else as it was stored.
 */
export function failureMessage(
  row: { message: string | null; message_id: string | null; message_values: unknown },
  language: string,
): string {
  if (row.message_id !== null) {
    const values =
      typeof row.message_values === 'object' && row.message_values !== null
        ? (row.message_values as Record<string, TextValue>)
        : undefined;
    try {
      return format(language, text(row.message_id, values));
    } catch {
      // An id this build no longer has (a row of a newer or older version): the generic sentence.
      return format(language, documentMessages.conversionFailed);
    }
  }
  if (row.message === null) return '';
  const known = knownSentence(row.message);
  return known === undefined ? row.message : format(language, known);
}

/** Control characters and lone surrogates: a file name is shown, so it must be printable text. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f\ud800-\udfff]/u;

/** The answer keys of the college's file questions: the only keys a document may have. */
export function fileAnswerKeys(tenant: TenantConfig): ReadonlySet<string> {
  return new Set(
    visitQuestions(tenant.pages, {})
      .filter(({ question }) => question.type === 'file')
      .map(({ question }) => question.key),
  );
}

/**
 * The account's completed documents, for the application PDF: each with its converted PDF's
 * key in the FileStore. Ordered by answer key.
 */
export async function completedDocuments(
  db: Db,
  accountId: string,
): Promise<{ answerKey: string; fileName: string; convertedKey: string }[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['answer_key', 'file_name', 'converted_key'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'completed')
    .where('converted_key', 'is not', null)
    .orderBy('answer_key')
    .execute();
  return rows.flatMap((row) =>
    row.converted_key === null
      ? []
      : [{ answerKey: row.answer_key, fileName: row.file_name, convertedKey: row.converted_key }],
  );
}

/** Why a file is refused, from what its bytes are (undefined: accepted). */
function typeProblem(sniffed: ReturnType<typeof sniffFile>, fileName: string): Said | undefined {
  if (sniffed.type === undefined) {
    switch (sniffed.problem) {
      case 'zip-too-large':
        return documentMessages.zipTooLarge;
      case 'zip-damaged':
        return documentMessages.zipDamaged;
      case 'not-docx':
        return documentMessages.notDocx;
      default:
        return documentMessages.unknownType;
    }
  }
  const extension = fileExtension(fileName);
  return EXTENSION_TYPES[extension] === sniffed.type
    ? undefined
    : documentMessages.mismatch(extension, sniffed.type);
}

interface ConversionPayload extends Record<string, unknown> {
  accountId: string;
  answerKey: string;
  conversionId: string;
}

export interface DocumentsDeps {
  db: Db;
  clock: Clock;
  tenant: TenantConfig;
  files: FileStore;
  uploads: UploadSigner;
  grants: UploadGrants;
  jobs: Jobs;
  converter: Converter;
  log?: JobsLog;
}

export function createDocuments(deps: DocumentsDeps) {
  const { db, clock, files, uploads, grants, jobs, converter } = deps;
  const fileKeys = fileAnswerKeys(deps.tenant);

  /** 404 for anything but one of the college's file questions. */
  function assertFileQuestion(answerKey: string, status = 404): void {
    if (!fileKeys.has(answerKey)) throw new HttpError(status, documentMessages.notFileQuestion);
  }

  /** 409 after submission (a write like any other), 404 without an application. */
  async function assertOpen(executor: Kysely<Database>, accountId: string, lock = false) {
    let query = executor
      .selectFrom('applications')
      .select('submitted_at')
      .where('account_id', '=', accountId);
    // Locks the application row: a submit (FOR UPDATE) waits for this change or this for it,
    // and two document changes of one applicant run one after the other, so neither loses
    // track of the files the other replaced.
    if (lock) query = query.forNoKeyUpdate();
    const row = await query.executeTakeFirst();
    if (row === undefined) throw new HttpError(404, text('server.application.notFound'));
    if (row.submitted_at !== null) throw new HttpError(409, applicationMessages.alreadySubmitted);
  }

  /** Files no row points at any more; removed after the change commits, best effort. */
  async function removeFiles(keys: readonly (string | null | undefined)[]): Promise<void> {
    for (const key of keys) {
      if (key === null || key === undefined) continue;
      try {
        await files.delete(key);
      } catch (error) {
        deps.log?.warn({ err: error, key }, 'could not delete a stored file');
      }
    }
  }

  async function runConversion(
    payload: ConversionPayload,
    { signal }: { signal: AbortSignal },
  ): Promise<void> {
    // Fenced by conversion id: a deleted or replaced document is never written by an old job.
    const ownRow = () =>
      db
        .updateTable('documents')
        .where('account_id', '=', payload.accountId)
        .where('answer_key', '=', payload.answerKey)
        .where('conversion_id', '=', payload.conversionId);
    const document = await db
      .selectFrom('documents')
      .select(['original_key', 'sniffed_type', 'status'])
      .where('account_id', '=', payload.accountId)
      .where('answer_key', '=', payload.answerKey)
      .where('conversion_id', '=', payload.conversionId)
      .executeTakeFirst();
    // Deleted, replaced or already done: nothing left for this job to do.
    if (document === undefined || document.status === 'completed') return;
    await ownRow().set({ status: 'in_progress', updated_at: clock() }).execute();
    const bytes = await files.get(document.original_key);
    if (bytes === undefined) throw new DocumentRefused(documentMessages.missingFile);
    // The stored bytes are checked again: what is converted is what was sniffed.
    if (sniffFile(bytes).type !== document.sniffed_type) {
      throw new DocumentRefused(documentMessages.unknownType);
    }
    let pdf: Uint8Array;
    try {
      pdf = await converter.convert(bytes, document.sniffed_type, { signal });
    } catch (error) {
      if (error instanceof ConversionError) throw new DocumentRefused(error.text);
      if (isDiskFull(error)) {
        // LibreOffice's work folder is in the system's temporary folder, not DATA_DIR.
        const { code } = error as { code?: string };
        deps.log?.error(
          { code, folder: tmpdir(), err: error },
          `disk full: ${code ?? 'ENOSPC'} converting a document in ${tmpdir()}; the conversion will be retried`,
        );
      }
      throw error;
    }
    const convertedKey = `${CONVERTED_PREFIX}${payload.accountId}/${payload.answerKey}/${randomToken(18)}.pdf`;
    await files.put(convertedKey, pdf);
    const updated = await ownRow()
      .set({
        status: 'completed',
        message: null,
        message_id: null,
        message_values: null,
        converted_key: convertedKey,
        updated_at: clock(),
      })
      .executeTakeFirst();
    // Deleted or replaced while converting: the PDF belongs to nothing.
    if (updated.numUpdatedRows === 0n) await removeFiles([convertedKey]);
  }

  async function failConversion(
    payload: ConversionPayload,
    _message: string,
    error: unknown,
  ): Promise<void> {
    // A full disk is said as such: the original is kept, and converting again later works.
    const message =
      error instanceof DocumentRefused
        ? error.text
        : isDiskFull(error)
          ? STORAGE_FULL_MESSAGE
          : documentMessages.conversionFailed;
    await db
      .updateTable('documents')
      .set({
        status: 'failed',
        message: null,
        message_id: message.id,
        message_values: message.values === undefined ? null : JSON.stringify(message.values),
        updated_at: clock(),
      })
      .where('account_id', '=', payload.accountId)
      .where('answer_key', '=', payload.answerKey)
      .where('conversion_id', '=', payload.conversionId)
      .execute();
  }

  jobs.define<ConversionPayload>(CONVERT_DOCUMENT_JOB, {
    run: runConversion,
    onFailed: failConversion,
    timeoutMs: CONVERSION_TIMEOUT_MS,
    maxAttempts: CONVERSION_MAX_ATTEMPTS,
  });

  return {
    fileKeys,

    /**
     * POST /api/presigned-url: a server-chosen key for this account and file question, and the
     * fields to post it with, under a new upload grant (services/uploadGrants.ts). Earlier
     * unconverted grants for the same question are superseded and their files removed; past
     * the per-applicant limit, 429 with the real wait.
     */
    async presign(accountId: string, answerKey: string): Promise<PresignedPost> {
      assertFileQuestion(answerKey, 400);
      const { key, superseded } = await db.transaction().execute(async (trx) => {
        // The application row, held: one applicant's presigns are counted one at a time, and
        // none is issued once a submission has committed.
        await assertOpen(trx, accountId, true);
        return grants.issue(trx, accountId, answerKey, POLICY_TTL_MS);
      });
      await removeFiles(superseded);
      return uploads.presign(key);
    },

    /** GET /api/document-answer (and the profile): completed documents only. */
    async documentAnswers(accountId: string): Promise<Record<string, DocumentAnswer>> {
      const rows = await db
        .selectFrom('documents')
        .select(['answer_key', 'file_name', 'file_size'])
        .where('account_id', '=', accountId)
        .where('status', '=', 'completed')
        .orderBy('answer_key')
        .execute();
      return Object.fromEntries(
        rows
          .filter((row) => fileKeys.has(row.answer_key))
          .map((row) => [row.answer_key, { file_name: row.file_name, file_size: row.file_size }]),
      );
    },

    /** DELETE /api/document-answer/{key}: the document, its upload and its conversion. */
    async deleteDocument(accountId: string, answerKey: string): Promise<void> {
      assertFileQuestion(answerKey);
      const removed = await db.transaction().execute(async (trx) => {
        await assertOpen(trx, accountId, true);
        const document = await trx
          .deleteFrom('documents')
          .where('account_id', '=', accountId)
          .where('answer_key', '=', answerKey)
          .returning(['original_key', 'converted_key'])
          .executeTakeFirst();
        if (document === undefined) throw new HttpError(404, documentMessages.noDocument);
        const pending = await grants.supersede(trx, accountId, answerKey);
        return [document.original_key, document.converted_key, ...pending];
      });
      await removeFiles(removed);
    },

    /**
     * POST /api/pdf/document-answer/{key}: checks that `fileKey` is a live upload grant of this
     * account and question (or the upload of this question's current document, to convert it
     * again), that the stored file keeps SPEC §5's rules and is, by its bytes, the type its
     * name says; then keeps those very bytes under a key of its own (`originals/…`, which no
     * presigned policy names: a later POST to the upload key changes nothing the document
     * uses), consumes the grant, records the document as unprocessed and queues its
     * conversion.
     */
    async requestConversion(
      accountId: string,
      answerKey: string,
      fileKey: string,
      fileName: string,
      /** The request's language: what a refused file is told in. */
      language = 'en',
    ): Promise<{ status: DocumentStatus; message: string }> {
      assertFileQuestion(answerKey);
      await assertOpen(db, accountId);
      const [grantUsable, current] = await Promise.all([
        grants.usable(accountId, answerKey, fileKey),
        db
          .selectFrom('documents')
          .select(['original_key', 'upload_key'])
          .where('account_id', '=', accountId)
          .where('answer_key', '=', answerKey)
          .executeTakeFirst(),
      ]);
      const reconvert = !grantUsable && current?.upload_key === fileKey;
      // Another account's key, an unknown one, a used, superseded or expired one look alike: 404.
      if (!grantUsable && !reconvert) throw new HttpError(404, documentMessages.noUpload);
      // Converting again reads the document's own copy, never the upload key.
      const sourceKey = reconvert ? current.original_key : fileKey;

      if (UNPRINTABLE.test(fileName)) throw new HttpError(400, documentMessages.badName);
      const size = await files.size(sourceKey);
      if (size === undefined) throw new HttpError(400, documentMessages.notReceived);
      // SPEC §5/§8: the browser's rules, enforced again with the same messages.
      const problems = validateFile({ name: fileName, size }, modelMessages(language));
      const [firstProblem] = problems;
      if (firstProblem !== undefined) {
        throw new HttpError(400, firstProblem, { errors: { [answerKey]: problems } });
      }
      const bytes = await files.get(sourceKey);
      if (bytes === undefined) throw new HttpError(400, documentMessages.notReceived);
      // The size rule once more, on the bytes that are kept (they may differ from the first look).
      const rechecked = validateFile(
        { name: fileName, size: bytes.length },
        modelMessages(language),
      );
      if (rechecked[0] !== undefined) {
        throw new HttpError(400, rechecked[0], { errors: { [answerKey]: rechecked } });
      }
      const sniffed = sniffFile(bytes);
      const problem = typeProblem(sniffed, fileName);
      if (problem !== undefined || sniffed.type === undefined) {
        const message = problem ?? documentMessages.unknownType;
        throw new HttpError(400, message, { errors: { [answerKey]: [message] } });
      }
      const sniffedType = sniffed.type;

      const originalKey = reconvert
        ? sourceKey
        : `${ORIGINALS_PREFIX}${accountId}/${answerKey}/${randomToken(18)}`;
      if (!reconvert) await files.put(originalKey, bytes);

      const conversionId = randomUUID();
      const now = clock();
      let stale: (string | null | undefined)[];
      try {
        stale = await db.transaction().execute(async (trx) => {
          await assertOpen(trx, accountId, true);
          // Consumed exactly once, even by two requests at the same moment.
          if (!reconvert && !(await grants.consume(trx, accountId, answerKey, fileKey))) {
            throw new HttpError(404, documentMessages.noUpload);
          }
          const previous = await trx
            .selectFrom('documents')
            .select(['original_key', 'converted_key', 'upload_key'])
            .where('account_id', '=', accountId)
            .where('answer_key', '=', answerKey)
            .forUpdate()
            .executeTakeFirst();
          if (reconvert && previous?.original_key !== originalKey) {
            throw new HttpError(404, documentMessages.noUpload);
          }
          await trx
            .insertInto('documents')
            .values({
              account_id: accountId,
              answer_key: answerKey,
              original_key: originalKey,
              upload_key: fileKey,
              file_name: fileName,
              file_size: bytes.length,
              sniffed_type: sniffedType,
              status: 'unprocessed',
              message: null,
              conversion_id: conversionId,
              converted_key: null,
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) =>
              oc.columns(['account_id', 'answer_key']).doUpdateSet((eb) => ({
                original_key: eb.ref('excluded.original_key'),
                upload_key: eb.ref('excluded.upload_key'),
                file_name: eb.ref('excluded.file_name'),
                file_size: eb.ref('excluded.file_size'),
                sniffed_type: eb.ref('excluded.sniffed_type'),
                status: eb.ref('excluded.status'),
                message: null,
                message_id: null,
                message_values: null,
                conversion_id: eb.ref('excluded.conversion_id'),
                converted_key: null,
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute();
          await jobs.enqueue(
            CONVERT_DOCUMENT_JOB,
            { accountId, answerKey, conversionId } satisfies ConversionPayload,
            { db: trx },
          );
          return [
            previous?.original_key === originalKey ? undefined : previous?.original_key,
            previous?.converted_key,
            // The upload key has served its purpose: its bytes are the document's own copy now.
            reconvert ? undefined : fileKey,
          ];
        });
      } catch (error) {
        if (!reconvert) await removeFiles([originalKey]);
        throw error;
      }
      await removeFiles(stale);
      jobs.wake();
      return { status: 'unprocessed', message: '' };
    },

    /** GET /api/pdf/document-answer/{key}: SPEC §3 status; not_answered when there is none. */
    async conversionStatus(
      accountId: string,
      answerKey: string,
      /** The reader's language: what a failed conversion is told in. */
      language = 'en',
    ): Promise<{ status: DocumentStatus; message: string }> {
      assertFileQuestion(answerKey);
      const row = await db
        .selectFrom('documents')
        .select(['status', 'message', 'message_id', 'message_values'])
        .where('account_id', '=', accountId)
        .where('answer_key', '=', answerKey)
        .executeTakeFirst();
      return {
        status: row?.status ?? 'not_answered',
        message: row === undefined ? '' : failureMessage(row, language),
      };
    },

    /**
     * DELETE /api/pdf/document-answer/{key}: the conversion (its PDF, and a pending job
     * becomes a no-op); the upload stays until DELETE /api/document-answer/{key}.
     */
    async deleteConversion(accountId: string, answerKey: string): Promise<void> {
      assertFileQuestion(answerKey);
      const convertedKey = await db.transaction().execute(async (trx) => {
        await assertOpen(trx, accountId, true);
        const row = await trx
          .selectFrom('documents')
          .select(['status', 'converted_key'])
          .where('account_id', '=', accountId)
          .where('answer_key', '=', answerKey)
          .forUpdate()
          .executeTakeFirst();
        if (row?.status == null) throw new HttpError(404, documentMessages.noConversion);
        await trx
          .updateTable('documents')
          .set({
            status: null,
            message: null,
            message_id: null,
            message_values: null,
            conversion_id: null,
            converted_key: null,
            updated_at: clock(),
          })
          .where('account_id', '=', accountId)
          .where('answer_key', '=', answerKey)
          .execute();
        return row.converted_key;
      });
      await removeFiles([convertedKey]);
    },
  };
}

export type Documents = ReturnType<typeof createDocuments>;

/**
 * Whether a conversion of the account's documents is still under way: the application PDF
 * waits (SPEC §3 UNPROCESSED / IN_PROGRESS) rather than printing without it.
 */
export async function pendingConversion(
  db: Db,
  accountId: string,
): Promise<'unprocessed' | 'in_progress' | undefined> {
  const rows = await db
    .selectFrom('documents')
    .select('status')
    .where('account_id', '=', accountId)
    .where('status', 'in', ['unprocessed', 'in_progress'])
    .execute();
  if (rows.some((row) => row.status === 'unprocessed')) return 'unprocessed';
  return rows.length > 0 ? 'in_progress' : undefined;
}
