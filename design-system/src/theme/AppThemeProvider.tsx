import { CssBaseline, type Theme } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { type ReactNode, useContext, useMemo } from 'react';
import { IntlContext, type IntlShape } from 'react-intl';

import { muiLocaleOf, withMuiLocale } from './muiLocale';

interface AppThemeProviderProps {
  /** A theme from `createAppTheme`; create it once (module scope or `useMemo`), not per render. */
  theme: Theme;
  /** The app, page or story to theme. */
  children: ReactNode;
}

/**
 * Everything a widget needs above it: the MUI theme and CSS baseline (DateInput brings its own
 * date adapter), with MUI's own component texts in the language of the IntlProvider above it
 * (English without one). The app's root and every story render inside it.
 *
 * @example
 * ```tsx
 * const theme = createAppTheme(tenant.theme);
 * root.render(<AppThemeProvider theme={theme}><App /></AppThemeProvider>);
 * ```
 */
export function AppThemeProvider({ theme, children }: AppThemeProviderProps) {
  // What MUI's own ThemeProvider does with a theme without CSS variables (createAppTheme's):
  // `vars: null`, so no outer theme's variables leak in. MUI's ThemeProvider would also bring
  // its CSS-variables provider and colour-scheme script into the first download, unused
  // (bench/bundle).
  // Read, not required: a theme without an IntlProvider above it stays in MUI's English.
  const intl = useContext(IntlContext) as IntlShape | null | undefined;
  const localization = muiLocaleOf(intl?.locale ?? 'en');
  const themeWithoutVars = useMemo(
    () => ({ ...withMuiLocale(theme, localization), vars: null }),
    [theme, localization],
  );
  return (
    <ThemeProvider theme={themeWithoutVars}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
