import { Alert, Box, Link } from '@admit/design-system';
import { type MouseEvent } from 'react';

import { type NavigationState } from '../../application/paths.ts';

/** SPEC §2: /login (and the other cards) show a success or error message passed in navigation state. */
export function AccountMessage({ state }: { state: NavigationState }) {
  if (state.errorMessage === undefined && state.successMessage === undefined) return null;
  return (
    <Box sx={{ mb: 2 }}>
      {state.errorMessage === undefined ? (
        <Alert severity="success" role="status">
          {state.successMessage}
        </Alert>
      ) : (
        <Alert severity="error" role="alert">
          {state.errorMessage}
        </Alert>
      )}
    </Box>
  );
}

/**
 * /login, when the server says the account waits for its confirmation code: its message and a
 * link to /confirm, which the page follows carrying the address. Not a live region: the card's
 * error toast announces the same message.
 */
export function UnconfirmedNotice({
  message,
  onConfirm,
}: {
  message: string;
  onConfirm: (event: MouseEvent<HTMLElement>) => void;
}) {
  return (
    <Box sx={{ mb: 2 }}>
      <Alert severity="warning" role="none">
        {message}{' '}
        <Link href="/confirm" onClick={onConfirm}>
          Confirm your account
        </Link>
      </Alert>
    </Box>
  );
}

/** Said on /login while answers typed in this browser wait to be saved. */
export const PENDING_NOTICE =
  'Some answers you entered in this browser have not been saved yet. Log in to save them.';

/** /login, while answers typed in this browser wait for the server (they are saved at login). */
export function PendingNotice() {
  return (
    <Box sx={{ mb: 2 }}>
      <Alert severity="info" role="none">
        {PENDING_NOTICE}
      </Alert>
    </Box>
  );
}
