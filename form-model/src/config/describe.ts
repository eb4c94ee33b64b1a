/**
 * `{key}_desc` for choices the applicant did not pick by hand (SPEC §3: a select or radio
 * stores its chosen option's label too). A lookup's pick fills hs_state, hs_country,
 * college_state, college_country or mailing_state with a code: their `_desc` is the label of
 * that code among the options the select offers for the answers after the fill, exactly what
 * a pick by hand would have stored.
 */
import { isAnswered } from '../conditions/evaluate.ts';
import { type OptionLists } from '../options/index.ts';
import { descKey } from '../keys/desc.ts';
import { hasDescKey } from './clear.ts';
import { currentOptions } from './questions.ts';
import { fieldName, type ScopedChange, withChanges } from './scope.ts';
import { type FormAnswers, type FormContext, type PageConfig } from './types.ts';
import { visitQuestions } from './walk.ts';

const describedKeysOf = new WeakMap<readonly PageConfig[], readonly string[]>();

/**
 * The keys of the questions on these pages that store `{key}_desc`, shown or not: the only ones
 * `describeChoices` can describe. The walk visits every question whatever the answers (an
 * add-another block's items are all in its config), so the list depends on the pages alone.
 */
function describedKeys(pages: readonly PageConfig[]): readonly string[] {
  let keys = describedKeysOf.get(pages);
  if (keys === undefined) {
    const described = visitQuestions(pages, {}).filter(({ question }) => hasDescKey(question));
    keys = [...new Set(described.map(({ question }) => question.key))];
    describedKeysOf.set(pages, keys);
  }
  return keys;
}

/**
 * Whether `changed` holds for a described key anywhere: at the top, or in an item of an array
 * of groups (by field name, `college[1].college_state`). Without any, no walk is needed.
 */
function anyDescribedChanged(
  keys: readonly string[],
  answers: FormAnswers,
  changed: (name: string) => boolean,
): boolean {
  if (keys.some(changed)) return true;
  for (const [id, items] of Object.entries(answers)) {
    if (!Array.isArray(items)) continue;
    const groups = items as readonly FormAnswers[];
    for (let index = 0; index < groups.length; index += 1)
      if (keys.some((key) => changed(fieldName([[id, index]], key)))) return true;
  }
  return false;
}

/**
 * The answers with `{key}_desc` set to the chosen option's label for every shown select or
 * radio whose value `changed` says was just set (by its field name: its key, or
 * `college[1].college_state` in a group of the form's shape) and whose `_desc` does not already
 * hold that label; the same object when there is none.
 *
 * @example describeChoices(pages, { hs_country: 'USA', hs_state: 'MT' }, {}, () => true)
 *   // { …, hs_country_desc: 'United States', hs_state_desc: 'Montana' }
 */
export function describeChoices<A extends FormAnswers>(
  pages: readonly PageConfig[],
  answers: A,
  context: FormContext,
  changed: (name: string) => boolean,
  now: Date | undefined,
  /** The built-in lists in the applicant's language: the label stored is the one shown. */
  lists: OptionLists,
): A {
  // Nothing that stores a description was just set (a keystroke in a text field):
  // no need to walk the pages again.
  if (!anyDescribedChanged(describedKeys(pages), answers, changed)) return answers;
  const changes: ScopedChange[] = [];
  for (const { question, visible, scope } of visitQuestions(pages, answers, context)) {
    if (!visible || !hasDescKey(question) || !changed(fieldName(scope.at, question.key))) continue;
    const value = scope.answers[question.key];
    if (!isAnswered(value)) continue;
    const label = currentOptions(question, scope.answers, now, lists)?.find(
      (option) => option.value === value,
    )?.label;
    const key = descKey(question.key);
    if (label === undefined || scope.answers[key] === label) continue;
    changes.push({ at: scope.at, key, value: label });
  }
  return changes.length === 0 ? answers : (withChanges(answers, changes) as A);
}
