export {
  VALIDATION_SUMMARY_DESCRIPTION,
  VALIDATION_SUMMARY_TITLE,
  ValidationSummary,
  type ValidationSummaryItem,
  type ValidationSummaryProps,
} from './ValidationSummary';
