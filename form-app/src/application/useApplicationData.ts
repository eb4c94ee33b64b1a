/**
 * Loads what the one Final Form of the application starts from (SPEC §2, §6): the profile's
 * answers or a temporary application, a visitor's carried answers, the stored add-another
 * counters and tabs, and the UI state (SPEC §4); then makes the form (useAnswersForm).
 */
import { type Answers, type PageConfig, sensitiveKeys } from '@admit/form-model';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';

import { api } from '../api/endpoints.ts';
import { queryKeys } from '../api/queryClient.ts';
import {
  type AnswersForm,
  createAnswersForm,
  createClearing,
  loadedAnswers,
  readPendingAnswers,
  readVisitorAnswers,
} from '../engine/index.ts';
import type { UiState } from '../renderer/index.ts';
import { navigationState } from './paths.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { loadPages, tenant, useLoadedPages } from '../tenant.ts';
import { initialAnswers } from './rules.ts';

export interface ApplicationData {
  /** The answers the form starts with (SPEC §6). */
  answers: () => Answers;
  /** The pages known so far (the default route's page until the others arrive). */
  pages: readonly PageConfig[];
  ui: UiState;
  /** Presses a button trigger, or (`false`) takes the press back. */
  pressTrigger: (id: string, pressed?: boolean) => void;
  /**
   * The add-another counts stored on the server (none for a visitor): how many groups each
   * block shows when the answers load. From then on the count is the length of the block's
   * array in the form.
   */
  counts: Readonly<Record<string, number>>;
}

export function useApplicationData(): ApplicationData | undefined {
  const session = useSession();
  const { isLoggedIn } = session;
  const carried = navigationState(useLocation().state).answers;
  const temporary = useQuery({
    queryKey: queryKeys.temporary(session.temporaryToken ?? ''),
    queryFn: () => api.temporaryApplication(session.temporaryToken ?? ''),
    enabled: session.temporaryToken !== undefined && !isLoggedIn,
  });
  const addAnother = useQuery({
    queryKey: queryKeys.addAnother,
    queryFn: api.addAnother,
    enabled: isLoggedIn,
  });
  const tabs = useQuery({ queryKey: queryKeys.tabs, queryFn: api.tabs, enabled: isLoggedIn });
  // The college's other pages, fetched at once (the first download holds the default route's
  // page only): for the other steps, and for clearing and validating across every page. A
  // failed fetch shows where the pages are needed (a step, validation), which try again.
  useEffect(() => {
    loadPages().catch(() => undefined);
  }, []);
  const pages = useLoadedPages();
  const [triggers, setTriggers] = useState<Record<string, boolean>>({});

  const loading =
    session.profileLoading ||
    (isLoggedIn && (addAnother.isPending || tabs.isPending)) ||
    (session.temporaryToken !== undefined && !isLoggedIn && temporary.isPending);

  const ui = useMemo<UiState>(
    () => ({
      tabs: isLoggedIn ? tabs.data : {},
      triggers,
    }),
    [isLoggedIn, tabs.data, triggers],
  );

  const actions = useMemo(
    () => ({
      pressTrigger: (id: string, pressed = true) => {
        setTriggers((previous) => ({ ...previous, [id]: pressed }));
      },
    }),
    [],
  );
  if (loading) return undefined;
  return {
    answers: () =>
      initialAnswers({
        isLoggedIn,
        saved: session.profile?.answer ?? {},
        carried: { ...readVisitorAnswers(), ...(carried ?? {}) },
        temporary: temporary.data?.answer ?? {},
        pending: isLoggedIn ? readPendingAnswers(session.username, sensitiveKeys(pages)) : {},
      }),
    pages,
    ui,
    counts: (isLoggedIn ? addAnother.data : undefined) ?? {},
    ...actions,
  };
}

/**
 * The one form of the application, made once when its answers are known (later profile
 * refreshes must not reset typing), with clearing applied where it is made; pages arriving, a
 * tab chosen, a group added, a trigger pressed clear what they hide.
 */
export function useAnswersForm(data: ApplicationData): AnswersForm {
  const [made] = useState(() => {
    const inputs = { pages: data.pages, ui: data.ui };
    const clearing = createClearing(inputs);
    // The API's edge: the flat answers that load take the form's shape, once.
    const answers = loadedAnswers(tenant.groups, data.answers(), { addAnother: data.counts });
    return { clearing, form: createAnswersForm(answers, tenant.groups, [clearing.decorator]) };
  });
  const { pages, ui } = data;
  // Before paint: what the pages that just arrived, or the UI state, hide is cleared before it
  // shows.
  useLayoutEffect(() => {
    made.clearing.update({ pages, ui });
  }, [made, pages, ui]);
  return made.form;
}
