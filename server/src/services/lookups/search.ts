/**
 * School and college lookups (SPEC §7 /lookup/find) on PostgreSQL with pg_trgm, and address
 * suggestions from an AddressProvider. Ranking, in stages that each run only while the list
 * is not full:
 *
 * 1. the name starts with what was typed: a b-tree range scan, alphabetical;
 * 2. every typed word starts a word of the name, city or state, in any order ("high
 *    bozeman", "lincoln high portland"): the typed phrase at a word start first, then shorter
 *    names. The trigram index narrows by the rarest typed word only ("portland", never
 *    "high", which 16,000 schools share); when every word is that common, a capped scan finds
 *    matches at once;
 * 3. typos: a typed word that starts no word of the list is read as the real words one edit
 *    away ("bozman" → "bozeman", "hihg" → "high"), most likely reading first; when every word
 *    starts some word but no name holds them all, each word may be read so too ("bozeman
 *    hight": "hight" starts "hightower", yet the school is "Bozeman High").
 *
 * Stages 2 and 3 consult an in-memory index of the list's words (words.ts), rebuilt when an
 * import changes the list (checked at most every WORD_INDEX_CHECK_MS). Digits alone search
 * CEEB codes by prefix.
 */
import { type RawBuilder, sql } from 'kysely';

import { type Db } from '../../db/database.ts';
import { type AddressProvider, type LookupDetail, type LookupSuggestion } from './address.ts';
import { searchKey } from './normalize.ts';
import { createWordIndex, type WordIndex } from './words.ts';

export type LookupCategory = 'hs_ceeb' | 'college_ceeb' | 'address';
export const LOOKUP_CATEGORIES: readonly LookupCategory[] = ['hs_ceeb', 'college_ceeb', 'address'];

/** SPEC §9: five suggestions by default. */
export const DEFAULT_MAX_RESULTS = 5;
/** However many are asked for, at most this many come back. */
export const MAX_RESULTS_CAP = 20;
/** What is searched is cut to this many characters (a name is never longer). */
export const MAX_QUERY_LENGTH = 100;
/** Words of the query beyond this many are ignored. */
const MAX_WORDS = 8;
/** Stages 2 and 3 order at most this many matching rows (bounds a common word's cost). */
const CANDIDATES = 200;
/** A word this common narrows nothing: the trigram index is not asked for it. */
const INDEX_MAX_FREQUENCY = 3000;
/** How often a server looks for a newer import of a list. */
export const WORD_INDEX_CHECK_MS = 30_000;

interface Row {
  id: string;
  name: string;
  ceeb: string | null;
  city: string;
  state: string;
}

type Dataset = 'high_schools' | 'colleges';

interface Table {
  dataset: Dataset;
  from: RawBuilder<unknown>;
  /** A condition every offered row meets (the partial indexes' predicate). */
  offered: RawBuilder<unknown>;
  ceebDigits: number;
}

const TABLES: Record<'hs_ceeb' | 'college_ceeb', Table> = {
  hs_ceeb: {
    dataset: 'high_schools',
    from: sql.raw('high_schools'),
    offered: sql.raw('true'),
    ceebDigits: 6,
  },
  college_ceeb: {
    dataset: 'colleges',
    from: sql.raw('colleges'),
    offered: sql.raw('active AND degree_granting'),
    ceebDigits: 4,
  },
};

/** "Bozeman, MT · CEEB 270100": tells apart schools of the same name. */
export function subText(row: Pick<Row, 'city' | 'state' | 'ceeb'>): string {
  const place = [row.city, row.state].filter((part) => part !== '').join(', ');
  return [place, row.ceeb === null ? '' : `CEEB ${row.ceeb}`]
    .filter((part) => part !== '')
    .join(' · ');
}

/** LIKE's wild cards in a folded query (searchKey leaves none, but never trust that). */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `search_text` has a word starting with one of `starts`. */
function wordStart(starts: readonly string[]): RawBuilder<unknown> {
  return sql`(${sql.join(
    starts.map((start) => sql`(' ' || search_text) LIKE ${`% ${likeEscape(start)}%`}`),
    sql` OR `,
  )})`;
}

