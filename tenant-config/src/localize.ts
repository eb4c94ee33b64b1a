/**
 * A college's texts in its other languages. A college writes its files in its own language
 * (`languages[0]`) and keeps, per other language, `locales/<language>.json`: each of its texts
 * → the translation, keyed by the text itself (gettext-style). Keyed by the text, not by where
 * it is, because staff read the English beside the Spanish; a text used in many places ("Yes",
 * "City", a state's name) is translated once; moving a question keeps its translation; and an
 * English text that changes turns its translation into one "no longer used" and the new text
 * into one "missing", so the check catches a translation left behind, which keying by place
 * would silently keep.
 *
 * Which strings are texts: in the steps and option lists, every string under one of
 * `TEXT_FIELDS` (outside conditions, `fills`, `keys` and `years`, which hold codes); in
 * college.json, the fields `SETTINGS_TEXTS` names. Postal addresses, e-mails, URLs and codes
 * are not translated.
 */
import { isObject, lineOf, type ParsedJson, pointerSegment } from './json.ts';
import { type CollegeProblem } from './problems.ts';
import { type CollegeTexts, type TenantConfig } from './types.ts';

/** The college's own language when college.json names none. */
export const DEFAULT_LANGUAGES: readonly string[] = ['en'];

/** The fields of a step's blocks and options that hold a text the applicant reads. */
export const TEXT_FIELDS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'label',
  'itemLabel',
  'hint',
  'text',
  'legend',
  'requiredMessage',
  'message',
]);

/** Fields whose values are codes, keys and conditions: no text inside. */
const CODE_FIELDS: ReadonlySet<string> = new Set([
  'hideWhen',
  'showWhen',
  'when',
  'fills',
  'keys',
  'years',
  '$schema',
]);

/**
 * college.json's texts, as JSON Pointers (`*` is every item of a list): the names, the titles,
 * the office hours, the privacy notice's paragraphs and the PDF's own wording.
 */
export const SETTINGS_TEXTS: readonly string[] = [
  '/names/college',
  '/names/shortName',
  '/names/partner',
  '/titles/application',
  '/titles/completion',
  '/contact/hours',
  '/privacyNotice/*',
  '/pdf/title',
  '/pdf/footer',
  '/pdf/headerLines/*',
];

/** One place a text is written: its file and JSON Pointer. */
export interface TextPlace {
  text: string;
  file: string;
  pointer: string;
}

/** Every text of a step's or an option list's value, with its JSON Pointer in the file. */
export function blockTexts(value: unknown, file: string): TextPlace[] {
  const places: TextPlace[] = [];
  const walk = (inner: unknown, pointer: string) => {
    if (Array.isArray(inner)) {
      inner.forEach((item, index) => {
        walk(item, `${pointer}/${index}`);
      });
      return;
    }
    if (!isObject(inner)) return;
    for (const [name, child] of Object.entries(inner)) {
      if (CODE_FIELDS.has(name)) continue;
      const at = `${pointer}/${pointerSegment(name)}`;
      if (typeof child === 'string') {
        if (TEXT_FIELDS.has(name)) places.push({ text: child, file, pointer: at });
      } else walk(child, at);
    }
  };
  walk(value, '');
  return places;
}

/** Every text of college.json's value (or of a config's settings), with its JSON Pointer. */
export function settingsTexts(value: unknown, file: string): TextPlace[] {
  const places: TextPlace[] = [];
  for (const path of SETTINGS_TEXTS) {
    const segments = path.split('/').slice(1);
    const walk = (inner: unknown, index: number, pointer: string) => {
      if (index === segments.length) {
        if (typeof inner === 'string') places.push({ text: inner, file, pointer });
        return;
      }
      const segment = segments[index] ?? '';
      if (segment === '*') {
        if (Array.isArray(inner))
          inner.forEach((item, at) => {
            walk(item, index + 1, `${pointer}/${at}`);
          });
      } else if (isObject(inner)) walk(inner[segment], index + 1, `${pointer}/${segment}`);
    };
    walk(value, 0, '');
  }
  return places;
}

/** A copy of `value` with every text `blockTexts` finds replaced by `translate(text)`. */
function translateBlocks<T>(value: T, translate: (text: string) => string): T {
  const walk = (inner: unknown): unknown => {
    if (Array.isArray(inner)) return inner.map(walk);
    if (!isObject(inner)) return inner;
    return Object.fromEntries(
      Object.entries(inner).map(([name, child]) => [
        name,
        CODE_FIELDS.has(name)
          ? child
          : typeof child === 'string'
            ? TEXT_FIELDS.has(name)
              ? translate(child)
              : child
            : walk(child),
      ]),
    );
  };
  return walk(value) as T;
}

