export { LoadingSpinner, LOADING_SPINNER_LABEL, type LoadingSpinnerProps } from './LoadingSpinner';
