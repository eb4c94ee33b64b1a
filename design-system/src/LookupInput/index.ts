export {
  LOOKUP_DEBOUNCE_MS,
  LOOKUP_MAX_WAIT_MS,
  LookupInput,
  type LookupChange,
  type LookupInputProps,
  type LookupSuggestion,
} from './LookupInput';
