/**
 * What the admissions office reads (routes/office): the list of applications searched,
 * filtered, sorted and paged by PostgreSQL (migration 013's indexes hold it under 100 ms at
 * 10,000 applications: bench/office), one application as form-model's print model renders it
 * (the model of the PDF and the service view), the SSN for an officer, and the export.
 *
 * Nothing here writes an applicant's data: the office only reads.
 */
import {
  type Answers,
  maskedSsn,
  type PrintedDocument,
  type PrintModel,
  printModel,
  sensitiveKeys,
  type DerivedWebStatus,
  DERIVED_WEB_STATUSES,
} from '@admit/form-model';
import { type TenantConfig } from '@admit/tenant-config';
import { type RawBuilder, sql } from 'kysely';

import { type Db } from '../db/database.ts';
import { answerRules } from './applications.ts';
import { collegeLabeller, collegeLanguageOf } from './collegeLabels.ts';
import { csvField, type ExportColumn, exportColumns } from './exportColumns.ts';
import { HttpError } from './errors.ts';
import { type SsnVault } from './ssn.ts';
import { modelMessages, optionLists } from './texts.ts';

/** Rows on one page of the list. */
export const OFFICE_PAGE_SIZE = 25;
/** Rows read from the database at a time while an export streams. */
const EXPORT_BATCH = 500;

export const OFFICE_SORTS = [
  '-submitted',
  'submitted',
  'name',
  '-name',
  'email',
  '-email',
  'reference',
  '-reference',
] as const;
export type OfficeSort = (typeof OFFICE_SORTS)[number];

export interface OfficeFilters {
  /** Part of a name, an e-mail address or a reference, in any case. */
  q?: string | undefined;
  status?: DerivedWebStatus | undefined;
  /** Submitted on or after this day (YYYY-MM-DD in the college's time zone). */
  from?: string | undefined;
  /** Submitted on or before this day (YYYY-MM-DD in the college's time zone). */
  to?: string | undefined;
}

export const officeMessages = {
  notFound: 'No application has that reference.',
  noSsn: 'This application holds no Social Security number.',
  noDocument: 'This application holds no document for that question.',
  documentGone: 'The file of this document is no longer stored.',
} as const;

/**
 * The name as the list searches it, from migration 013's generated columns (never from the
 * answers, whose every row would be read whole); the migration indexes exactly this expression.
 */
const NAME_SQL = sql<string>`lower(a.applicant_first || ' ' || a.applicant_last)`;

/** A LIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The derived web status (form-model's `deriveWebStatus`) as a condition on `a`. */
function statusCondition(status: DerivedWebStatus): RawBuilder<boolean> {
  const has = (name: string) =>
    sql`EXISTS (SELECT 1 FROM web_statuses w WHERE w.account_id = a.account_id AND w.web_status = ${name})`;
  switch (status) {
    case 'submitted':
      return sql<boolean>`${has('submitted')}`;
    case 'validating':
      return sql<boolean>`(${has('validating')} AND NOT ${has('submitted')})`;
    case 'started':
      return sql<boolean>`(${has('started')} AND NOT ${has('validating')})`;
    case 'none':
      return sql<boolean>`NOT ${has('started')}`;
  }
}

function whereOf(filters: OfficeFilters, timeZone: string): RawBuilder<boolean> {
  const conditions: RawBuilder<unknown>[] = [sql`true`];
  const q = filters.q?.trim() ?? '';
  if (q !== '') {
    const pattern = containing(q);
    // Each part its own indexed search (migration 013), then their union: one OR across two
    // tables would read every row.
    conditions.push(sql`a.account_id IN (
      SELECT a.account_id FROM applications a WHERE ${NAME_SQL} LIKE ${pattern}
      UNION SELECT id FROM accounts WHERE lower(username::text) LIKE ${pattern}
      UNION SELECT account_id FROM applications WHERE lower(reference) LIKE ${pattern}
    )`);
  }
  if (filters.status !== undefined) conditions.push(statusCondition(filters.status));
  if (filters.from !== undefined)
    conditions.push(
      sql`a.submitted_at >= (${filters.from}::date::timestamp AT TIME ZONE ${timeZone})`,
    );
  if (filters.to !== undefined)
    conditions.push(
      sql`a.submitted_at < ((${filters.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`,
    );
  return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
}

