/** The college this build serves: TENANT at build time, checked then (form-app/tenantPlugin.ts). */
declare module 'virtual:admit-tenant' {
  import { type BrowserTenant } from '@admit/tenant-config';

  export const tenant: BrowserTenant;
}

/** The language this page is in and its messages, parsed (form-app/cataloguePlugin.ts). */
declare module 'virtual:admit-language' {
  import { type MessageFormatElement } from 'react-intl';
  import { type MessageArea } from './messageAreas.ts';

  /** A BCP 47 code, e.g. `en`, `es`, or the pseudo-locale `en-XA`. */
  export const language: string;
  /** The languages the applicant may choose, their codes. */
  export const languages: readonly string[];
  export const messages: Record<string, MessageFormatElement[]>;
  /**
   * Makes sure `messages` holds the messages of `area` (src/messageAreas.ts): fetched in the
   * browser when the page left them out, at once otherwise.
   */
  export function loadMessageArea(area: MessageArea): Promise<void>;
}

/** The browser build's file of each message area in each language (form-app/cataloguePlugin.ts). */
declare module 'virtual:admit-message-areas' {
  import { type MessageArea } from './messageAreas.ts';

  /** The file's path in the build (`assets/…json`), its messages parsed. */
  export function messageFile(area: MessageArea, language: string): string;
}

/** Every language's app messages, parsed (form-app/cataloguePlugin.ts). */
declare module 'virtual:admit-catalogues' {
  import { type MessageFormatElement } from 'react-intl';

  export const catalogues: Record<string, Record<string, MessageFormatElement[]>>;
}
