export { ADD_ANOTHER_MAX, AddAnotherButton, type AddAnotherButtonProps } from './AddAnotherButton';
