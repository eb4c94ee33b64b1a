/** SPEC §2 /completion: thanks, what happens next, and a PDF copy of the application. */
import {
  Alert,
  Box,
  Button,
  LoadingSpinner,
  Stack,
  Typography,
  useToast,
} from '@admit/design-system';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api } from '../api/endpoints.ts';
import { GENERIC_ERROR_MESSAGE } from '../api/errors.ts';
import { queryKeys } from '../api/queryClient.ts';
import { useFocusOnArrival } from '../layout/useFocusOnArrival.ts';
import { tenant } from '../tenant.ts';

/** SPEC §9: PDF status is polled every 1000 ms, then every 600000 ms past the first state. */
export const PDF_POLL_FAST_MS = 1000;
export const PDF_POLL_SLOW_MS = 600_000;

export function CompletionPage() {
  const { showToast } = useToast();
  // The submit's message is the alert below; the layout drops it from the history entry.
  useEffect(() => {
    document.title = `${tenant.titles.completion} · ${tenant.names.college}`;
  }, []);
  const heading = useFocusOnArrival(true);

  const pdf = useQuery({
    queryKey: queryKeys.pdf,
    queryFn: api.pdf,
    throwOnError: false,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined || status === 'UNPROCESSED' || status === 'IN_PROGRESS'
        ? PDF_POLL_FAST_MS
        : PDF_POLL_SLOW_MS;
    },
  });
  const failed = pdf.data?.status === 'FAILED' || pdf.isError;
  useEffect(() => {
    // SPEC §4: a failed PDF raises the generic error.
    if (failed)
      showToast({ severity: 'error', title: 'Unexpected Error', message: GENERIC_ERROR_MESSAGE });
  }, [failed, showToast]);

  // The reference number the receipt e-mail names too.
  const receipt = useQuery({
    queryKey: queryKeys.receipt,
    queryFn: api.receipt,
    throwOnError: false,
  });

  const ready = pdf.data?.status === 'COMPLETED' && pdf.data.url !== '';
  return (
    <Stack spacing={3}>
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h4"
        component="h1"
        // Focused by script on arrival, not a control: no ring.
        sx={{ '&:focus': { outline: 'none' } }}
      >
        {tenant.titles.completion}
      </Typography>
      <Alert severity="success">Your application was successfully submitted.</Alert>
      <ReferenceNumber reference={receipt.data?.reference_number} failed={receipt.isError} />
      <Typography>
        We will review your application and contact you by email. If we need anything else, such as
        transcripts or test scores, we will let you know. You can reach the Admissions Office at{' '}
        <a href={`mailto:${tenant.contact.email}`}>{tenant.contact.email}</a> or{' '}
        {tenant.contact.phone}.
      </Typography>
      <Typography>
        Sending test scores? Use the {tenant.names.college} school codes: ACT {tenant.testCodes.act}
        , SAT {tenant.testCodes.sat}.
      </Typography>
      <Box>
        {ready ? (
          <Button variant="contained" component="a" href={pdf.data?.url ?? ''} download>
            Download a PDF copy of your application
          </Button>
        ) : failed ? (
          <Alert severity="error">{GENERIC_ERROR_MESSAGE}</Alert>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <LoadingSpinner size="small" />
            <Typography>Preparing a PDF copy of your application…</Typography>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

/**
 * The reference number, under a label of its own (read out as "Your reference number, GAL-…"),
 * in a monospace font so that 0 and 8 read apart; while it loads, nothing; when it cannot be
 * read, where to find it instead.
 */
function ReferenceNumber({
  reference,
  failed,
}: {
  reference: string | undefined;
  failed: boolean;
}) {
  if (reference === undefined)
    return failed ? (
      <Typography>
        Your reference number could not be shown just now. You will find it in the receipt we
        e-mailed you.
      </Typography>
    ) : null;
  return (
    <Box component="section" aria-labelledby="reference-number-label">
      <Typography id="reference-number-label" component="h2" variant="h6">
        Your reference number
      </Typography>
      <Typography
        sx={{
          fontFamily: 'monospace',
          fontSize: '1.5rem',
          fontWeight: 700,
          letterSpacing: '0.08em',
          mb: 0.5,
        }}
      >
        {reference}
      </Typography>
      <Typography>
        We have e-mailed you a receipt with this number. Please quote it when you contact the
        Admissions Office.
      </Typography>
    </Box>
  );
}
