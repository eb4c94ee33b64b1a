export {
  PRINT_CHECKED_MARK,
  PRINT_UNCHECKED_MARK,
  PrintDocument,
  type PrintDocumentProps,
  type PrintAnswer,
  type PrintBlock,
  type PrintChoice,
  type PrintModel,
} from './PrintDocument';
