import { type Profile } from '../api/types.ts';

// SPEC §4 web status: derived by form-model's pure rule, declared once there.
export { type DerivedWebStatus, deriveWebStatus } from '@admit/form-model';

/** SPEC §3: num_logins, the count of successful logins, at least 1 once logged in. */
export function numLogins(profile: Profile): number {
  return Math.max(1, profile.successful_login.length);
}
