export { RevealButton, type RevealButtonProps } from './RevealButton';
