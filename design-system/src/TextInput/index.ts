export { TextInput, TEXT_INPUT_MAX_LENGTH, type TextInputProps } from './TextInput';
