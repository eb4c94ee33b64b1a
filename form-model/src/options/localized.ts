/**
 * The built-in option lists in a language: the same codes, labelled from a catalogue of that
 * language (`model.option.<kind>.<code>`). Countries are sorted A–Z in that language, the
 * United States still first in `countries` (SPEC §3); the other lists keep their order.
 */
import { IntlMessageFormat } from 'intl-messageformat';

import { type Option, type OptionListName } from '../config/types.ts';
import { type MessageCatalogue } from '../validation/messages.ts';
import { LIST_CODES, optionId, type OptionKind } from './codes.ts';
import { type OptionLists } from './index.ts';

const built = new WeakMap<MessageCatalogue, Map<string, OptionLists>>();

/**
 * form-model's option lists (codes.ts) with their labels in `locale`, from a catalogue of
 * that language: ICU texts on Node, parsed messages in the browser. Built once per catalogue
 * and language; throws naming a label the catalogue lacks.
 *
 * @example optionListsIn('es', messages).yesNo // [{ value: 'Y', label: 'Sí' }, { value: 'N', label: 'No' }]
 */
export function optionListsIn(locale: string, catalogue: MessageCatalogue): OptionLists {
  let byLocale = built.get(catalogue);
  const cached = byLocale?.get(locale);
  if (cached !== undefined) return cached;
  const labelled = (kind: OptionKind, codes: readonly string[]): Option[] =>
    codes.map((value) => {
      const message = catalogue[optionId(kind, value)];
      if (message === undefined)
        throw new Error(`The catalogue of "${locale}" has no message "${optionId(kind, value)}".`);
      return { value, label: String(new IntlMessageFormat(message, locale).format()) };
    });
  const collator = new Intl.Collator(locale);
  const byLabel = (a: Option, b: Option) => collator.compare(a.label, b.label);
  const lists = Object.fromEntries(
    Object.entries(LIST_CODES).map(([name, { kind, codes }]) => [name, labelled(kind, codes)]),
  ) as Record<OptionListName, Option[]>;
  const [unitedStates, ...others] = lists.countries;
  const otherCountries = others.sort(byLabel);
  lists.countries = unitedStates === undefined ? otherCountries : [unitedStates, ...otherCountries];
  lists.countriesNoUsa = lists.countriesNoUsa.sort(byLabel);
  if (byLocale === undefined) built.set(catalogue, (byLocale = new Map<string, OptionLists>()));
  byLocale.set(locale, lists);
  return lists;
}
