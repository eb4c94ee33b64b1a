export { LoadingSpinner, type LoadingSpinnerProps } from './LoadingSpinner';