/** A copy of settings with every text `settingsTexts` finds replaced by `translate(text)`. */
function translateSettings<T extends object>(value: T, translate: (text: string) => string): T {
  const copy = structuredClone(value) as Record<string, unknown>;
  for (const path of SETTINGS_TEXTS) {
    const segments = path.split('/').slice(1);
    const walk = (holder: unknown, index: number) => {
      const segment = segments[index] ?? '';
      const last = index === segments.length - 1;
      if (segment === '*') {
        if (!Array.isArray(holder)) return;
        holder.forEach((item, at) => {
          if (last) {
            if (typeof item === 'string') holder[at] = translate(item);
          } else walk(item, index + 1);
        });
      } else if (isObject(holder)) {
        if (last) {
          const item = holder[segment];
          if (typeof item === 'string') holder[segment] = translate(item);
        } else walk(holder[segment], index + 1);
      }
    };
    walk(copy, 0);
  }
  return copy as T;
}

/** The languages a college offers, its own first. */
export function collegeLanguages(config: Pick<TenantConfig, 'languages'>): readonly string[] {
  return config.languages.length > 0 ? config.languages : DEFAULT_LANGUAGES;
}

/**
 * The college in `language`: every text the applicant reads (titles, names, steps, sections,
 * questions, hints, options, STOP messages, paragraphs, legends, buttons, tabs, the privacy
 * notice, the office hours, the completion title, the PDF's wording) in that language. The
 * college's own language (`languages[0]`) returns the config as it is; another of its
 * `languages` returns a copy with its translations applied and without `translations` (they
 * are keyed by the own language's texts). Pure: the server calls it once per language at start.
 * Throws a RangeError for a language the college does not offer: the caller picks among
 * `config.languages`.
 *
 * @example localizeTenant(gallatin, 'es').pages[0]?.title // 'Información personal'
 */
export function localizeTenant(config: TenantConfig, language: string): TenantConfig {
  const languages = collegeLanguages(config);
  if (language === languages[0]) return config;
  const texts = languages.includes(language) ? config.translations?.[language] : undefined;
  if (texts === undefined)
    throw new RangeError(
      `College "${config.id}" is not written in "${language}"; its languages are ${languages.join(', ')}.`,
    );
  // The check guarantees every text a translation; a text without one (a config made by hand)
  // stays as it is rather than failing a page.
  return translateTenant(config, (text) => texts[text] ?? text);
}

/**
 * The college with every text a person reads (those `localizeTenant` translates) passed
 * through `translate`: a language's translations, or the pseudo-locale's accents.
 */
export function translateTenant(
  config: TenantConfig,
  translate: (text: string) => string,
): TenantConfig {
  const { pages, ...settings } = config;
  // Keyed by the own language's texts, they translate nothing of the translated college.
  delete settings.translations;
  return {
    ...translateSettings(settings, translate),
    pages: pages.map((page) => translateBlocks(page, translate)),
  };
}

/** `{placeholder}`s a text holds (an add-another's `{n}`, the PDF footer's `{college}`). */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)].map(([, name]) => name ?? '').sort();
}

/** One `locales/<language>.json`, read and fitting its schema. */
export interface ReadLocale {
  language: string;
  file: string;
  parsed: ParsedJson;
  texts: CollegeTexts;
}

/**
 * What is wrong with a college's translations: a language file for a language `languages`
 * does not name, or for its own; a language without its file; per file, each text of the
 * college it misses (at `/texts`, naming where the text is used), each entry no text of the
 * college uses any more, and each translation whose `{placeholders}` differ from its text's.
 */
