export {
  ACCOUNT_CARD_SUBMIT_LABEL,
  AccountCard,
  type AccountCardLink,
  type AccountCardProps,
} from './AccountCard';
