import { Box, Link, type Theme, Typography } from '@mui/material';
import { type MouseEvent } from 'react';
import { useIntl } from 'react-intl';

/** The applicant's state, which decides the greeting (SPEC §1). */
export type BannerState = 'submitted' | 'firstLogin' | 'returning' | 'notLoggedIn';

/**
 * The greeting for each state when the caller gives none: its catalogue ids, e.g.
 * `ds.banner.firstLogin.title` and `ds.banner.firstLogin.message`.
 */
const BANNER_DEFAULT_IDS: Readonly<
  Record<BannerState, { readonly title: string; readonly message: string }>
> = {
  submitted: { title: 'ds.banner.submitted.title', message: 'ds.banner.submitted.message' },
  firstLogin: { title: 'ds.banner.firstLogin.title', message: 'ds.banner.firstLogin.message' },
  returning: { title: 'ds.banner.returning.title', message: 'ds.banner.returning.message' },
  notLoggedIn: { title: 'ds.banner.notLoggedIn.title', message: 'ds.banner.notLoggedIn.message' },
};

export interface BannerProps {
  /** Which greeting to show: submitted, first login, returning, or not logged in (SPEC §1). */
  state: BannerState;
  /** The heading; a default per state. */
  title?: string;
  /** The sentence under the heading; a default per state. */
  message?: string;
  /** Where the login link goes (not logged in only). */
  loginHref?: string;
  /** The login link's text. */
  loginLabel?: string;
  /** Called when the login link is followed; call `event.preventDefault()` to route in-app. */
  onLogin?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** The accent edge and tint: accent shades are decoration here, never the text colour. */
function bannerLook(theme: Theme) {
  return {
    borderLeft: `0.375rem solid ${theme.app.colors.accent.main}`,
    backgroundColor: theme.app.colors.accent.extraLight,
    color: theme.app.colors.neutral.dark,
    borderRadius: `${theme.shape.borderRadius}px`,
    padding: theme.spacing(2, 3),
  };
}

/**
 * The greeting at the top of the form pages, by the applicant's state (SPEC §1): thanks after
 * submitting, a welcome on first login, welcome back on return, and, for a visitor who is not
 * logged in, a preview notice with a link to log in. The app decides when it is hidden (while
 * validating, or after the applicant has changed page).
 *
 * @example
 * ```tsx
 * <Banner state="notLoggedIn" loginHref="/login" onLogin={(event) => { event.preventDefault(); navigate('/login', { state: { answers } }); }} />
 * ```
 */
export function Banner({
  state,
  title,
  message,
  loginHref = '/login',
  loginLabel,
  onLogin,
}: BannerProps) {
  const intl = useIntl();
  return (
    <Box sx={bannerLook}>
      <Typography component="h2" variant="h4" sx={{ mb: 0.5 }}>
        {title ?? intl.formatMessage({ id: BANNER_DEFAULT_IDS[state].title })}
      </Typography>
      <Typography>
        {message ?? intl.formatMessage({ id: BANNER_DEFAULT_IDS[state].message })}
      </Typography>
      {state === 'notLoggedIn' && (
        <Typography sx={{ mt: 1 }}>
          <Link href={loginHref} onClick={onLogin} sx={{ fontWeight: 600 }}>
            {loginLabel ?? intl.formatMessage({ id: 'ds.banner.login' })}
          </Link>
        </Typography>
      )}
    </Box>
  );
}
