/**
 * Issue 15 #6: what a service link or a temporary application link shows when it does not
 * open: a page (heading, the server's message, which says what to do) with the college's
 * contact details, instead of a spinner that never ends or "Something went wrong."
 */
import { ErrorScreen, Link, Stack, Typography } from '@admit/design-system';
import { useEffect } from 'react';

import { type LinkError } from '../api/errors.ts';
import { tenant } from '../tenant.ts';

/** The page's heading. */
export const LINK_PROBLEM_TITLE = 'This link cannot be opened';

export function LinkProblem({ error }: { error: LinkError }) {
  const { contact, names } = tenant;
  const { address } = contact;
  useEffect(() => {
    document.title = `${LINK_PROBLEM_TITLE} · ${names.college}`;
  }, [names.college]);
  return (
    <ErrorScreen title={LINK_PROBLEM_TITLE} message={error.message}>
      <Stack spacing={1} component="section" aria-labelledby="link-problem-contact">
        <Typography id="link-problem-contact" component="h2" variant="h6">
          Contact the {names.college} Admissions Office
        </Typography>
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
    </ErrorScreen>
  );
}
