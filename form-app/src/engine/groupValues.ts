/**
 * The form's values and SPEC's flat answers (issue 14): inside the form, each add-another
 * block's groups are a Final Form array at `groups.<buttonId>`, each item holding its group's
 * answers under the first group's keys (`{ college_name: 'B' }` is `college_2_name: 'B'`); every
 * other answer stays under its own key. The config names every group's keys (form-model's
 * `groupItems(block)[i]`, made from the block's template: the k-th key of one group is the k-th
 * key of every other), so this ONE pair of pure functions
 * maps between the shapes: `toFormValues` (flat → form) and `toFlatAnswers` (form → flat).
 * Every key of a group past the array's end is "" in the flat answers (a removed group's freed
 * keys are cleared, and saved as "" where the server holds an answer).
 */
import {
  type AddAnotherBlock,
  type Answers,
  type FormContext,
  groupItems,
  type PageConfig,
  pageBlocksOfType,
  shownItemCount,
  storedKeys,
  visitQuestions,
} from '@admit/form-model';

/** Where the arrays sit in the form's values. */
export const GROUPS = 'groups';

/** The form's values: answers by key, and the arrays of groups under `groups`. */
export type FormValues = Record<string, unknown>;

/** One add-another block's keys: `keys[i][k]` is the k-th key of group i. */
export interface GroupShape {
  block: AddAnotherBlock;
  /** The array's field name, e.g. `groups.college`. */
  name: string;
  keys: readonly (readonly string[])[];
}

/** Every key a group stores, `_desc` companions included, in the item's order. */
export function groupKeys(block: AddAnotherBlock, index: number): string[] {
  const blocks = groupItems(block)[index] ?? [];
  const page = {
    id: 'group',
    route: '',
    title: '',
    sections: [{ id: 'group', title: '', blocks }],
  };
  return visitQuestions([page as unknown as PageConfig], {}).flatMap(({ question }) =>
    storedKeys(question),
  );
}

/** The Final Form name of a block's array of groups. */
export function groupArrayName(block: AddAnotherBlock): string {
  return `${GROUPS}.${block.buttonId}`;
}

interface Shapes {
  shapes: readonly GroupShape[];
  /** A group's key → the field name of its value inside the array. */
  names: ReadonlyMap<string, string>;
}

const shapesCache = new WeakMap<readonly PageConfig[], Shapes>();

function shapesOf(pages: readonly PageConfig[]): Shapes {
  const cached = shapesCache.get(pages);
  if (cached !== undefined) return cached;
  const shapes = pageBlocksOfType(pages, 'add-another').map((block) => ({
    block,
    name: groupArrayName(block),
    keys: groupItems(block).map((_, index) => groupKeys(block, index)),
  }));
  const names = new Map<string, string>();
  for (const { name, keys } of shapes)
    keys.forEach((group, index) => {
      group.forEach((key, k) => names.set(key, `${name}[${String(index)}].${keys[0]?.[k] ?? key}`));
    });
  const made = { shapes, names };
  shapesCache.set(pages, made);
  return made;
}

/** The field name of an answer key: its place in a group's item, or the key itself. */
export function answerFieldName(pages: readonly PageConfig[], key: string): string {
  return shapesOf(pages).names.get(key) ?? key;
}

/**
 * Flat keys → the form's shape, for answers and for errors alike: each block's groups become
 * `lengthOf(shape)` items, and their flat keys leave the top level.
 */
export function nestGroups<V>(
  pages: readonly PageConfig[],
  flat: Readonly<Record<string, V>>,
  lengthOf: (shape: GroupShape) => number,
): FormValues {
  const { shapes, names } = shapesOf(pages);
  if (shapes.length === 0) return { ...flat };
  // Every key but the groups' stays at the top level.
  const out: FormValues = Object.fromEntries(
    Object.entries(flat).filter(([key]) => !names.has(key)),
  );
  const groups: Record<string, Record<string, V>[]> = {};
  for (const shape of shapes) {
    const template = shape.keys[0] ?? [];
    groups[shape.block.buttonId] = Array.from({ length: lengthOf(shape) }, (_, index) => {
      const item: Record<string, V> = {};
      (shape.keys[index] ?? []).forEach((key, k) => {
        const value = flat[key];
        const as = template[k];
        if (value !== undefined && as !== undefined) item[as] = value;
      });
      return item;
    });
  }
  out[GROUPS] = groups;
  return out;
}

/**
 * The form's shape → flat keys: item i of a block's array holds group i's answers; the keys of
 * the groups past the array's end are `freed` when given.
 */
export function flattenGroups<V>(
  pages: readonly PageConfig[],
  values: FormValues,
  freed?: V,
): Record<string, V> {
  const { [GROUPS]: groups, ...rest } = values;
  const out = rest as Record<string, V>;
  const arrays = (groups ?? {}) as Readonly<Record<string, readonly unknown[] | undefined>>;
  for (const shape of shapesOf(pages).shapes) {
    const template = shape.keys[0] ?? [];
    const items = arrays[shape.block.buttonId] ?? [];
    shape.keys.forEach((group, index) => {
      const item = items[index];
      if (index >= items.length) {
        if (freed !== undefined) for (const key of group) out[key] = freed;
        return;
      }
      const answers = (item ?? {}) as Readonly<Record<string, V | undefined>>;
      group.forEach((key, k) => {
        const value = answers[template[k] ?? ''];
        if (value !== undefined) out[key] = value;
      });
    });
  }
  return out;
}

/** The saved flat answers → the form's values; each block shows form-model's count of groups. */
export function toFormValues(
  pages: readonly PageConfig[],
  flat: Answers,
  ui: FormContext,
): FormValues {
  return nestGroups(pages, flat, ({ block }) => shownItemCount(block, flat, ui));
}

/** The form's values → SPEC's flat answers (what is saved, cleared, validated and printed). */
export function toFlatAnswers(pages: readonly PageConfig[], values: FormValues): Answers {
  return flattenGroups<Answers[string]>(pages, values, '');
}

/** The number of groups of each block: its array's length. */
export function groupCounts(values: FormValues): Record<string, number> {
  const arrays = (values[GROUPS] ?? {}) as Readonly<Record<string, readonly unknown[]>>;
  return Object.fromEntries(Object.entries(arrays).map(([id, items]) => [id, items.length]));
}

/** Errors by flat key → the form's shape (a group's errors inside its item). */
export function nestErrors(
  pages: readonly PageConfig[],
  errors: Readonly<Record<string, unknown>>,
): FormValues {
  return nestGroups(pages, errors, ({ keys }) => {
    let length = 0;
    keys.forEach((group, index) => {
      if (group.some((key) => errors[key] !== undefined)) length = index + 1;
    });
    return length;
  });
}
