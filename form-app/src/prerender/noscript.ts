import { type IntlShape } from 'react-intl';

/** What a browser without JavaScript shows instead of the app, in the page's language. */
export function noscriptText(intl: IntlShape): string {
  return intl.formatMessage({ id: 'app.noscript' });
}
