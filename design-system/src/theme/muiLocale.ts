import { type Theme } from '@mui/material';
import { esES, type Localization } from '@mui/material/locale';

/**
 * MUI's own component texts per language (Autocomplete's "Clear" and "No options", Alert's
 * "Close", Pagination's labels), keyed by the language part of a BCP 47 code. English is
 * MUI's default; the pseudo-locale (`en-XA`) keeps it. A third language adds its MUI locale
 * here.
 */
const MUI_LOCALES: Readonly<Record<string, Localization>> = { es: esES };

/** The MUI locale of `locale` ("es", "es-US"), or undefined for English and unknown codes. */
export function muiLocaleOf(locale: string): Localization | undefined {
  return MUI_LOCALES[locale.split('-')[0]?.toLowerCase() ?? ''];
}

/**
 * `theme` with `localization`'s component texts as its components' default props, as MUI's
 * `createTheme(theme, esES)` makes it, without making the theme anew: each component's own
 * default props (the tokens') are kept beside the texts.
 */
export function withMuiLocale(theme: Theme, localization: Localization | undefined): Theme {
  if (localization?.components === undefined) return theme;
  const components: Record<string, { defaultProps?: object } | undefined> = {
    ...(theme.components as Record<string, { defaultProps?: object } | undefined>),
  };
  for (const [name, texts] of Object.entries(localization.components)) {
    const own = components[name];
    components[name] = {
      ...own,
      defaultProps: { ...own?.defaultProps, ...(texts as { defaultProps?: object }).defaultProps },
    };
  }
  return { ...theme, components };
}