function orderOf(sort: OfficeSort): RawBuilder<unknown> {
  const descending = sort.startsWith('-');
  const direction = descending ? sql`DESC` : sql`ASC`;
  switch (sort.replace(/^-/, '')) {
    case 'name':
      return sql`lower(a.applicant_last) ${direction}, lower(a.applicant_first) ${direction}, a.account_id`;
    case 'email':
      return sql`acc.username ${direction}, a.account_id`;
    case 'reference':
      return sql`a.reference ${direction} NULLS LAST, a.account_id`;
    default:
      // The index applications_submitted serves the first page in this order.
      return descending
        ? sql`a.submitted_at DESC NULLS LAST, a.account_id`
        : sql`a.submitted_at ASC NULLS LAST, a.account_id`;
  }
}

/** "Mar 1, 2026, 2:05 PM MST": a time as the college's office reads it. */
export function collegeTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

export interface DocumentsState {
  total: number;
  completed: number;
  pending: number;
  failed: number;
}

export interface OfficeListRow {
  id: string;
  reference: string | null;
  name: string;
  email: string;
  status: DerivedWebStatus;
  submitted_at: string | null;
  submitted_local: string | null;
  documents: DocumentsState;
}

/** The stored application as the office reads it: the one place answers are read. */
interface StoredApplication {
  accountId: string;
  answers: Answers;
  tabs: Record<string, string>;
  addAnother: Record<string, number>;
}

/**
 * The applications' answers as stored, decoded: the office reads answers only through this
 * function (the detail, the SSN and the export), so how answers are kept is known here once:
 * each SSN, sealed at rest (services/ssn.ts), is opened here; the callers mask it but for an
 * officer's reveal or full export.
 */
export async function readApplications(
  db: Db,
  ssn: SsnVault,
  accountIds: readonly string[],
): Promise<Map<string, StoredApplication>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('applications')
    .select(['account_id', 'answers', 'tabs', 'add_another'])
    .where('account_id', 'in', [...accountIds])
    .execute();
  return new Map(
    rows.map((row) => [
      row.account_id,
      {
        accountId: row.account_id,
        answers: ssn.open(row.answers),
        tabs: row.tabs,
        addAnother: row.add_another,
      },
    ]),
  );
}

/** The columns every export row starts with, before the answers. */
const FIXED_COLUMNS: ExportColumn[] = [
  { key: 'reference', label: 'Reference', kind: 'reference', step: '' },
  { key: 'email', label: 'E-mail address', kind: 'email', step: '' },
  { key: 'status', label: 'Status', kind: 'status', step: '' },
  { key: 'submitted_at', label: 'Submitted (UTC)', kind: 'date-time', step: '' },
];

interface ListedRow {
  account_id: string;
  username: string;
  reference: string | null;
  submitted_at: Date | null;
  name: string;
  level: number;
  documents: DocumentsState | null;
}

