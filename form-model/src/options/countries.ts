import { type Option } from '../config/types.ts';
import { countryCodes } from './codes.ts';
import { englishOptions } from './labels.ts';

/**
 * Countries for address and citizenship selects, in English; SPEC §3: United States first,
 * then A–Z (codes.ts: ISO 3166-1 alpha-3 codes plus Kosovo).
 */
export const countries: readonly Option[] = englishOptions('country', countryCodes);

/** Countries without the United States, e.g. for a country of citizenship when not a US citizen (SPEC §3). */
export const countriesNoUsa: readonly Option[] = countries.slice(1);
