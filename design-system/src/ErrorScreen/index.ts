export { ERROR_SCREEN_MESSAGE, ErrorScreen, type ErrorScreenProps } from './ErrorScreen';
