import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { IconButton } from '@mui/material';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

const AccountPanel = lazy(async () => ({
  default: (await import('./parts/AccountPanel')).AccountPanel,
}));

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
  title: givenTitle,
  disabled = false,
}: AccountPopoverProps) {
  // SPEC §2: the popover's title ("Account"), also the name of the button that opens it.
  const intl = useIntl();
  const title = givenTitle ?? intl.formatMessage({ id: 'ds.accountPopover.title' });
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const close = () => {
    setOpen(false);
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
          setOpened(true);
        }}
      >
        <AccountCircleIcon fontSize="large" />
      </IconButton>
      {/* Fetched when first opened; then kept, so it closes as it opened and focus returns. */}
      {opened ? (
        <Suspense fallback={null}>
          <AccountPanel
            id={popoverId}
            open={open}
            anchor={button}
            title={title}
            loggedIn={loggedIn}
            username={username}
            onClose={close}
            onLogOut={onLogOut}
            onSignIn={onSignIn}
            onCreateAccount={onCreateAccount}
          />
        </Suspense>
      ) : null}
    </>
  );
}
