import { type Option } from '../config/types.ts';
import { englishOptions } from './labels.ts';

/** The Y/N choice behind every yes-or-no question; conditions and STOP rules compare "Y" and "N". */
export const yesNo: readonly Option[] = englishOptions('yesNo', ['Y', 'N']);