export function createOffice(deps: { db: Db; tenant: TenantConfig; ssn: SsnVault }) {
  const { db, tenant, ssn: vault } = deps;
  const timeZone = tenant.timeZone;
  const ssnKeys = sensitiveKeys(tenant.pages);
  // Staff read the college's own language: choices by their value, never as an applicant saw them.
  const language = collegeLanguageOf(tenant);
  const inCollegeLanguage = collegeLabeller(tenant);

  const toRow = (row: ListedRow): OfficeListRow => ({
    id: row.account_id,
    reference: row.reference,
    name: row.name.trim(),
    email: row.username,
    status: DERIVED_WEB_STATUSES[row.level] ?? 'none',
    submitted_at: row.submitted_at?.toISOString() ?? null,
    submitted_local: row.submitted_at === null ? null : collegeTime(row.submitted_at, timeZone),
    documents: row.documents ?? { total: 0, completed: 0, pending: 0, failed: 0 },
  });

  /** The rows of one page (`offset`, `limit`) of the filtered, sorted list. */
  async function rows(
    filters: OfficeFilters,
    sort: OfficeSort,
    offset: number,
    limit: number,
  ): Promise<ListedRow[]> {
    const { rows: found } = await sql<ListedRow>`
      SELECT a.account_id, acc.username::text AS username, a.reference, a.submitted_at,
        a.applicant_first || ' ' || a.applicant_last AS name,
        (SELECT count(*) FROM web_statuses w WHERE w.account_id = a.account_id)::int AS level,
        (SELECT json_build_object(
            'total', count(*),
            'completed', count(*) FILTER (WHERE d.status = 'completed'),
            'pending', count(*) FILTER (WHERE d.status IN ('unprocessed', 'in_progress')),
            'failed', count(*) FILTER (WHERE d.status = 'failed'))
          FROM documents d WHERE d.account_id = a.account_id) AS documents
      FROM applications a JOIN accounts acc ON acc.id = a.account_id
      WHERE ${whereOf(filters, timeZone)}
      ORDER BY ${orderOf(sort)}
      LIMIT ${limit} OFFSET ${offset}
    `.execute(db);
    return found;
  }

  /** An application by its reference, or by its id before it has one (not yet submitted). */
  async function find(reference: string) {
    const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(reference);
    const row = await db
      .selectFrom('applications')
      .innerJoin('accounts', 'accounts.id', 'applications.account_id')
      .select([
        'applications.account_id',
        'applications.reference',
        'applications.submitted_at',
        'accounts.username',
      ])
      .where(
        byId ? 'applications.account_id' : 'applications.reference',
        '=',
        byId ? reference.toLowerCase() : reference.toUpperCase(),
      )
      .executeTakeFirst();
    if (row === undefined) throw new HttpError(404, officeMessages.notFound);
    return { ...row, target: row.reference ?? row.account_id };
  }

  return {
    timeZone,

    /** One page of the list, and how many applications the filters find in all. */
    async list(filters: OfficeFilters, sort: OfficeSort, page: number) {
      const [found, counted] = await Promise.all([
        rows(filters, sort, (page - 1) * OFFICE_PAGE_SIZE, OFFICE_PAGE_SIZE),
        sql<{ total: number }>`
          SELECT count(*)::int AS total FROM applications a WHERE ${whereOf(filters, timeZone)}
        `.execute(db),
      ]);
      return {
        applications: found.map(toRow),
        total: counted.rows[0]?.total ?? 0,
        page,
        page_size: OFFICE_PAGE_SIZE,
        time_zone: timeZone,
      };
    },

    find,

    /** The application as the print model renders it, the SSN masked, and its documents. */
    async view(reference: string) {
      const found = await find(reference);
      const [stored, documents, statuses] = await Promise.all([
        readApplications(db, vault, [found.account_id]),
        db
          .selectFrom('documents')
          .select(['answer_key', 'file_name', 'file_size', 'sniffed_type', 'status'])
          .where('account_id', '=', found.account_id)
          .orderBy('answer_key')
          .execute(),
        db
          .selectFrom('web_statuses')
          .select((eb) => eb.fn.countAll<number>().as('level'))
          .where('account_id', '=', found.account_id)
          .executeTakeFirst(),
      ]);
      const record = stored.get(found.account_id);
      const answers = record?.answers ?? {};
      const printed: Record<string, PrintedDocument> = Object.fromEntries(
        documents
          .filter((document) => document.status === 'completed')
          .map((document) => [document.answer_key, { file_name: document.file_name }]),
      );
      const model: PrintModel = printModel(
        tenant.pages,
        answers,
        printed,
        { tabs: record?.tabs ?? {}, addAnother: record?.addAnother ?? {} },
        { maskSsn: true, lists: optionLists(language), messages: modelMessages(language) },
      );
      const base = `/office/api/applications/${encodeURIComponent(found.target)}`;
      const ssn = [...ssnKeys]
        .map((key) => answers[key])
        .find((value): value is string => typeof value === 'string' && value !== '');
      const text = (key: string) => {
        const value = answers[key];
        return typeof value === 'string' ? value.trim() : '';
      };
      const application = {
        id: found.account_id,
        reference: found.reference,
        email: found.username,
        name: [text('first_name'), text('last_name')].filter((part) => part !== '').join(' '),
        status: DERIVED_WEB_STATUSES[Number(statuses?.level ?? '0')] ?? 'none',
        submitted_at: found.submitted_at?.toISOString() ?? null,
        submitted_local:
          found.submitted_at === null ? null : collegeTime(found.submitted_at, timeZone),
        time_zone: timeZone,
        ssn: ssn === undefined ? null : maskedSsn(ssn),
        model,
        pdf_url: `${base}/application.pdf`,
        documents: documents.map((document) => ({
          answer_key: document.answer_key,
          file_name: document.file_name,
          file_size: document.file_size,
          type: document.sniffed_type,
          status: document.status,
          url: `${base}/documents/${encodeURIComponent(document.answer_key)}`,
        })),
      };
      return { target: found.target, application };
    },

    /** The full SSN of an application (the route checks the officer's role and logs it). */
    async ssn(reference: string): Promise<{ target: string; ssn: string }> {
      const found = await find(reference);
      const answers = (await readApplications(db, vault, [found.account_id])).get(
        found.account_id,
      )?.answers;
      const ssn = [...ssnKeys]
        .map((key) => answers?.[key])
        .find((value): value is string => typeof value === 'string' && value !== '');
      if (ssn === undefined) throw new HttpError(404, officeMessages.noSsn);
      return { target: found.target, ssn };
    },

    /** One document's stored original, found by its application and question. */
    async document(reference: string, answerKey: string) {
      const found = await find(reference);
      const document = await db
        .selectFrom('documents')
        .select(['original_key', 'file_name', 'sniffed_type'])
        .where('account_id', '=', found.account_id)
        .where('answer_key', '=', answerKey)
        .executeTakeFirst();
      if (document === undefined) throw new HttpError(404, officeMessages.noDocument);
      return { ...found, ...document };
    },

    /**
     * The export, streamed: every application the filters find, in the list's order, read
     * EXPORT_BATCH at a time (the whole list is never held). `fullSsn` only for an officer.
     */
    async *exportRows(
      filters: OfficeFilters,
      sort: OfficeSort,
      fullSsn: boolean,
    ): AsyncGenerator<{ row: OfficeListRow; answers: Answers }> {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const batch = await rows(filters, sort, offset, EXPORT_BATCH);
        const stored = await readApplications(
          db,
          vault,
          batch.map((row) => row.account_id),
        );
        for (const listed of batch) {
          const answers = { ...inCollegeLanguage(stored.get(listed.account_id)?.answers ?? {}) };
          if (!fullSsn)
            for (const key of ssnKeys) {
              const value = answers[key];
              if (typeof value === 'string' && value !== '') answers[key] = maskedSsn(value);
            }
          yield { row: toRow(listed), answers };
        }
        if (batch.length < EXPORT_BATCH) return;
      }
    },

    columns: () => [
      ...FIXED_COLUMNS,
      ...exportColumns(tenant.pages, [...answerRules(tenant).keys()]),
    ],
  };
}

