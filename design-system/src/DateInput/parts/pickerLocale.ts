import { esES, type PickersInputLocaleText } from '@mui/x-date-pickers/locales';
import { type IntlShape } from 'react-intl';
// dayjs's Spanish as written in the United States: months and weekdays in Spanish, weeks from
// Sunday and MM/DD/YYYY, as US colleges write dates. Imported here, in the date picker's
// module, which an app loads on use: the first download never has it.
import 'dayjs/locale/es-us';

/** What the date picker needs for a language: dayjs's locale and the picker's own texts. */
export interface PickerLocale {
  /** The dayjs locale its calendar names months and weekdays in, e.g. `es-us`. */
  adapterLocale: string;
  /** The picker's own texts ("Next month", "Open previous view"). */
  localeText: PickersInputLocaleText;
}

/**
 * The picker's own locale per language (the language part of a BCP 47 code); English, the
 * pseudo-locale and any language without one here keep dayjs's and MUI's English. A third
 * language adds its pair here.
 */
const PICKER_LOCALES: Readonly<Record<string, PickerLocale>> = {
  es: {
    adapterLocale: 'es-us',
    localeText: esES.components.MuiLocalizationProvider.defaultProps.localeText,
  },
};

const ENGLISH: PickerLocale = { adapterLocale: 'en', localeText: {} };

/**
 * The date picker's locale for the page's language. The texts an applicant meets on the
 * calendar button, the day part and the calendar come from the catalogues: MUI's Spanish
 * speaks informally ("Elige fecha") and writes "Dia", where the application says "usted".
 */
export function pickerLocaleOf(intl: IntlShape): PickerLocale {
  const { adapterLocale, localeText } =
    PICKER_LOCALES[intl.locale.split('-')[0]?.toLowerCase() ?? ''] ?? ENGLISH;
  return {
    adapterLocale,
    localeText: {
      ...localeText,
      openDatePickerDialogue: (formattedDate) =>
        formattedDate
          ? intl.formatMessage({ id: 'ds.datePicker.openSelected' }, { date: formattedDate })
          : intl.formatMessage({ id: 'ds.datePicker.open' }),
      openPreviousView: intl.formatMessage({ id: 'ds.datePicker.previousView' }),
      dateTableLabel: intl.formatMessage({ id: 'ds.datePicker.dateTable' }),
      day: intl.formatMessage({ id: 'ds.datePicker.day' }),
      // The typed field's parts, as a screen reader names them and as they show while empty.
      month: intl.formatMessage({ id: 'ds.datePicker.month' }),
      year: intl.formatMessage({ id: 'ds.datePicker.year' }),
      empty: intl.formatMessage({ id: 'ds.datePicker.empty' }),
      fieldMonthPlaceholder: () => intl.formatMessage({ id: 'ds.datePicker.monthPlaceholder' }),
      fieldDayPlaceholder: () => intl.formatMessage({ id: 'ds.datePicker.dayPlaceholder' }),
      fieldYearPlaceholder: () => intl.formatMessage({ id: 'ds.datePicker.yearPlaceholder' }),
    },
  };
}
