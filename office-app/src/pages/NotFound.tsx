import { Link, Typography } from '@admit/design-system';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import { PageHeading, useTitle } from './parts.tsx';

export function NotFound() {
  const intl = useIntl();
  const heading = intl.formatMessage({ id: 'office.notFound.heading' });
  useTitle(heading);
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <Typography sx={{ mb: 2 }}>
        {intl.formatMessage({ id: 'office.notFound.message' })}
      </Typography>
      <Link component={RouterLink} to="/">
        {intl.formatMessage({ id: 'office.backToList' })}
      </Link>
    </>
  );
}
