/**
 * A college from its folder's files, checked: the one place where the source format (JSON
 * files, `format.ts`) becomes the `TenantConfig` the server, the PDF and the app use. Pure: it
 * is given the files' texts, so Node (`loadCollegeDir`) and a Vite build (`bundled.ts`) load a
 * college the same way.
 *
 * The check runs in two rounds. First every file's form: JSON, its schema (ajv), the steps
 * college.json lists against the files in `steps/`, the logo. Then, when every file has its
 * form, their meaning: form-model's page check (keys, conditions, add-another, ids), option
 * lists, limits against the character limit, the default route, the time zone, the theme's
 * contrast. Every problem of a round is reported at once, each naming its file and JSON path.
 */
import { type Option, type PageConfig, type PageProblem, pageProblems } from '@admit/form-model';

import { contrastProblems, pdfContrastProblems } from './contrast.ts';
import { type CollegeFile, type LocaleFile, type OptionsFile, type StepFile } from './format.ts';
import { lineOf, type ParsedJson, parseJsonFile, pointerSegment, valueAt } from './json.ts';
import {
  blockTexts,
  DEFAULT_LANGUAGES,
  type ReadLocale,
  settingsTexts,
  translationProblems,
} from './localize.ts';
import { checkLogo } from './logo.ts';
import { FORM_MODEL_LISTS, isFormModelList, resolveOptionLists } from './options.ts';
import { type CollegeProblem } from './problems.ts';
import { PDF_FOOTER_FIELDS, type TenantConfig } from './types.ts';
import { type FileKind, schemaIssues } from './validate.ts';

/** A college's folder as its files' texts, by path relative to the folder (`steps/about.json`). */
export type CollegeFiles = Readonly<Record<string, string>>;

/** What `assembleCollege` makes of a folder: the college when it has no problem, and every problem. */
export interface AssembledCollege {
  config?: TenantConfig;
  problems: CollegeProblem[];
}

export const COLLEGE_FILE = 'college.json';
const STEP_FILE = /^steps\/([^/]+)\.json$/;
const OPTIONS_FILE = /^options\/([^/]+)\.json$/;
const LOCALE_FILE = /^locales\/([^/]+)\.json$/;
/** A college's id, a step's id, an option list's name. */
const NAME = /^[a-z][a-z0-9-]*$/;

/** Whether the runtime knows `zone` as a time zone (Intl throws a RangeError if not). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether `tag` is a BCP 47 language tag the runtime's `Intl` accepts as written. */
function isLanguage(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** form-model's `sections[2].blocks[4]` as a JSON Pointer, `/sections/2/blocks/4`. */
function pathToPointer(path: string): string {
  return path
    .split(/\.|\[(\d+)\]/)
    .filter(Boolean)
    .map((segment) => `/${pointerSegment(segment)}`)
    .join('');
}

/** Inside `value`, the shallowest place holding the string `text` (a key where it is written). */
function find(value: unknown, text: string, pointer = ''): string | undefined {
  let level: [unknown, string][] = [[value, pointer]];
  while (level.length > 0) {
    const next: [unknown, string][] = [];
    for (const [inner, at] of level) {
      if (inner === text) return at;
      if (typeof inner === 'object' && inner !== null)
        for (const [name, child] of Object.entries(inner))
          next.push([child, `${at}/${pointerSegment(name)}`]);
    }
    level = next;
  }
  return undefined;
}

/** An object without some of its fields (a file's `$schema`, college.json's `logo`…). */
function withoutFields(value: object, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([name]) => !fields.includes(name)));
}

/** A file read and checked against its schema. */
interface ReadFile<T> {
  file: string;
  parsed?: ParsedJson;
  /** The value, when it fits its schema. */
  value?: T;
}

/**
 * Builds a college from its folder's files and checks it, listing every problem. `id` is the
 * college's id (its folder's name).
 *
 * @example
 * const { config, problems } = assembleCollege({ 'college.json': '…', 'steps/about.json': '…', 'logo.svg': '<svg …/>' }, { id: 'riverbend' });
 */
