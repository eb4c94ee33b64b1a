/**
 * The application's rules of SPEC §2 and §4, as pure functions: what the form layout decides
 * (post "started", resume and record the last page, the completion redirect, the banner, where
 * navigation and submit go, which answers a tab switch clears). The hooks in this folder only
 * wire them to React (STYLE: a rule is a pure function with a table test).
 */
import {
  type Answers,
  blockKeys,
  type FormContext as UiState,
  type PageConfig,
  pageBlocksOfType,
  questionKeys,
  visitQuestions,
} from '@admit/form-model';
import { type BannerState } from '@admit/design-system';

import { pageIntl } from '../pageIntl.ts';
import { type NavigationState, navigationState } from './paths.ts';
import { type DerivedWebStatus } from '../session/webStatus.ts';
import { questionLabelsOf } from './summary.ts';

/** The route of a path without its slash: "/education" → "education". */
export const routeOf = (path: string): string => path.replace(/^\//, '');

/** SPEC §4: a logged-in client with no web status posts "started". */
export function shouldPostStarted(isLoggedIn: boolean, webStatus: DerivedWebStatus): boolean {
  return isLoggedIn && webStatus === 'none';
}

/**
 * SPEC §2: submitted applicants always land on /completion; others are sent away from it (to
 * the default route, keeping the query). `undefined`: stay.
 */
export function completionRedirect(
  submitted: boolean,
  path: string,
  completionRoute: string,
  defaultRoute: string,
): { to: string; keepState: boolean } | undefined {
  if (submitted && path !== completionRoute) return { to: completionRoute, keepState: true };
  if (!submitted && path === completionRoute) return { to: defaultRoute, keepState: false };
  return undefined;
}

/**
 * The navigation state a redirect (completion, resume) carries on: everything but the success
 * message, which was announced where it arrived. Carried whole, it was announced again at the
 * new location ("You have successfully logged in." twice after a resume).
 */
export function carriedState(state: unknown): Omit<NavigationState, 'successMessage'> {
  const carried: NavigationState = { ...navigationState(state) };
  delete carried.successMessage;
  return carried;
}

export interface ResumeFacts {
  isLoggedIn: boolean;
  submitted: boolean;
  /** The stored last page, a route without its slash ("" when none). */
  lastPage: string;
  path: string;
  hasChangedPage: boolean;
  formRoutes: readonly string[];
}

/** SPEC §2: on load, the path of the stored last page, unless the applicant already moved. */
export function resumePath(facts: ResumeFacts): string | undefined {
  const { isLoggedIn, submitted, lastPage, path, hasChangedPage, formRoutes } = facts;
  if (!isLoggedIn || submitted || hasChangedPage || lastPage === '') return undefined;
  if (!formRoutes.includes(`/${lastPage}`) || routeOf(path) === lastPage) return undefined;
  return `/${lastPage}`;
}

/**
 * SPEC §4: while started or validating, a form path is recorded as the last page, once per
 * path (a status change alone records nothing). The route to record, or `undefined`.
 */
export function lastPageToRecord(
  isLoggedIn: boolean,
  webStatus: DerivedWebStatus,
  path: string,
  recorded: string | undefined,
  formRoutes: readonly string[],
): string | undefined {
  if (!isLoggedIn || (webStatus !== 'started' && webStatus !== 'validating')) return undefined;
  if (!formRoutes.includes(path) || recorded === path) return undefined;
  return routeOf(path);
}

export interface BannerFacts {
  webStatus: DerivedWebStatus;
  isLoggedIn: boolean;
  hasChangedPage: boolean;
  numLogins: number;
}

/** SPEC §1: the banner greets by state; hidden while validating and once a logged-in user changed page. */
export function bannerState(facts: BannerFacts): BannerState | undefined {
  const { webStatus, isLoggedIn, hasChangedPage, numLogins } = facts;
  if (webStatus === 'submitted') return 'submitted';
  if (!isLoggedIn) return 'notLoggedIn';
  if (webStatus === 'validating' || hasChangedPage) return undefined;
  return numLogins <= 1 ? 'firstLogin' : 'returning';
}

/**
 * SPEC §2/§6: where a step link, Continue or Previous goes. A visitor who has answered
 * anything is sent to sign-up with the answers; a logged-in applicant saves first (and posts
 * validations while validating).
 */
export type Navigation =
  | { kind: 'signup' }
  | { kind: 'go'; to: string }
  | { kind: 'save-then-go'; to: string; postValidations: boolean };

export function navigation(
  to: string,
  facts: { isLoggedIn: boolean; hasAnswers: boolean; validating: boolean },
): Navigation {
  if (!facts.isLoggedIn) return facts.hasAnswers ? { kind: 'signup' } : { kind: 'go', to };
  return { kind: 'save-then-go', to, postValidations: facts.validating };
}

/** SPEC §4: submitting moves a started (or status-less) application to validating first. */
export function statusBeforeSubmit(webStatus: DerivedWebStatus): 'validating' | undefined {
  return webStatus === 'started' || webStatus === 'none' ? 'validating' : undefined;
}

/**
 * SPEC §4: where submit goes once the answers are validated: errors post the validations and
 * go to the default route (the summary shows them); no errors submit.
 */
export function submitOutcome(errorCount: number): 'show-errors' | 'submit' {
  return errorCount > 0 ? 'show-errors' : 'submit';
}

/** SPEC §6: the answers a form starts with: saved ones, and a visitor's carried ones. */
export function initialAnswers(facts: {
  isLoggedIn: boolean;
  saved: Answers;
  carried: Answers;
  temporary: Answers;
  /** This tab's answers the server never acknowledged: they win over the saved ones. */
  pending?: Answers;
}): Answers {
  const { isLoggedIn, saved, carried, temporary, pending = {} } = facts;
  if (!isLoggedIn) return { ...temporary, ...carried };
  const initial = { ...saved, ...pending };
  // Answers typed as a visitor join the new account where it has none.
  for (const [key, value] of Object.entries(carried))
    if (saved[key] === undefined || saved[key] === '') initial[key] = value;
  return initial;
}

/** What switching a tab does (SPEC §2/§4). */
export type TabSwitch =
  | { kind: 'refused' }
  | {
      kind: 'switch';
      /** The answers of the tab being left, to clear. */
      clear: string[];
      /** Among them, file questions: their conversions are checked (and deleted) first. */
      files: string[];
    };

/** SPEC §2/§4: visitors see only the default tab; a switch clears the tab being left. */
export function tabSwitch(
  pages: readonly PageConfig[],
  ui: UiState,
  isLoggedIn: boolean,
  tabId: string,
  tab: string,
): TabSwitch {
  if (!isLoggedIn) return { kind: 'refused' };
  const group = pageBlocksOfType(pages, 'tabs').find((g) => g.tabId === tabId);
  const current = ui.tabs?.[tabId] ?? group?.tabs[0]?.id;
  const leaving = group?.tabs.find((t) => t.id !== tab && t.id === current);
  const clear = leaving === undefined ? [] : blockKeys(leaving.blocks);
  const fileKeys = new Set(
    visitQuestions(pages, {})
      .filter(({ question }) => question.type === 'file')
      .flatMap(({ question }) => questionKeys(question)),
  );
  return { kind: 'switch', clear, files: clear.filter((key) => fileKeys.has(key)) };
}

/** What a tab switch would delete, said before it happens: a title and one line per answer. */
export interface TabSwitchConfirmation {
  title: string;
  lines: string[];
}

/**
 * A switch that would erase typed text or an uploaded document asks first, naming
 * each; a switch that erases nothing goes ahead without asking (undefined).
 */
export function tabSwitchConfirmation(
  pages: readonly PageConfig[],
  plan: TabSwitch,
  tabId: string,
  tab: string,
  values: Answers,
): TabSwitchConfirmation | undefined {
  if (plan.kind !== 'switch') return undefined;
  const labels = questionLabelsOf(pages);
  const files = new Set(plan.files);
  const lines = plan.clear.flatMap((key) => {
    const value = values[key];
    if (value === undefined || value === '' || value === false) return [];
    const label = labels.get(key) ?? key;
    return [
      files.has(key)
        ? pageIntl.formatMessage(
            { id: 'app.application.tabSwitch.documentLost' },
            { fileName: String(value), label },
          )
        : pageIntl.formatMessage({ id: 'app.application.tabSwitch.answerLost' }, { label }),
    ];
  });
  if (lines.length === 0) return undefined;
  const target = pageBlocksOfType(pages, 'tabs')
    .find((group) => group.tabId === tabId)
    ?.tabs.find((t) => t.id === tab)?.label;
  return {
    title: pageIntl.formatMessage(
      { id: 'app.application.tabSwitch.title' },
      { tab: target ?? tab },
    ),
    lines,
  };
}

/** SPEC §4: a file still converting blocks the switch; a stored one is deleted first. */
export function conversionOnLeave(status: string): 'block' | 'delete' | 'none' {
  if (status === 'in_progress' || status === 'unprocessed') return 'block';
  return status === 'not_answered' ? 'none' : 'delete';
}
