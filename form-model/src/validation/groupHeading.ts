/**
 * An add-another group's heading in a language ("College 2"), apart from the validation
 * messages (messages.ts): every page with an add-another block shows headings from its first
 * render, while a page fetches the validation messages only once it validates (form-app's
 * message areas), so the browser's first download holds this and not them.
 */
import { IntlMessageFormat } from 'intl-messageformat';

import { type MessageCatalogue } from './messages.ts';

export const GROUP_PREFIXES = 'model.group.addPrefixes';
export const GROUP_HEADING = 'model.group.heading';

/** The catalogue's message `id` as a formatter; throws naming the id the catalogue lacks. */
export function formatter(
  locale: string,
  catalogue: MessageCatalogue,
  id: string,
): IntlMessageFormat {
  const message = catalogue[id];
  if (message === undefined)
    throw new Error(`The catalogue of "${locale}" has no message "${id}".`);
  return new IntlMessageFormat(message, locale);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `ModelMessages.groupHeading` in `locale`: a heading from the Add button's label and the
 * group's number ("Add Another College", 2 → "College 2"); the words an Add button starts with
 * are the catalogue's (`model.group.addPrefixes`, "|" between them), a label without them is
 * kept whole.
 */
export function groupHeadingIn(
  locale: string,
  catalogue: MessageCatalogue,
): (label: string, number: number) => string {
  const prefixes = String(formatter(locale, catalogue, GROUP_PREFIXES).format())
    .split('|')
    .map((prefix) => prefix.trim())
    .filter((prefix) => prefix !== '')
    // The longest first: "Add Another" before "Add".
    .sort((a, b) => b.length - a.length);
  const leading = new RegExp(`^(?:${prefixes.map(escapeRegExp).join('|')})\\s+`, 'iu');
  const heading = formatter(locale, catalogue, GROUP_HEADING);
  return (label, number) => {
    const rest = label.replace(leading, '').trim();
    const noun =
      rest === '' || rest === label.trim()
        ? label.trim()
        : rest.charAt(0).toLocaleUpperCase(locale) + rest.slice(1);
    return String(heading.format({ noun, number: String(number) }));
  };
}
