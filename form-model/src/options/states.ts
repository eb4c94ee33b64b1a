import { type Option } from '../config/types.ts';
import { englishOptions } from './labels.ts';

/**
 * The 50 US states and the District of Columbia, alphabetically; value = USPS code. Every list
 * here takes its labels from the catalogues (`model.option.state.<code>`).
 */
export const usStates: readonly Option[] = englishOptions('state', [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
]);

/**
 * The inhabited US territories with a USPS code, alphabetically. The Minor Outlying Islands
 * (ISO "UM") are left out: USPS assigns them no code and they have no civilian addresses.
 * The freely associated states (FM, MH, PW) are countries and sit in the country list.
 */
export const usTerritories: readonly Option[] = englishOptions('state', [
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
]);

/** USPS military "states" for APO/FPO/DPO addresses (SPEC §3: Armed Forces Americas, Europe, Pacific). */
export const armedForces: readonly Option[] = englishOptions('state', ['AA', 'AE', 'AP']);

/** Canada's 10 provinces and 3 territories, alphabetically; value = Canada Post code. */
export const canadianProvinces: readonly Option[] = englishOptions('state', [
  'AB',
  'BC',
  'MB',
  'NB',
  'NL',
  'NT',
  'NS',
  'NU',
  'ON',
  'PE',
  'QC',
  'SK',
  'YT',
]);

/**
 * Every state an address may name: SPEC §3 "US states, territories and Canadian provinces
 * including Armed Forces Americas, Europe and Pacific". US states first, then territories,
 * Armed Forces, and Canada, so the most common choices come first.
 */
export const states: readonly Option[] = [
  ...usStates,
  ...usTerritories,
  ...armedForces,
  ...canadianProvinces,
];
