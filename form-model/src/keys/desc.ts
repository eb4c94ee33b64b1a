export const DESC_SUFFIX = '_desc';

/** `{key}_desc`: where a select or radio stores the chosen option's label (SPEC §3). */
export function descKey(key: string): string {
  return `${key}${DESC_SUFFIX}`;
}
