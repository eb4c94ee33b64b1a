import CloseIcon from '@mui/icons-material/Close';
import MailIcon from '@mui/icons-material/Mail';
import { Box, Button, IconButton, Popover, Stack, Typography } from '@mui/material';
import { type RefObject, useId } from 'react';
import { useIntl } from 'react-intl';

import { visuallyHidden } from '../../parts/visuallyHidden';

export interface AccountPanelProps {
  /** The popover's id, which the account button controls. */
  id: string;
  /** Whether it is shown. */
  open: boolean;
  /** The account button it hangs from. */
  anchor: RefObject<HTMLButtonElement | null>;
  /** The dialog's title. */
  title: string;
  /** Logged in: the username and Log Out; logged out: Sign In and Create Account. */
  loggedIn: boolean;
  /** The logged-in applicant's username. */
  username?: string;
  /** Closes it (close button, Escape, a click outside). */
  onClose: () => void;
  /** Called by Log Out, once closed. */
  onLogOut: () => void;
  /** Called by Sign In, once closed. */
  onSignIn: () => void;
  /** Called by Create Account, once closed. */
  onCreateAccount: () => void;
}

/**
 * The popover the account button opens: a dialog with the title, a close button, and the
 * username with Log Out, or Sign In and Create Account. Its own module, so that MUI's
 * Popover (a modal, focus trap and transition) loads when the button is first pressed.
 */
export function AccountPanel({
  id,
  open,
  anchor,
  title,
  loggedIn,
  username,
  onClose,
  onLogOut,
  onSignIn,
  onCreateAccount,
}: AccountPanelProps) {
  const intl = useIntl();
  const titleId = useId();
  /** Closes the popover, then does what was asked. */
  const closeThen = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Popover
      id={id}
      open={open}
      anchorEl={() => anchor.current}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          tabIndex: -1,
          sx: { width: '20rem', maxWidth: 'calc(100vw - 2rem)', p: 2, pt: 1 },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography id={titleId} component="h2" variant="h4" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <IconButton
          aria-label={intl.formatMessage({ id: 'ds.accountPopover.close' })}
          onClick={onClose}
          edge="end"
          sx={{ color: 'neutral.dark' }}
        >
          <CloseIcon />
        </IconButton>
      </Box>
      {loggedIn ? (
        <Stack sx={{ gap: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <MailIcon aria-hidden sx={{ color: 'text.secondary' }} />
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              <Box component="span" sx={visuallyHidden}>
                {intl.formatMessage({ id: 'ds.accountPopover.loggedInAs' })}{' '}
              </Box>
              {username}
            </Typography>
          </Box>
          <Button variant="contained" onClick={closeThen(onLogOut)}>
            {intl.formatMessage({ id: 'ds.accountPopover.logOut' })}
          </Button>
        </Stack>
      ) : (
        <Stack sx={{ gap: 1.5 }}>
          <Button variant="contained" onClick={closeThen(onSignIn)}>
            {intl.formatMessage({ id: 'ds.accountPopover.signIn' })}
          </Button>
          <Button variant="outlined" onClick={closeThen(onCreateAccount)}>
            {intl.formatMessage({ id: 'ds.accountPopover.createAccount' })}
          </Button>
        </Stack>
      )}
    </Popover>
  );
}
