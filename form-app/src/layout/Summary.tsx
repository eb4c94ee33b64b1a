/** The validation summary of SPEC §2: a link to every error on any page. */
import { type PageConfig, summaryHref } from '@admit/form-model';
import { ValidationSummary } from '@admit/design-system';
import { useMemo } from 'react';
import { useForm, useFormState } from 'react-final-form';

import { questionLabelsOf, summaryItems } from '../application/summary.ts';
import { shapePages } from '../form/createAnswersForm.ts';
import { flattenGroups } from '../form/groupValues.ts';

export function Summary({
  pages,
  onNavigate,
}: {
  pages: readonly PageConfig[];
  onNavigate: (href: string) => void;
}) {
  const form = useForm<Record<string, unknown>>();
  const { errors } = useFormState({ subscription: { errors: true } });
  const labels = useMemo(() => questionLabelsOf(pages), [pages]);
  // Errors by flat key again (a group's errors sit inside its array item in the form).
  const flat = flattenGroups<unknown>(shapePages(form), errors ?? {});
  const items = summaryItems(flat, (key) => summaryHref(pages, key), labels);
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
