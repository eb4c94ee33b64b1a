/**
 * The built-in option lists' English labels, from form-model's `en` catalogue
 * (`src/locales/en/options.json`): the lists Node uses by default (options/index.ts). The
 * browser never imports this module: it labels the codes (codes.ts) from the page's messages.
 */
import english from '../locales/en/options.json' with { type: 'json' };
import { type Option } from '../config/types.ts';
import { optionId, type OptionKind } from './codes.ts';

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
