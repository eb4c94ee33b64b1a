import { type PageConfig } from '@admit/form-model';

import { type StepSummary } from './types.ts';

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

/** What `renameInText` does to one text: each name in `names` replaced, in the order given. */
function replacer(names: Readonly<Record<string, string>>): (text: string) => string {
  return (text) =>
    Object.entries(names).reduce((result, [from, to]) => result.split(from).join(to), text);
}

/**
 * Another college's copy of a set of pages (or of their steps), with names replaced in every
 * text a person reads (labels, hints, titles, messages), in the order given. Keys, codes and
 * conditions are kept.
 */
export function renameInText<Config extends PageConfig | StepSummary>(
  pages: readonly Config[],
  names: Readonly<Record<string, string>>,
): Config[] {
  const replace = replacer(names);
  return pages.map((page) => renameValue(page, replace) as Config);
}

/** `renameInText` for one page. */
export function renamePageText(
  page: PageConfig,
  names: Readonly<Record<string, string>>,
): PageConfig {
  return renameValue(page, replacer(names)) as PageConfig;
}
