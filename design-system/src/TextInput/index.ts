export { TextInput, type TextInputProps } from './TextInput';
