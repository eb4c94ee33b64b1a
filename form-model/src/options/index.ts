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

/** The options a config names by `{ list }` (SPEC §3 option lists); the switch is exhaustive. */
export function optionList(name: OptionListName): readonly Option[] {
  switch (name) {
    case 'countries':
      return countries;
    case 'countriesNoUsa':
      return countriesNoUsa;
    case 'states':
      return states;
    case 'usStates':
      return usStates;
    case 'canadianProvinces':
      return canadianProvinces;
    case 'months':
      return months;
    case 'yesNo':
      return yesNo;
  }
}

/** The label for a stored value, e.g. to fill `{key}_desc` (SPEC §3); undefined when no option has it. */
export function optionLabel(options: readonly Option[], value: string): string | undefined {
  return options.find((option) => option.value === value)?.label;
}
