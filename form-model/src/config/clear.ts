import { isAnswered } from '../conditions/evaluate.ts';
import { descKey } from '../keys/desc.ts';
import {
  type Answers,
  type FormAnswers,
  type FormContext,
  type PageConfig,
  type Question,
} from './types.ts';
import { questionKeys } from './blocks.ts';
import { kindOf } from './kinds.ts';
import { type ScopedChange, viewAt, withChanges } from './scope.ts';
import { visitQuestions } from './walk.ts';

/** Every key a question stores, with `{key}_desc` for selects and radios. */
export function storedKeys(question: Question): string[] {
  const keys = questionKeys(question);
  return hasDescKey(question) ? [...keys, descKey(question.key)] : keys;
}

/** Whether a question stores `{key}_desc`: selects and radios unless descriptions are off. */
export function hasDescKey(question: Question): boolean {
  return kindOf(question).descriptions(question);
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A byAnswer select or radio whose value no longer stands: another controlling answer's
 * option, not among the options for the current one, or (given the answers `before` this
 * change) carried over a change of its controlling answer. A value kept across a change of
 * controller was chosen from the old list, even when the new list offers the same code
 * ("Other" under AAS is not "Other" under Transfer), so it is cleared; a value set in the same
 * change as its controller (a lookup's fills, a removed add-another group moving up) was
 * chosen for the new one and stays. A value that no list offers (a state "??") was never a
 * choice: it stays, and validation refuses it (SPEC §5: a state is one of the state options),
 * rather than vanish unsaid at submission.
 */
function staleDependentChoice(
  question: Question,
  answers: Answers,
  before?: Readonly<Record<string, unknown>>,
): boolean {
  const source = kindOf(question).optionSource(question);
  if (source === undefined || !('byAnswer' in source)) return false;
  const value = answers[question.key];
  if (!isAnswered(value)) return false;
  const { valueKey, options } = source.byAnswer;
  const controlling = answers[valueKey];
  const current = typeof controlling === 'string' ? (options[controlling] ?? []) : [];
  if (!current.some((option) => option.value === value)) {
    const offeredElsewhere = Object.values(options).some((list) =>
      list.some((option) => option.value === value),
    );
    if (offeredElsewhere) return true;
  }
  if (before === undefined) return false;
  const controllerChanged = asText(before[valueKey]) !== asText(controlling);
  return controllerChanged && before[question.key] === value;
}

// Enough passes for conditions nested ten deep; a config that has not settled by then loops.
const MAX_PASSES = 10;

/**
 * THE clearing function (SPEC §4 conditional display): the answers with every hidden
 * question's keys, and their `{key}_desc`, set to "". Groups keep only the first true
 * condition's answers; tabs keep only the chosen tab's; a dependent select whose value is
 * no longer offered is cleared, and so is one kept across a change of its controlling answer
 * when the caller passes the answers `before` the change (the browser does, on every change;
 * see `staleDependentChoice`). Clearing can hide more (nested conditions), so it repeats
 * until nothing changes. The browser, the server and the PDF all call this one function.
 *
 * @example clearHiddenAnswers(pages, { us_citizen: 'Y', perm_resident: 'N' }).perm_resident === ''
 * @example clearHiddenAnswers(pages, { goal: 'TRANSFER', plan: 'OTHER' }, {}, { goal: 'AAS', plan: 'OTHER' }).plan === ''
 */
export function clearHiddenAnswers<A extends FormAnswers>(
  pages: readonly PageConfig[],
  answers: A,
  context: FormContext = {},
  before?: FormAnswers,
): A {
  let current: FormAnswers = answers;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const changes: ScopedChange[] = [];
    for (const { question, visible, scope } of visitQuestions(pages, current, context)) {
      const clear =
        !visible ||
        staleDependentChoice(
          question,
          scope.answers,
          before === undefined ? undefined : viewAt(before, scope.at),
        );
      if (!clear) continue;
      for (const key of storedKeys(question)) {
        const value = scope.answers[key];
        if (value === undefined || value === '') continue;
        changes.push({ at: scope.at, key, value: '' });
      }
    }
    if (changes.length === 0) return current as A;
    current = withChanges(current, changes);
  }
  return current as A;
}

/** The keys whose values `clearHiddenAnswers` changed: what a save must send as "". */
export function clearedKeys(before: Answers, after: Answers): string[] {
  return Object.keys(after).filter((key) => before[key] !== after[key]);
}
