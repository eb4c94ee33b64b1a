/**
 * What language a page speaks, read as a person gets it: the text shown (the body's innerText,
 * which leaves out what is hidden and keeps what only a screen reader reads), the page's title,
 * and the names and hints read aloud (aria-label, title, placeholder, alt…). Two checks:
 * - `englishLeftOn`: in the pseudo-locale (en-XA) every catalogue text is accented
 *   ("⟦Ŝȧȧṽḗḗ⟧"), so a plain ASCII letter left on the page is a text no catalogue gave;
 * - `englishShownOn`: in Spanish, no English text of the app's catalogues or the college's
 *   questions is shown.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { expect, type Page } from '@playwright/test';
import { loadCatalogues, type Messages } from '@admit/tenant-config/node';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

import { ROOT } from './paths.ts';

/** The pseudo-locale's code (tenant-config's PSEUDO_LANGUAGE). */
export const PSEUDO = 'en-XA';

/** A text a person reads or hears, and where it is. */
interface Said {
  where: string;
  text: string;
}

/**
 * Every text the page says: each line of the body's innerText, the document's title, and the
 * attributes read aloud or shown on hover of every element still rendered.
 */
export async function textsOn(page: Page): Promise<Said[]> {
  return page.evaluate(() => {
    const said: { where: string; text: string }[] = [];
    for (const line of document.body.innerText.split('\n'))
      if (line.trim() !== '') said.push({ where: 'text', text: line.trim() });
    if (document.title !== '') said.push({ where: '<title>', text: document.title });
    const attributes = [
      'aria-label',
      'aria-description',
      'aria-roledescription',
      'aria-valuetext',
      'aria-placeholder',
      'placeholder',
      'title',
      'alt',
    ];
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility() || element.closest('[aria-hidden="true"]') !== null) continue;
      const tag = element.tagName.toLowerCase();
      const id = element.id === '' ? '' : `#${element.id}`;
      for (const name of attributes) {
        const value = element.getAttribute(name)?.trim();
        if (value !== undefined && value !== '')
          said.push({ where: `${name} of <${tag}${id}>`, text: value });
      }
      if (
        element instanceof HTMLInputElement &&
        ['button', 'submit', 'reset'].includes(element.type) &&
        element.value !== ''
      )
        said.push({ where: `value of <input${id}>`, text: element.value });
    }
    return said;
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What no language translates: e-mail addresses, web addresses, reference codes. */
const NOT_WORDS = [
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
  /\b(https?:\/\/|www\.)\S+/g,
  /\b[\w-]+(\.[\w-]+)*\.(edu|com|org|gov|net)\b(\/\S*)?/g,
  // A reference such as GAL-7K3F-92QX: capitals and digits in hyphenated groups, some digit.
  /\b(?=[A-Z0-9-]*\d)[A-Z0-9]+(-[A-Z0-9]+)+\b/g,
];

/** Language names in themselves ("English", "Español"): a language switch shows them so. */
export const AUTONYMS = ['English', 'Español'];

/**
 * The texts on the page that still hold a plain ASCII letter once `allowed` (what the applicant
 * typed, the college's proper names), language autonyms, e-mail and web addresses and reference
 * codes are taken out: in the pseudo-locale each is English that no catalogue gave. Returns them
 * as `where: "text"`, so a failure names each.
 */
export async function englishLeftOn(
  page: Page,
  { allowed = [] }: { allowed?: readonly string[] } = {},
): Promise<string[]> {
  // The longest first, so "Gallatin College" goes before "Gallatin".
  const kept = [...allowed, ...AUTONYMS]
    .filter((text) => text !== '')
    .sort((a, b) => b.length - a.length)
    .map((text) => new RegExp(escape(text), 'g'));
  const left: string[] = [];
  for (const { where, text } of await textsOn(page)) {
    let rest = text;
    for (const pattern of [...kept, ...NOT_WORDS]) rest = rest.replace(pattern, ' ');
    if (/[A-Za-z]/.test(rest)) left.push(`${where}: "${text}"`);
  }
  return [...new Set(left)];
}

/** Every string of a parsed JSON value, an `{ en, es }` pair giving its `en` side only. */
function stringsOf(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if ('en' in record && 'es' in record) stringsOf(record.en, into);
    else for (const item of Object.values(record)) stringsOf(item, into);
  }
}

/** The bundled college's folder (the journeys' server runs gallatin, the default). */
const COLLEGE_DIR = join(ROOT, 'tenant-config', 'colleges', 'gallatin');

