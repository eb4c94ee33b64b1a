/**
 * Every signed-in page: the header (the college, the office's navigation, who is signed in, the
 * sign-out) and the page in `main`. Without a session the office's API answers 401 and the app
 * goes to the sign-in (App.tsx).
 */
import { AppHeader, Box, Button, Link, Typography } from '@admit/design-system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';

import { getJson, postJson } from '../api/client.ts';
import { type Me } from '../api/types.ts';
import { useOfficePage } from '../officePage.ts';
import { Loading, visuallyHidden } from './parts.tsx';

export const ME_KEY = ['me'] as const;

const MAIN_ID = 'main';

function NavItem({ to, end, children }: { to: string; end?: boolean; children: string }) {
  return (
    <Link
      component={NavLink}
      to={to}
      end={end}
      underline="hover"
      sx={(theme) => ({
        display: 'inline-block',
        py: 1.5,
        fontWeight: 600,
        color: theme.app.colors.neutral.dark,
        borderBottom: '0.25rem solid transparent',
        '&[aria-current="page"]': { borderBottomColor: theme.app.colors.primary.main },
      })}
    >
      {children}
    </Link>
  );
}

export function Layout() {
  const intl = useIntl();
  const { collegeName } = useOfficePage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: ME_KEY, queryFn: () => getJson<Me>('/me') });
  const signOut = useMutation({
    mutationFn: () => postJson<{ message: string }>('/logout'),
    onSettled: () => {
      queryClient.clear();
      void navigate('/login', { replace: true, state: { signedOut: true } });
    },
  });
  const member = me.data;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Link
        href={`#${MAIN_ID}`}
        sx={{
          ...visuallyHidden,
          '&:focus': {
            position: 'fixed',
            top: 8,
            left: 8,
            width: 'auto',
            height: 'auto',
            clip: 'auto',
            p: 1,
            zIndex: 2000,
            bgcolor: 'background.paper',
          },
        }}
      >
        {intl.formatMessage({ id: 'office.skipToMain' })}
      </Link>
      <AppHeader
        collegeName={collegeName}
        title={intl.formatMessage({ id: 'office.header.title' })}
        actions={
          member && (
            <Button
              variant="outlined"
              color="inherit"
              onClick={() => {
                signOut.mutate();
              }}
              disabled={signOut.isPending}
            >
              {intl.formatMessage({ id: 'office.header.signOut' })}
            </Button>
          )
        }
      >
        {member && (
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              columnGap: 3,
              flexWrap: 'wrap',
            }}
          >
            <Box
              component="nav"
              aria-label={intl.formatMessage({ id: 'office.header.nav' })}
              sx={{ display: 'flex', gap: 3 }}
            >
              <NavItem to="/" end>
                {intl.formatMessage({ id: 'office.header.applications' })}
              </NavItem>
              {member.role === 'officer' && (
                <NavItem to="/audit">{intl.formatMessage({ id: 'office.header.audit' })}</NavItem>
              )}
            </Box>
            <Typography
              component="p"
              sx={{
                fontSize: '0.9375rem',
                overflowWrap: 'anywhere',
                py: { xs: 0, sm: 1.5 },
                pb: { xs: 1 },
              }}
            >
              {intl.formatMessage(
                { id: 'office.header.signedInAs' },
                { email: member.email, role: member.role },
              )}
            </Typography>
          </Box>
        )}
      </AppHeader>
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ maxWidth: 'lg', mx: 'auto', px: { xs: 2, sm: 3 }, py: 4, outline: 'none' }}
      >
        {member !== undefined ? (
          <Outlet context={member} />
        ) : me.isError ? (
          // A 401 has already gone to the sign-in; anything else (the server down) is said here.
          <Typography role="alert">{me.error.message}</Typography>
        ) : (
          <Loading />
        )}
      </Box>
    </Box>
  );
}
