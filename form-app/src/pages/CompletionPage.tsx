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
import { type ReactNode, useEffect } from 'react';
import { useIntl } from 'react-intl';

import { api } from '../api/endpoints.ts';
import { queryKeys } from '../api/queryClient.ts';
import { useFocusOnArrival } from '../layout/useFocusOnArrival.ts';
import { tenant } from '../tenant.ts';

/** SPEC §9: PDF status is polled every 1000 ms, then every 600000 ms past the first state. */
export const PDF_POLL_FAST_MS = 1000;
export const PDF_POLL_SLOW_MS = 600_000;

export function CompletionPage() {
  const { showToast } = useToast();
  const intl = useIntl();
  const generic = intl.formatMessage({ id: 'app.error.generic' });
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
      showToast({
        severity: 'error',
        title: intl.formatMessage({ id: 'app.error.unexpectedTitle' }),
        message: generic,
      });
  }, [failed, generic, intl, showToast]);

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
      <Alert severity="success">{intl.formatMessage({ id: 'app.completion.submitted' })}</Alert>
      <ReferenceNumber reference={receipt.data?.reference_number} failed={receipt.isError} />
      <Typography>
        {intl.formatMessage(
          { id: 'app.completion.next' },
          {
            email: tenant.contact.email,
            phone: tenant.contact.phone,
            mail: (chunks: ReactNode[]) => <a href={`mailto:${tenant.contact.email}`}>{chunks}</a>,
          },
        )}
      </Typography>
      <Typography>
        {intl.formatMessage(
          { id: 'app.completion.testCodes' },
          { college: tenant.names.college, act: tenant.testCodes.act, sat: tenant.testCodes.sat },
        )}
      </Typography>
      <Box>
        {ready ? (
          <Button variant="contained" component="a" href={pdf.data?.url ?? ''} download>
            {intl.formatMessage({ id: 'app.completion.download' })}
          </Button>
        ) : failed ? (
          <Alert severity="error">{generic}</Alert>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <LoadingSpinner size="small" />
            <Typography>{intl.formatMessage({ id: 'app.completion.preparing' })}</Typography>
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
  const intl = useIntl();
  if (reference === undefined)
    return failed ? (
      <Typography>{intl.formatMessage({ id: 'app.completion.referenceFailed' })}</Typography>
    ) : null;
  return (
    <Box component="section" aria-labelledby="reference-number-label">
      <Typography id="reference-number-label" component="h2" variant="h6">
        {intl.formatMessage({ id: 'app.completion.referenceLabel' })}
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
      <Typography>{intl.formatMessage({ id: 'app.completion.referenceNote' })}</Typography>
    </Box>
  );
}