export function assembleCollege(files: CollegeFiles, source: { id: string }): AssembledCollege {
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
  const read = <T>(file: string, kind: FileKind): ReadFile<T> => {
    const text = files[file];
    if (text === undefined) return { file };
    const { parsed, problems: jsonProblems } = parseJsonFile(file, text);
    problems.push(...jsonProblems);
    if (parsed === undefined) return { file };
    const issues = schemaIssues(kind, parsed.value);
    for (const issue of issues) report(file, parsed, issue.pointer, issue.message);
    return issues.length === 0 && jsonProblems.length === 0
      ? { file, parsed, value: parsed.value as T }
      : { file, parsed };
  };

  if (!NAME.test(source.id))
    problems.push({
      file: COLLEGE_FILE,
      message: `the college's id "${source.id}" (its folder's name) must be lower-case letters, digits and dashes`,
    });
  if (files[COLLEGE_FILE] === undefined) {
    problems.push({
      file: COLLEGE_FILE,
      message:
        'is missing: every college folder has a college.json (npm run admin -- college new DIR writes one)',
    });
    return { problems };
  }
  const college = read<CollegeFile>(COLLEGE_FILE, 'college');

  // The steps: the files in steps/ and the list in college.json, each the other's.
  const stepFiles = new Map<string, string>();
  const optionFiles = new Map<string, string>();
  const localeFiles = new Map<string, string>();
  for (const file of Object.keys(files).sort()) {
    const step = STEP_FILE.exec(file)?.[1];
    const list = OPTIONS_FILE.exec(file)?.[1];
    const language = LOCALE_FILE.exec(file)?.[1];
    if (step !== undefined) stepFiles.set(step, file);
    else if (list !== undefined) optionFiles.set(list, file);
    else if (language !== undefined) localeFiles.set(language, file);
    else if (/^(steps|options|locales)\//.test(file))
      problems.push({ file, message: 'is not a .json file directly in its folder; remove it' });
  }
  // The steps and the logo are read even when college.json has other problems, so that one
  // round lists the problems of every file.
  const raw = (college.parsed?.value ?? {}) as Partial<Record<string, unknown>>;
  const listed = Array.isArray(raw.steps)
    ? raw.steps.filter((step): step is string => typeof step === 'string' && NAME.test(step))
    : [];
  listed.forEach((step, index) => {
    if (listed.indexOf(step) !== index)
      report(COLLEGE_FILE, college.parsed, `/steps/${index}`, `lists the step "${step}" twice`);
    else if (!stepFiles.has(step))
      report(
        COLLEGE_FILE,
        college.parsed,
        `/steps/${index}`,
        `lists the step "${step}", but there is no file steps/${step}.json`,
      );
  });
  if (Array.isArray(raw.steps))
    for (const [step, file] of stepFiles)
      if (!listed.includes(step))
        problems.push({
          file,
          message: `is not one of the steps college.json lists (${listed.join(', ')}): add "${step}" to its "steps", or remove the file`,
        });

  const steps = listed.flatMap((id) => {
    const file = stepFiles.get(id);
    if (file === undefined || listed.indexOf(id) !== listed.lastIndexOf(id)) return [];
    const step = read<StepFile>(file, 'step');
    if (step.value !== undefined && step.value.id !== id)
      report(
        file,
        step.parsed,
        '/id',
        `is "${step.value.id}"; a step's id is its file's name, "${id}"`,
      );
    return [step];
  });

  // The college's own option lists.
  const lists = new Map<string, readonly Option[]>();
  let listsRead = true;
  for (const [name, file] of optionFiles) {
    if (!NAME.test(name) || isFormModelList(name)) {
      problems.push({
        file,
        message: isFormModelList(name)
          ? `has the name of form-model's own list "${name}", so { "list": "${name}" } would be ambiguous: rename the file`
          : "an option list's name is lower-case letters, digits and dashes: rename the file",
      });
      listsRead = false;
      continue;
    }
    const options = read<OptionsFile>(file, 'options');
    if (options.value === undefined) listsRead = false;
    else lists.set(name, options.value.options);
  }

  // The translations, one file per language: `locales/es.json`.
  const locales: ReadLocale[] = [];
  let localesRead = true;
  for (const [language, file] of localeFiles) {
    const locale = read<LocaleFile>(file, 'locale');
    if (locale.value === undefined || locale.parsed === undefined) localesRead = false;
    else locales.push({ language, file, parsed: locale.parsed, texts: locale.value.texts });
  }

  // The logo: read, made safe, or refused.
  let logoSvg: string | undefined;
  if (typeof raw.logo === 'string') {
    const logoFile = raw.logo;
    const text = files[logoFile];
    if (text === undefined)
      report(
        COLLEGE_FILE,
        college.parsed,
        '/logo',
        `names ${logoFile}, which is not in the folder`,
      );
    else {
      const logo = checkLogo(text);
      for (const { line, message } of logo.problems)
        problems.push({ file: logoFile, line, message });
      logoSvg = logo.svg;
    }
  }

  const settings = college.value;
  if (
    settings === undefined ||
    logoSvg === undefined ||
    !listsRead ||
    !localesRead ||
    steps.some((step) => step.value === undefined) ||
    problems.length > 0
  )
    return { problems };

  // Round two: what the files mean.
  const rest = withoutFields(settings, ['$schema', 'logo', 'steps', 'languages']) as Omit<
    CollegeFile,
    '$schema' | 'logo' | 'steps' | 'languages'
  >;
  const languages = settings.languages ?? DEFAULT_LANGUAGES;
  const at = (pointer: string, message: string) => {
    report(COLLEGE_FILE, college.parsed, pointer, message);
  };
  languages.forEach((language, index) => {
    if (!isLanguage(language))
      at(
        `/languages/${index}`,
        `"${language}" is not a language tag (BCP 47), such as "en" or "es"`,
      );
  });
  if (!isTimeZone(settings.timeZone))
    at('/timeZone', `"${settings.timeZone}" is not an IANA time zone, such as "America/Denver"`);
  for (const { path, message } of contrastProblems(settings.theme)) at(`/theme/${path}`, message);
  for (const { path, message } of pdfContrastProblems(settings.theme, settings.pdf))
    at(`/pdf/${path}`, message);
  // The footer's {fields}: a misspelt one would print as typed on every page of every PDF.
  for (const [, name] of (settings.pdf?.footer ?? '').matchAll(/\{([^{}]*)\}/g))
    if (!(PDF_FOOTER_FIELDS as readonly string[]).includes(name ?? ''))
      at(
        '/pdf/footer',
        `names {${name ?? ''}}; a footer may name ${PDF_FOOTER_FIELDS.map((field) => `{${field}}`).join(', ')}`,
      );

  const pages: PageConfig[] = [];
  for (const step of steps) {
    const { value, parsed, file } = step;
    if (value === undefined) continue;
    const { step: resolved, unknown } = resolveOptionLists(value, lists);
    for (const { pointer, name } of unknown)
      report(
        file,
        parsed,
        pointer,
        `names the option list "${name}": neither form-model's own (${FORM_MODEL_LISTS.join(', ')}) nor a file options/${name}.json`,
      );
    pages.push(withoutFields(resolved as StepFile, ['$schema']) as unknown as PageConfig);
    // SPEC §3: no answer may be longer than the college's character limit.
    const limitPointers: string[] = [];
    const collect = (inner: unknown, pointer: string) => {
      if (typeof inner !== 'object' || inner === null) return;
      for (const [name, child] of Object.entries(inner)) {
        const childPointer = `${pointer}/${pointerSegment(name)}`;
        if (name === 'maxLength' && typeof child === 'number' && child > settings.characterLimit)
          limitPointers.push(childPointer);
        collect(child, childPointer);
      }
    };
    collect(value, '');
    for (const pointer of limitPointers)
      report(
        file,
        parsed,
        pointer,
        `is ${String(valueAt(value, pointer))}, above the college's characterLimit ${settings.characterLimit} (college.json)`,
      );
  }
  if (!pages.some((page) => page.route === settings.defaultRoute))
    at(
      '/defaultRoute',
      `"${settings.defaultRoute}" is no step's route (${pages.map((page) => page.route).join(', ')})`,
    );
  const routes = pages.map((page) => page.route);
  pages.forEach((page, index) => {
    if (routes.indexOf(page.route) !== index) {
      const step = steps[index];
      if (step !== undefined)
        report(step.file, step.parsed, '/route', `"${page.route}" is another step's route too`);
    }
  });

  // form-model's check of the pages, each problem put back in its step's file.
  for (const problem of pageProblems(pages)) problems.push(placeProblem(problem, steps));

  // Every text of the college translated into each of its other languages, and nothing else.
  const places = [
    ...settingsTexts(settings, COLLEGE_FILE),
    ...steps.flatMap((step) => blockTexts(step.value, step.file)),
    ...[...optionFiles.values()].flatMap((file) =>
      blockTexts(JSON.parse(files[file] ?? '{}') as unknown, file),
    ),
  ];
  // A tag that is no language already has its problem; its file is not looked for.
  if (languages.every(isLanguage))
    problems.push(
      ...translationProblems(languages, locales, places, {
        file: COLLEGE_FILE,
        parsed: college.parsed,
        languagesPointer: '/languages',
      }),
    );

  if (problems.length > 0) return { problems };
  const translations = Object.fromEntries(
    locales.map((locale) => [locale.language, locale.texts] as const),
  );
  return {
    config: {
      id: source.id,
      languages,
      ...(locales.length === 0 ? {} : { translations }),
      ...rest,
      logoSvg,
      pages,
    },
    problems,
  };
}

/** A problem of form-model's page check, at its file, JSON Pointer and line. */
function placeProblem(problem: PageProblem, steps: readonly ReadFile<StepFile>[]): CollegeProblem {
  const context = [
    ...(problem.section === undefined ? [] : [`section "${problem.section}"`]),
    ...(problem.group === undefined ? [] : [`group ${problem.group}`]),
  ];
  const message = `${problem.key === undefined ? '' : `"${problem.key}" `}${problem.message}${
    context.length === 0 ? '' : ` (${context.join(', ')})`
  }`;
  const step = steps.find((candidate) => candidate.value?.id === problem.page);
  if (step === undefined) return { file: 'steps', message };
  let pointer = problem.path === undefined ? '' : pathToPointer(problem.path);
  // Down to the very field: the key a condition names, or the key the problem is about.
  const block = valueAt(step.value, pointer);
  for (const text of [problem.names, problem.key]) {
    if (text === undefined) continue;
    const inside = find(block, text);
    if (inside !== undefined) {
      pointer += inside;
      break;
    }
  }
  const line = lineOf(step.parsed, pointer);
  return { file: step.file, pointer, ...(line === undefined ? {} : { line }), message };
}
