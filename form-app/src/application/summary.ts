/**
 * The validation summary's rules (SPEC §2): which errors get a link, and how each link reads.
 */
import { type PageConfig, questionKeys, visitQuestions } from '@admit/form-model';

/** Answer key → its question's label, for the validation summary. */
export function questionLabelsOf(pages: readonly PageConfig[]): Map<string, string> {
  return new Map(
    visitQuestions(pages, {}).flatMap(({ question }) =>
      questionKeys(question).map((key) => [key, question.label] as const),
    ),
  );
}

/**
 * The validation summary's links: the first message of each error that has a place, and the
 * question's label in parentheses where two links would read the same (WCAG 2.4.4).
 */
export function summaryItems(
  errors: Record<string, unknown>,
  hrefOf: (key: string) => string | undefined,
  labels: ReadonlyMap<string, string>,
): { href: string; label: string }[] {
  const entries = Object.entries(errors).flatMap(([key, messages]) => {
    const href = hrefOf(key);
    const label = Array.isArray(messages) ? (messages[0] as unknown) : undefined;
    if (typeof label !== 'string') return [];
    return href === undefined ? [] : [{ key, href, label }];
  });
  return entries.map(({ key, href, label }) =>
    entries.filter((entry) => entry.label === label).length > 1
      ? { href, label: `${label} (${labels.get(key) ?? key})` }
      : { href, label },
  );
}