/** The trigram index's condition for one typed word (or its readings). */
function contains(starts: readonly string[]): RawBuilder<unknown> {
  return sql`(${sql.join(
    starts.map((start) => sql`search_text LIKE ${`%${likeEscape(start)}%`}`),
    sql` OR `,
  )})`;
}

/** One typed word of stage 2 or 3: its readings, and how many names hold one of them. */
interface WordTerm {
  starts: string[];
  frequency: number;
}

/**
 * Rows whose words start with every term's readings, the rarest term narrowing through the
 * trigram index; ordered by `rank` and then by shorter names.
 */
async function wordSearch(
  db: Db,
  table: Table,
  terms: WordTerm[],
  rank: RawBuilder<unknown>,
  seen: string[],
  max: number,
): Promise<Row[]> {
  const narrowest = terms
    .filter((term) => term.starts.every((start) => start.length >= 3))
    .sort((a, b) => a.frequency - b.frequency)[0];
  const narrow =
    narrowest !== undefined && narrowest.frequency <= INDEX_MAX_FREQUENCY
      ? contains(narrowest.starts)
      : sql`true`;
  const result = await sql<Row>`
    SELECT id, name, ceeb, city, state FROM (
      SELECT id, name, ceeb, city, state, search_name, search_text FROM ${table.from}
      WHERE ${table.offered} AND ${narrow}
        AND ${sql.join(
          terms.map((term) => wordStart(term.starts)),
          sql` AND `,
        )}
        AND NOT (id = ANY(${seen}::text[]))
      LIMIT ${CANDIDATES}
    ) AS candidate
    ORDER BY ${rank}, length(search_name), search_name, state, city, id
    LIMIT ${max}
  `.execute(db);
  return result.rows;
}

async function searchTable(
  db: Db,
  table: Table,
  wordIndex: () => Promise<WordIndex>,
  query: string,
  max: number,
): Promise<Row[]> {
  if (/^\d+$/.test(query)) {
    if (query.length > table.ceebDigits) return [];
    const result = await sql<Row>`
      SELECT id, name, ceeb, city, state FROM ${table.from}
      WHERE ${table.offered} AND ceeb LIKE ${`${query}%`}
      ORDER BY ceeb, name LIMIT ${max}
    `.execute(db);
    return result.rows;
  }

  // 1. The name starts with the text.
  const found: Row[] = [];
  const prefix = await sql<Row>`
    SELECT id, name, ceeb, city, state FROM ${table.from}
    WHERE ${table.offered} AND search_name LIKE ${`${likeEscape(query)}%`}
    ORDER BY search_name, state, city, id LIMIT ${max}
  `.execute(db);
  found.push(...prefix.rows);
  if (found.length >= max) return found;

  const words = await wordIndex();
  const typed = query.split(' ').slice(0, MAX_WORDS);
  const terms = typed.map((word) => ({ starts: [word], frequency: words.prefixFrequency(word) }));
  const unknown = terms.filter((term) => term.frequency === 0);

  // 2. Every word starts a word (impossible while one starts none).
  if (unknown.length === 0) {
    const phrase = sql`(' ' || search_text) LIKE ${`% ${likeEscape(query)}%`} DESC`;
    found.push(
      ...(await wordSearch(
        db,
        table,
        terms,
        phrase,
        found.map((row) => row.id),
        max - found.length,
      )),
    );
    // Nothing at all: perhaps a word was mistyped into another real one ("hight" for "high").
    if (found.length > 0 || words.size === 0) return found;
  }

  // 3. Typos: a word that starts no word is read as the real words one edit away; when every
  // word starts one but no name has them all, each may also be read so.
  const corrected = terms.map((term) => {
    const typedWord = term.starts[0] ?? '';
    if (term.frequency > 0 && (unknown.length > 0 || typedWord.length < 3))
      return { ...term, corrected: false };
    const readings = words.corrections(typedWord);
    const starts = term.frequency > 0 ? [typedWord, ...readings] : readings;
    return {
      starts,
      frequency: starts.reduce((sum, start) => sum + words.prefixFrequency(start), 0),
      corrected: starts.length > (term.frequency > 0 ? 1 : 0),
    };
  });
  if (corrected.some((term) => term.starts.length === 0) || !corrected.some((t) => t.corrected))
    return found;
  // The most likely readings first: the sum, over corrected words, of each reading's place.
  const places = corrected
    .filter((term) => term.corrected)
    .map(
      (term) =>
        sql`CASE ${sql.join(
          term.starts.map(
            (start, place) =>
              sql`WHEN (' ' || search_text) LIKE ${`% ${likeEscape(start)}%`} THEN ${place}::int`,
          ),
          sql` `,
        )} ELSE ${term.starts.length}::int END`,
    );
  const rank = sql`${sql.join(places, sql` + `)}`;
  found.push(
    ...(await wordSearch(
      db,
      table,
      corrected,
      rank,
      found.map((row) => row.id),
      max - found.length,
    )),
  );
  return found;
}

