/**
 * Add-another groups (SPEC §4) kept on SPEC's flat answer keys (`college_`, `college_2_`, …):
 * group `i` of a block stores the keys of `block.items[i]`, each item laid out like the first,
 * so the k-th key of one group is the k-th key of every other.
 */
import {
  type AddAnotherBlock,
  type Answers,
  type PageConfig,
  storedKeys,
  visitQuestions,
} from '@admit/form-model';
import { type Mutator } from 'final-form';

/** Every key a group stores, `_desc` companions included, in the item's order. */
export function groupKeys(block: AddAnotherBlock, index: number): string[] {
  const blocks = block.items[index] ?? [];
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

/**
 * The changes that remove group `index` of the `count` shown: each later group moves up one
 * place, and the freed last group's keys become "" (to be saved as ""). Only keys whose value
 * changes are in the result.
 */
export function removeGroupChanges(
  block: AddAnotherBlock,
  index: number,
  count: number,
  answers: Answers,
): Answers {
  const changes: Answers = {};
  for (let group = index; group < count; group += 1) {
    const target = groupKeys(block, group);
    const source = group + 1 < count ? groupKeys(block, group + 1) : [];
    target.forEach((key, k) => {
      const sourceKey = source[k];
      const value = sourceKey === undefined ? '' : (answers[sourceKey] ?? '');
      if ((answers[key] ?? '') !== value) changes[key] = value;
    });
  }
  return changes;
}

/**
 * The Final Form mutator of a removal (`form.mutators.removeGroup(block, index, count)`): the
 * changes of `removeGroupChanges`, in one notification.
 */
export const removeGroup: Mutator<Answers> = (args, state, { changeValue }) => {
  const [block, index, count] = args as [AddAnotherBlock, number, number];
  const changes = removeGroupChanges(block, index, count, state.formState.values);
  for (const [key, value] of Object.entries(changes)) changeValue(state, key, () => value);
};
