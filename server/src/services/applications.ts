/**
 * The application (SPEC §7 /api/*): answers merged per key in one statement, last page,
 * web status, tabs, add-another, validations and submit. The server never trusts the
 * browser: every key, value and id is checked against the college's config, and submit runs
 * form-model's clearing and schema on the stored answers.
 */
import {
  type AddAnotherBlock,
  type Answers,
  characterCount,
  clearHiddenAnswers,
  descKey,
  ERROR_CODES,
  DESC_MAX_LENGTH,
  type ErrorMap,
  type FormContext,
  isSingleLine,
  kindOf,
  MAX_ADD_ANOTHER,
  pageBlocksOfType,
  type TabsBlock,
  TENANT_TEXTAREA_MAX_LENGTH,
  validateAnswers,
  visitQuestions,
  type WebStatus,
} from '@admit/form-model';
import { type TenantConfig } from '@admit/tenant-config';
import { type Kysely, type RawBuilder, sql } from 'kysely';

import { type Db, executePrepared } from '../db/database.ts';
import { type Database } from '../db/schema.ts';
import { modelMessages, type Said, text } from './texts.ts';
import { createBatcher } from './batch.ts';
import { type Clock } from './clock.ts';
import { type CollegeLanguages } from './college.ts';
import { HttpError } from './errors.ts';
import { type Receipts } from './receipts.ts';
import { makeReference, referencePrefix } from './reference.ts';
import { sessionMsLeft, sessionState } from './sessions.ts';
import { type SsnVault } from './ssn.ts';

export const applicationMessages = {
  saved: text('server.application.saved'),
  lastPage: text('server.application.lastPage'),
  status: text('server.application.status'),
  validations: text('server.application.validations'),
  submitted: text('server.application.submitted'),
  alreadySubmitted: text('server.application.alreadySubmitted'),
  missing: text('server.application.missing'),
  submitOnly: text('server.application.submitOnly'),
  unknownKeys: (keys: string[]) =>
    text('server.application.unknownKeys', { keys: keys.join(', ') }),
  tooLong: (keys: string[]) => text('server.application.tooLong', { keys: keys.join(', ') }),
  wrongType: (keys: string[]) => text('server.application.wrongType', { keys: keys.join(', ') }),
  unstorable: (keys: string[]) => text('server.application.unstorable', { keys: keys.join(', ') }),
  notOneLine: (keys: string[]) => text('server.application.notOneLine', { keys: keys.join(', ') }),
  unknownOne: text('server.application.unknownOne'),
  wrongTypeOne: text('server.application.wrongTypeOne'),
  unstorableOne: text('server.application.unstorableOne'),
  unknownPage: (page: string) => text('server.application.unknownPage', { page }),
  unknownTab: text('server.application.unknownTab'),
  unknownButton: text('server.application.unknownButton'),
  tooMany: (max: number) => text('server.application.tooMany', { max }),
  notSubmitted: text('server.application.notSubmitted'),
} as const;

/** Draws of a reference number before giving up (each one collides once in billions). */
const REFERENCE_DRAWS = 5;

/** PostgreSQL's unique_violation on migration 008's index: the number is another's. */
function isReferenceTaken(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    error.code === '23505' &&
    'constraint' in error &&
    error.constraint === 'applications_reference'
  );
}

/** A lone UTF-16 surrogate (with `u`, a well-formed pair is one code point and never matches). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** PostgreSQL stores neither NUL nor a lone surrogate in text or jsonb: refuse them, never a 500. */
function unstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

export interface KeyRule {
  kind: 'boolean' | 'string';
  maxLength: number;
  /** Every answer but a textarea's is one line: no line break or control character. */
  singleLine: boolean;
}

/** The rules the server holds answers to, derived once from the college's pages. */
export function answerRules(tenant: TenantConfig): ReadonlyMap<string, KeyRule> {
  const rules = new Map<string, KeyRule>();
  for (const { question } of visitQuestions(tenant.pages, {})) {
    // form-model's table of question kinds: what each kind stores, and how long.
    const kind = kindOf(question);
    for (const key of kind.keys(question)) {
      rules.set(key, {
        kind: kind.value,
        maxLength: Math.min(kind.maxLength(question), TENANT_TEXTAREA_MAX_LENGTH),
        singleLine: kind.singleLine,
      });
    }
    if (kind.descriptions(question))
      rules.set(descKey(question.key), {
        kind: 'string',
        maxLength: DESC_MAX_LENGTH,
        singleLine: true,
      });
  }
  return rules;
}

