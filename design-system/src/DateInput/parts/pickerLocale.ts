import { esES } from '@mui/x-date-pickers/locales';
// dayjs's Spanish as written in the United States: months and weekdays in Spanish, weeks from
// Sunday and MM/DD/YYYY, as the college's own forms and calendars have them. Imported here,
// in the date picker's module, which an app loads on use: the first download never has it.
import 'dayjs/locale/es-us';

/** What the date picker needs for a language: dayjs's locale and the picker's own texts. */
export interface PickerLocale {
  /** The dayjs locale its calendar names months and weekdays in, e.g. `es-us`. */
  adapterLocale: string;
  /** The picker's own texts ("Open calendar", "Next month"), or undefined for English. */
  localeText: typeof esES.components.MuiLocalizationProvider.defaultProps.localeText | undefined;
}

/** English: dayjs's default locale and the picker's own default texts. */
const ENGLISH: PickerLocale = { adapterLocale: 'en', localeText: undefined };

/**
 * The picker's locale per language (the language part of a BCP 47 code); the pseudo-locale
 * and any language without one here keep English. A third language adds its pair here.
 */
const PICKER_LOCALES: Readonly<Record<string, PickerLocale>> = {
  es: {
    adapterLocale: 'es-us',
    localeText: esES.components.MuiLocalizationProvider.defaultProps.localeText,
  },
};

/** The date picker's locale for the page's `locale` ("es", "es-US", "en", "en-XA"). */
export function pickerLocaleOf(locale: string): PickerLocale {
  return PICKER_LOCALES[locale.split('-')[0]?.toLowerCase() ?? ''] ?? ENGLISH;
}
