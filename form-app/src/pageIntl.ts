/**
 * This page's texts for code outside React components (the API client's errors, the save
 * state, the tab-switch question, the group headings): the same language and messages as
 * App.tsx's IntlProvider, from `virtual:admit-language`. A page is in one language (the switch
 * reloads it), so both are made once. Components use `useIntl()`. form-model's validation
 * messages are modelMessages.ts's, fetched when first needed.
 */
import { groupHeadingIn, optionListsIn, type OptionLists } from '@admit/form-model';
import { createIntl, type IntlShape } from 'react-intl';
import { language, messages } from 'virtual:admit-language';

/**
 * A missing message is a bug the catalogue check should have caught: thrown in development
 * and the tests; in production the id shows and the console says which (as App.tsx does).
 */
function reportIntlError(error: Error): void {
  if (import.meta.env.DEV) throw error;
  console.error(error);
}

/** The page's messages for `formatMessage({ id: 'app.…' }, values)` outside components. */
export const pageIntl: IntlShape = createIntl({
  locale: language,
  defaultLocale: 'en',
  messages,
  onError: reportIntlError,
});

/** SPEC §8's messages for any failure, form-model's, in the page's language. */
export const errorMessages = {
  genericError: pageIntl.formatMessage({ id: 'model.error.generic' }),
  sessionInvalid: pageIntl.formatMessage({ id: 'model.error.sessionInvalid' }),
};

let heading: ((label: string, number: number) => string) | undefined;

/** An add-another group's heading ("College 2") in the page's language (form-model's). */
export function groupHeading(label: string, number: number): string {
  heading ??= groupHeadingIn(language, messages);
  return heading(label, number);
}

let optionLists: OptionLists | undefined;

/**
 * form-model's built-in option lists (countries, states, months, yes/no) labelled in the
 * page's language: made on first use, when a select or radio first shows one.
 */
export function pageOptionLists(): OptionLists {
  optionLists ??= optionListsIn(language, messages);
  return optionLists;
}
