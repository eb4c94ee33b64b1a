import { Box, type Theme, Typography } from '@mui/material';
import { type ReactNode } from 'react';

export interface AppHeaderProps {
  /** The college's name, e.g. "Gallatin College MSU". */
  collegeName: string;
  /** The application's title, e.g. "Undergraduate Application". */
  title: string;
  /** The college's logo (e.g. an `img` with empty alt: the name is already written beside it). */
  logo?: ReactNode;
  /** The right-hand end of the bar, e.g. the `AccountPopover` (none for service users). */
  actions?: ReactNode;
  /** Under the bar, e.g. the step navigation (none for service users). */
  children?: ReactNode;
}

/** The brand bar: primary fill, white text, white focus rings (the primary ring would vanish). */
function bar(theme: Theme) {
  return {
    backgroundColor: theme.app.colors.primary.main,
    color: theme.app.colors.white,
    borderBottom: `0.25rem solid ${theme.app.colors.accent.main}`,
    '& .Mui-focusVisible, & a:focus-visible': { outlineColor: theme.app.colors.white },
  };
}

/**
 * The top of every form page: the college's logo and name and the application's title in a
 * brand bar, with room at its end for the account popover, and the step navigation under it.
 * It is the page's banner landmark.
 *
 * @example
 * ```tsx
 * <AppHeader collegeName="Gallatin College MSU" title="Undergraduate Application"
 *   actions={<AccountPopover loggedIn={loggedIn} … />}>
 *   <StepNavigation … />
 * </AppHeader>
 * ```
 */
export function AppHeader({ collegeName, title, logo, actions, children }: AppHeaderProps) {
  return (
    <Box component="header">
      <Box sx={bar}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            maxWidth: 'lg',
            mx: 'auto',
            px: { xs: 2, sm: 3 },
            py: 1.5,
          }}
        >
          {logo && <Box sx={{ display: 'flex', flexShrink: 0 }}>{logo}</Box>}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography
              component="p"
              sx={(theme) => ({
                fontFamily: theme.app.headingFontFamily,
                fontWeight: 700,
                fontSize: { xs: '1.125rem', sm: '1.375rem' },
                lineHeight: 1.2,
              })}
            >
              {collegeName}
            </Typography>
            <Typography component="p" sx={{ fontSize: { xs: '0.9375rem', sm: '1rem' } }}>
              {title}
            </Typography>
          </Box>
          {actions && <Box sx={{ flexShrink: 0 }}>{actions}</Box>}
        </Box>
      </Box>
      {children && (
        <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <Box sx={{ maxWidth: 'lg', mx: 'auto', px: { xs: 2, sm: 3 } }}>{children}</Box>
        </Box>
      )}
    </Box>
  );
}
