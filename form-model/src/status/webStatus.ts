/**
 * The web status of an application (SPEC §4): the server records `started`, `validating` and
 * `submitted` once each, in lifecycle order; the browser derives where the applicant stands
 * from how many distinct statuses the profile lists. Declared once, here: the API contract
 * (api/contract.ts), the server and the form all use these.
 */

/** The statuses the server records, in lifecycle order (SPEC §4). */
export const WEB_STATUSES = ['started', 'validating', 'submitted'] as const;

/** A status the server records. */
export type WebStatus = (typeof WEB_STATUSES)[number];

/** Where an applicant stands, in lifecycle order: `none` before anything was recorded. */
export const DERIVED_WEB_STATUSES = ['none', ...WEB_STATUSES] as const;

/** Where an applicant stands: `none` before anything was recorded. */
export type DerivedWebStatus = (typeof DERIVED_WEB_STATUSES)[number];

function isWebStatus(status: string): status is WebStatus {
  return (WEB_STATUSES as readonly string[]).includes(status);
}

/**
 * SPEC §4: 0 distinct known entries → none, 1 started, 2 validating, 3 submitted. Unknown
 * entries and repeats do not count.
 *
 * @example deriveWebStatus([{ web_status: 'started' }, { web_status: 'started' }]) // 'started'
 */
export function deriveWebStatus(entries: readonly { web_status: string }[]): DerivedWebStatus {
  const distinct = new Set(entries.map((entry) => entry.web_status).filter(isWebStatus));
  return DERIVED_WEB_STATUSES[Math.min(distinct.size, WEB_STATUSES.length)] ?? 'none';
}
