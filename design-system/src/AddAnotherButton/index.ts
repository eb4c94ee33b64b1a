export { AddAnotherButton, type AddAnotherButtonProps } from './AddAnotherButton';
