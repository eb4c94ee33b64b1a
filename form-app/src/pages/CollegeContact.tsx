/**
 * The college's admissions office, from its configuration (SPEC §1: contact details come from
 * the tenant): a section with a heading, its hours, e-mail, phone and address. Shown where the
 * app cannot help any further: a link that does not open, the error screen.
 */
import { Link, Stack, Typography } from '@admit/design-system';
import { useId } from 'react';
import { useIntl } from 'react-intl';

import { tenant } from '../tenant.ts';

export function CollegeContact({ intro }: { intro?: string }) {
  const { contact, names } = tenant;
  const { address } = contact;
  const headingId = useId();
  const intl = useIntl();
  return (
    <Stack spacing={1} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6">
        {intl.formatMessage({ id: 'app.contact.heading' }, { college: names.college })}
      </Typography>
      {intro === undefined ? null : <Typography>{intro}</Typography>}
      <Typography>{contact.hours}</Typography>
      <Typography>
        {intl.formatMessage({ id: 'app.contact.email' })}{' '}
        <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
      </Typography>
      <Typography>
        {intl.formatMessage({ id: 'app.contact.phone' })}{' '}
        <Link href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</Link>
      </Typography>
      <Typography component="address" sx={{ fontStyle: 'normal' }}>
        {address.lines.map((line) => (
          <span key={line}>
            {line}
            <br />
          </span>
        ))}
        {address.city}, {address.state} {address.zip}
      </Typography>
    </Stack>
  );
}
