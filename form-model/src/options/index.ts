import { type Option, type OptionListName } from '../config/types.ts';

export { countries, countriesNoUsa } from './countries.ts';
export { months } from './months.ts';
export { armedForces, canadianProvinces, states, usStates, usTerritories } from './states.ts';
export { emptyOption, withEmptyOption, yearOptions } from './years.ts';
export { yesNo } from './yesNo.ts';
export { optionListsIn } from './localized.ts';
export { LIST_CODES, OPTION_LIST_NAMES, optionId, type OptionKind } from './codes.ts';
// A module of their own: what the browser's first chunk uses from this one keeps no English.
export { OPTION_LISTS, optionList } from './english.ts';

/** Every built-in option list by name, in one language. */
export type OptionLists = Readonly<Record<OptionListName, readonly Option[]>>;

/** The label for a stored value, e.g. to fill `{key}_desc` (SPEC §3); undefined when no option has it. */
export function optionLabel(options: readonly Option[], value: string): string | undefined {
  return options.find((option) => option.value === value)?.label;
}
