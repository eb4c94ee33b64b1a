/**
 * Whether a college's pages are SPEC's application: every SPEC §3 answer key asked, each by a
 * question of its kind, on the step SPEC §2 puts it on. The Gallatin college must be (its test,
 * gallatin.test.ts); another college need not, and the engine does not ask it.
 */
import {
  byKind,
  kindOf,
  type KindTable,
  type PageConfig,
  pageKeys,
  visitQuestions,
} from '@admit/form-model';

import { PAGE_KEY_GROUPS } from './pages.ts';
import { answerKeyRegistry, keyGroups, type KeyKind } from './registry.ts';

type Kinds = [key: string, kinds: readonly KeyKind[]][];

/** The question's one key, of one of `kinds`. */
const oneKeyOf =
  (...kinds: KeyKind[]) =>
  (question: { key: string }): Kinds => [[question.key, kinds]];

/** Each question kind: the keys it stores, with the registry kinds each may have. */
const registeredKinds: KindTable<[], Kinds> = {
  text: oneKeyOf('text', 'lookup'),
  textarea: oneKeyOf('textarea'),
  email: oneKeyOf('email'),
  lookup: oneKeyOf('lookup'),
  date: oneKeyOf('date'),
  phone: oneKeyOf('phone'),
  ssn: oneKeyOf('ssn'),
  select: oneKeyOf('select', 'year'),
  radio: oneKeyOf('radio'),
  checkbox: oneKeyOf('checkbox'),
  checkboxes: (question) => question.options.map((option) => [option.key, ['checkbox']]),
  'month-year': (question) => [
    [question.monthKey, ['month']],
    [question.yearKey, ['year']],
  ],
  file: oneKeyOf('file'),
};

/**
 * Every way the pages differ from SPEC §2 and §3: a key SPEC does not name, a key asked by a
 * question of the wrong kind, a key on another step than SPEC's, a SPEC key no question asks,
 * a year that stores `{key}_desc`. Empty when the pages are SPEC's application.
 */
export function specProblems(pages: readonly PageConfig[]): string[] {
  const problems: string[] = [];
  const asked = new Set<string>();
  for (const { question, page } of visitQuestions(pages, {})) {
    for (const [key, kinds] of byKind(registeredKinds, question)) {
      asked.add(key);
      const kind = Object.hasOwn(answerKeyRegistry, key) ? answerKeyRegistry[key] : undefined;
      if (kind === undefined) problems.push(`${page.id}: "${key}" is not a SPEC §3 answer key`);
      else if (!kinds.includes(kind))
        problems.push(
          `${page.id}: "${key}" is a ${kind} key but the question is a ${question.type}`,
        );
    }
    if (answerKeyRegistry[question.key] === 'year' && kindOf(question).descriptions(question))
      problems.push(`${page.id}: "${question.key}" is a year: it stores no {key}_desc`);
  }
  for (const page of pages) {
    const groups = Object.hasOwn(PAGE_KEY_GROUPS, page.id) ? PAGE_KEY_GROUPS[page.id] : undefined;
    if (groups === undefined) {
      problems.push(`"${page.id}" is not a step of SPEC §2`);
      continue;
    }
    const allowed = new Set(groups.flatMap((group) => Object.keys(keyGroups[group])));
    for (const key of pageKeys(page)) {
      if (!allowed.has(key))
        problems.push(`${page.id}: "${key}" belongs on another page (SPEC §2 page map)`);
    }
  }
  for (const key of Object.keys(answerKeyRegistry))
    if (!asked.has(key)) problems.push(`"${key}" (SPEC §3) is asked on no page`);
  return problems;
}