/**
 * Refuses (400) answers the college's form cannot hold: unknown keys, wrong kinds of value,
 * unstorable text, a line break or control character in a one-line answer (form-model's
 * `isSingleLine`, the browser's rule too) or values over their question's limit. A service
 * link's caller stores nothing then; the applicant's own save stores the other answers
 * (`saveAnswers`).
 */
export function assertAnswerPatch(
  rules: ReadonlyMap<string, KeyRule>,
  patch: Record<string, unknown>,
): void {
  const refused = refusedAnswers(rules, patch);
  if (refused !== undefined) throw refused;
}

/**
 * The 400 for the answers of `patch` the college's form cannot hold (see `assertAnswerPatch`),
 * or undefined when it can hold them all. Its message names the refused keys by reason; its
 * `errors` hold one sentence per refused key, for the browser to show at that field.
 */
function refusedAnswers(
  rules: ReadonlyMap<string, KeyRule>,
  patch: Record<string, unknown>,
): HttpError | undefined {
  const unknown: string[] = [];
  const tooLong: string[] = [];
  const wrongType: string[] = [];
  const badText: string[] = [];
  const notOneLine: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    const rule = rules.get(key);
    if (rule === undefined) unknown.push(key);
    else if (typeof value === 'boolean') {
      if (rule.kind !== 'boolean') wrongType.push(key);
    } else if (typeof value !== 'string') wrongType.push(key);
    else if (rule.kind === 'boolean' && value !== '') wrongType.push(key);
    else if (unstorable(value)) badText.push(key);
    else if (rule.singleLine && !isSingleLine(value)) notOneLine.push(key);
    else if (characterCount(value) > rule.maxLength) tooLong.push(key);
  }
  const reasons: [string[], (keys: string[]) => Said, (key: string) => Said][] = [
    [unknown, applicationMessages.unknownKeys, () => applicationMessages.unknownOne],
    [wrongType, applicationMessages.wrongType, () => applicationMessages.wrongTypeOne],
    [badText, applicationMessages.unstorable, () => applicationMessages.unstorableOne],
    [notOneLine, applicationMessages.notOneLine, () => text('model.validation.singleLine')],
    [
      tooLong,
      applicationMessages.tooLong,
      (key) => text('model.validation.maxLength', { max: rules.get(key)?.maxLength ?? 0 }),
    ],
  ];
  const found = reasons.filter(([keys]) => keys.length > 0);
  if (found.length === 0) return undefined;
  return new HttpError(
    400,
    found.map(([keys, message]) => message(keys)),
    {
      code: ERROR_CODES.answersRefused,
      errors: Object.fromEntries(
        found.flatMap(([keys, , perKey]) => keys.map((key) => [key, [perKey(key)]])),
      ),
    },
  );
}

/** What the batched save found for one caller whose session is live. */
interface SaveOutcome {
  accountId: string;
  /** The session was last seen long enough ago to be refreshed (sessions.ts `touch`). */
  stale: boolean;
  /** False when the application is submitted or missing: nothing was stored. */
  saved: boolean;
  /** The session's life left once this save is recorded (sessions.ts `sessionMsLeft`). */
  msLeft: number;
}

/** What `saveAnswers` did for a caller whose session was live. */
export interface SavedAnswers {
  accountId: string;
  /** The session was last seen long enough ago to be refreshed (sessions.ts `touch`). */
  stale: boolean;
  /** The session's life left once this save is recorded, for the browser's idle prompt. */
  msLeft: number;
  /** The 400 naming the answers that were not stored, when some were refused. */
  refused?: HttpError;
}

/** A row of the batched save: the caller at position `n` (from 1) whose session is live. */
interface SaveRow {
  n: string;
  account_id: string;
  stale: boolean;
  saved: boolean;
  last_seen_at: Date;
  expires_at: Date;
}

/**
 * The batched save (see `saveBatch` below) as one statement: each patch's session is checked
 * (services/sessions.ts `sessionState`, the rule `authenticate` uses), one applicant's patches
 * are merged in arrival order, and every live caller's application that is not submitted gets
 * them. Sessions and applications are read by their keys, so its cost does not grow with the
 * number of applicants (services/applications.test.ts reads its plans). Exported for that test.
 */
