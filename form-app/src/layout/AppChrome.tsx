import { AppFooter, AppHeader, Box, Link, Stack, ToastPlace, useToast } from '@admit/design-system';
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';

import { useSession } from '../session/SessionProvider.tsx';
import { tenant } from '../tenant.ts';
import { IdleWarning } from './IdleWarning.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useNotePushes } from './useFocusOnArrival.ts';

function Logo() {
  // The tenant's own SVG, shipped in its config (no request, no external file).
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-flex', width: 40, height: 40 }}
      dangerouslySetInnerHTML={{ __html: tenant.logoSvg }}
    />
  );
}

/** The main landmark's id: the skip link's target. */
const MAIN_ID = 'main';

/**
 * "Skip to main content" (WCAG 2.4.1), the first thing Tab reaches on every page: hidden until
 * focused, then shown over the header's corner. It moves focus to the main landmark itself,
 * so the URL keeps no "#main" and the router sees no navigation.
 */
function SkipLink() {
  const intl = useIntl();
  const skip = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_ID);
    main?.focus({ preventScroll: true });
    main?.scrollIntoView({ block: 'start' });
  };
  return (
    <Link
      href={`#${MAIN_ID}`}
      onClick={skip}
      sx={{
        position: 'absolute',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 700,
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        '&:not(:focus)': {
          width: '1px',
          height: '1px',
          p: 0,
          m: '-1px',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
          boxShadow: 'none',
        },
      }}
    >
      {intl.formatMessage({ id: 'app.skipLink' })}
    </Link>
  );
}

/**
 * An error toast reports something on the page it was raised on: it ends with that page (a
 * route change, or this layout giving way to the other), so that none speaks of a page left
 * behind or piles up over the next one. Success toasts keep their time: a login's "You have
 * successfully logged in." is raised as the page changes.
 */
function useErrorToastsEndWithPage() {
  const { pathname } = useLocation();
  const { closeToasts } = useToast();
  useEffect(
    () => () => {
      closeToasts('error');
    },
    [pathname, closeToasts],
  );
}

/**
 * Header, main landmark and footer around a page (SPEC §2 layouts), after the skip link. The
 * page's error toasts show first in the main landmark, under the header and the step
 * navigation, which they never cover (`ToastPlace`). The header ends with the language switch,
 * then the account popover; `keepAnswers` keeps the answers before the switch reloads the page
 * (the form's, or on the account pages the visitor's answers carried there).
 */
export function AppChrome({
  navigation,
  account,
  children,
  beforeLogout,
  keepAnswers,
}: {
  navigation?: ReactNode;
  account?: ReactNode;
  children: ReactNode;
  beforeLogout?: () => Promise<void>;
  keepAnswers?: () => Promise<void>;
}) {
  const intl = useIntl();
  const session = useSession();
  const address = tenant.contact.address;
  useErrorToastsEndWithPage();
  useNotePushes();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'neutral.extraLight',
      }}
    >
      <SkipLink />
      <AppHeader
        collegeName={tenant.names.college}
        title={tenant.titles.application}
        logo={<Logo />}
        actions={
          <Stack direction="row" spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: 'center' }}>
            <LanguageSwitch keepAnswers={keepAnswers} />
            {account}
          </Stack>
        }
      >
        {/* SPEC §2: a submitted applicant is always sent to /completion, so step links would
            only bounce back there: none are offered (the PDF copy there shows the answers). */}
        {session.webStatus === 'submitted' ? null : navigation}
      </AppHeader>
      {/* Focusable by script only (the skip link), without a ring around the whole page. */}
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flex: 1, '&:focus': { outline: 'none' } }}
      >
        <ToastPlace />
        {children}
      </Box>
      <AppFooter
        helpEmail={tenant.contact.email}
        helpPhone={tenant.contact.phone}
        helpAddress={[...address.lines, `${address.city}, ${address.state} ${address.zip}`]}
        helpIntro={intl.formatMessage(
          { id: 'app.footer.helpIntro' },
          { college: tenant.names.college, hours: tenant.contact.hours },
        )}
        privacyParagraphs={tenant.privacyNotice}
      />
      {session.isLoggedIn ? <IdleWarning beforeLogout={beforeLogout} /> : null}
    </Box>
  );
}
