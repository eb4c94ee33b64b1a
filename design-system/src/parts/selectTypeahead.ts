/**
 * The option a type-ahead search lands on, or -1 for none. Typing the same letter again
 * cycles through the options that start with it; a longer search ("new") narrows to the
 * first option from the current one whose label starts with it. Case does not matter.
 *
 * @example
 * ```ts
 * findTypeaheadMatch(['--', 'Montana', 'Nebraska', 'Nevada'], 'ne', 0) // 2
 * findTypeaheadMatch(['--', 'Montana', 'Nebraska', 'Nevada'], 'nn', 2) // 3
 * ```
 */
export function findTypeaheadMatch(
  labels: readonly string[],
  search: string,
  currentIndex: number,
): number {
  if (search === '' || labels.length === 0) return -1;
  const needle = search.toLowerCase();
  const repeated = needle.replaceAll(needle.charAt(0), '') === '';
  // "mm" means "the next option starting with m", not "an option starting with mm".
  const prefix = repeated ? needle.charAt(0) : needle;
  // A new letter moves on from the current option; a growing word may stay on it.
  const start = repeated ? currentIndex + 1 : Math.max(currentIndex, 0);
  for (let step = 0; step < labels.length; step += 1) {
    const index = (((start + step) % labels.length) + labels.length) % labels.length;
    if ((labels[index] ?? '').toLowerCase().startsWith(prefix)) return index;
  }
  return -1;
}
