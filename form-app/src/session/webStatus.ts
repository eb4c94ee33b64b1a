import { type Profile, type WebStatus } from '../api/types.ts';

export type DerivedWebStatus = 'none' | WebStatus;

const KNOWN: readonly WebStatus[] = ['started', 'validating', 'submitted'];

/** SPEC §4: 0 distinct known entries → none, 1 started, 2 validating, 3 submitted. */
export function deriveWebStatus(entries: Profile['web_status']): DerivedWebStatus {
  const distinct = new Set(
    entries.map((entry) => entry.web_status).filter((status) => KNOWN.includes(status)),
  );
  return (
    (['none', 'started', 'validating', 'submitted'] as const)[Math.min(distinct.size, 3)] ?? 'none'
  );
}

/** SPEC §3: num_logins, the count of successful logins, at least 1 once logged in. */
export function numLogins(profile: Profile): number {
  return Math.max(1, profile.successful_login.length);
}
