import { type PageConfig } from '@admit/form-model';

/** Text fields of a page config that a person reads; keys and codes are never renamed. */
const TEXT_FIELDS = new Set([
  'label',
  'hint',
  'title',
  'description',
  'text',
  'requiredMessage',
  'message',
]);

function renameValue(value: unknown, replace: (text: string) => string, field?: string): unknown {
  if (typeof value === 'string')
    return field !== undefined && TEXT_FIELDS.has(field) ? replace(value) : value;
  if (Array.isArray(value))
    return value.map((item) => renameValue(item, replace, field === 'options' ? undefined : field));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, renameValue(inner, replace, key)]),
    );
  }
  return value;
}

/**
 * Another college's copy of a set of pages, with names replaced in every text a person reads
 * (labels, hints, titles, messages), in the order given. Keys, codes and conditions are kept.
 */
export function renameInText(
  pages: readonly PageConfig[],
  names: Readonly<Record<string, string>>,
): PageConfig[] {
  const replace = (text: string) =>
    Object.entries(names).reduce((result, [from, to]) => result.split(from).join(to), text);
  return pages.map((page) => renameValue(page, replace) as PageConfig);
}
