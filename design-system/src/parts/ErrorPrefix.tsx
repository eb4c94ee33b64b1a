import { Box } from '@mui/material';
import { useIntl } from 'react-intl';

import { visuallyHidden } from './visuallyHidden';

/**
 * The hidden "Error:" in front of each error message under a field, so a screen reader says
 * why the message is there. A component of its own: only a field that shows errors reads the
 * catalogue for it.
 */
export function ErrorPrefix() {
  const intl = useIntl();
  return (
    <Box component="span" sx={visuallyHidden}>
      {intl.formatMessage({ id: 'ds.field.errorPrefix' })}{' '}
    </Box>
  );
}
