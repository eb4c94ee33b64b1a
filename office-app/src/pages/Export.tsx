/**
 * The export of what the list's filters find, as CSV or JSON (the server streams it): the
 * body is read as it arrives, rows and bytes so far shown in a progress bar and a polite live
 * region, then saved through a Blob link. Officers may ask for full SSNs (the server logs it).
 */
import { Box, Button, CheckboxInput, Typography } from '@admit/design-system';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';

import { call, OfficeApiError, queryString } from '../api/client.ts';
import { type ListFilters, type Role } from '../api/types.ts';

type Format = 'csv' | 'json';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; format: Format; rows: number; bytes: number }
  | { phase: 'saved'; fileName: string; rows: number; bytes: number }
  | { phase: 'failed'; message: string };

/** A row's start in each format: CSV lines end in CRLF (the header's too), JSON rows start on a new line. */
const ROW_MARK: Record<Format, string> = { csv: '\r\n', json: '\n{' };

function countOf(text: string, mark: string): number {
  let count = 0;
  for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, at + mark.length)) count++;
  return count;
}

/** The file name the server gives (Content-Disposition), else one of our own. */
function fileNameOf(response: Response, format: Format): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? `applications.${format}`;
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its bytes once the click is handled; the address is not needed after.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}

export function ExportPanel({
  filters,
  total,
  role,
}: {
  filters: ListFilters;
  /** How many rows the filters find (the list's total), for the progress bar. */
  total: number | undefined;
  role: Role;
}) {
  const intl = useIntl();
  const [fullSsn, setFullSsn] = useState(false);
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const running = useRef(false);

  const run = async (format: Format) => {
    if (running.current) return;
    running.current = true;
    setState({ phase: 'running', format, rows: 0, bytes: 0 });
    try {
      const query = queryString({ ...filters, ...(fullSsn ? { ssn: 'full' } : {}) });
      const response = await call(`/export.${format}${query}`, {
        headers: { accept: format === 'csv' ? 'text/csv' : 'application/json' },
      });
      const reader = response.body?.getReader();
      const parts: Uint8Array[] = [];
      const decoder = new TextDecoder();
      let bytes = 0;
      let marks = 0;
      // The mark may straddle two chunks: the tail of one is counted with the next.
      let tail = '';
      const mark = ROW_MARK[format];
      if (reader !== undefined)
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parts.push(value);
          bytes += value.byteLength;
          const text = tail + decoder.decode(value, { stream: true });
          marks += countOf(text, mark);
          tail = text.slice(-(mark.length - 1));
          if (countOf(tail, mark) > 0) tail = '';
          const rows = format === 'csv' ? Math.max(0, marks - 1) : marks;
          setState({ phase: 'running', format, rows, bytes });
        }
      const rows = format === 'csv' ? Math.max(0, marks - 1) : marks;
      const fileName = fileNameOf(response, format);
      save(
        new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? '' }),
        fileName,
      );
      setState({ phase: 'saved', fileName, rows, bytes });
    } catch (error) {
      setState({
        phase: 'failed',
        message:
          error instanceof OfficeApiError
            ? error.message
            : intl.formatMessage({ id: 'office.error.network' }),
      });
    } finally {
      running.current = false;
    }
  };

  const size = (bytes: number) =>
    intl.formatNumber(bytes / 1024, { maximumFractionDigits: bytes < 10_240 ? 1 : 0 });
  const busy = state.phase === 'running';
  return (
    <Box
      component="section"
      aria-labelledby="export-heading"
      sx={{ mt: 4, p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id="export-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'office.export.heading' })}
      </Typography>
      <Typography sx={{ mb: 2 }}>{intl.formatMessage({ id: 'office.export.explain' })}</Typography>
      {role === 'officer' && (
        <Box sx={{ mb: 2 }}>
          <CheckboxInput
            id="export-full-ssn"
            label={intl.formatMessage({ id: 'office.export.fullSsn' })}
            hint={intl.formatMessage({ id: 'office.export.fullSsnHint' })}
            value={fullSsn}
            onChange={setFullSsn}
            disabled={busy}
          />
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" disabled={busy} onClick={() => void run('csv')}>
          {intl.formatMessage({ id: 'office.export.csv' })}
        </Button>
        <Button variant="outlined" disabled={busy} onClick={() => void run('json')}>
          {intl.formatMessage({ id: 'office.export.json' })}
        </Button>
      </Box>
      {busy && (
        <Box
          role="progressbar"
          aria-label={intl.formatMessage({ id: 'office.export.progressLabel' })}
          aria-valuemin={0}
          {...(total === undefined || total === 0
            ? {}
            : { 'aria-valuemax': total, 'aria-valuenow': Math.min(state.rows, total) })}
          aria-valuetext={intl.formatMessage(
            { id: 'office.export.progress' },
            { rows: state.rows, size: size(state.bytes) },
          )}
          sx={{ mt: 2, height: 8, bgcolor: 'action.hover', borderRadius: 4, overflow: 'hidden' }}
        >
          <Box
            sx={{
              height: '100%',
              bgcolor: 'primary.main',
              width:
                total === undefined || total === 0
                  ? '100%'
                  : `${String(Math.min(100, (state.rows / total) * 100))}%`,
            }}
          />
        </Box>
      )}
      <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
        {busy && (
          <Typography>
            {intl.formatMessage(
              { id: 'office.export.progress' },
              { rows: state.rows, size: size(state.bytes) },
            )}
          </Typography>
        )}
        {state.phase === 'saved' && (
          <Typography>
            {intl.formatMessage(
              { id: 'office.export.saved' },
              { file: state.fileName, rows: state.rows, size: size(state.bytes) },
            )}
          </Typography>
        )}
      </Box>
      {state.phase === 'failed' && (
        <Typography role="alert" sx={{ mt: 1, color: 'error.main' }}>
          {state.message}
        </Typography>
      )}
    </Box>
  );
}