/** The college's proper names and address: the same in every language. */
export function collegeProperNames(): string[] {
  const college = JSON.parse(readFileSync(join(COLLEGE_DIR, 'college.json'), 'utf8')) as {
    names?: unknown;
    contact?: { address?: unknown; phone?: unknown };
  };
  const names: string[] = [];
  stringsOf(college.names, names);
  stringsOf(college.contact?.address, names);
  stringsOf(college.contact?.phone, names);
  return names;
}

/** The app's catalogues (form-model, design-system, form-app, server), as the build reads them. */
export function appCatalogues(): Record<string, Messages> {
  const folders = ['form-model', 'design-system', 'form-app', 'server']
    .map((name) => join(ROOT, name, 'src', 'locales'))
    .filter((folder) => statSync(folder, { throwIfNoEntry: false })?.isDirectory() === true);
  return loadCatalogues(folders);
}

/** The longest run of literal text of an ICU message (its arguments left out). */
function longestLiteral(text: string): string {
  let longest = '';
  const walk = (elements: ReturnType<typeof parse>) => {
    for (const element of elements) {
      if (element.type === TYPE.literal && element.value.trim().length > longest.length)
        longest = element.value.trim();
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(text));
  return longest;
}

/** The fields of a college's steps and option lists that hold a text the applicant reads. */
const COLLEGE_TEXT_FIELDS = new Set([
  'title',
  'description',
  'label',
  'hint',
  'text',
  'legend',
  'requiredMessage',
  'message',
]);

/** Every text under one of COLLEGE_TEXT_FIELDS in a parsed step or option list. */
function collegeTextsOf(value: unknown, into: string[]): void {
  if (Array.isArray(value)) for (const item of value) collegeTextsOf(item, into);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (COLLEGE_TEXT_FIELDS.has(key)) stringsOf(item, into);
      else collegeTextsOf(item, into);
    }
}

/**
 * The college's English texts a Spanish page must not show: its questions, hints, choices and
 * titles (its steps, option lists and college.json's titles), and every text its Spanish
 * translations (`locales/es.json`, keyed by the English text) give; less the ones whose Spanish
 * is the same (a proper name, "GED").
 */
function collegeEnglish(): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json'))
        collegeTextsOf(JSON.parse(readFileSync(path, 'utf8')), texts);
    }
  };
  for (const folder of ['steps', 'options'])
    if (statSync(join(COLLEGE_DIR, folder), { throwIfNoEntry: false })?.isDirectory())
      walk(join(COLLEGE_DIR, folder));
  const college = JSON.parse(readFileSync(join(COLLEGE_DIR, 'college.json'), 'utf8')) as {
    titles?: unknown;
  };
  stringsOf(college.titles, texts);
  const locale = join(COLLEGE_DIR, 'locales', 'es.json');
  const translations = statSync(locale, { throwIfNoEntry: false })?.isFile()
    ? ((JSON.parse(readFileSync(locale, 'utf8')) as { texts?: Record<string, string> }).texts ?? {})
    : {};
  texts.push(...Object.keys(translations));
  return [...new Set(texts)].filter((text) => translations[text] !== text);
}

/** English a Spanish page must not show. */
export interface EnglishTexts {
  /** Three words or more: found anywhere in a line. */
  sentences: string[];
  /** One or two words ("Save", "First Name"): found as a whole line or a whole name. */
  phrases: string[];
}

const wordCount = (text: string) =>
  text.split(/\s+/).filter((word) => /[A-Za-z]/.test(word)).length;

/**
 * The English a Spanish page must not show: every catalogue text (its longest literal run)
 * whose Spanish differs, and every text of the college's whose Spanish differs. Texts the same
 * in both ("Error", "No", "GED", a proper name) are left out, and so are the languages' own
 * names: the switch offers "English" on a Spanish page.
 */
export function englishTexts(): EnglishTexts {
  const catalogues = appCatalogues();
  const english = catalogues.en ?? {};
  const spanish = catalogues.es ?? {};
  const spanishTexts = new Set(Object.values(spanish));
  const all = new Set<string>();
  for (const [id, text] of Object.entries(english))
    if (spanish[id] !== text) all.add(longestLiteral(text));
  for (const text of collegeEnglish()) all.add(text);
  const texts = [...all]
    .map((text) => text.trim())
    .filter(
      (text) => /[A-Za-z]{2}/.test(text) && !spanishTexts.has(text) && !AUTONYMS.includes(text),
    );
  return {
    sentences: texts.filter((text) => wordCount(text) >= 3),
    phrases: texts.filter((text) => wordCount(text) < 3),
  };
}

