/**
 * The server's own texts in every language (docs/architecture.md, "Languages"): API messages,
 * mails and the application PDF's print chrome. Each lives in a catalogue
 * (`server/src/locales/<language>/*.json`, ids `server.…`), loaded with form-model's (its
 * validation messages, which the server says too) by tenant-config/node's `loadCatalogues`,
 * which checks that every id has every language. Code names a text by its id (`Text`) and the
 * text is made in the language of whoever reads it: the request's for an API message, the
 * account's for a mail, the applicant's for their PDF, the college's first for staff.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  englishMessages,
  messagesIn,
  type ModelMessages,
  type OptionLists,
  optionListsIn,
} from '@admit/form-model';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { match } from '@formatjs/intl-localematcher';
import {
  type Catalogues,
  loadCatalogues,
  type Messages,
  PSEUDO_LANGUAGE,
  pseudoMessages,
} from '@admit/tenant-config/node';

/**
 * A value a text takes: `{count, plural, …}`, `{name}`, `{date, date, long}`, or another text,
 * made in the same language first.
 */
export type TextValue = string | number | Date | Text;

/** A text by its catalogue id, with the values its ICU message takes. */
export interface Text {
  id: string;
  values?: Readonly<Record<string, TextValue>>;
}

/** What a message may be: a text by id, words already made, or several said one after another. */
export type Said = Text | string | readonly Said[];

/** Names a text: `text('server.accounts.loginFailed')`. */
export function text(id: string, values?: Readonly<Record<string, TextValue>>): Text {
  return values === undefined ? { id } : { id, values };
}

/** Whether a value is a `Text` (a message id) rather than words already made. */
export function isText(value: unknown): value is Text {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    Object.keys(value).every((key) => key === 'id' || key === 'values')
  );
}

/** The English the catalogues are written from: logs and staff-side errors use it. */
export const SOURCE_LANGUAGE = 'en';

/**
 * The server's folder (`server/`, holding `src/locales`), found upwards from this module: it runs
 * as server/src/services/texts.ts in development and tests, and bundled somewhere under
 * server/dist in a build or a release (scripts/release.mjs copies the catalogues beside it).
 * form-model's catalogues are in `form-model/src/locales` beside it.
 */
function serverFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; dir !== dirname(dir); dir = dirname(dir))
    if (basename(dir) === 'server' && existsSync(join(dir, 'src', 'locales'))) return dir;
  throw new Error(`No catalogues (server/src/locales) in any folder above ${here}.`);
}

let loaded: Catalogues | undefined;

/**
 * The server's catalogues and form-model's, read and checked once (a missing id or bad ICU
 * stops the start, naming each problem).
 */
export function serverCatalogues(): Catalogues {
  loaded ??= loadCatalogues([
    join(serverFolder(), 'src', 'locales'),
    join(dirname(serverFolder()), 'form-model', 'src', 'locales'),
  ]);
  return loaded;
}

let pseudoCatalogue: ReturnType<typeof pseudoMessages> | undefined;

/**
 * The messages of `language` (the pseudo-locale's made from English once), or undefined when
 * the catalogues have not that language: what the formatters, form-model's messages and its
 * option lists are all made from.
 */
function messagesOf(language: string): Messages | ReturnType<typeof pseudoMessages> | undefined {
  const catalogues = serverCatalogues();
  if (language !== PSEUDO_LANGUAGE) return catalogues[language];
  pseudoCatalogue ??= pseudoMessages(catalogues[SOURCE_LANGUAGE] ?? {});
  return pseudoCatalogue;
}

const cache = createIntlCache();
const intls = new Map<string, IntlShape>();

/** A formatter of the server's texts in `language` (one a catalogue has, or the pseudo-locale). */
export function intlFor(language: string): IntlShape {
  let intl = intls.get(language);
  if (intl === undefined) {
    const messages = messagesOf(language);
    if (messages === undefined) throw new Error(`The server has no texts in "${language}".`);
    intl = createIntl(
      {
        locale: language,
        messages,
        // A missing id is a bug the catalogue check would have named; say it loudly in tests.
        onError: (error) => {
          throw error;
        },
      },
      cache,
    );
    intls.set(language, intl);
  }
  return intl;
}

