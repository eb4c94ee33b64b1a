import { CssBaseline, ThemeProvider, type Theme } from '@mui/material';
import { type ReactNode } from 'react';

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
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
