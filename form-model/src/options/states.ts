/** The state lists in English (codes.ts: their codes and order). */
import { type Option } from '../config/types.ts';
import {
  armedForcesCodes,
  canadianProvinceCodes,
  stateCodes,
  usStateCodes,
  usTerritoryCodes,
} from './codes.ts';
import { englishOptions } from './labels.ts';

/** The 50 US states and the District of Columbia, alphabetically; value = USPS code. */
export const usStates: readonly Option[] = englishOptions('state', usStateCodes);

/** The inhabited US territories with a USPS code, alphabetically. */
export const usTerritories: readonly Option[] = englishOptions('state', usTerritoryCodes);

/** USPS military "states" for APO/FPO/DPO addresses (SPEC §3). */
export const armedForces: readonly Option[] = englishOptions('state', armedForcesCodes);

/** Canada's 10 provinces and 3 territories, alphabetically; value = Canada Post code. */
export const canadianProvinces: readonly Option[] = englishOptions('state', canadianProvinceCodes);

/** Every state an address may name (SPEC §3), in English. */
export const states: readonly Option[] = englishOptions('state', stateCodes);
