/** The validation summary of SPEC §2: a link to every error on any page. */
import { type PageConfig, summaryHref } from '@admit/form-model';
import { ValidationSummary } from '@admit/design-system';
import { useMemo } from 'react';
import { useFormState } from 'react-final-form';

import { questionLabelsOf, summaryItems } from '../application/summary.ts';

export function Summary({
  pages,
  onNavigate,
}: {
  pages: readonly PageConfig[];
  onNavigate: (href: string) => void;
}) {
  const { errors } = useFormState({ subscription: { errors: true } });
  const labels = useMemo(() => questionLabelsOf(pages), [pages]);
  const items = summaryItems(errors ?? {}, (key) => summaryHref(pages, key), labels);
  if (items.length === 0) return null;
  return (
    <ValidationSummary
      items={items}
      onNavigate={(href, event) => {
        event.preventDefault();
        onNavigate(href);
      }}
    />
  );
}
