import { type Option } from '../config/types.ts';
import { yesNoCodes } from './codes.ts';
import { englishOptions } from './labels.ts';

/** The Y/N choice behind every yes-or-no question, in English; conditions and STOP rules compare "Y" and "N". */
export const yesNo: readonly Option[] = englishOptions('yesNo', yesNoCodes);