export function saveStatement(
  saves: readonly { key: Buffer; patch: Answers }[],
  now: Date,
): RawBuilder<SaveRow> {
  const session = sessionState(now);
  return sql<SaveRow>`
    WITH input AS (
      -- The patches travel as one JSON array: no array-literal escaping on either side.
      SELECT * FROM ROWS FROM (
        unnest(${saves.map((save) => save.key)}::bytea[]),
        jsonb_array_elements(${JSON.stringify(saves.map((save) => save.patch))}::jsonb)
      ) WITH ORDINALITY AS i(token_hash, patch, n)
    ),
    live AS (
      SELECT i.n, i.patch, s.account_id, ${session.stale} AS stale, s.last_seen_at, s.expires_at
      FROM input i JOIN sessions s ON s.token_hash = i.token_hash
      -- The keys once more as an index condition: the planner cannot tell how many rows the
      -- function scan gives and, without it, reads every session once the table is large.
      WHERE s.token_hash = ANY(ARRAY(SELECT token_hash FROM input)) AND ${session.live}
    ),
    merged AS (
      SELECT account_id, jsonb_merge_agg(patch ORDER BY n) AS patch
      FROM live GROUP BY account_id
    ),
    saved AS (
      UPDATE applications AS a
      SET answers = a.answers || m.patch, updated_at = ${now}
      FROM merged m
      WHERE a.account_id = m.account_id AND a.submitted_at IS NULL
      RETURNING a.account_id
    )
    SELECT l.n, l.account_id, l.stale, l.last_seen_at, l.expires_at,
      l.account_id = ANY(ARRAY(SELECT account_id FROM saved)) AS saved
    FROM live l
  `;
}