/** A line as a phrase is compared with it: without a required mark or a colon at its end. */
function bare(line: string): string {
  return line.replace(/[\s*:\u2009]+$/u, '').trim();
}

/** The English texts (`englishTexts`) among `said`, each with where it is. */
function englishAmong(said: readonly Said[], english: EnglishTexts): string[] {
  const phrases = new Set(english.phrases);
  const shown: string[] = [];
  for (const { where, text } of said) {
    for (const sentence of english.sentences)
      if (text.includes(sentence)) shown.push(`${where}: "${sentence}"`);
    if (phrases.has(bare(text))) shown.push(`${where}: "${bare(text)}"`);
  }
  return [...new Set(shown)];
}

/** The English texts (`englishTexts`) the page shows, each with where it is. */
export async function englishShownOn(page: Page, english: EnglishTexts): Promise<string[]> {
  return englishAmong(await textsOn(page), english);
}

/** A pattern of an ICU text: its literal runs as they are, each argument or plural any text. */
function patternOf(text: string): string {
  return parse(text)
    .map((element) => (element.type === TYPE.literal ? escape(element.value) : '.+?'))
    .join('');
}

/**
 * What a catalogue's Spanish says where its English says `english` (SPEC's messages are
 * English, word for word): found by the English text, with its arguments as any text.
 */
export function spanishFor(english: string): RegExp {
  const catalogues = appCatalogues();
  const englishTexts = Object.entries(catalogues.en ?? {});
  // A text the catalogue holds as it is first; else one whose arguments it fills ("{a} {b}"
  // would match any two words, so it must not win over the text itself).
  const id =
    englishTexts.find(([, text]) => text === english)?.[0] ??
    englishTexts.find(([, text]) => new RegExp(`^${patternOf(text)}$`).test(english))?.[0];
  const spanish = id === undefined ? undefined : catalogues.es?.[id];
  if (id === undefined || spanish === undefined)
    throw new Error(`No catalogue holds "${english}" in English and Spanish yet.`);
  return new RegExp(patternOf(spanish));
}

/** The language switch's names for each language: the language's own name. */
const SWITCH_TO = { en: 'English', es: 'Español' } as const;

/**
 * Changes the page's language with the switch in its header (SPEC of the Spanish work: on every
 * page, by keyboard, labelled in both languages) and waits for the page to come back in it.
 * The switch is found by what a person sees: a link or button named by the language, or a
 * control named "Language"/"Idioma" that offers it.
 */
export async function switchLanguage(page: Page, to: keyof typeof SWITCH_TO): Promise<void> {
  const name = SWITCH_TO[to];
  const direct = page
    .getByRole('link', { name })
    .or(page.getByRole('button', { name }))
    .or(page.getByRole('menuitem', { name }));
  if ((await direct.count()) > 0) await direct.first().click();
  else {
    const opener = page
      .getByRole('combobox', { name: /Language|Idioma/i })
      .or(page.getByRole('button', { name: /Language|Idioma/i }))
      .first();
    if ((await opener.evaluate((element) => element.tagName)) === 'SELECT')
      await opener.selectOption({ label: name });
    else {
      await opener.click();
      await page
        .getByRole('option', { name })
        .or(page.getByRole('menuitem', { name }))
        .or(page.getByRole('menuitemradio', { name }))
        .first()
        .click();
    }
  }
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}

/**
 * The English texts (`englishTexts`) a text holds: a mail's, a PDF's. Sentences are looked for
 * in the whole text (a mail wraps its lines), phrases line by line.
 */
export function englishIn(text: string, english: EnglishTexts): string[] {
  const flat = text.replace(/\s+/g, ' ');
  return [
    ...english.sentences.filter((sentence) => flat.includes(sentence)).map((s) => `"${s}"`),
    ...englishAmong(
      text.split('\n').map((line) => ({ where: 'line', text: line.replace(/\s+/g, ' ').trim() })),
      { sentences: [], phrases: english.phrases },
    ),
  ];
}

/** The routes each language's walk opens: a visitor's, then a logged-in applicant's. */
export const VISITOR_ROUTES = [
  { name: 'about-visitor', path: '/about' },
  { name: 'signup', path: '/signup' },
  { name: 'confirm', path: '/confirm' },
  { name: 'login', path: '/login' },
  { name: 'forgot', path: '/forgot' },
  { name: 'reset', path: '/reset?username=ada%40example.com&id=0123456789abcdef' },
] as const;

export const APPLICANT_ROUTES = [
  { name: 'about', path: '/about' },
  { name: 'education', path: '/education' },
  { name: 'final-steps', path: '/final-steps' },
  { name: 'review', path: '/review' },
] as const;
