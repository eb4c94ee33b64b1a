export { StepButtons, type StepAction, type StepButtonsProps } from './StepButtons';