export function translationProblems(
  languages: readonly string[],
  locales: readonly ReadLocale[],
  places: readonly TextPlace[],
  college: { file: string; parsed: ParsedJson | undefined; languagesPointer: string },
): CollegeProblem[] {
  const problems: CollegeProblem[] = [];
  const report = (
    file: string,
    parsed: ParsedJson | undefined,
    pointer: string,
    message: string,
  ) => {
    const line = lineOf(parsed, pointer);
    problems.push({ file, pointer, ...(line === undefined ? {} : { line }), message });
  };
  const own = languages[0];
  const firstPlace = new Map<string, TextPlace>();
  for (const place of places) if (!firstPlace.has(place.text)) firstPlace.set(place.text, place);
  for (const locale of locales) {
    const { file, parsed, language, texts } = locale;
    if (language === own) {
      problems.push({
        file,
        message: `is in "${language}", the college's own language (the first of college.json's "languages"): its texts are the steps' own; remove the file`,
      });
      continue;
    }
    if (!languages.includes(language)) {
      problems.push({
        file,
        message: `is in "${language}", which college.json's "languages" (${languages.join(', ')}) does not name: add "${language}" there, or remove the file`,
      });
      continue;
    }
    for (const [text, place] of firstPlace)
      if (texts[text] === undefined)
        report(
          file,
          parsed,
          '/texts',
          `misses the translation of ${JSON.stringify(text)} (${place.file} ${place.pointer})`,
        );
    for (const [text, translation] of Object.entries(texts)) {
      const pointer = `/texts/${pointerSegment(text)}`;
      if (translation.trim() === '')
        report(
          file,
          parsed,
          pointer,
          firstPlace.has(text)
            ? 'is not translated yet: write its translation'
            : 'is not translated, and translates a text the college no longer uses: remove this entry',
        );
      else if (!firstPlace.has(text))
        report(
          file,
          parsed,
          pointer,
          'translates a text the college no longer uses (was its text changed? translate the new text instead): remove this entry',
        );
      else if (placeholders(text).join() !== placeholders(translation).join())
        report(
          file,
          parsed,
          pointer,
          `has the placeholders ${
            placeholders(translation)
              .map((name) => `{${name}}`)
              .join(' ') || 'none'
          }, but its text has ${
            placeholders(text)
              .map((name) => `{${name}}`)
              .join(' ') || 'none'
          }: keep each {placeholder} as it is`,
        );
    }
  }
  languages.forEach((language, index) => {
    if (index > 0 && !locales.some((locale) => locale.language === language))
      report(
        college.file,
        college.parsed,
        `${college.languagesPointer}/${index}`,
        `names "${language}", but there is no file locales/${language}.json with the college's texts in it`,
      );
  });
  return problems;
}

/** What `localeDraft` made: the file's text and how many entries it added and kept unused. */
export interface LocaleDraft {
  text: string;
  /** Texts of the college the file had no entry for, added with an empty translation. */
  added: number;
  /** Entries no text of the college uses any more, kept at the end for the translator. */
  unused: number;
}

/**
 * A language file brought up to date with the college's texts, for a translator to fill in:
 * every text of the college in the order the college's files hold them (college.json, the
 * steps as college.json lists them, the option lists), each with its translation from
 * `existing` or, when it has none, an empty one (which the check reports as not translated
 * yet); then the entries no text uses any more, kept so that a changed text's old translation
 * is at hand (the check asks to remove them). Throws when a file is not JSON: `college check`
 * says where.
 */
export function localeDraft(
  files: Readonly<Record<string, string>>,
  existing: { $schema: string; texts: Readonly<Record<string, string>> },
): LocaleDraft {
  const parse = (file: string): unknown => {
    try {
      return JSON.parse(files[file] ?? '{}') as unknown;
    } catch {
      throw new Error(`${file} is not JSON; run the college's check to see where.`);
    }
  };
  const college = parse('college.json');
  const steps =
    isObject(college) && Array.isArray(college.steps)
      ? college.steps.filter((step): step is string => typeof step === 'string')
      : [];
  const others = Object.keys(files)
    .filter((file) => /^(steps|options)\/[^/]+\.json$/.test(file))
    .sort((a, b) => {
      const rank = (file: string) => {
        const step = steps.indexOf(/^steps\/([^/]+)\.json$/.exec(file)?.[1] ?? '');
        return step === -1 ? steps.length + (file.startsWith('options/') ? 1 : 0) : step;
      };
      return rank(a) - rank(b) || a.localeCompare(b);
    });
  const places = [
    ...settingsTexts(college, 'college.json'),
    ...others.flatMap((file) => blockTexts(parse(file), file)),
  ];
  const texts: Record<string, string> = {};
  let added = 0;
  for (const { text } of places) {
    if (text in texts) continue;
    const translation = existing.texts[text];
    if (translation === undefined) added += 1;
    texts[text] = translation ?? '';
  }
  let unused = 0;
  for (const [text, translation] of Object.entries(existing.texts))
    if (!(text in texts)) {
      texts[text] = translation;
      unused += 1;
    }
  return {
    text: `${JSON.stringify({ $schema: existing.$schema, texts }, null, 2)}\n`,
    added,
    unused,
  };
}
