/**
 * A choice's label as staff read it (docs/architecture.md, "Languages"). A select or radio
 * stores `{key}_desc` beside its value (SPEC §3): the label the applicant saw, in the
 * applicant's language ("Estados Unidos" for someone who applied in Spanish). What staff read
 * (the office's export and its data dictionary, the staff CLI's export, the service view) shows
 * the option of that value in the college's own language instead, from the college's lists, so
 * one column holds one language whoever applied.
 */
import {
  type Answers,
  currentOptions,
  descKey,
  hasDescKey,
  isAnswered,
  type OptionLists,
  type PageConfig,
  visitQuestions,
} from '@admit/form-model';
import { collegeLanguages, type TenantConfig } from '@admit/tenant-config';

import { optionLists } from './texts.ts';

/** The college's own language: the first of its `languages` (staff's). */
export function collegeLanguageOf(tenant: Pick<TenantConfig, 'languages'>): string {
  return collegeLanguages(tenant)[0] ?? 'en';
}

/** The described questions of `pages`, found once per form (the walk depends on the pages alone). */
const describedOf = new WeakMap<readonly PageConfig[], ReturnType<typeof visitQuestions>>();

function described(pages: readonly PageConfig[]): ReturnType<typeof visitQuestions> {
  let found = describedOf.get(pages);
  if (found === undefined) {
    found = visitQuestions(pages, {}).filter(({ question }) => hasDescKey(question));
    describedOf.set(pages, found);
  }
  return found;
}

/**
 * `answers` with every `{key}_desc` of an answered select or radio set to the label its value has
 * among the options the college offers in its own language: `pages` are the college's own (its
 * first language's) and `lists` the built-in lists (countries, states, months) in that
 * language. A value no option has now (a list changed since) keeps the stored label.
 *
 * @example inCollegeLanguage(pages, { hs_country: 'MEX', hs_country_desc: 'México' }, lists)
 *   // { hs_country: 'MEX', hs_country_desc: 'Mexico' } for a college written in English
 */
export function inCollegeLanguage(
  pages: readonly PageConfig[],
  answers: Answers,
  lists: OptionLists,
  now: Date = new Date(),
): Answers {
  let out: Answers | undefined;
  for (const { question } of described(pages)) {
    const value = answers[question.key];
    if (typeof value !== 'string' || !isAnswered(value)) continue;
    const label = currentOptions(question, answers, now, lists)?.find(
      (option) => option.value === value,
    )?.label;
    const key = descKey(question.key);
    if (label === undefined || answers[key] === label) continue;
    out ??= { ...answers };
    out[key] = label;
  }
  return out ?? answers;
}

/** `inCollegeLanguage` for the college `tenant` as it is configured (its own language). */
export function collegeLabeller(tenant: TenantConfig): (answers: Answers) => Answers {
  const lists = optionLists(collegeLanguageOf(tenant));
  return (answers) => inCollegeLanguage(tenant.pages, answers, lists);
}
