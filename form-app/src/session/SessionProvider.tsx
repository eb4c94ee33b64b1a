/**
 * The client snapshot of SPEC §3: web_status, last_page, is_logged_in, username,
 * is_service_user, num_logins, has_changed_page, derived from cookies, the URL and the profile.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

import { api } from '../api/endpoints.ts';
import { queryKeys } from '../api/queryClient.ts';
import { type Profile } from '../api/types.ts';
import { tenant } from '../tenant.ts';
import { hasSessionCookie } from './cookies.ts';
import { type DerivedWebStatus, deriveWebStatus, numLogins } from './webStatus.ts';

export interface Session {
  isLoggedIn: boolean;
  isServiceUser: boolean;
  /** service_token from the entry URL (SPEC §2 entry loader). */
  serviceToken: string | undefined;
  /** token from the entry URL: a temporary public application. */
  temporaryToken: string | undefined;
  profile: Profile | undefined;
  profileLoading: boolean;
  webStatus: DerivedWebStatus;
  username: string | undefined;
  lastPage: string;
  numLogins: number;
  hasChangedPage: boolean;
  markChangedPage: () => void;
  /** Re-reads the cookies after login or logout. */
  refreshLoggedIn: () => void;
  /** The session ended (a 401): forget it here too, whatever the marker cookie says. */
  endSession: () => void;
  /** A failure loading the profile; the form layout re-throws it inside the router's boundary. */
  profileError: Error | null;
  /** Marks the status locally after it was posted (SPEC §4). */
  setWebStatus: (status: DerivedWebStatus) => void;
}

const SessionContext = createContext<Session | undefined>(undefined);

function entryParam(name: string): string | undefined {
  if (typeof window === 'undefined') return undefined; // prerendered at build time: no URL
  const value = new URLSearchParams(window.location.search).get(name);
  return value === null || value === '' ? undefined : value;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [serviceToken] = useState(() => entryParam('service_token'));
  const [temporaryToken] = useState(() => entryParam('token'));
  const [isLoggedIn, setLoggedIn] = useState(() => hasSessionCookie(tenant.sessionCookiePrefix));
  const [hasChangedPage, setChangedPage] = useState(false);
  const [localStatus, setLocalStatus] = useState<DerivedWebStatus | undefined>(undefined);
  const queryClient = useQueryClient();
  const isServiceUser = serviceToken !== undefined;

  const profileQuery = useQuery({
    queryKey: queryKeys.profile,
    queryFn: api.profile,
    enabled: isLoggedIn && !isServiceUser,
    // This provider sits above the router's error boundaries: the layout re-throws instead.
    throwOnError: false,
  });
  const profile = profileQuery.data;

  const refreshLoggedIn = useCallback(() => {
    const now = hasSessionCookie(tenant.sessionCookiePrefix);
    setLoggedIn(now);
    setLocalStatus(undefined);
    setChangedPage(false);
    if (!now) queryClient.clear();
  }, [queryClient]);

  const endSession = useCallback(() => {
    // The marker is readable (it grants nothing): delete it so the app stops assuming a session.
    document.cookie = `${tenant.sessionCookiePrefix}.loggedIn=; Max-Age=0; path=/; SameSite=Lax`;
    queryClient.clear();
    setLoggedIn(false);
    setLocalStatus(undefined);
    setChangedPage(false);
  }, [queryClient]);

  const value = useMemo<Session>(() => {
    const derived = profile === undefined ? 'none' : deriveWebStatus(profile.web_status);
    const order: DerivedWebStatus[] = ['none', 'started', 'validating', 'submitted'];
    const webStatus =
      localStatus !== undefined && order.indexOf(localStatus) > order.indexOf(derived)
        ? localStatus
        : derived;
    return {
      isLoggedIn,
      isServiceUser,
      serviceToken,
      temporaryToken,
      profile,
      profileLoading: isLoggedIn && !isServiceUser && profileQuery.isPending,
      webStatus,
      username: profile?.username,
      lastPage: profile?.last_page ?? '',
      numLogins: profile === undefined ? 0 : numLogins(profile),
      hasChangedPage,
      markChangedPage: () => {
        setChangedPage(true);
      },
      refreshLoggedIn,
      endSession,
      profileError: profileQuery.error,
      setWebStatus: setLocalStatus,
    };
  }, [
    endSession,
    profileQuery.error,
    hasChangedPage,
    isLoggedIn,
    isServiceUser,
    localStatus,
    profile,
    profileQuery.isPending,
    refreshLoggedIn,
    serviceToken,
    temporaryToken,
  ]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === undefined) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
