import ErrorIcon from '@mui/icons-material/Error';
import { Box, Typography } from '@mui/material';
import { type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * SPEC §8: the root error screen's explanation in English only, the text of
 * `ds.errorScreen.message`; kept for callers written before the catalogues, which should read
 * that id through react-intl instead, so the screen speaks the page's language.
 */
export const ERROR_SCREEN_MESSAGE =
  'The issue that caused you to see this has been logged. We will get it fixed as soon as possible.';

export interface ErrorScreenProps {
  /** The heading: "Something went wrong." (SPEC §8). */
  title?: string;
  /** The explanation under it (SPEC §8). */
  message?: string;
  /** An action to offer, e.g. a button that reloads the page. */
  children?: ReactNode;
}

/**
 * What the whole page shows when loading fails (SPEC §8): the page's main content, a heading
 * and SPEC's sentence that the issue has been logged.
 *
 * @example
 * ```tsx
 * <ErrorBoundary fallback={<ErrorScreen />}><App /></ErrorBoundary>
 * ```
 */
export function ErrorScreen({ title, message, children }: ErrorScreenProps) {
  const intl = useIntl();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '60vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 6,
      }}
    >
      <Box sx={{ maxWidth: '36rem', textAlign: 'center' }}>
        <ErrorIcon aria-hidden color="error" sx={{ fontSize: '3.5rem', mb: 1 }} />
        <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
          {title ?? intl.formatMessage({ id: 'ds.errorScreen.title' })}
        </Typography>
        {/* Polite: a page may change it (the error screen says when its report arrived). */}
        <Typography aria-live="polite" sx={{ fontSize: '1.125rem' }}>
          {message ?? intl.formatMessage({ id: 'ds.errorScreen.message' })}
        </Typography>
        {children && <Box sx={{ mt: 3 }}>{children}</Box>}
      </Box>
    </Box>
  );
}
