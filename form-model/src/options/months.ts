import { type Option } from '../config/types.ts';
import { englishOptions } from './labels.ts';

/** The twelve months; SPEC §3 stores a month as the string "1".."12", never zero-padded. */
export const months: readonly Option[] = englishOptions(
  'month',
  Array.from({ length: 12 }, (_, index) => String(index + 1)),
);
