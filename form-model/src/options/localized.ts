/**
 * The built-in option lists in a language: the same codes, labelled from a catalogue of that
 * language (`model.option.<kind>.<code>`). Countries are sorted A–Z in that language, the
 * United States still first in `countries` (SPEC §3); the other lists keep their order.
 */
import { IntlMessageFormat } from 'intl-messageformat';

import { type Option, type OptionListName } from '../config/types.ts';
import { type MessageCatalogue } from '../validation/messages.ts';
import { OPTION_LISTS, type OptionLists } from './index.ts';
import { optionId, type OptionKind } from './labels.ts';

const KIND_OF_LIST: Readonly<Record<OptionListName, OptionKind>> = {
  countries: 'country',
  countriesNoUsa: 'country',
  states: 'state',
  usStates: 'state',
  canadianProvinces: 'state',
  months: 'month',
  yesNo: 'yesNo',
};

const built = new WeakMap<MessageCatalogue, Map<string, OptionLists>>();

/**
 * form-model's option lists (`OPTION_LISTS`) with their labels in `locale`, from a catalogue of
 * that language: ICU texts on Node, parsed messages in the browser. Built once per catalogue
 * and language; throws naming a label the catalogue lacks.
 *
 * @example optionListsIn('es', messages).yesNo // [{ value: 'Y', label: 'Sí' }, { value: 'N', label: 'No' }]
 */
export function optionListsIn(locale: string, catalogue: MessageCatalogue): OptionLists {
  let byLocale = built.get(catalogue);
  const cached = byLocale?.get(locale);
  if (cached !== undefined) return cached;
  const labelled = (kind: OptionKind, options: readonly Option[]): Option[] =>
    options.map(({ value }) => {
      const message = catalogue[optionId(kind, value)];
      if (message === undefined)
        throw new Error(`The catalogue of "${locale}" has no message "${optionId(kind, value)}".`);
      return { value, label: String(new IntlMessageFormat(message, locale).format()) };
    });
  const collator = new Intl.Collator(locale);
  const byLabel = (a: Option, b: Option) => collator.compare(a.label, b.label);
  const lists = Object.fromEntries(
    Object.entries(OPTION_LISTS).map(([name, options]) => [
      name,
      labelled(KIND_OF_LIST[name as OptionListName], options),
    ]),
  ) as Record<OptionListName, Option[]>;
  const [unitedStates, ...others] = lists.countries;
  const otherCountries = others.sort(byLabel);
  lists.countries = unitedStates === undefined ? otherCountries : [unitedStates, ...otherCountries];
  lists.countriesNoUsa = lists.countriesNoUsa.sort(byLabel);
  if (byLocale === undefined) built.set(catalogue, (byLocale = new Map<string, OptionLists>()));
  byLocale.set(locale, lists);
  return lists;
}
