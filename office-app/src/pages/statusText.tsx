/** The words for an application's web status and its documents' state. */
import { Box } from '@admit/design-system';
import { useIntl } from 'react-intl';

import { type DocumentsState as Documents, STATUSES } from '../api/types.ts';

export function StatusLabel({ status }: { status: string }) {
  const intl = useIntl();
  const known = (STATUSES as readonly string[]).includes(status);
  return <>{known ? intl.formatMessage({ id: `office.status.${status}` }) : status}</>;
}

/** "None", or how many are ready, with those still converting and those that failed. */
export function DocumentsState({ documents }: { documents: Documents }) {
  const intl = useIntl();
  if (documents.total === 0) return <>{intl.formatMessage({ id: 'office.documents.none' })}</>;
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      <span>
        {intl.formatMessage(
          { id: 'office.documents.ready' },
          { completed: documents.completed, total: documents.total },
        )}
      </span>
      {documents.pending > 0 && (
        <span>
          {intl.formatMessage({ id: 'office.documents.pending' }, { count: documents.pending })}
        </span>
      )}
      {documents.failed > 0 && (
        <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
          {intl.formatMessage({ id: 'office.documents.failed' }, { count: documents.failed })}
        </Box>
      )}
    </Box>
  );
}
