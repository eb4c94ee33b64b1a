/**
 * The application PDF (SPEC §1, §3 PDF statuses, §4 PDF download status, §7 GET /api/pdf):
 * rendered on request from form-model's printable model of the stored answers (after the one
 * clearing function) with the converted documents appended, in milliseconds, and kept in the
 * FileStore under a version that hashes everything it prints. A request finds the stored PDF
 * when nothing changed, and renders a new one when anything did: answers, tabs, add-another
 * counts, submission, documents, the account's name, or this renderer.
 */
import { createHash } from 'node:crypto';

import { type Answers, type PrintedDocument, isAnswered, printModel } from '@admit/form-model';
import { type PdfStatus, type PdfStatusResponse } from '@admit/form-model/api';
import { pdfColours, type TenantConfig } from '@admit/tenant-config';

import { type Db } from '../db/database.ts';
import { DatabaseUnavailableError } from '../db/health.ts';
import { type Clock } from './clock.ts';
import { type CollegeLanguages, collegeLanguagesOf } from './college.ts';
import { GENERIC_MESSAGE, HttpError, StorageFullError } from './errors.ts';
import { type FileStore } from './files.ts';
import { pdfChrome } from './pdf/chrome.ts';
import { asciiFileNamePart, type AttachmentPdf } from './pdf/meta.ts';
import { renderPdfInThread } from './pdf/threads.ts';
import { type SsnVault } from './ssn.ts';
import { format, modelMessages, optionLists, text } from './texts.ts';

export { type ApplicationPdfMeta, type AttachmentPdf } from './pdf/meta.ts';

/** SPEC §3 PDF statuses (the API contract); when each applies is in server/README.md ("Application PDF"). */
export type { PdfStatus, PdfStatusResponse };

/** A completed document: its converted PDF's key in the FileStore (services/documents.ts). */
export interface CompletedDocument {
  answerKey: string;
  fileName: string;
  convertedKey: string;
}

/** Where the PDF learns of the applicant's documents (services/documents.ts provides both). */
export interface PdfDocumentSource {
  /** The account's completed documents (`completedDocuments(db, accountId)`). */
  completedFor: (accountId: string) => Promise<CompletedDocument[]>;
  /**
   * The least advanced conversion still under way, if any: the PDF waits for it rather than
   * print the application without a document the applicant has just uploaded.
   */
  pendingFor?: (accountId: string) => Promise<'unprocessed' | 'in_progress' | undefined>;
}

/** Until documents are wired in: no documents. */
export const noDocuments: PdfDocumentSource = { completedFor: () => Promise.resolve([]) };

/** The path the status's `url` points to. */
export const PDF_DOWNLOAD_PATH = '/api/pdf/application.pdf';

/**
 * Part of every version: raise it when the rendering changes, so that every stored PDF is
 * rebuilt in the new layout at its next request.
 */
export const PDF_RENDERER_VERSION = 8;

export const pdfMessages = {
  notAnswered: text('server.pdf.notAnswered'),
  waiting: text('server.pdf.waiting'),
} as const;

type PdfState =
  | { status: 'COMPLETED'; version: string; fileKey: string; fileName: AttachmentName }
  | { status: Exclude<PdfStatus, 'COMPLETED'> };

/** The download's file name: ASCII for `filename`, the applicant's own spelling for `filename*`. */
export interface AttachmentName {
  ascii: string;
  unicode: string;
}

/** Logs what went wrong with a render (Fastify's logger fits). */
export interface PdfLog {
  error: (details: object, message: string) => void;
}

/** What one render prints: the stored application and its completed documents. */
interface Snapshot {
  answers: Answers;
  context: { tabs: Record<string, string>; addAnother: Record<string, number> };
  submittedAt: Date | null;
  /** The reference number, once submitted (services/reference.ts). */
  reference: string | null;
  completed: CompletedDocument[];
}