export interface Lookups {
  /** Suggestions for typed text (SPEC §7); throws on a database or provider failure. */
  find: (category: LookupCategory, text: string, max: number) => Promise<LookupSuggestion[]>;
  /** The detail of a suggestion's id, or undefined when there is none. */
  detail: (category: LookupCategory, id: string) => Promise<LookupDetail | undefined>;
  /** Builds the word indexes now rather than at the first search that needs them. */
  warm: () => Promise<void>;
}

/**
 * The word index of each list, rebuilt when lookup_imports says the list changed; checked at
 * most every WORD_INDEX_CHECK_MS (an import runs in the CLI, another process).
 */
function wordIndexes(db: Db) {
  interface Cached {
    version: string;
    checkedAt: number;
    index: Promise<WordIndex>;
  }
  const cache = new Map<Dataset, Cached>();

  async function build(table: Table): Promise<WordIndex> {
    const rows = await sql<{ search_text: string }>`
      SELECT search_text FROM ${table.from} WHERE ${table.offered}
    `.execute(db);
    return createWordIndex(rows.rows.map((row) => row.search_text));
  }

  return async (table: Table): Promise<WordIndex> => {
    const cached = cache.get(table.dataset);
    const now = Date.now();
    if (cached !== undefined && now - cached.checkedAt < WORD_INDEX_CHECK_MS) return cached.index;
    const row = await db
      .selectFrom('lookup_imports')
      .select(['imported_at', 'rows'])
      .where('dataset', '=', table.dataset)
      .executeTakeFirst();
    const version = row === undefined ? 'none' : `${row.imported_at.toISOString()} ${row.rows}`;
    if (cached?.version === version) {
      cached.checkedAt = now;
      return cached.index;
    }
    const index = build(table);
    cache.set(table.dataset, { version, checkedAt: now, index });
    // A failed build is retried by the next lookup, not remembered.
    index.catch(() => cache.delete(table.dataset));
    return index;
  };
}

/** The lookups over the database and an address provider. */
export function createLookups(db: Db, addresses: AddressProvider): Lookups {
  const wordIndex = wordIndexes(db);
  return {
    async find(category, text, max) {
      const limit = Math.max(1, Math.min(max, MAX_RESULTS_CAP));
      const typed = text.slice(0, MAX_QUERY_LENGTH);
      if (category === 'address') return (await addresses.suggest(typed, limit)).slice(0, limit);
      const query = searchKey(typed);
      if (query === '') return [];
      const table = TABLES[category];
      const rows = await searchTable(db, table, () => wordIndex(table), query, limit);
      return rows.map((row) => ({ text: row.name, id: row.id, sub_text: subText(row) }));
    },

    async warm() {
      await Promise.all(Object.values(TABLES).map((table) => wordIndex(table)));
    },

    async detail(category, id) {
      if (category === 'address') return addresses.detail(id);
      const table = TABLES[category];
      const result = await sql<Row & { address_line_1: string; zip: string; country: string }>`
        SELECT name, ceeb, address_line_1, city, state, zip, country FROM ${table.from}
        WHERE id = ${id}
      `.execute(db);
      const row = result.rows[0];
      if (row === undefined) return undefined;
      // The names the form's lookup `fills` maps use (tenant-config gallatin blocks/education).
      return {
        name: row.name,
        ceeb: row.ceeb ?? '',
        address_line_1: row.address_line_1,
        city: row.city,
        state: row.state,
        zip: row.zip,
        country: row.country,
      };
    },
  };
}
