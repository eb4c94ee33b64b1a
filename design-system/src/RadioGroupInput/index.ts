export { RadioGroupInput, type RadioGroupInputProps, type RadioOption } from './RadioGroupInput';
