export { digitsOnly } from './digits.ts';
export {
  formatInternationalPhone,
  formatUsPhone,
  isValidInternationalPhone,
  isValidUsPhone,
  MAX_INTERNATIONAL_PHONE_LENGTH,
  US_PHONE_DIGITS,
} from './phone.ts';
export { formatSsn, isMaskedSsn, SSN_DIGITS } from './ssn.ts';
