export {
  SummaryList,
  type SummaryListAction,
  type SummaryListProps,
  type SummaryListRow,
} from './SummaryList';
