import { CssBaseline, ThemeProvider, type Theme } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { type ReactNode } from 'react';

interface AppThemeProviderProps {
  /** A theme from `createAppTheme`; create it once (module scope or `useMemo`), not per render. */
  theme: Theme;
  /** The app, page or story to theme. */
  children: ReactNode;
}

/**
 * Everything a widget needs above it: the MUI theme, CSS baseline and the dayjs adapter for
 * date inputs. The app's root and every story render inside it.
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
      <LocalizationProvider dateAdapter={AdapterDayjs}>{children}</LocalizationProvider>
    </ThemeProvider>
  );
}
