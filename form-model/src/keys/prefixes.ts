// Apart from registry.ts: page configs build their questions from these, and a browser that
// loads the pages need not build the whole key registry (bench/bundle).

/** Prefixes of the three colleges (SPEC §3). */
export const COLLEGE_PREFIXES = ['college_', 'college_2_', 'college_3_'] as const;
/** Prefixes of the two parents (SPEC §3). */
export const PARENT_PREFIXES = ['parent_', 'parent_2_'] as const;

/** Offences asked about in the conduct questions (SPEC §3). */
export const CONDUCT_OFFENCES = [
  'arson',
  'assault',
  'drugs',
  'hate',
  'murder',
  'robbery',
  'violence',
  'dui',
  'weapons',
] as const;
/** Offences asked only about charges. */
export const CHARGE_ONLY_OFFENCES = ['assault_weapon', 'hazing'] as const;
/** The three conduct questions: convictions, pending charges, charges. */
export const CONDUCT_PREFIXES = ['crime', 'pending', 'charges'] as const;

/** The offence keys of one conduct question, without its `_no` key. */
export function conductItemKeys(prefix: (typeof CONDUCT_PREFIXES)[number]): string[] {
  const offences: readonly string[] =
    prefix === 'charges' ? [...CONDUCT_OFFENCES, ...CHARGE_ONLY_OFFENCES] : CONDUCT_OFFENCES;
  return offences.map((offence) => `${prefix}_${offence}`);
}
