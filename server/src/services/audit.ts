/**
 * The audit log: every sign-in to the office (accepted or refused), every list, view, SSN
 * reveal, export and download, and the staff CLI's changes to staff accounts, with who, what,
 * on which application and when, in the database (`audit_log`, migration 013). Rows are only
 * ever inserted; `npm run admin -- audit` lists them. A row never holds an SSN, a password or a
 * code: `details` holds the filters of a list or export, a document's question, a count.
 */
import { sql } from 'kysely';

import { type Db } from '../db/database.ts';
import { type Clock } from './clock.ts';

/** Every action the log records. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_refused',
  'sign_out',
  'list',
  'view',
  'ssn_reveal',
  // A reader asked for a full SSN (a reveal, an export with full SSNs) and was refused (403).
  'ssn_reveal_refused',
  'ssn_export_refused',
  'export',
  'download_pdf',
  'download_document',
  'staff_add',
  'staff_disable',
  'staff_reset',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: a signed-in staff member, or the staff CLI (`actor` "cli"). */
export interface AuditActor {
  staffId: string | null;
  /** The staff member's e-mail address, the address a refused sign-in gave, or `cli`. */
  actor: string;
}

/** The actor of the staff CLI's own changes. */
export const CLI_ACTOR: AuditActor = { staffId: null, actor: 'cli' };

export interface AuditEntry {
  id: number;
  at: Date;
  actor: string;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
}

/** An address typed at a refused sign-in is kept to this length (it may be anything). */
const ACTOR_MAX = 254;

/** Rows on one page of the office's audit log page. */
export const AUDIT_PAGE_SIZE = 50;

/** What the office's audit log page filters by. */
export interface AuditPageFilter {
  /** From the start of this day (YYYY-MM-DD) in `timeZone`. */
  since?: string | undefined;
  /** One actor: a staff member's e-mail address, or `cli`. */
  actor?: string | undefined;
  action?: AuditAction | undefined;
  timeZone: string;
  /** From 1. */
  page: number;
}

/** One row as the office's audit log page shows it. */
export interface AuditPageRow {
  at: string;
  who: string;
  action: string;
  reference: string | null;
  details: Record<string, unknown>;
}

export function createAudit(db: Db, clock: Clock) {
  return {
    /**
     * A page of the log for the office, newest first: how many rows the filter finds, and
     * the page's. Reading it writes nothing (the log would fill with its own reading).
     */
    async page(filter: AuditPageFilter): Promise<{
      total: number;
      page: number;
      page_size: number;
      rows: AuditPageRow[];
    }> {
      let query = db.selectFrom('audit_log');
      if (filter.since !== undefined)
        query = query.where(
          sql<boolean>`at >= (${filter.since}::date::timestamp AT TIME ZONE ${filter.timeZone})`,
        );
      if (filter.actor !== undefined)
        query = query.where('actor', '=', filter.actor.trim().toLowerCase());
      if (filter.action !== undefined) query = query.where('action', '=', filter.action);
      const [count, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
        query
          .select(['at', 'actor', 'action', 'target', 'details'])
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(AUDIT_PAGE_SIZE)
          .offset((filter.page - 1) * AUDIT_PAGE_SIZE)
          .execute(),
      ]);
      return {
        total: Number(count.total),
        page: filter.page,
        page_size: AUDIT_PAGE_SIZE,
        rows: rows.map((row) => ({
          at: row.at.toISOString(),
          who: row.actor,
          action: row.action,
          reference: row.target,
          details: row.details,
        })),
      };
    },
    /** Writes one row. */
    async record(
      who: AuditActor,
      action: AuditAction,
      target: string | null = null,
      details: Record<string, unknown> = {},
    ): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          staff_id: who.staffId,
          actor: who.actor.slice(0, ACTOR_MAX),
          action,
          target,
          details: JSON.stringify(details),
          at: clock(),
        })
        .execute();
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;

/** The log's rows, oldest first: all, since a time, of one actor. */
export async function auditEntries(
  db: Db,
  filter: { since?: Date; actor?: string; limit?: number } = {},
): Promise<AuditEntry[]> {
  let query = db
    .selectFrom('audit_log')
    .select(['id', 'at', 'actor', 'action', 'target', 'details'])
    .orderBy('at')
    .orderBy('id');
  if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
  if (filter.actor !== undefined)
    // Addresses are written lower-cased (staff sign-in normalises them), so the index serves.
    query = query.where('actor', '=', filter.actor.trim().toLowerCase());
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query.execute();
}
