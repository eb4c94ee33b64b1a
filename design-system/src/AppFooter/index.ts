export {
  APP_FOOTER_HELP_LABEL,
  APP_FOOTER_PRIVACY_LABEL,
  AppFooter,
  type AppFooterProps,
} from './AppFooter';
