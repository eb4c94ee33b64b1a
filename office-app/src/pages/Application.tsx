/**
 * One application as the print model renders it (the same model as the PDF, the applicant's
 * review and the service view), its facts, its PDF and documents to download, and for officers
 * the full SSN on request (POST …/ssn: each reveal is logged by the server).
 */
import { Box, Button, Link, PrintDocument, Typography } from '@admit/design-system';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';

import { getJson, OfficeApiError, postJson } from '../api/client.ts';
import { type ApplicationAnswer } from '../api/types.ts';
import { Loading, PageHeading, useMe, useTitle } from './parts.tsx';
import { DocumentsState, StatusLabel } from './statusText.tsx';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box component="dt" sx={{ fontWeight: 600 }}>
        {term}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

function Ssn({ application, officer }: { application: ApplicationAnswer; officer: boolean }) {
  const intl = useIntl();
  const target = application.reference ?? application.id;
  const reveal = useMutation({
    mutationFn: () => postJson<{ ssn: string }>(`/applications/${encodeURIComponent(target)}/ssn`),
  });
  if (application.ssn === null)
    return <>{intl.formatMessage({ id: 'office.application.noSsn' })}</>;
  const shown = reveal.data?.ssn;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box
        component="span"
        sx={{ fontFamily: 'monospace', fontSize: '1.0625rem' }}
        aria-live="polite"
      >
        {shown ?? application.ssn}
      </Box>
      {officer && shown === undefined && (
        <Button
          variant="outlined"
          size="small"
          disabled={reveal.isPending}
          onClick={() => {
            reveal.mutate();
          }}
        >
          {intl.formatMessage({ id: 'office.application.showSsn' })}
        </Button>
      )}
      {officer && shown !== undefined && (
        <Button
          variant="outlined"
          size="small"
          onClick={() => {
            reveal.reset();
          }}
        >
          {intl.formatMessage({ id: 'office.application.hideSsn' })}
        </Button>
      )}
      {reveal.isError && (
        <Typography role="alert" sx={{ color: 'error.main', width: '100%' }}>
          {reveal.error instanceof OfficeApiError
            ? reveal.error.message
            : intl.formatMessage({ id: 'office.error.network' })}
        </Typography>
      )}
    </Box>
  );
}

export function Application() {
  const intl = useIntl();
  const me = useMe();
  const { reference = '' } = useParams();
  // Back to the list as it was: the list's address (its filters) rides in the history state.
  const from = (useLocation().state as { list?: string } | null)?.list ?? '/';
  const application = useQuery({
    queryKey: ['application', reference],
    queryFn: () => getJson<ApplicationAnswer>(`/applications/${encodeURIComponent(reference)}`),
  });
  const data = application.data;
  const name = data === undefined ? '' : data.name === '' ? data.email : data.name;
  useTitle(name === '' ? intl.formatMessage({ id: 'office.application.title' }) : name);
  const back = (
    <Link component={RouterLink} to={from} sx={{ display: 'inline-block', mb: 2 }}>
      {intl.formatMessage({ id: 'office.backToList' })}
    </Link>
  );
  if (application.isError)
    return (
      <>
        {back}
        <PageHeading>{intl.formatMessage({ id: 'office.application.title' })}</PageHeading>
        <Typography role="alert">{application.error.message}</Typography>
      </>
    );
  if (data === undefined)
    return (
      <>
        {back}
        <Loading />
      </>
    );
  const documentsState = {
    total: data.documents.length,
    completed: data.documents.filter((document) => document.status === 'completed').length,
    pending: data.documents.filter(
      (document) => document.status !== 'completed' && document.status !== 'failed',
    ).length,
    failed: data.documents.filter((document) => document.status === 'failed').length,
  };
  return (
    <>
      {back}
      <PageHeading>{name}</PageHeading>
      <Box component="dl" sx={{ m: 0, mb: 3 }}>
        <Fact term={intl.formatMessage({ id: 'office.list.column.reference' })}>
          {data.reference ?? intl.formatMessage({ id: 'office.list.noReference' })}
        </Fact>
        <Fact term={intl.formatMessage({ id: 'office.list.column.email' })}>{data.email}</Fact>
        <Fact term={intl.formatMessage({ id: 'office.list.column.status' })}>
          <StatusLabel status={data.status} />
        </Fact>
        <Fact term={intl.formatMessage({ id: 'office.list.column.submitted' })}>
          {data.submitted_local ?? intl.formatMessage({ id: 'office.list.notSubmitted' })}
        </Fact>
        <Fact term={intl.formatMessage({ id: 'office.application.ssn' })}>
          <Ssn application={data} officer={me.role === 'officer'} />
        </Fact>
        <Fact term={intl.formatMessage({ id: 'office.list.column.documents' })}>
          <DocumentsState documents={documentsState} />
        </Fact>
      </Box>
      <Box
        component="section"
        aria-labelledby="downloads-heading"
        sx={{ mb: 4, p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Typography id="downloads-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          {intl.formatMessage({ id: 'office.application.downloads' })}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, '& li': { py: 0.5 } }}>
          <li>
            <Link href={data.pdf_url} download>
              {intl.formatMessage({ id: 'office.application.downloadPdf' })}
            </Link>
          </li>
          {data.documents.map((document) => (
            <li key={document.answer_key}>
              <Link href={document.url} download={document.file_name}>
                {document.file_name}
              </Link>{' '}
              <Typography component="span" sx={{ color: 'text.secondary' }}>
                {intl.formatMessage(
                  { id: 'office.application.documentSize' },
                  {
                    size: intl.formatNumber(document.file_size / 1024, {
                      maximumFractionDigits: 0,
                    }),
                  },
                )}
              </Typography>
            </li>
          ))}
        </Box>
      </Box>
      <PrintDocument model={data.model} />
    </>
  );
}
