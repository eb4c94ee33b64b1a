export {
  ValidationSummary,
  type ValidationSummaryItem,
  type ValidationSummaryProps,
} from './ValidationSummary';
