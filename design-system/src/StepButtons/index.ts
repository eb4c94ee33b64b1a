export {
  STEP_BUTTON_LABELS,
  StepButtons,
  type StepAction,
  type StepButtonsProps,
} from './StepButtons';
