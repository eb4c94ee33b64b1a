export {
  MONTH_OPTIONS,
  MonthYearInput,
  type MonthYearInputProps,
  type MonthYearValue,
} from './MonthYearInput';
