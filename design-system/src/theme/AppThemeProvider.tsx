import { CssBaseline, type Theme } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { type ReactNode, useMemo } from 'react';

interface AppThemeProviderProps {
  /** A theme from `createAppTheme`; create it once (module scope or `useMemo`), not per render. */
  theme: Theme;
  /** The app, page or story to theme. */
  children: ReactNode;
}

/**
 * Everything a widget needs above it: the MUI theme and CSS baseline (DateInput brings its own
 * date adapter). The app's root and every story render inside it.
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
  const themeWithoutVars = useMemo(() => ({ ...theme, vars: null }), [theme]);
  return (
    <ThemeProvider theme={themeWithoutVars}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
