/**
 * The built-in option lists' labels live in form-model's catalogues (`model.option.<kind>.<code>`,
 * `src/locales/<language>/options.json`); the lists in code hold the codes and their order.
 */
import english from '../locales/en/options.json' with { type: 'json' };
import { type Option } from '../config/types.ts';

/** Which catalogue ids a list's labels have: `model.option.<kind>.<code>`. */
export type OptionKind = 'yesNo' | 'month' | 'country' | 'state';

/** The catalogue id of a code's label. */
export function optionId(kind: OptionKind, value: string): string {
  return `model.option.${kind}.${value}`;
}

const englishLabels: Readonly<Record<string, string>> = english;

/** The codes as options with their English labels (form-model's `en` catalogue). */
export function englishOptions(kind: OptionKind, values: readonly string[]): Option[] {
  return values.map((value) => {
    const label = englishLabels[optionId(kind, value)];
    if (label === undefined)
      throw new Error(`form-model's en catalogue has no "${optionId(kind, value)}".`);
    return { value, label };
  });
}
