export {
  monthOptions,
  MonthYearInput,
  type MonthYearInputProps,
  type MonthYearValue,
} from './MonthYearInput';
