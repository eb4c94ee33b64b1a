export { EMAIL_INPUT_MAX_LENGTH, EmailInput, type EmailInputProps } from './EmailInput';
