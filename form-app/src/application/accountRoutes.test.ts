import { describe, expect, it } from 'vitest';

import { accountRoute, type AccountRouteDecision, isResetLink } from './accountRoutes.ts';

const LINK = '?username=ada%40example.edu&id=0123456789abcdef';

describe('accountRoute (SPEC §2)', () => {
  it.each<[string, string, boolean, string | undefined, boolean, AccountRouteDecision]>([
    // A visitor sees every account page.
    ['/login', '', false, undefined, false, { show: true }],
    ['/signup', '', false, undefined, false, { show: true }],
    ['/reset', LINK, false, undefined, false, { show: true }],
    // Logged in: wait for the profile, then leave for the form…
    ['/login', '', true, undefined, false, { wait: true }],
    ['/login', '', true, 'none', false, { to: '/about' }],
    ['/signup', '', true, 'started', false, { to: '/about' }],
    ['/confirm', '', true, 'validating', false, { to: '/about' }],
    ['/forgot', '', true, 'started', false, { to: '/about' }],
    ['/reset', '', true, 'started', false, { to: '/about' }],
    ['/reset', '?username=ada%40example.edu', true, 'started', false, { to: '/about' }],
    // …or /completion once submitted, reset link or not.
    ['/login', '', true, 'submitted', false, { to: '/completion' }],
    ['/forgot', '', true, 'submitted', false, { to: '/completion' }],
    ['/reset', LINK, true, 'submitted', false, { to: '/completion' }],
    // A reset link shows its page to a logged-in applicant (our decision).
    ['/reset', LINK, true, 'started', false, { show: true }],
    // A profile that failed to load (the session ended): the page shows.
    ['/login', '', true, undefined, true, { show: true }],
  ])(
    '%s%s, logged in %s, status %s, profile failed %s → %j',
    (path, search, loggedIn, status, failed, expected) => {
      expect(
        accountRoute({
          path,
          search,
          isLoggedIn: loggedIn,
          webStatus: status as Parameters<typeof accountRoute>[0]['webStatus'],
          profileFailed: failed,
          defaultRoute: '/about',
          completionRoute: '/completion',
        }),
      ).toEqual(expected);
    },
  );
});

describe('isResetLink', () => {
  it.each([
    ['/reset', LINK, true],
    ['/reset', '?id=0123456789abcdef', false],
    ['/reset', '?username=&id=0123456789abcdef', false],
    ['/reset', '', false],
    ['/login', LINK, false],
  ])('%s%s → %s', (path, search, expected) => {
    expect(isResetLink(path, search)).toBe(expected);
  });
});
