import { alpha, Box, CircularProgress, useTheme } from '@mui/material';
import { useIntl } from 'react-intl';

import { Circles } from './parts/Circles';

export interface LoadingSpinnerProps {
  /** Theme loading size: small 0.4rem, medium 0.8rem, large 2rem units (SPEC §3). */
  size?: 'small' | 'medium' | 'large';
  /** A turning ring, or three pulsing circles (SPEC §3 loading types). */
  type?: 'spinner' | 'circles';
  /** Covers the whole window above everything else while a page loads (SPEC §2, §9). */
  fullScreen?: boolean;
}

/**
 * An indeterminate progress indicator, announced as "loading spinner" (role progressbar).
 * The size is a unit: a circle of `circles` is one unit wide and the three take four units,
 * the same as the diameter of `spinner`. The full-screen variant is a fixed overlay at
 * z-index 2147483647 that blocks the page underneath.
 *
 * @example
 * ```tsx
 * if (profile.isPending) return <LoadingSpinner fullScreen />;
 * ```
 */
export function LoadingSpinner({
  size,
  type = 'spinner',
  fullScreen = false,
}: LoadingSpinnerProps) {
  const theme = useTheme();
  // SPEC §2: what a screen reader hears for every loading spinner ("loading spinner").
  const label = useIntl().formatMessage({ id: 'ds.loadingSpinner.label' });
  const unit = theme.app.loadingSizes[size ?? (fullScreen ? 'large' : 'medium')];
  const indicator =
    type === 'spinner' ? (
      <CircularProgress
        aria-label={label}
        size={`calc(${unit} * 4)`}
        thickness={4.5}
        color="primary"
      />
    ) : (
      <Box role="progressbar" aria-label={label} component="span" sx={{ display: 'inline-flex' }}>
        <Circles unit={unit} />
      </Box>
    );

  if (!fullScreen) return indicator;
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: theme.app.loadingSpinnerZIndex,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        // Opaque enough that the half-loaded page underneath does not compete with the spinner.
        backgroundColor: alpha(theme.app.colors.white, 0.85),
      }}
    >
      {indicator}
    </Box>
  );
}
