export { EmailInput, type EmailInputProps } from './EmailInput';
