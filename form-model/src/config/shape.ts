/**
 * The one conversion between the two shapes of the answers (config/types.ts), for the API's
 * edge: SPEC's flat keys (`college_2_name`), which the server stores and the API carries, and
 * the form's, where an add-another block's groups are an array of items under its `buttonId`.
 * The browser converts when answers load (`toFormAnswers`) and when they are saved
 * (`toFlatAnswers`), and names a refused or invalid flat key's field with `flatFieldNames`;
 * nothing else converts. The walk reads either shape, so the server and the PDF keep the flat
 * one.
 *
 * A college's groups are described by `groupShapes`, small enough for the browser's first
 * download: the answers take their shape when they load, before the pages holding the groups do.
 */
import { isAnswered } from '../conditions/evaluate.ts';
import { pageBlocksOfType } from './blocks.ts';
import { storedKeys } from './clear.ts';
import { DEFAULT_ADD_ANOTHER, groupCount, groupKey } from './groups.ts';
import {
  type AddAnotherBlock,
  type Answers,
  type AnswerValue,
  type FormAnswers,
  type FormContext,
  type GroupKeys,
  type PageConfig,
} from './types.ts';
import { visitQuestions } from './walk.ts';

/** What the conversion needs of an add-another block. */
export interface GroupShape {
  buttonId: string;
  /** How many groups at most (the block's `max`, within 1..10). */
  max: number;
  keys: GroupKeys;
  /** Every key the template stores (`_desc` companions included), as group 1 names them. */
  stored: readonly string[];
}

/** Every add-another block's shape on these pages, in page order. */
export function groupShapes(pages: readonly PageConfig[]): GroupShape[] {
  return pageBlocksOfType(pages, 'add-another').map((block: AddAnotherBlock) => {
    const template = {
      id: '',
      route: '',
      title: '',
      sections: [{ id: '', title: '', blocks: block.template }],
    };
    return {
      buttonId: block.buttonId,
      max: groupCount(block),
      keys: block.keys,
      stored: visitQuestions([template], {}).flatMap(({ question }) => storedKeys(question)),
    };
  });
}

/**
 * How many groups a block shows when the answers load: the stored count (default 1, at most
 * the block's max), and never fewer than the last group holding an answer, so no answer is
 * hidden (and cleared). As form-model's `shownItemCount`, from the shape alone.
 */
function loadedCount(shape: GroupShape, flat: Answers, context: FormContext): number {
  const stored = context.addAnother?.[shape.buttonId] ?? DEFAULT_ADD_ANOTHER;
  let lastAnswered = 0;
  for (let index = 0; index < shape.max; index += 1)
    if (shape.stored.some((key) => isAnswered(flat[groupKey(shape, index, key)])))
      lastAnswered = index + 1;
  return Math.min(Math.max(stored, lastAnswered, DEFAULT_ADD_ANOTHER), shape.max);
}

/**
 * SPEC's flat answers → the form's: each block's groups become items of an array under its
 * `buttonId`, as many as `context.addAnother` stored (see `loadedCount`), their keys leaving the
 * top level; every other answer stays as it is.
 *
 * @example toFormAnswers(shapes, { parent_first_name: 'Ann', parent_2_first_name: 'Bo' }, {})
 *   // { parent: [{ parent_first_name: 'Ann' }, { parent_first_name: 'Bo' }] }
 */
export function toFormAnswers(
  shapes: readonly GroupShape[],
  flat: Answers,
  context: FormContext = {},
): FormAnswers {
  const groups: FormAnswers = {};
  const taken = new Set<string>();
  for (const shape of shapes) {
    const count = loadedCount(shape, flat, context);
    const items: FormAnswers[] = [];
    for (let index = 0; index < shape.max; index += 1) {
      const item: FormAnswers = {};
      for (const key of shape.stored) {
        const name = groupKey(shape, index, key);
        taken.add(name);
        const value = flat[name];
        if (value !== undefined && index < count) item[key] = value;
      }
      if (index < count) items.push(item);
    }
    groups[shape.buttonId] = items;
  }
  // A group's keys leave the top level; a group past the count had nothing to keep.
  const rest = Object.entries(flat).filter(([key]) => !taken.has(key));
  return { ...Object.fromEntries(rest), ...groups };
}

/**
 * The form's answers → SPEC's flat ones: item i of a block's array is group i+1; every key of a
 * group past the array's end is "" (a removed group's freed keys, saved as "").
 */
export function toFlatAnswers(shapes: readonly GroupShape[], form: FormAnswers): Answers {
  const out: Answers = {};
  for (const [key, value] of Object.entries(form))
    if (!Array.isArray(value)) out[key] = value as AnswerValue;
  for (const shape of shapes) {
    const items = (form[shape.buttonId] ?? []) as readonly FormAnswers[];
    for (let index = 0; index < shape.max; index += 1) {
      const item = items[index];
      for (const key of shape.stored) {
        const value = item === undefined ? '' : item[key];
        if (value !== undefined && !Array.isArray(value))
          out[groupKey(shape, index, key)] = value as AnswerValue;
      }
    }
  }
  return out;
}

const namesOf = new WeakMap<readonly GroupShape[], ReadonlyMap<string, string>>();

/**
 * A group's flat key → its field name in the form's answers (`college_2_name` →
 * `college[1].college_name`); a key of no group is its own field name. For what the API names
 * by flat key: a refused answer, a validation error.
 */
export function flatFieldName(shapes: readonly GroupShape[], key: string): string {
  let names = namesOf.get(shapes);
  if (names === undefined) {
    const map = new Map<string, string>();
    for (const shape of shapes)
      for (let index = 0; index < shape.max; index += 1)
        for (const stored of shape.stored)
          map.set(groupKey(shape, index, stored), `${shape.buttonId}[${String(index)}].${stored}`);
    names = map;
    namesOf.set(shapes, names);
  }
  return names.get(key) ?? key;
}