export interface ApplicationPdfsDeps {
  db: Db;
  clock: Clock;
  tenant: TenantConfig;
  /** The college in each of its languages (default: as the tenant offers them). */
  college?: CollegeLanguages;
  files: FileStore;
  documents: PdfDocumentSource;
  /** Opens the SSN to print it (masked). */
  ssn: SsnVault;
  log?: PdfLog;
}

/** JSON with object keys sorted, so that equal content always hashes alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The RFC 8187 `filename*` value: UTF-8, percent-encoded. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266). */
export function contentDisposition(name: AttachmentName): string {
  return `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeRfc8187(name.unicode)}`;
}

/** A college's look and wording in one language (`lookOf` in createApplicationPdfs). */
interface Look {
  language: string;
  tenant: TenantConfig;
  collegeContact: readonly string[];
  colours: ReturnType<typeof pdfColours>;
  pdfTitle: string;
  lookVersion: string;
}

export function createApplicationPdfs(deps: ApplicationPdfsDeps) {
  const { db, clock, files, documents, ssn } = deps;
  const college = deps.college ?? collegeLanguagesOf(deps.tenant);
  const looks = new Map<string, ReturnType<typeof lookOf>>();
  /** The college's look and wording in `language` (its texts localized, the PDF's own words). */
  function lookOf(language: string) {
    const tenant = college.in(language);
    const { address } = tenant.contact;
    // The PDF's look and wording are the college's (college.json "pdf"), each with a default.
    const collegeContact = tenant.pdf?.headerLines ?? [
      ...address.lines,
      `${address.city}, ${address.state} ${address.zip}`,
      tenant.contact.phone,
      tenant.contact.email,
    ];
    const colours = pdfColours(tenant.theme, tenant.pdf);
    const pdfTitle = tenant.pdf?.title ?? format(language, text('server.pdf.defaultTitle'));
    // Part of every version: a college that changes its look, wording or logo gets new PDFs,
    // and so does another language.
    const lookVersion = createHash('sha256')
      .update(
        canonicalJson({
          language,
          names: tenant.names,
          pdf: tenant.pdf ?? null,
          collegeContact,
          colours,
          logo: tenant.logoSvg,
        }),
      )
      .digest('hex');
    return { language, tenant, collegeContact, colours, pdfTitle, lookVersion };
  }
  const lookIn = (language: string) => {
    let look = looks.get(language);
    if (look === undefined) {
      look = lookOf(language);
      looks.set(language, look);
    }
    return look;
  };
  /** One render per account and version at a time in this process; others wait for it. */
  const rendering = new Map<string, Promise<PdfState>>();

  function applicantName(answers: Answers): { first: string; last: string; full: string } {
    const text = (key: string) => {
      const value = answers[key];
      return typeof value === 'string' ? value.trim() : '';
    };
    const first = text('first_name');
    const last = text('last_name');
    return { first, last, full: [first, last].filter((part) => part !== '').join(' ') };
  }

  function downloadName(answers: Answers, look: Look): AttachmentName {
    const { tenant } = look;
    const { first, last } = applicantName(answers);
    const parts = (spell: (part: string) => string) =>
      [tenant.names.shortName, 'Application', last, first]
        .map(spell)
        .filter((part) => part !== '')
        .join('-');
    // The Unicode name keeps letters and digits in any script, nothing that could break out of
    // the header or name a folder.
    const unicode = (part: string) =>
      part
        .normalize('NFC')
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-+|-+$/g, '');
    return { ascii: `${parts(asciiFileNamePart)}.pdf`, unicode: `${parts(unicode)}.pdf` };
  }

  async function render(
    accountId: string,
    username: string,
    version: string,
    snapshot: Snapshot,
    look: Look,
  ): Promise<PdfState> {
    const { tenant, collegeContact, colours, pdfTitle } = look;
    const { answers, context, submittedAt, reference, completed } = snapshot;
    const documentAnswers: Record<string, PrintedDocument> = Object.fromEntries(
      completed.map((document) => [document.answerKey, { file_name: document.fileName }]),
    );
    // SSN in a downloadable copy: only the last four digits (the full number stays in the record).
    const model = printModel(tenant.pages, answers, documentAnswers, context, {
      maskSsn: true,
      messages: modelMessages(look.language),
      lists: optionLists(look.language),
    });
    // Appended in the order the application shows them, and only those it shows: a document
    // whose question is hidden (another tab chosen) is not part of the application.
    const shown = model.steps.flatMap((step) =>
      step.sections.flatMap((section) =>
        section.blocks.flatMap((block) =>
          block.kind === 'question' && block.answer.kind === 'document' ? [block.key] : [],
        ),
      ),
    );
    const attachments: AttachmentPdf[] = [];
    for (const key of shown) {
      const document = completed.find((item) => item.answerKey === key);
      if (document === undefined) continue;
      // A converted file that has gone missing prints as a page saying so (typst/render.ts).
      const bytes = (await files.get(document.convertedKey)) ?? new Uint8Array();
      attachments.push({ answerKey: key, fileName: document.fileName, bytes });
    }
    const generatedAt = clock();
    // In a render thread: Typst's compile would hold the event loop, every request waiting.
    const pdf = await renderPdfInThread(
      model,
      {
        college: tenant.names.college,
        title: pdfTitle,
        collegeContact,
        applicant: { name: applicantName(answers).full, username },
        generatedAt,
        submittedAt,
        reference,
        timeZone: tenant.timeZone,
        accentColor: colours.accent,
        chrome: pdfChrome(look.language, { generatedAt, submittedAt, timeZone: tenant.timeZone }),
      },
      attachments,
      // The college's look comes from its data: its logo, colours and footer.
      {
        logoSvg: tenant.logoSvg,
        accent: colours.accent,
        tint: colours.panel,
        ink: colours.ink,
        muted: colours.muted,
        ...(tenant.pdf?.footer === undefined ? {} : { footer: tenant.pdf.footer }),
      },
      // PDF/UA-1 where Typst can write it; plain tagged PDF when the document breaks its rules
      // (a character no font draws, an appended document).
      { pdfUa: true },
    );
    const fileKey = `application-pdf/${accountId}/${version.slice(0, 32)}.pdf`;
    await files.put(fileKey, pdf);
    const previous = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('application_pdfs')
        .select('file_key')
        .where('account_id', '=', accountId)
        .forUpdate()
        .executeTakeFirst();
      await trx
        .insertInto('application_pdfs')
        .values({
          account_id: accountId,
          version,
          file_key: fileKey,
          byte_size: pdf.byteLength,
          rendered_at: clock(),
        })
        .onConflict((oc) =>
          oc.column('account_id').doUpdateSet((eb) => ({
            version: eb.ref('excluded.version'),
            file_key: eb.ref('excluded.file_key'),
            byte_size: eb.ref('excluded.byte_size'),
            rendered_at: eb.ref('excluded.rendered_at'),
          })),
        )
        .execute();
      return row?.file_key;
    });
    if (previous !== undefined && previous !== fileKey) await files.delete(previous);
    return { status: 'COMPLETED', version, fileKey, fileName: downloadName(answers, look) };
  }

  /** The PDF's state for the stored application now, rendering it when it is out of date. */
  async function current(
    accountId: string,
    username: string,
    language: string | undefined,
  ): Promise<PdfState> {
    const look = lookIn(college.forAccount(language));
    const { tenant } = look;
    try {
      const pending = await documents.pendingFor?.(accountId);
      if (pending === 'unprocessed') return { status: 'UNPROCESSED' };
      if (pending === 'in_progress') return { status: 'IN_PROGRESS' };
      const [row, completed, stored] = await Promise.all([
        db
          .selectFrom('applications')
          .select(['answers', 'tabs', 'add_another', 'submitted_at', 'reference'])
          .where('account_id', '=', accountId)
          .executeTakeFirst(),
        documents.completedFor(accountId),
        db
          .selectFrom('application_pdfs')
          .select(['version', 'file_key'])
          .where('account_id', '=', accountId)
          .executeTakeFirst(),
      ]);
      if (row === undefined) return { status: 'NOT_ANSWERED' };
      // SPEC §3 NOT_ANSWERED: nothing answered and nothing uploaded, so nothing to print.
      if (!Object.values(row.answers).some(isAnswered) && completed.length === 0)
        return { status: 'NOT_ANSWERED' };
      const sizes = await Promise.all(
        completed.map((document) => files.size(document.convertedKey)),
      );
      const snapshot: Snapshot = {
        // Opened to print (masked, as every copy is); the version below hashes the sealed value,
        // so a stored version never reveals the number to a guess.
        answers: ssn.open(row.answers),
        context: { tabs: row.tabs, addAnother: row.add_another },
        submittedAt: row.submitted_at,
        reference: row.reference,
        completed,
      };
      const version = createHash('sha256')
        .update(
          canonicalJson({
            renderer: PDF_RENDERER_VERSION,
            tenant: tenant.id,
            look: look.lookVersion,
            timeZone: tenant.timeZone,
            username,
            answers: row.answers,
            tabs: row.tabs,
            addAnother: row.add_another,
            submittedAt: row.submitted_at?.toISOString() ?? null,
            reference: row.reference,
            documents: completed.map((document, index) => ({ ...document, size: sizes[index] })),
          }),
        )
        .digest('hex');
      if (stored?.version === version && (await files.size(stored.file_key)) !== undefined) {
        return {
          status: 'COMPLETED',
          version,
          fileKey: stored.file_key,
          fileName: downloadName(row.answers, look),
        };
      }
      const flight = `${accountId}:${version}`;
      let running = rendering.get(flight);
      if (running === undefined) {
        running = render(accountId, username, version, snapshot, look).finally(() =>
          rendering.delete(flight),
        );
        rendering.set(flight, running);
      }
      return await running;
    } catch (error) {
      // The database is down or slow: 503 with Retry-After (plugins/app/errors.ts), not FAILED.
      if (error instanceof DatabaseUnavailableError) throw error;
      // The disk is full: 507 with a message saying so (the file store logged it), not FAILED.
      if (error instanceof StorageFullError) throw error;
      // SPEC §4: a failed status raises an error in the browser; the details are in the log,
      // and the next request tries again.
      deps.log?.error({ err: error, accountId }, 'application PDF failed');
      return { status: 'FAILED' };
    }
  }

  return {
    /** GET /api/pdf: the status, and the download URL once the PDF is ready. */
    async status(
      accountId: string,
      username: string,
      /** The reader's language (the request's); staff's and unknown: the college's first. */
      language?: string,
    ): Promise<PdfStatusResponse> {
      const state = await current(accountId, username, language);
      return state.status === 'COMPLETED'
        ? { status: 'COMPLETED', url: `${PDF_DOWNLOAD_PATH}?v=${state.version.slice(0, 16)}` }
        : { status: state.status, url: null };
    },

    /**
     * The applicant's own PDF of the application as stored now (the route's download, and the
     * staff export). Throws HttpError 404 when nothing is answered, 409 while documents are
     * converted, 500 when it could not be rendered.
     */
    async download(
      accountId: string,
      username: string,
      /** The reader's language; staff's copies and unknown: the college's first. */
      language?: string,
    ): Promise<{ bytes: Buffer; fileName: AttachmentName }> {
      // A newer render may remove the file between finding and reading it: then look again.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const state = await current(accountId, username, language);
        switch (state.status) {
          case 'COMPLETED': {
            const bytes = await files.get(state.fileKey);
            if (bytes !== undefined) return { bytes, fileName: state.fileName };
            break;
          }
          case 'NOT_ANSWERED':
            throw new HttpError(404, pdfMessages.notAnswered);
          case 'UNPROCESSED':
          case 'IN_PROGRESS':
            throw new HttpError(409, pdfMessages.waiting);
          case 'FAILED':
            throw new HttpError(500, GENERIC_MESSAGE);
        }
      }
      throw new HttpError(500, GENERIC_MESSAGE);
    },
  };
}

export type ApplicationPdfs = ReturnType<typeof createApplicationPdfs>;
