/**
 * The groups of an add-another block, made from its template (SPEC §4 add-another, SPEC §3's
 * flat keys). A college declares a repeated group once: group 1's blocks with group 1's real
 * keys, a maximum, and how the keys of group n are named. Every reader of the groups (the block
 * walker, the walk, the check, the form) gets them here, so they are expanded one way.
 */
import { type AddAnotherBlock, type Block } from './types.ts';

/** SPEC §9: add-another shows at most 10 groups. */
export const MAX_ADD_ANOTHER = 10;
/** SPEC §9: add-another shows one group by default. */
export const DEFAULT_ADD_ANOTHER = 1;

/** What stands for the group's number in `keys.next` and in the template's texts. */
export const GROUP_NUMBER = '{n}';

/**
 * Fields that name an answer key, or an id kept in the UI state (a trigger's `id`, an
 * add-another's `buttonId`, a tab group's `tabId`, a tab's `id`): renamed when they start with
 * the group's prefix. `valueKey` is a condition's (hideWhen, showWhen, required.when, a rule's
 * `when`) and a conditional select's controlling answer.
 */
const KEY_FIELDS: ReadonlySet<string> = new Set([
  'key',
  'monthKey',
  'yearKey',
  'valueKey',
  'mobileKey',
  'internationalKey',
  'id',
  'buttonId',
  'tabId',
]);
/** Fields holding a list of answer keys (`noneUnlessAny`'s `keys`). */
const KEY_LIST_FIELDS: ReadonlySet<string> = new Set(['keys']);
/** Fields whose values are answer keys (a lookup's `fills`: detail field → key). */
const KEY_RECORD_FIELDS: ReadonlySet<string> = new Set(['fills']);
/** Texts the applicant reads: `{n}` becomes the group's number. */
const TEXT_FIELDS: ReadonlySet<string> = new Set([
  'label',
  'hint',
  'title',
  'text',
  'description',
  'requiredMessage',
  'message',
]);

/** How one group names its keys and numbers its texts. */
interface Naming {
  key: (key: string) => string;
  text: (text: string) => string;
}

/** Group n's naming: keys starting with `first` take `next` (with n) instead; `{n}` is n. */
function naming(block: Pick<AddAnotherBlock, 'keys'>, n: number): Naming {
  const { first, next } = block.keys;
  const prefix = n === 1 ? first : next.replaceAll(GROUP_NUMBER, String(n));
  return {
    key: (key) => (first !== '' && key.startsWith(first) ? prefix + key.slice(first.length) : key),
    text: (text) => text.replaceAll(GROUP_NUMBER, String(n)),
  };
}

/**
 * A copy of config data with its keys and texts renamed for one group. Plain data in, plain
 * data out: each field is renamed by what its name says it holds (the tables above), anything
 * else is copied as it is (codes, option values, condition targets, numbers).
 */
function renamed(value: unknown, name: Naming): unknown {
  if (Array.isArray(value)) return value.map((item) => renamed(item, name));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(value as Record<string, unknown>)) {
    if (typeof inner === 'string' && KEY_FIELDS.has(field)) out[field] = name.key(inner);
    else if (typeof inner === 'string' && TEXT_FIELDS.has(field)) out[field] = name.text(inner);
    else if (Array.isArray(inner) && KEY_LIST_FIELDS.has(field))
      out[field] = inner.map((key: unknown) => (typeof key === 'string' ? name.key(key) : key));
    else if (KEY_RECORD_FIELDS.has(field) && inner !== null && typeof inner === 'object')
      out[field] = Object.fromEntries(
        Object.entries(inner as Record<string, unknown>).map(([detail, key]) => [
          detail,
          typeof key === 'string' ? name.key(key) : key,
        ]),
      );
    else if (field === 'keys' && (value as { type?: unknown }).type === 'add-another')
      // A nested add-another's own naming: its prefixes are keys of this group.
      out[field] = renamedGroupKeys(inner as AddAnotherBlock['keys'], name);
    else out[field] = renamed(inner, name);
  }
  return out;
}

function renamedGroupKeys(keys: AddAnotherBlock['keys'], name: Naming): AddAnotherBlock['keys'] {
  return { ...keys, first: name.key(keys.first), next: name.key(keys.next) };
}

/** How many groups a block has: its `max`, within 0..10 (check.ts reports a max outside 1..10). */
export function groupCount(block: AddAnotherBlock): number {
  return Number.isInteger(block.max) ? Math.max(0, Math.min(block.max, MAX_ADD_ANOTHER)) : 0;
}

const expanded = new WeakMap<AddAnotherBlock, readonly (readonly Block[])[]>();

/**
 * The blocks of each group of an add-another block, group 1 first: the template with its keys
 * renamed for group n (a key starting with `keys.first` starts with `keys.next` instead, `{n}`
 * being n; any other key, such as an outside answer a condition names, is left alone) and
 * `{n}` in its texts replaced by n. Memoised per block: the same block gives the same arrays,
 * so a renderer may key on them.
 *
 * @example
 * groupItems({ type: 'add-another', buttonId: 'college', label: 'Add Another College', max: 2,
 *   keys: { first: 'college_', next: 'college_{n}_' },
 *   template: [{ type: 'text', key: 'college_name', label: 'College {n}' }] })
 * // [[{ …, key: 'college_name', label: 'College 1' }], [{ …, key: 'college_2_name', label: 'College 2' }]]
 */
export function groupItems(block: AddAnotherBlock): readonly (readonly Block[])[] {
  const cached = expanded.get(block);
  if (cached !== undefined) return cached;
  const groups = Array.from(
    { length: groupCount(block) },
    // The template is plain Block data; renaming keeps every field's shape.
    (_, index) => renamed(block.template, naming(block, index + 1)) as readonly Block[],
  );
  expanded.set(block, groups);
  return groups;
}

/**
 * SPEC's key, in group `index` (0 for the first), of a template's key: `college_name` in the
 * third college is `college_3_name`. A key that is not the group's (an outside answer) is itself.
 */
export function groupKey(block: Pick<AddAnotherBlock, 'keys'>, index: number, key: string): string {
  return naming(block, index + 1).key(key);
}

const numbered = new WeakMap<AddAnotherBlock, (readonly Block[])[]>();

/**
 * The template as group `index` (0 for the first) shows it in the form's shape, where each
 * group's answers sit in its own item under the template's keys: its texts numbered (`{n}`
 * being index + 1), its keys left as the template writes them. Memoised like `groupItems`.
 */
export function groupTemplate(block: AddAnotherBlock, index: number): readonly Block[] {
  let groups = numbered.get(block);
  if (groups === undefined) {
    groups = [];
    numbered.set(block, groups);
  }
  const keep: Naming = { key: (key) => key, text: naming(block, index + 1).text };
  return (groups[index] ??= renamed(block.template, keep) as readonly Block[]);
}