export function createApplications(deps: {
  db: Db;
  clock: Clock;
  tenant: TenantConfig;
  /** The account's completed documents (services/documents.ts), for the profile. */
  documentAnswers?: (
    accountId: string,
  ) => Promise<Record<string, { file_name: string; file_size: number }>>;
  /** Mails the receipt (and the admissions notice) of a submission, in its transaction. */
  receipts?: Receipts;
  /** The college in each language: a refused submission is told in the applicant's. */
  college?: CollegeLanguages;
  /** Draws a reference number with the college's prefix (tests pass their own). */
  drawReference?: (prefix: string) => string;
  /** Seals the SSN before it is stored, and opens or masks it where it is read. */
  ssn: SsnVault;
}) {
  const { db, clock, tenant, ssn, drawReference = makeReference } = deps;
  const prefix = referencePrefix(tenant.names.shortName);

  /**
   * Gives a submitted application its reference number, under the caller's row lock: a free
   * random one (services/reference.ts), which the unique index guarantees no other holds.
   * Each draw is tried inside a savepoint: a number another submission holds, even one not
   * yet committed (the index waits for it), fails that one statement and the next draw goes
   * on, where a look first ("is it taken?") could not see the other's uncommitted number.
   */
  async function assignReference(trx: Kysely<Database>, accountId: string): Promise<string> {
    for (let draw = 0; draw < REFERENCE_DRAWS; draw += 1) {
      const candidate = drawReference(prefix);
      await sql`SAVEPOINT reference_draw`.execute(trx);
      try {
        await trx
          .updateTable('applications')
          .set({ reference: candidate })
          .where('account_id', '=', accountId)
          .execute();
      } catch (error) {
        if (!isReferenceTaken(error)) throw error;
        await sql`ROLLBACK TO SAVEPOINT reference_draw`.execute(trx);
        continue;
      }
      await sql`RELEASE SAVEPOINT reference_draw`.execute(trx);
      return candidate;
    }
    throw new Error(`no free reference number in ${REFERENCE_DRAWS} draws`);
  }
  const rules = answerRules(tenant);
  const tabGroups = new Map<string, TabsBlock>(
    pageBlocksOfType(tenant.pages, 'tabs').map((b) => [b.tabId, b]),
  );
  const buttons = new Map<string, AddAnotherBlock>(
    pageBlocksOfType(tenant.pages, 'add-another').map((b) => [b.buttonId, b]),
  );
  const routes = new Set(tenant.pages.map((page) => page.route));

  // ARCHITECTURE "One keystroke, one save": answers are merged per key (`answers || patch`), so
  // two tabs on two pages never overwrite each other. Saves that arrive together are one
  // statement and one commit (services/batch.ts); one batch at a time, so batches never wait
  // on each other's row locks. Each caller is answered after the commit, as before.
  //
  // The statement also checks each caller's session (services/sessions.ts `sessionState`, the
  // rule `authenticate` uses), so a save costs one round trip, not a session lookup and then an update: a
  // patch whose session is unknown, idle or expired changes nothing and comes back undefined.
  // One applicant's patches in a batch (two tabs, or two devices with two sessions) are merged
  // in arrival order, the later winning per key: the same as running them one after the other.
  // It runs hundreds of times a second under load, so it goes as a prepared statement: each
  // connection parses it once (db/database.ts `executePrepared`).
  const saveBatch = createBatcher(
    async (
      saves: readonly { key: Buffer; patch: Answers }[],
    ): Promise<(SaveOutcome | undefined)[]> => {
      const now = clock();
      const rows = await executePrepared<SaveRow>(
        db,
        'admit_save_answers',
        saveStatement(saves, now).compile(db),
      );
      const outcomes: (SaveOutcome | undefined)[] = saves.map(() => undefined);
      for (const row of rows) {
        outcomes[Number(row.n) - 1] = {
          accountId: row.account_id,
          stale: row.stale,
          saved: row.saved,
          msLeft: sessionMsLeft(row, now.getTime()),
        };
      }
      return outcomes;
    },
    { maxSize: 200, concurrency: 1 },
  );

  /** Refuses a write after submission (409) and a missing application (404). */
  async function assertOpen(accountId: string): Promise<void> {
    const row = await db
      .selectFrom('applications')
      .select('submitted_at')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (row === undefined) throw new HttpError(404, text('server.application.notFound'));
    if (row.submitted_at !== null) throw new HttpError(409, applicationMessages.alreadySubmitted);
  }

  async function statuses(accountId: string): Promise<WebStatus[]> {
    // Forward only, so lifecycle order is the order they were reached; 'started' and 'validating'
    // recorded in one statement share a timestamp, so the timestamp alone cannot order them.
    const rows = await db
      .selectFrom('web_statuses')
      .select('web_status')
      .where('account_id', '=', accountId)
      .orderBy(sql`CASE web_status WHEN 'started' THEN 1 WHEN 'validating' THEN 2 ELSE 3 END`)
      .execute();
    return rows.map((row) => row.web_status);
  }

  function addAnotherMap(stored: Record<string, number>): Record<string, number> {
    // SPEC §3: a map of button id to count, default 1.
    return Object.fromEntries([...buttons.keys()].map((id) => [id, stored[id] ?? 1]));
  }

  return {
    rules,

    /** GET /api/profile (SPEC §3 profile response). */
    async profile(accountId: string, username: string) {
      const [application, logins, webStatus, documentAnswer] = await Promise.all([
        db
          .selectFrom('applications')
          .select(['answers', 'last_page'])
          .where('account_id', '=', accountId)
          .executeTakeFirst(),
        db
          .selectFrom('successful_logins')
          .select('logged_in_at')
          .where('account_id', '=', accountId)
          .orderBy('logged_in_at')
          .execute(),
        statuses(accountId),
        deps.documentAnswers?.(accountId) ?? {},
      ]);
      return {
        // The SSN once saved comes back as XXX-XX-1234: the applicant replaces it by typing a
        // new one, and a save of the mask itself keeps the stored number (ssn.ts `sealPatch`).
        answer: ssn.mask(application?.answers ?? {}),
        document_answer: documentAnswer,
        username,
        last_page: application?.last_page ?? '',
        successful_login: logins.map((login) => ({
          logged_in_at: login.logged_in_at.toISOString(),
        })),
        web_status: webStatus.map((status) => ({ web_status: status })),
      };
    },

    /**
     * PUT /api/answer: checks every key and value (400, nothing stored), then merges them in
     * one statement that also checks the session under `key` (sessions.ts `sessionKey`).
     * Undefined when that session is not live: nothing was stored. A write after submission
     * is refused (409) and a missing application is 404.
     */
    async saveAnswers(
      key: Buffer,
      patch: Record<string, unknown>,
    ): Promise<SavedAnswers | undefined> {
      // One refused answer does not keep the others from being stored: they are saved, and
      // the 400 names the refused ones (each with its sentence), which stay as they were.
      const refused = refusedAnswers(rules, patch);
      const errors = (refused?.body.errors ?? {}) as Record<string, string[]>;
      const storable = Object.fromEntries(
        Object.entries(patch).filter(([answerKey]) => !(answerKey in errors)),
      ) as Answers;
      // Nothing to store: the session is checked (and its use recorded) by the route's error
      // handler before the 400 is answered (plugins/app/session.ts).
      if (refused !== undefined && Object.keys(storable).length === 0) throw refused;
      // Sealed here, before the batch: its statement merges a sealed SSN like any answer.
      const outcome = await saveBatch({ key, patch: ssn.sealPatch(storable) });
      if (outcome === undefined) return undefined;
      if (!outcome.saved) await assertOpen(outcome.accountId);
      return {
        accountId: outcome.accountId,
        stale: outcome.stale,
        msLeft: outcome.msLeft,
        ...(refused === undefined ? {} : { refused }),
      };
    },

    /** PUT /api/last-page. */
    async saveLastPage(accountId: string, lastPage: string): Promise<{ message: Said }> {
      const route = lastPage.replace(/^\//, '');
      if (!routes.has(route)) throw new HttpError(400, applicationMessages.unknownPage(lastPage));
      const result = await db
        .updateTable('applications')
        .set({ last_page: route })
        .where('account_id', '=', accountId)
        .where('submitted_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) await assertOpen(accountId);
      return { message: applicationMessages.lastPage };
    },

    /**
     * POST /api/web-status: forward only and idempotent (a retried post changes nothing);
     * `submitted` only through submit.
     */
    async postWebStatus(accountId: string, status: WebStatus): Promise<{ message: Said }> {
      if (status === 'submitted') throw new HttpError(403, applicationMessages.submitOnly);
      await assertOpen(accountId);
      const wanted: WebStatus[] = status === 'validating' ? ['started', 'validating'] : ['started'];
      await db
        .insertInto('web_statuses')
        .values(wanted.map((web_status) => ({ account_id: accountId, web_status })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      return { message: applicationMessages.status };
    },

    async tabs(accountId: string): Promise<Record<string, string>> {
      const row = await db
        .selectFrom('applications')
        .select('tabs')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row?.tabs ?? {};
    },

    async saveTab(
      accountId: string,
      tabId: string,
      chosenTab: string,
    ): Promise<Record<string, string>> {
      const group = tabGroups.get(tabId);
      if (group?.tabs.some((tab) => tab.id === chosenTab) !== true)
        throw new HttpError(400, applicationMessages.unknownTab);
      const row = await sql<{ tabs: Record<string, string> }>`
        UPDATE applications SET tabs = tabs || jsonb_build_object(${tabId}::text, ${chosenTab}::text)
        WHERE account_id = ${accountId} AND submitted_at IS NULL RETURNING tabs
      `.execute(db);
      const tabs = row.rows[0]?.tabs;
      if (tabs === undefined) await assertOpen(accountId);
      return tabs ?? {};
    },

    async addAnother(accountId: string): Promise<Record<string, number>> {
      const row = await db
        .selectFrom('applications')
        .select('add_another')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return addAnotherMap(row?.add_another ?? {});
    },

    async saveAddAnother(
      accountId: string,
      buttonId: string,
      count: number,
    ): Promise<Record<string, number>> {
      const button = buttons.get(buttonId);
      if (button === undefined) throw new HttpError(400, applicationMessages.unknownButton);
      const max = Math.min(button.max, MAX_ADD_ANOTHER);
      if (!Number.isInteger(count) || count < 1 || count > max)
        throw new HttpError(400, applicationMessages.tooMany(max));
      const row = await sql<{ add_another: Record<string, number> }>`
        UPDATE applications SET add_another = add_another || jsonb_build_object(${buttonId}::text, ${count}::int)
        WHERE account_id = ${accountId} AND submitted_at IS NULL RETURNING add_another
      `.execute(db);
      const stored = row.rows[0]?.add_another;
      if (stored === undefined) await assertOpen(accountId);
      return addAnotherMap(stored ?? {});
    },

    /** POST /api/validations: the latest error map is kept per applicant. */
    async saveValidations(accountId: string, errors: ErrorMap): Promise<{ message: Said }> {
      const unknown = Object.keys(errors).filter((key) => !rules.has(key));
      if (unknown.length > 0) throw new HttpError(400, applicationMessages.unknownKeys(unknown));
      const badText = Object.entries(errors)
        .filter(([, list]) => list.some(unstorable))
        .map(([key]) => key);
      if (badText.length > 0) throw new HttpError(400, applicationMessages.unstorable(badText));
      // A write like any other: refused after submission, when submit has emptied the map.
      const result = await db
        .updateTable('applications')
        .set({ validations: JSON.stringify(errors) })
        .where('account_id', '=', accountId)
        .where('submitted_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) await assertOpen(accountId);
      return { message: applicationMessages.validations };
    },

    /**
     * POST /api/submit: under a row lock, clears and validates the stored answers with
     * form-model; only a valid application becomes submitted, and gets its reference number
     * and its receipt mail in the same transaction. Parallel calls submit once, and all answer
     * the one reference.
     */
    async submit(
      accountId: string,
      /** The request's language: a refused submission names what is missing in it. */
      language?: string,
    ): Promise<{ message: Said; reference_number: string }> {
      const reader = deps.college?.forAccount(language) ?? 'en';
      const pages = deps.college?.in(reader).pages ?? tenant.pages;
      const outcome = await db
        .transaction()
        .execute(async (trx): Promise<{ errors: ErrorMap } | { reference: string }> => {
          const row = await trx
            .selectFrom('applications')
            .innerJoin('accounts', 'accounts.id', 'applications.account_id')
            .select([
              'answers',
              'tabs',
              'add_another',
              'submitted_at',
              'reference',
              'username',
              'accounts.language',
            ])
            .where('account_id', '=', accountId)
            .forUpdate('applications')
            .executeTakeFirst();
          if (row === undefined) throw new HttpError(404, text('server.application.notFound'));
          if (row.submitted_at !== null)
            return { reference: row.reference ?? (await assignReference(trx, accountId)) };
          const context: FormContext = { tabs: row.tabs, addAnother: row.add_another };
          const now = clock();
          // Validated as typed: the SSN opened, here and nowhere that keeps it.
          const answers = ssn.open(row.answers);
          const errors = validateAnswers(pages, answers, {
            context,
            now,
            messages: modelMessages(reader),
          });
          await trx
            .insertInto('web_statuses')
            .values([
              { account_id: accountId, web_status: 'started' },
              { account_id: accountId, web_status: 'validating' },
            ])
            .onConflict((oc) => oc.doNothing())
            .execute();
          if (Object.keys(errors).length > 0) {
            await trx
              .updateTable('applications')
              .set({ validations: JSON.stringify(errors) })
              .where('account_id', '=', accountId)
              .execute();
            // Returned, not thrown: a throw here would roll back 'validating' and the error map.
            return { errors };
          }
          // What is stored is what was validated and what will print: the cleared answers.
          const cleared: Answers = clearHiddenAnswers(tenant.pages, answers, context);
          await trx
            .updateTable('applications')
            .set({
              answers: JSON.stringify(ssn.sealPatch(cleared)),
              submitted_at: now,
              validations: '{}',
              updated_at: now,
            })
            .where('account_id', '=', accountId)
            .execute();
          await trx
            .insertInto('web_statuses')
            .values({ account_id: accountId, web_status: 'submitted' })
            .onConflict((oc) => oc.doNothing())
            .execute();
          const reference = await assignReference(trx, accountId);
          const name = ['first_name', 'last_name']
            .map((key) => cleared[key])
            .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
            .map((part) => part.trim())
            .join(' ');
          await deps.receipts?.queue(trx, {
            accountId,
            username: row.username,
            language: row.language,
            name,
            reference,
            submittedAt: now,
          });
          return { reference };
        });
      if ('errors' in outcome)
        throw new HttpError(400, applicationMessages.missing, { errors: outcome.errors });
      deps.receipts?.wake();
      return { message: applicationMessages.submitted, reference_number: outcome.reference };
    },

    /** GET /api/receipt: the reference number and submission time; 404 before submission. */
    async receipt(accountId: string): Promise<{ reference_number: string; submitted_at: string }> {
      const row = await db
        .selectFrom('applications')
        .select(['submitted_at', 'reference'])
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (row?.submitted_at == null) throw new HttpError(404, applicationMessages.notSubmitted);
      const submittedAt = row.submitted_at;
      // Submitted before reference numbers existed (migration 008): given one now, once.
      const reference =
        row.reference ??
        (await db.transaction().execute(async (trx) => {
          const locked = await trx
            .selectFrom('applications')
            .select('reference')
            .where('account_id', '=', accountId)
            .forUpdate()
            .executeTakeFirstOrThrow();
          return locked.reference ?? (await assignReference(trx, accountId));
        }));
      return { reference_number: reference, submitted_at: submittedAt.toISOString() };
    },
  };
}

export type Applications = ReturnType<typeof createApplications>;
