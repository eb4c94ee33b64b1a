export { DateInput, type DateInputProps } from './DateInput';
export { DateInputPlaceholder, type DateInputPlaceholderProps } from './DateInputPlaceholder';
export { DATE_INPUT_FORMAT, DATE_INPUT_NOT_A_DATE } from './parts/dateText';
