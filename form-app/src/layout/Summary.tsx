/** The validation summary of SPEC §2: a link to every error on any page. */
import { type PageConfig, summaryHref } from '@admit/form-model';
import { ValidationSummary } from '@admit/design-system';
import { useMemo, useState } from 'react';
import { useFormState } from 'react-final-form';
import { useLocation } from 'react-router-dom';

import { questionLabelsOf, summaryItems } from '../application/summary.ts';
import { navigationState } from '../application/paths.ts';

export function Summary({
  pages,
  onNavigate,
}: {
  pages: readonly PageConfig[];
  onNavigate: (href: string) => void;
}) {
  const { errors } = useFormState({ subscription: { errors: true } });
  const labels = useMemo(() => questionLabelsOf(pages), [pages]);
  // Errors are named by SPEC's key (a group's too), the anchor each link points to.
  const items = summaryItems(errors ?? {}, (key) => summaryHref(pages, key), labels);
  // The summary takes focus when it appears; after each Submit that found errors it appears
  // anew (a new key), so that focus and a screen reader land on it again, as on GOV.UK's
  // error summary. The key stays until the next such Submit: a later replace of the history
  // entry must not move focus.
  const location = useLocation();
  const [submitKey, setSubmitKey] = useState('summary');
  if (navigationState(location.state).focusSummary === true && submitKey !== location.key)
    setSubmitKey(location.key);
  if (items.length === 0) return null;
  return (
    <ValidationSummary
      key={submitKey}
      items={items}
      onNavigate={(href, event) => {
        event.preventDefault();
        onNavigate(href);
      }}
    />
  );
}
