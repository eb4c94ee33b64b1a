/**
 * SPEC §1/§6 service view: a staff member with a service token reads one application as a
 * print-style document. No navigation, popover, modals, headers, footers or buttons.
 */
import { printModelIn } from '@admit/form-model';
import { Container, LoadingSpinner, PrintDocument } from '@admit/design-system';
import { useQuery } from '@tanstack/react-query';
import { use, useEffect } from 'react';
import { useIntl } from 'react-intl';

import { api } from '../api/endpoints.ts';
import { queryKeys } from '../api/queryClient.ts';
import { pageOptionLists } from '../pageIntl.ts';
import { loadPages, tenant } from '../tenant.ts';

export function ServiceView({ serviceToken }: { serviceToken: string }) {
  const application = useQuery({
    queryKey: queryKeys.service(serviceToken),
    queryFn: () => api.serviceApplication(serviceToken),
  });
  const title = useIntl().formatMessage({ id: 'app.serviceView.documentTitle' });
  useEffect(() => {
    document.title = `${title} · ${tenant.names.college}`;
  }, [title]);
  // Every page is printed; the router fetches them with this view's code.
  const pages = use(loadPages());
  if (application.isPending) return <LoadingSpinner fullScreen />;
  const data = application.data;
  if (data === undefined) return null;
  // The server sends the SSN masked (XXX-XX-1234), and it prints so; the built-in lists' labels
  // in the page's language, as its headings.
  const model = printModelIn(
    pages,
    data.answer,
    data.document_answer,
    { tabs: data.tabs, addAnother: data.add_another },
    { maskSsn: true, lists: pageOptionLists() },
  );
  const name = [data.answer.first_name, data.answer.last_name]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(' ');
  return (
    <Container component="main" maxWidth="md" sx={{ py: 4 }}>
      <PrintDocument
        heading={tenant.titles.application}
        subheading={name === '' ? undefined : name}
        model={model}
      />
    </Container>
  );
}
