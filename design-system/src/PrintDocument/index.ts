export {
  PRINT_CHECKED_MARK,
  PRINT_DOCUMENT_PREFIX,
  PRINT_NOT_ANSWERED,
  PRINT_NOT_SELECTED,
  PRINT_SELECTED,
  PRINT_UNCHECKED_MARK,
  PrintDocument,
  type PrintDocumentProps,
  type PrintAnswer,
  type PrintBlock,
  type PrintChoice,
  type PrintModel,
} from './PrintDocument';