export type Office = ReturnType<typeof createOffice>;

/** The CSV export as text chunks: a byte-order mark and the labels, then a line per row. */
export async function* csvExport(
  columns: ExportColumn[],
  rows: AsyncIterable<{ row: OfficeListRow; answers: Answers }>,
): AsyncGenerator<string> {
  const line = (cells: string[]) => `${cells.map(csvField).join(',')}\r\n`;
  // A byte-order mark: spreadsheet programs then read accents as UTF-8.
  yield `\ufeff${line(columns.map((column) => column.label))}`;
  for await (const { row, answers } of rows)
    yield line(
      columns.map((column) => {
        switch (column.key) {
          case 'reference':
            return row.reference ?? '';
          case 'email':
            return row.email;
          case 'status':
            return row.status;
          case 'submitted_at':
            return row.submitted_at ?? '';
          default: {
            const value = answers[column.key];
            return value === undefined ? '' : String(value);
          }
        }
      }),
    );
}

/**
 * The JSON export as text chunks: `{"columns": [the data dictionary], "applications": [...]}`,
 * each application's answers under their keys.
 */
export async function* jsonExport(
  columns: ExportColumn[],
  rows: AsyncIterable<{ row: OfficeListRow; answers: Answers }>,
): AsyncGenerator<string> {
  yield `{"columns":${JSON.stringify(columns)},"applications":[`;
  let first = true;
  for await (const { row, answers } of rows) {
    yield `${first ? '' : ','}\n${JSON.stringify({
      reference: row.reference,
      email: row.email,
      status: row.status,
      submitted_at: row.submitted_at,
      answers,
    })}`;
    first = false;
  }
  yield '\n]}\n';
}
