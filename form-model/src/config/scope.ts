/**
 * Where a question's answers live, in either shape of the answers (config/types.ts): SPEC's
 * flat keys, or the form's, where an add-another block's groups are an array of items. The walk
 * (config/walk.ts) gives every question its scope; clearing, validation and printing read and
 * write through it, so none of them knows which shape it was given.
 */
import { groupKey } from './groups.ts';
import { type AddAnotherBlock, type Answers, type AnswerValue, type FormAnswers } from './types.ts';

/** One step down into an array of groups: the block's `buttonId` and the item's index. */
export type ScopeStep = readonly [id: string, index: number];

export interface AnswerScope {
  /** The way from the top of the answers down to the item the question sits in (none at the top). */
  at: readonly ScopeStep[];
  /**
   * What a question there reads (conditions, options, rules): its item's answers over the outer
   * ones, so a template's key names its own group's answer and any other key an outside one.
   * Arrays of groups stay in it, but no condition, rule or option list names a `buttonId`.
   */
  answers: Answers;
  /**
   * SPEC's key of an answer key there (`parent_first_name` in the second item of `parent` →
   * `parent_2_first_name`): the name the API, the error summary's anchors and the PDF use.
   */
  flatKey: (key: string) => string;
}

/** The scope of the top of the answers: the answers themselves, and every key its own. */
export function topScope(answers: FormAnswers): AnswerScope {
  return { at: [], answers: answers as Answers, flatKey: (key) => key };
}

const mergedViews = new WeakMap<object, WeakMap<object, Answers>>();

/** The scope of item `index` of a block's array (`item` being that item). */
export function itemScope(
  scope: AnswerScope,
  block: AddAnotherBlock,
  index: number,
  item: FormAnswers,
): AnswerScope {
  // One view per (outer view, item): a keystroke elsewhere rebuilds none of them.
  let byItem = mergedViews.get(scope.answers);
  if (byItem === undefined) {
    byItem = new WeakMap();
    mergedViews.set(scope.answers, byItem);
  }
  let answers = byItem.get(item);
  if (answers === undefined) {
    answers = { ...scope.answers, ...(item as Answers) };
    byItem.set(item, answers);
  }
  return {
    at: [...scope.at, [block.buttonId, index]],
    answers,
    flatKey: (key) => scope.flatKey(groupKey(block, index, key)),
  };
}

/**
 * The Final Form field name of an answer key in a scope: the key at the top,
 * `parent[1].parent_first_name` in the second parent.
 */
export function fieldName(at: readonly ScopeStep[], key: string): string {
  return at.map(([id, index]) => `${id}[${String(index)}].`).join('') + key;
}

/** The answers of the item at `at` (the top of the answers for none), if it exists. */
export function itemAt(answers: FormAnswers, at: readonly ScopeStep[]): FormAnswers | undefined {
  let current: FormAnswers | undefined = answers;
  for (const [id, index] of at) {
    const items: AnswerValue | readonly FormAnswers[] | undefined = current?.[id];
    current = Array.isArray(items) ? (items as readonly FormAnswers[])[index] : undefined;
  }
  return current;
}

const viewsAt = new WeakMap<object, Map<string, Answers>>();

/**
 * What a question in the item at `at` reads of these answers (as `AnswerScope.answers`): the
 * item's answers over the outer ones; the outer ones alone where the item does not exist.
 */
export function viewAt(answers: FormAnswers, at: readonly ScopeStep[]): Answers {
  if (at.length === 0) return answers as Answers;
  let views = viewsAt.get(answers);
  if (views === undefined) {
    views = new Map();
    viewsAt.set(answers, views);
  }
  const name = fieldName(at, '');
  let view = views.get(name);
  if (view === undefined) {
    view = { ...viewAt(answers, at.slice(0, -1)), ...(itemAt(answers, at) as Answers | undefined) };
    views.set(name, view);
  }
  return view;
}

/** A change of one answer: where its item is, its key there, and its new value. */
export interface ScopedChange {
  at: readonly ScopeStep[];
  key: string;
  value: AnswerValue;
}

/**
 * The answers with the changes made, copying only what holds a change (the top, the arrays and
 * items on the way down): everything else is the same object as before.
 */
export function withChanges(answers: FormAnswers, changes: readonly ScopedChange[]): FormAnswers {
  if (changes.length === 0) return answers;
  const out: FormAnswers = { ...answers };
  const here = changes.filter((change) => change.at.length === 0);
  for (const { key, value } of here) out[key] = value;
  const below = new Map<string, ScopedChange[]>();
  for (const change of changes) {
    const first = change.at[0];
    if (first === undefined) continue;
    const id = first[0];
    below.set(id, [...(below.get(id) ?? []), change]);
  }
  for (const [id, inner] of below) {
    const items = answers[id];
    if (!Array.isArray(items)) continue;
    const copy = [...(items as readonly FormAnswers[])];
    for (let index = 0; index < copy.length; index += 1) {
      const mine = inner
        .filter((change) => change.at[0]?.[1] === index)
        .map((change) => ({ ...change, at: change.at.slice(1) }));
      const item = copy[index];
      if (mine.length > 0 && item !== undefined) copy[index] = withChanges(item, mine);
    }
    out[id] = copy;
  }
  return out;
}
