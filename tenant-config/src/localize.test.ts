import { describe, expect, it } from 'vitest';

import { assembleCollege, type CollegeFiles } from './assemble.ts';
import { blockTexts, localizeTenant, settingsTexts } from './localize.ts';
import { BUNDLED_COLLEGES_DIR, readCollegeFiles } from './node/index.ts';
import { formatProblem } from './problems.ts';
import { browserSplit } from './split.ts';
import { type TenantConfig } from './types.ts';

/** Gallatin's files in English only: its own `locales/` left out. */
const ENGLISH: CollegeFiles = Object.fromEntries(
  Object.entries(readCollegeFiles(`${BUNDLED_COLLEGES_DIR}/gallatin`)).filter(
    ([file]) => !file.startsWith('locales/'),
  ),
);

type Json = Record<string, unknown>;

/** The files with college.json's `languages` set (or left out) and more files added. */
function withLanguages(languages: string[] | undefined, more: CollegeFiles = {}): CollegeFiles {
  const college = JSON.parse(ENGLISH['college.json'] ?? '{}') as Json;
  if (languages === undefined) delete college.languages;
  else college.languages = languages;
  return { ...ENGLISH, 'college.json': `${JSON.stringify(college, null, 2)}\n`, ...more };
}

/** Every text of the files, each once, as the check lists them. */
function textsOf(files: CollegeFiles): string[] {
  const texts = Object.entries(files).flatMap(([file, text]) => {
    if (file === 'college.json') return settingsTexts(JSON.parse(text), file);
    if (/^(steps|options)\//.test(file)) return blockTexts(JSON.parse(text), file);
    return [];
  });
  return [...new Set(texts.map((place) => place.text))];
}

/** A made-up translation that marks every text: `⟪Personal Info⟫`. */
const mark = (text: string) => `⟪${text}⟫`;
const MARKED = Object.fromEntries(textsOf(ENGLISH).map((text) => [text, mark(text)]));
const locale = (texts: Record<string, string>) =>
  `${JSON.stringify({ $schema: '../../../schema/locale.schema.json', texts }, null, 2)}\n`;

const assembled = (files: CollegeFiles) => assembleCollege(files, { id: 'gallatin' });
const problemsOf = (files: CollegeFiles) => assembled(files).problems.map(formatProblem);
function configOf(files: CollegeFiles): TenantConfig {
  const { config, problems } = assembled(files);
  expect(problems.map(formatProblem)).toEqual([]);
  if (config === undefined) throw new Error('no config');
  return config;
}

/** Every string of a value, with its JSON Pointer. */
function strings(value: unknown, pointer = ''): [string, string][] {
  if (typeof value === 'string') return [[pointer, value]];
  if (Array.isArray(value))
    return value.flatMap((item, index) => strings(item, `${pointer}/${index}`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([name, item]) => strings(item, `${pointer}/${name}`));
  return [];
}

describe('languages: the college names its own first', () => {
  it('is ["en"] when college.json names none, with no translations', () => {
    const config = configOf(withLanguages(undefined));
    expect(config.languages).toEqual(['en']);
    expect(config).not.toHaveProperty('translations');
    expect(localizeTenant(config, 'en')).toBe(config);
  });

  it('refuses a tag that is not BCP 47', () => {
    expect(problemsOf(withLanguages(['en', 'spanish!']))).toEqual([
      expect.stringMatching(/^college\.json:\d+: \/languages\/1: /),
    ]);
    expect(problemsOf(withLanguages(['en', 'es-US-US']))).toEqual([
      expect.stringMatching(
        /^college\.json:\d+: \/languages\/1: "es-US-US" is not a language tag \(BCP 47\), such as "en" or "es"$/,
      ),
    ]);
  });
});

describe('localizeTenant: the whole college in one of its languages', () => {
  const config = configOf(withLanguages(['en', 'fr'], { 'locales/fr.json': locale(MARKED) }));
  const french = localizeTenant(config, 'fr');

  it('returns the college as it is in its own language', () => {
    expect(localizeTenant(config, 'en')).toBe(config);
  });

  it('translates every text of the steps, the option lists and college.json, and nothing else', () => {
    const before = new Map(strings(config.pages));
    const after = strings(french.pages);
    expect(after.map(([pointer]) => pointer)).toEqual([...before.keys()]);
    const texts = new Set(Object.keys(MARKED));
    for (const [pointer, text] of after) {
      const original = before.get(pointer) ?? '';
      const isText =
        /\/(title|description|label|itemLabel|hint|text|legend|requiredMessage|message)$/.test(
          pointer,
        ) && !/\/(hideWhen|showWhen|when|fills|keys|years)\//.test(pointer);
      expect([pointer, text]).toEqual([pointer, isText ? mark(original) : original]);
      if (isText) expect(texts.has(original)).toBe(true);
    }
    expect(french.pages[0]?.title).toBe('⟪Personal Info⟫');
    expect(french.names).toEqual({
      college: '⟪Gallatin College⟫',
      shortName: '⟪Gallatin⟫',
      partner: '⟪Montana State University⟫',
    });
    expect(french.titles.completion).toBe('⟪Thank you for applying to Gallatin College⟫');
    expect(french.contact.hours).toBe(mark(config.contact.hours));
    expect(french.privacyNotice).toEqual(config.privacyNotice.map(mark));
    // Codes, addresses and links stay as they are.
    expect(french.contact.address).toEqual(config.contact.address);
    expect(french.urls).toEqual(config.urls);
    expect(french.defaultRoute).toBe(config.defaultRoute);
    expect(french.languages).toEqual(['en', 'fr']);
  });

  it('leaves out the translations, and leaves the college it was given alone', () => {
    expect(config.translations?.fr).toEqual(MARKED);
    expect(french).not.toHaveProperty('translations');
    expect(config.pages[0]?.title).toBe('Personal Info');
    expect(browserSplit(config).firstLoad).not.toHaveProperty('translations');
  });

  it('refuses a language the college does not offer', () => {
    expect(() => localizeTenant(config, 'de')).toThrow(
      new RangeError('College "gallatin" is not written in "de"; its languages are en, fr.'),
    );
  });
});

describe('the check of a language file', () => {
  const without = (text: string) =>
    Object.fromEntries(Object.entries(MARKED).filter(([source]) => source !== text));

  it('refuses a file that misses a text, naming the text and where it is used', () => {
    expect(
      problemsOf(withLanguages(['en', 'fr'], { 'locales/fr.json': locale(without('Your Name')) })),
    ).toEqual([
      'locales/fr.json:3: /texts: misses the translation of "Your Name" (steps/about.json /sections/0/title)',
    ]);
  });

  it('refuses an entry no text of the college uses any more', () => {
    expect(
      problemsOf(
        withLanguages(['en', 'fr'], {
          'locales/fr.json': locale({ ...MARKED, 'Your Full Name': 'Votre nom complet' }),
        }),
      ),
    ).toEqual([
      expect.stringMatching(
        /^locales\/fr\.json:\d+: \/texts\/Your Full Name: translates a text the college no longer uses \(was its text changed\? translate the new text instead\): remove this entry$/,
      ),
    ]);
  });

  it('refuses a translation that loses a {placeholder}, and an empty one', () => {
    expect(
      problemsOf(
        withLanguages(['en', 'fr'], {
          'locales/fr.json': locale({ ...MARKED, 'Place {n}': 'Lieu', 'Your Name': ' ' }),
        }),
      ),
    ).toEqual([
      expect.stringMatching(
        /^locales\/fr\.json:\d+: \/texts\/Your Name: is not translated yet: write its translation$/,
      ),
      expect.stringMatching(
        /^locales\/fr\.json:\d+: \/texts\/Place {n}: has the placeholders none, but its text has {n}: keep each {placeholder} as it is$/,
      ),
    ]);
  });

  it('refuses a file for a language college.json does not name, or for its own', () => {
    expect(problemsOf(withLanguages(['en'], { 'locales/fr.json': locale(MARKED) }))).toEqual([
      'locales/fr.json: is in "fr", which college.json\'s "languages" (en) does not name: add "fr" there, or remove the file',
    ]);
    expect(
      problemsOf(
        withLanguages(['en', 'fr'], {
          'locales/fr.json': locale(MARKED),
          'locales/en.json': locale(MARKED),
        }),
      ),
    ).toEqual([
      'locales/en.json: is in "en", the college\'s own language (the first of college.json\'s "languages"): its texts are the steps\' own; remove the file',
    ]);
  });

  it('refuses a language college.json names without its file', () => {
    expect(problemsOf(withLanguages(['en', 'fr']))).toEqual([
      expect.stringMatching(
        /^college\.json:\d+: \/languages\/1: names "fr", but there is no file locales\/fr\.json with the college's texts in it$/,
      ),
    ]);
  });

  it("refuses a file that is not the schema's shape, with the line", () => {
    expect(
      problemsOf(withLanguages(['en', 'fr'], { 'locales/fr.json': '{\n  "text": {}\n}\n' })),
    ).toEqual([
      expect.stringMatching(/^locales\/fr\.json:\d+: /),
      expect.stringMatching(/^locales\/fr\.json:\d+: /),
    ]);
  });
});

/** The states and provinces whose Spanish name is their English one. */
const SAME_PLACE_NAMES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Georgia',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Minnesota',
  'Montana',
  'Nebraska',
  'Nevada',
  'Ohio',
  'Oklahoma',
  'Rhode Island',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'Wisconsin',
  'Wyoming',
  'Guam',
  'Puerto Rico',
  'Alberta',
  'Manitoba',
  'Nunavut',
  'Ontario',
  'Quebec',
  'Saskatchewan',
];

/**
 * Each bundled college in Spanish: the texts Spanish writes as English does (its proper
 * names, the place names above, test names, and "No"), and the English names its Spanish may
 * hold outside parentheses (an office's or a programme's own name, a web address).
 */
const SPANISH = [
  {
    id: 'gallatin',
    kept: [
      'Gallatin College',
      'Gallatin',
      'Montana State University',
      ...SAME_PLACE_NAMES,
      'GED',
      'HiSET',
      'TASC',
      'No',
    ],
    names: ['Montana State University', 'Gallatin College', 'Responda STOP'],
    pages: ['Información personal', 'Historial académico', 'Enviar'],
    stops: 3,
  },
  {
    id: 'example',
    kept: [
      'Riverbend Community College',
      'Riverbend',
      'Riverbend Community College District',
      ...SAME_PLACE_NAMES,
      'Hmong',
      'California Dream Act Application',
      'GED',
      'HiSET',
      'No',
    ],
    names: [
      'Riverbend Community College',
      'Riverbend Middle College High School',
      'College and Career Access Pathways',
      'California Dream Act Application',
      'California College Promise Grant',
      'Responda STOP',
      /\S+\.example\.edu\S*/,
    ],
    pages: ['Acerca de usted', 'Estudios', 'Firmar y enviar'],
    stops: 1,
  },
];

describe.each(SPANISH)('$id in Spanish', ({ id, kept, names, pages, stops }) => {
  const college = configOf(readCollegeFiles(`${BUNDLED_COLLEGES_DIR}/${id}`));
  const spanish = localizeTenant(college, 'es');
  /** The texts the applicant reads, by JSON Pointer, of a config's settings and pages. */
  const textsByPlace = (config: TenantConfig) =>
    new Map(
      [
        ...settingsTexts(config, 'college.json'),
        ...config.pages.flatMap((page) => blockTexts(page, `steps/${page.id}.json`)),
      ].map(({ file, pointer, text }) => [`${file} ${pointer}`, text]),
    );
  const spanishTexts = [...textsByPlace(spanish).values()];

  it('offers English, its own, and Spanish', () => {
    expect(college.languages).toEqual(['en', 'es']);
  });

  it('leaves no English text of the college but the proper names', () => {
    const english = textsByPlace(college);
    const translated = textsByPlace(spanish);
    expect([...translated.keys()]).toEqual([...english.keys()]);
    expect(english.size).toBeGreaterThan(500);
    const unchanged = [...translated].filter(([place, text]) => english.get(place) === text);
    expect([...new Set(unchanged.map(([, text]) => text))].sort()).toEqual([...kept].sort());
  });

  it('reads as Spanish: no English word outside a proper name or a gloss in parentheses', () => {
    const ENGLISH_WORDS =
      /\b(the|your|you|and|of|to|is|are|with|for|this|that|have|please|or|not|if|in|on|at|when)\b/i;
    const slips = spanishTexts
      .map((text) =>
        names.reduce<string>(
          (rest, name) => rest.replace(typeof name === 'string' ? name : new RegExp(name, 'g'), ''),
          text.replace(/\([^()]*\)/g, ''),
        ),
      )
      .filter((text) => ENGLISH_WORDS.test(text));
    expect(slips).toEqual([]);
  });

  it('speaks to the applicant as usted, never tú', () => {
    // Lower-case or capitalised, not "TI" (tecnologías de la información); letters as Unicode's.
    const TU =
      /(?<!\p{L})([Tt]ú|[Tt]us?|[Tt][ei]|[Cc]ontigo|[Ee]res|[Tt]ienes|[Pp]uedes|[Qq]uieres)(?!\p{L})/u;
    expect(spanishTexts.filter((text) => TU.test(text))).toEqual([]);
  });

  it('has its steps, STOP messages and privacy notice in Spanish', () => {
    expect(spanish.pages.map((page) => page.title)).toEqual(pages);
    expect(new Set(spanishTexts.filter((text) => text.startsWith('ALTO: '))).size).toBe(
      id === 'gallatin' ? stops : 0,
    );
    expect(spanish.privacyNotice).toHaveLength(college.privacyNotice.length);
    for (const paragraph of spanish.privacyNotice) expect(paragraph).toMatch(/\b(su|sus|la|el)\b/);
  });
});
