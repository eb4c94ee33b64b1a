import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CloseIcon from '@mui/icons-material/Close';
import MailIcon from '@mui/icons-material/Mail';
import { Box, Button, IconButton, Popover, Stack, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';

import { visuallyHidden } from '../parts/visuallyHidden';

/** SPEC §2: the popover's title, also the name of the button that opens it. */
export const ACCOUNT_POPOVER_TITLE = 'Account';

export interface AccountPopoverProps {
  /** Logged in: the username and Log Out; logged out: Sign In and Create Account. */
  loggedIn: boolean;
  /** The logged-in applicant's username (an e-mail address). */
  username?: string;
  /** Called by Log Out. */
  onLogOut: () => void;
  /** Called by Sign In (the app goes to /login carrying the answers). */
  onSignIn: () => void;
  /** Called by Create Account (the app goes to /signup). */
  onCreateAccount: () => void;
  /** The popover's title and the opening button's accessible name. */
  title?: string;
  /** Stops the button opening the popover (e.g. while logging out). */
  disabled?: boolean;
}

/**
 * The account button of the header and the popover it opens (SPEC §2): titled "Account", with
 * a close button; logged in it shows the username (with a mail icon) and Log Out, logged out
 * Sign In and Create Account. The popover is a dialog: focus moves in, Escape closes it and
 * focus returns to the button. Hide it for service users.
 *
 * @example
 * ```tsx
 * <AccountPopover loggedIn username="ada@example.com" onLogOut={logOut} onSignIn={signIn} onCreateAccount={signUp} />
 * ```
 */
export function AccountPopover({
  loggedIn,
  username,
  onLogOut,
  onSignIn,
  onCreateAccount,
  title = ACCOUNT_POPOVER_TITLE,
  disabled = false,
}: AccountPopoverProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const titleId = useId();
  const close = () => {
    setOpen(false);
  };
  /** Closes the popover, then does what was asked. */
  const closeThen = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <>
      <IconButton
        ref={button}
        aria-label={title}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        color="inherit"
        disabled={disabled}
        onClick={() => {
          setOpen(true);
        }}
      >
        <AccountCircleIcon fontSize="large" />
      </IconButton>
      <Popover
        id={popoverId}
        open={open}
        anchorEl={() => button.current}
        onClose={close}
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
          <IconButton aria-label="Close" onClick={close} edge="end" sx={{ color: 'neutral.dark' }}>
            <CloseIcon />
          </IconButton>
        </Box>
        {loggedIn ? (
          <Stack sx={{ gap: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <MailIcon aria-hidden sx={{ color: 'text.secondary' }} />
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                <Box component="span" sx={visuallyHidden}>
                  Logged in as{' '}
                </Box>
                {username}
              </Typography>
            </Box>
            <Button variant="contained" onClick={closeThen(onLogOut)}>
              Log Out
            </Button>
          </Stack>
        ) : (
          <Stack sx={{ gap: 1.5 }}>
            <Button variant="contained" onClick={closeThen(onSignIn)}>
              Sign In
            </Button>
            <Button variant="outlined" onClick={closeThen(onCreateAccount)}>
              Create Account
            </Button>
          </Stack>
        )}
      </Popover>
    </>
  );
}
