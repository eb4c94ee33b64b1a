import { useToast } from '@admit/design-system';
import { useCallback } from 'react';

import { UnauthorizedError } from '../api/errors.ts';
import { useSessionEnded } from '../session/useSessionEnded.ts';

/** A failed step action: a 401 ends the session (SPEC §2); anything else is an error toast. */
export function useFail(): (title: string, error: unknown) => void {
  const { showToast } = useToast();
  const sessionEnded = useSessionEnded();
  return useCallback(
    (title: string, error: unknown) => {
      if (error instanceof UnauthorizedError) {
        sessionEnded();
        return;
      }
      showToast({
        severity: 'error',
        title,
        message: error instanceof Error ? error.message : String(error),
      });
    },
    [sessionEnded, showToast],
  );
}
