/**
 * Every language's messages of the app's catalogues, parsed (form-app/cataloguePlugin.ts, which
 * main.ts adds), keyed by language code: `en`, `es` and the pseudo-locale `en-XA`.
 */
declare module 'virtual:admit-catalogues' {
  import { type MessageFormatElement } from 'react-intl';

  export const catalogues: Record<string, Record<string, MessageFormatElement[]>>;
}
