/**
 * What a service link or a temporary application link shows when it does not open: a page (heading,
 * the server's message, which says what to do) with the college's contact details, instead of a
 * spinner that never ends or "Something went wrong."
 */
import { ErrorScreen } from '@admit/design-system';
import { useEffect } from 'react';

import { type LinkError } from '../api/errors.ts';
import { tenant } from '../tenant.ts';
import { CollegeContact } from './CollegeContact.tsx';

/** The page's heading. */
export const LINK_PROBLEM_TITLE = 'This link cannot be opened';

export function LinkProblem({ error }: { error: LinkError }) {
  const { names } = tenant;
  useEffect(() => {
    document.title = `${LINK_PROBLEM_TITLE} · ${names.college}`;
  }, [names.college]);
  return (
    <ErrorScreen title={LINK_PROBLEM_TITLE} message={error.message}>
      <CollegeContact />
    </ErrorScreen>
  );
}
