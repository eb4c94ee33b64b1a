/**
 * The words of a lookup list, in memory: how many names hold a word starting with a given
 * prefix (so the search narrows by its rarest typed word, never by "high" or "school"), and
 * which real words a mistyped one was meant to be (one letter dropped, doubled, swapped or
 * wrong). About 12,000 distinct words for the high schools: a sorted array and its running
 * frequency sums, searched by bisection.
 */

/** A typed word that starts no word of the list, and what it may have been meant as. */
export interface Correction {
  /** Real word starts one edit away, most likely first. */
  candidates: string[];
}

/** Typos most people make first: a letter left out, two swapped, one doubled, one wrong. */
const EDIT_ORDER = ['omitted', 'swapped', 'extra', 'wrong'] as const;
/**
 * At most this many readings of one mistyped word are tried: enough that the one the other
 * words agree with is among them ("bozeman hogh": hough, hog… and high).
 */
const MAX_CANDIDATES = 8;

export interface WordIndex {
  /** Distinct words. */
  size: number;
  /** How many names hold a word starting with `prefix` (0: none does). */
  prefixFrequency: (prefix: string) => number;
  /** Word starts one edit from `word`, most likely first (see EDIT_ORDER), at most eight. */
  corrections: (word: string) => string[];
}

/** Builds the index from the folded search texts of a list (services/lookups/normalize.ts). */
export function createWordIndex(texts: Iterable<string>): WordIndex {
  const counts = new Map<string, number>();
  for (const text of texts)
    for (const word of text.split(' '))
      if (word !== '') counts.set(word, (counts.get(word) ?? 0) + 1);
  const words = [...counts.keys()].sort();
  // running[i] is the sum of the frequencies of words[0 … i-1].
  const running = [0];
  for (const word of words) running.push((running.at(-1) ?? 0) + (counts.get(word) ?? 0));
  const alphabet = [...new Set(words.join(''))].sort();

  /** The first index whose word is ≥ `key`. */
  const lowerBound = (key: string): number => {
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((words[middle] ?? '') < key) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const prefixFrequency = (prefix: string): number => {
    const from = lowerBound(prefix);
    // Every word starting with `prefix` sorts before `prefix` + the highest code point.
    const to = lowerBound(`${prefix}\u{10ffff}`);
    return (running[to] ?? 0) - (running[from] ?? 0);
  };

  return {
    size: words.length,
    prefixFrequency,
    corrections(word) {
      const edits: Record<(typeof EDIT_ORDER)[number], Set<string>> = {
        omitted: new Set(),
        swapped: new Set(),
        extra: new Set(),
        wrong: new Set(),
      };
      for (let i = 0; i <= word.length; i += 1) {
        const [before, after] = [word.slice(0, i), word.slice(i)];
        for (const letter of alphabet) {
          edits.omitted.add(before + letter + after);
          if (i < word.length && letter !== word[i])
            edits.wrong.add(before + letter + after.slice(1));
        }
        if (i < word.length) edits.extra.add(before + after.slice(1));
        if (i < word.length - 1)
          edits.swapped.add(before + (after[1] ?? '') + (after[0] ?? '') + after.slice(2));
      }
      const found: string[] = [];
      for (const kind of EDIT_ORDER) {
        const readings = [...edits[kind]]
          .filter((reading) => reading.length >= 2 && !found.includes(reading))
          .map((reading) => ({ reading, frequency: prefixFrequency(reading) }))
          .filter((candidate) => candidate.frequency > 0)
          .sort((a, b) => b.frequency - a.frequency);
        for (const { reading } of readings) {
          if (found.length >= MAX_CANDIDATES) return found;
          found.push(reading);
        }
      }
      return found;
    },
  };
}
