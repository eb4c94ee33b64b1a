export {
  StepNavigation,
  type NavigationStep,
  type StepLinkProps,
  type StepNavigationProps,
} from './StepNavigation';
