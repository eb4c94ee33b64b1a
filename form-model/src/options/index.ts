import { type Option, type OptionListName } from '../config/types.ts';
import { countries, countriesNoUsa } from './countries.ts';
import { months } from './months.ts';
import { canadianProvinces, states, usStates } from './states.ts';
import { yesNo } from './yesNo.ts';

export { countries, countriesNoUsa } from './countries.ts';
export { months } from './months.ts';
export { armedForces, canadianProvinces, states, usStates, usTerritories } from './states.ts';
export { emptyOption, withEmptyOption, yearOptions } from './years.ts';
export { yesNo } from './yesNo.ts';
export { optionListsIn } from './localized.ts';

/** Every built-in option list by name, in one language. */
export type OptionLists = Readonly<Record<OptionListName, readonly Option[]>>;

/**
 * The options a config names by `{ list }` (SPEC §3 option lists), by name, in English;
 * `optionListsIn` gives them in another language.
 */
export const OPTION_LISTS: OptionLists = {
  countries,
  countriesNoUsa,
  states,
  usStates,
  canadianProvinces,
  months,
  yesNo,
};

/** The names a config may give `{ list }`. */
export const OPTION_LIST_NAMES = Object.keys(OPTION_LISTS) as readonly OptionListName[];

/** The options of a named list, from `lists` (in English unless given another language's). */
export function optionList(
  name: OptionListName,
  lists: OptionLists = OPTION_LISTS,
): readonly Option[] {
  return lists[name];
}

/** The label for a stored value, e.g. to fill `{key}_desc` (SPEC §3); undefined when no option has it. */
export function optionLabel(options: readonly Option[], value: string): string | undefined {
  return options.find((option) => option.value === value)?.label;
}