/**
 * `message` in `language`: a `Text` formatted, words already made returned as they are, several
 * joined by a space.
 */
export function format(language: string, message: Said): string {
  if (typeof message === 'string') return message;
  if (Array.isArray(message))
    return (message as readonly Said[]).map((part) => format(language, part)).join(' ');
  const { id, values } = message as Text;
  const made =
    values === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(values).map(([name, value]) => [
            name,
            isText(value) ? format(language, value) : value,
          ]),
        );
  return intlFor(language).formatMessage({ id }, made);
}

/** `message` in English, the source language (logs, `Error.message`). */
export function english(message: Said): string {
  return format(SOURCE_LANGUAGE, message);
}

/**
 * form-model's messages (validation, SPEC §8) in `language`, for the checks the server runs
 * again (account forms, a submission, an upload); the college's first language's when the
 * catalogues have not `language`.
 */
export function modelMessages(language: string): ModelMessages {
  const catalogue = messagesOf(language);
  return catalogue === undefined ? englishMessages() : messagesIn(language, catalogue);
}

const optionListsByLanguage = new Map<string, OptionLists>();

/**
 * form-model's built-in option lists (countries, states, months, yes/no) labelled in
 * `language`: what a PDF or a refusal prints for a chosen code, as the applicant saw it.
 */
export function optionLists(language: string): OptionLists {
  let lists = optionListsByLanguage.get(language);
  if (lists === undefined) {
    lists = optionListsIn(language, messagesOf(language) ?? messagesOf(SOURCE_LANGUAGE) ?? {});
    optionListsByLanguage.set(language, lists);
  }
  return lists;
}

/** The languages the server's catalogues have (not the pseudo-locale). */
export function catalogueLanguages(): string[] {
  return Object.keys(serverCatalogues());
}

/** Which languages a server offers, and which it falls back to. */
export interface Languages {
  /** The languages offered: the college's that the catalogues have, its first first. */
  offered: readonly string[];
  /** The college's first language: staff's copies, and a request that says nothing. */
  fallback: string;
}

/**
 * The languages offered for a college's `languages` (its own first): those every catalogue has,
 * and the pseudo-locale when `pseudo` (development and the test runs, ADMIT_PSEUDO_LOCALE=1).
 */
export function offeredLanguages(college: readonly string[], pseudo: boolean): Languages {
  const catalogues = new Set(catalogueLanguages());
  const offered = college.filter((language) => catalogues.has(language));
  const fallback = offered[0] ?? SOURCE_LANGUAGE;
  if (offered.length === 0) offered.push(fallback);
  if (pseudo) offered.push(PSEUDO_LANGUAGE);
  return { offered, fallback };
}

/** The language tags of an Accept-Language header, the most wanted first (q=0 left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (header === undefined) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0 && Number.isFinite(q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag)
    .filter((tag) => {
      try {
        Intl.getCanonicalLocales(tag);
        return true;
      } catch {
        return false;
      }
    });
}

/**
 * The offered language an Accept-Language header asks for (FormatJS's locale matcher: `es-MX`
 * finds `es`), else undefined.
 */
export function matchAcceptLanguage(
  header: string | undefined,
  offered: readonly string[],
): string | undefined {
  const requested = acceptedLanguages(header);
  if (requested.length === 0) return undefined;
  // The pseudo-locale is chosen only on purpose (?lang=en-XA), never by a browser's English.
  const real = offered.filter((language) => language !== PSEUDO_LANGUAGE);
  // `zxx` ("no linguistic content"): a valid tag no college offers, so "none matched".
  const NONE = 'zxx';
  const found = match(requested, real, NONE, { algorithm: 'best fit' });
  return found === NONE ? undefined : found;
}
