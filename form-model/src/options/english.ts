/**
 * The built-in lists in English by name: the default of Node's callers (the college's loading,
 * the office, the tools and tests). The browser labels the codes from the page's messages
 * (`optionListsIn`), so nothing it runs imports this module and no English labels are
 * downloaded with another language's.
 */
import { type Option, type OptionListName } from '../config/types.ts';
import { countries, countriesNoUsa } from './countries.ts';
import { type OptionLists } from './index.ts';
import { months } from './months.ts';
import { canadianProvinces, states, usStates } from './states.ts';
import { yesNo } from './yesNo.ts';

/**
 * The options a config names by `{ list }` (SPEC §3 option lists), by name, in English (Node:
 * the server's and the tools' default); `optionListsIn` gives them in any language, from a
 * catalogue, and is what the browser uses.
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

/** The options of a named list, from `lists` (in English unless given another language's). */
export function optionList(
  name: OptionListName,
  lists: OptionLists = OPTION_LISTS,
): readonly Option[] {
  return lists[name];
}
