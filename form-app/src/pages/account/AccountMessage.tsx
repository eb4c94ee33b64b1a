import { Alert, Box } from '@admit/design-system';

import { type NavigationState } from '../../routes/paths.ts';

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
