import { type Option } from '../config/types.ts';
import { monthCodes } from './codes.ts';
import { englishOptions } from './labels.ts';

/** The twelve months in English; SPEC §3 stores a month as the string "1".."12", never zero-padded. */
export const months: readonly Option[] = englishOptions('month', monthCodes);
