import { type Option } from '../config/types.ts';

/** The Y/N choice behind every yes-or-no question; conditions and STOP rules compare "Y" and "N". */
export const yesNo: readonly Option[] = [
  { value: 'Y', label: 'Yes' },
  { value: 'N', label: 'No' },
];
