/**
 * What a service link or a temporary application link shows when it does not open: a page (heading,
 * the server's message, which says what to do) with the college's contact details, instead of a
 * spinner that never ends or "Something went wrong."
 */
import { ErrorScreen } from '@admit/design-system';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';

import { type LinkError } from '../api/errors.ts';
import { tenant } from '../tenant.ts';
import { LanguageBar } from '../layout/LanguageSwitch.tsx';
import { CollegeContact } from './CollegeContact.tsx';

export function LinkProblem({ error }: { error: LinkError }) {
  const { names } = tenant;
  const title = useIntl().formatMessage({ id: 'app.linkProblem.title' });
  useEffect(() => {
    document.title = `${title} · ${names.college}`;
  }, [names.college, title]);
  return (
    <>
      <LanguageBar />
      <ErrorScreen title={title} message={error.message}>
        <CollegeContact />
      </ErrorScreen>
    </>
  );
}
