/**
 * The college's admissions office, from its configuration (SPEC §1: contact details come from
 * the tenant): a section with a heading, its hours, e-mail, phone and address. Shown where the
 * app cannot help any further: a link that does not open, the error screen.
 */
import { Link, Stack, Typography } from '@admit/design-system';
import { useId } from 'react';

import { tenant } from '../tenant.ts';

export function CollegeContact({ intro }: { intro?: string }) {
  const { contact, names } = tenant;
  const { address } = contact;
  const headingId = useId();
  return (
    <Stack spacing={1} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6">
        Contact the {names.college} Admissions Office
      </Typography>
      {intro === undefined ? null : <Typography>{intro}</Typography>}
      <Typography>{contact.hours}</Typography>
      <Typography>
        E-mail <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
      </Typography>
      <Typography>
        Phone <Link href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</Link>
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
