export { AccountCard, type AccountCardLink, type AccountCardProps } from './AccountCard';
