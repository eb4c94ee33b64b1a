import { Alert, Box, Link } from '@admit/design-system';
import { type MouseEvent } from 'react';
import { useIntl } from 'react-intl';

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
  const intl = useIntl();
  return (
    <Box sx={{ mb: 2 }}>
      <Alert severity="warning" role="none">
        {message}{' '}
        <Link href="/confirm" onClick={onConfirm}>
          {intl.formatMessage({ id: 'app.account.unconfirmed.link' })}
        </Link>
      </Alert>
    </Box>
  );
}

/** /login, while answers typed in this browser wait for the server (they are saved at login). */
export function PendingNotice() {
  const intl = useIntl();
  return (
    <Box sx={{ mb: 2 }}>
      <Alert severity="info" role="none">
        {intl.formatMessage({ id: 'app.account.pendingNotice' })}
      </Alert>
    </Box>
  );
}
