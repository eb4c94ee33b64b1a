/**
 * Who may see an account page (SPEC §2's five: /signup, /confirm, /login, /forgot, /reset), as
 * pure rules with a table test (accountRoutes.test.ts). They are a visitor's pages: a
 * logged-in applicant is sent to the form, or to /completion once submitted (SPEC §2: "always
 * sent to /completion from any other page"). One exception, ours: /reset opened from a reset
 * link (both `username` and `id` in the query) shows, since the mailbox's owner may choose a
 * new password whatever this browser's session; setting it logs this browser out.
 */
import { type DerivedWebStatus } from '../session/webStatus.ts';

export interface AccountRouteFacts {
  /** The account page's path, e.g. "/login". */
  path: string;
  /** Its query string, e.g. "?username=…&id=…". */
  search: string;
  isLoggedIn: boolean;
  /** The derived web status once the profile is known; `undefined` while it loads. */
  webStatus: DerivedWebStatus | undefined;
  /** The profile could not be loaded (a 401 ends the session; anything else: show the page). */
  profileFailed: boolean;
  defaultRoute: string;
  completionRoute: string;
}

/** What an account route does: show its page, wait for the profile, or go elsewhere. */
export type AccountRouteDecision = { show: true } | { wait: true } | { to: string };

/** A reset link carries the address and the reset id (the server decides if they are good). */
export function isResetLink(path: string, search: string): boolean {
  if (path !== '/reset') return false;
  const params = new URLSearchParams(search);
  return (params.get('username') ?? '') !== '' && (params.get('id') ?? '') !== '';
}

export function accountRoute(facts: AccountRouteFacts): AccountRouteDecision {
  const { path, search, isLoggedIn, webStatus, profileFailed } = facts;
  if (!isLoggedIn || profileFailed) return { show: true };
  if (webStatus === undefined) return { wait: true };
  if (webStatus === 'submitted') return { to: facts.completionRoute };
  if (isResetLink(path, search)) return { show: true };
  return { to: facts.defaultRoute };
}
