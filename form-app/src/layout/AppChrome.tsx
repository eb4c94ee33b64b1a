import { AppFooter, AppHeader, Box } from '@admit/design-system';
import { type ReactNode } from 'react';

import { useSession } from '../session/SessionProvider.tsx';
import { tenant } from '../tenant.ts';
import { IdleWarning } from './IdleWarning.tsx';

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

/** Header, main landmark and footer around a page (SPEC §2 layouts). */
export function AppChrome({
  navigation,
  account,
  children,
  beforeLogout,
}: {
  navigation?: ReactNode;
  account?: ReactNode;
  children: ReactNode;
  beforeLogout?: () => Promise<void>;
}) {
  const session = useSession();
  const address = tenant.contact.address;
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'neutral.extraLight',
      }}
    >
      <AppHeader
        collegeName={tenant.names.college}
        title={tenant.titles.application}
        logo={<Logo />}
        actions={account}
      >
        {navigation}
      </AppHeader>
      <Box component="main" id="main" sx={{ flex: 1 }}>
        {children}
      </Box>
      <AppFooter
        helpEmail={tenant.contact.email}
        helpPhone={tenant.contact.phone}
        helpAddress={[...address.lines, `${address.city}, ${address.state} ${address.zip}`]}
        helpIntro={`Questions about your application? The ${tenant.names.college} Admissions Office is here to help, ${tenant.contact.hours}.`}
        privacyParagraphs={tenant.privacyNotice}
      />
      {session.isLoggedIn ? <IdleWarning beforeLogout={beforeLogout} /> : null}
    </Box>
  );
}
