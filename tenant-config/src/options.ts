/**
 * Option lists in a college's folder: a select or radio names a list by `{ "list": name }`,
 * form-model's own (countries, states, …) or the college's `options/<name>.json`. The engine
 * knows only form-model's names (its `OptionSource`), so a college's list is put in place here,
 * at load, as `{ "options": [...] }`: after loading, the pages hold no name the engine does not
 * know.
 */
import { type Option, OPTION_LIST_NAMES, type OptionListName, optionList } from '@admit/form-model';

import { isObject, pointerSegment } from './json.ts';

/** form-model's own lists, by name: no college file may take one of these names. */
export const FORM_MODEL_LISTS = OPTION_LIST_NAMES;

/** Whether `name` is one of form-model's own lists. */
export function isFormModelList(name: string): name is OptionListName {
  return (FORM_MODEL_LISTS as readonly string[]).includes(name);
}

/** A list name that resolves to nothing, where it is written. */
export interface UnknownList {
  pointer: string;
  name: string;
}

/** The list a per-answer entry names, or the entry as it is. */
function listOf(entry: unknown): string | undefined {
  return isObject(entry) && typeof entry.list === 'string' ? entry.list : undefined;
}

/**
 * A step's value with every college list put in place: `{ "list": name }` of a select or radio
 * becomes `{ "options": [...] }`, and so does a conditional select's list for one answer
 * (form-model's lists there too, since the engine takes only options in `byAnswer`).
 * form-model's own names stay as they are. Names that are neither are returned, with where.
 */
export function resolveOptionLists(
  step: unknown,
  lists: ReadonlyMap<string, readonly Option[]>,
): { step: unknown; unknown: UnknownList[] } {
  const unknown: UnknownList[] = [];
  const resolve = (value: unknown, pointer: string): unknown => {
    if (Array.isArray(value))
      return value.map((item, index) => resolve(item, `${pointer}/${index}`));
    if (!isObject(value)) return value;
    const copy = Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [
        name,
        resolve(inner, `${pointer}/${pointerSegment(name)}`),
      ]),
    );
    if ((value.type !== 'select' && value.type !== 'radio') || !isObject(value.options))
      return copy;
    const source = value.options;
    const named = listOf(source);
    if (named !== undefined) {
      const list = lists.get(named);
      if (list !== undefined) copy.options = { options: list };
      else if (!isFormModelList(named)) {
        unknown.push({ pointer: `${pointer}/options/list`, name: named });
        copy.options = { options: [] };
      }
    } else if (isObject(source.byAnswer) && isObject(source.byAnswer.options)) {
      const perAnswer = Object.fromEntries(
        Object.entries(source.byAnswer.options).map(([answer, entry]) => {
          const name = listOf(entry);
          if (name === undefined) return [answer, entry];
          const list = lists.get(name) ?? (isFormModelList(name) ? optionList(name) : undefined);
          if (list === undefined)
            unknown.push({
              pointer: `${pointer}/options/byAnswer/options/${pointerSegment(answer)}/list`,
              name,
            });
          return [answer, list ?? []];
        }),
      );
      copy.options = { byAnswer: { ...source.byAnswer, options: perAnswer } };
    }
    return copy;
  };
  return { step: resolve(step, ''), unknown };
}
