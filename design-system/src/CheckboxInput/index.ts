export { CheckboxInput, type CheckboxInputProps } from './CheckboxInput';
