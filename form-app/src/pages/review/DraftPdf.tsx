/**
 * "Download a draft PDF" on the review. While it is made a spinner and "Making
 * your draft PDF…" show in a polite live region; a failure shows why in an alert beside it.
 * A visitor has no stored application to print: the review says so and offers sign-up.
 */
import { Alert, Box, Button, LoadingSpinner, Stack, Typography } from '@admit/design-system';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { UnauthorizedError } from '../../api/errors.ts';
import { useSessionEnded } from '../../session/useSessionEnded.ts';
import { DraftPdfProblem, makeDraftPdf, startDownload } from './draftPdf.ts';

type State =
  { kind: 'idle' } | { kind: 'making' } | { kind: 'done' } | { kind: 'failed'; message: string };

export function DraftPdf({ save }: { save: () => Promise<void> }) {
  const intl = useIntl();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const sessionEnded = useSessionEnded();
  const making = state.kind === 'making';

  const download = () => {
    // Ignored while making (the button stays enabled so that focus stays on it).
    if (making) return;
    setState({ kind: 'making' });
    makeDraftPdf(save)
      .then((url) => {
        startDownload(url);
        setState({ kind: 'done' });
      })
      .catch((error: unknown) => {
        if (error instanceof UnauthorizedError) {
          sessionEnded();
          return;
        }
        setState({
          kind: 'failed',
          message:
            error instanceof DraftPdfProblem
              ? intl.formatMessage({ id: error.messageId })
              : error instanceof Error
                ? error.message
                : String(error),
        });
      });
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Button variant="outlined" size="large" aria-disabled={making} onClick={download}>
          {intl.formatMessage({ id: 'app.review.draft.download' })}
        </Button>
        {/* Stays mounted so that each change is announced. */}
        <Box
          role="status"
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: { sm: 40 } }}
        >
          {making ? <LoadingSpinner size="small" /> : null}
          <Typography>
            {making
              ? intl.formatMessage({ id: 'app.review.draft.making' })
              : state.kind === 'done'
                ? intl.formatMessage({ id: 'app.review.draft.downloading' })
                : ''}
          </Typography>
        </Box>
      </Stack>
      {state.kind === 'failed' ? (
        // MUI's Alert is role="alert": the failure is announced as it shows.
        <Alert severity="error">
          <Typography sx={{ fontWeight: 700 }}>
            {intl.formatMessage({ id: 'app.review.draft.failedTitle' })}
          </Typography>
          <Typography>{state.message}</Typography>
        </Alert>
      ) : null}
    </Stack>
  );
}
