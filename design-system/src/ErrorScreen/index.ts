export {
  ERROR_SCREEN_MESSAGE,
  ERROR_SCREEN_TITLE,
  ErrorScreen,
  type ErrorScreenProps,
} from './ErrorScreen';
