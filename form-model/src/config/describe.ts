/**
 * `{key}_desc` for choices the applicant did not pick by hand (SPEC §3: a select or radio
 * stores its chosen option's label too). A lookup's pick fills hs_state, hs_country,
 * college_state, college_country or mailing_state with a code: their `_desc` is the label of
 * that code among the options the select offers for the answers after the fill, exactly what
 * a pick by hand would have stored.
 */
import { isAnswered } from '../conditions/evaluate.ts';
import { descKey } from '../keys/desc.ts';
import { hasDescKey } from './clear.ts';
import { currentOptions } from './questions.ts';
import { type Answers, type FormContext, type PageConfig } from './types.ts';
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
 * The answers with `{key}_desc` set to the chosen option's label for every shown select or
 * radio whose value `changed` says was just set and whose `_desc` does not already hold that
 * label; the same object when there is none.
 *
 * @example describeChoices(pages, { hs_country: 'USA', hs_state: 'MT' }, {}, () => true)
 *   // { …, hs_country_desc: 'United States', hs_state_desc: 'Montana' }
 */
export function describeChoices(
  pages: readonly PageConfig[],
  answers: Answers,
  context: FormContext,
  changed: (key: string) => boolean,
  now: Date = new Date(),
): Answers {
  // Nothing that stores a description was just set (a keystroke in a text field, issue 17):
  // no need to walk the pages again.
  if (!describedKeys(pages).some(changed)) return answers;
  let next: Answers | undefined;
  for (const { question, visible } of visitQuestions(pages, answers, context)) {
    if (!visible || !hasDescKey(question) || !changed(question.key)) continue;
    const value = answers[question.key];
    if (!isAnswered(value)) continue;
    const label = currentOptions(question, answers, now)?.find(
      (option) => option.value === value,
    )?.label;
    const key = descKey(question.key);
    if (label === undefined || answers[key] === label) continue;
    next ??= { ...answers };
    next[key] = label;
  }
  return next ?? answers;
}
