/**
 * Issue 15: the form page's save state, heard by screen readers (a polite live region):
 * "Saving…", "Saved at 2:14 PM", or "Not saved" with a Retry button.
 */
import { Button, Stack, Typography } from '@admit/design-system';
import { useSyncExternalStore } from 'react';

import { saveStatusText } from '../application/saveState.ts';
import { useFail } from '../application/useFail.ts';
import { useApplication } from '../form/ApplicationContext.tsx';

export function SaveStatus() {
  const { saveStatus, save } = useApplication();
  const fail = useFail();
  const state = useSyncExternalStore(saveStatus.subscribe, saveStatus.get);
  const failed = state.kind === 'failed';
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', justifyContent: 'flex-end', minHeight: 40, mb: 1 }}
    >
      {/* The region stays mounted so that each change is announced. */}
      <Typography
        role="status"
        variant="body2"
        sx={{ color: failed ? 'error.main' : 'text.secondary', fontWeight: failed ? 700 : 400 }}
      >
        {saveStatusText(state)}
      </Typography>
      {failed ? (
        <Button
          variant="outlined"
          onClick={() => {
            save().catch((error: unknown) => {
              fail('Unexpected Error', error);
            });
          }}
        >
          Retry
        </Button>
      ) : null}
    </Stack>
  );
}
