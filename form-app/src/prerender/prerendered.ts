/**
 * "HTML first": the server sends a visitor the page already rendered
 * (form-app/prerender.ts) and a logged-in applicant a loading shell. This decides whether the
 * app hydrates that HTML (keeping the very elements a visitor may already be typing into) or
 * renders afresh over it, and keeps what was typed before the script ran.
 */
import { type Answers } from '@admit/form-model';

import { readVisitorAnswers, writeVisitorAnswers } from '../engine/index.ts';
import { hasSessionCookie } from '../session/cookies.ts';
import { tenant } from '../tenant.ts';

/** #root's mark, set by the build: `visitor` (a visitor's page) or `shell` (the spinner). */
const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** What was typed, ticked or chosen in the prerendered page before the script ran. */
export interface EarlyInput {
  answers: Answers;
}

/** The answers the visitor gave in the prerendered page's inputs, by their name (the key). */
export function earlyInput(root: HTMLElement): EarlyInput {
  const answers: Answers = {};
  const count = (name: string) =>
    root.querySelectorAll(`input[type="checkbox"][name="${CSS.escape(name)}"]`).length;
  for (const element of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[name], textarea[name]',
  )) {
    if (element.readOnly || element.disabled) continue;
    // An account card's fields (a form: an e-mail address, a password) are no answers, and are
    // never kept in the tab: the card takes them over itself (src/earlySubmit.ts).
    if (element.closest('form') !== null) continue;
    if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      if (element.checked === element.defaultChecked || count(element.name) !== 1) continue;
      answers[element.name] = element.checked;
    } else if (element instanceof HTMLInputElement && element.type === 'radio') {
      if (!element.checked || element.defaultChecked) continue;
      answers[element.name] = element.value;
    } else if (element.type !== 'hidden' && element.type !== 'file') {
      if (element.value !== element.defaultValue) answers[element.name] = element.value;
    }
  }
  return { answers };
}

/**
 * Whether the app, started now, renders exactly the prerendered visitor page in `root`: a
 * visitor (no marker cookie), at the address as the build rendered it (no query string, no
 * navigation state, no answers kept from earlier in the tab), nothing typed into it yet: an
 * answer may show or hide questions, or change what a widget draws, which the HTML does not
 * have. Anything else renders afresh over the HTML (which then only stood in meanwhile).
 */
export function canHydrate(root: HTMLElement, early: EarlyInput): boolean {
  const state: unknown = window.history.state;
  return (
    isVisitorPage(root) &&
    window.location.search === '' &&
    (typeof state !== 'object' || state === null || !('usr' in state) || state.usr == null) &&
    Object.keys(readVisitorAnswers()).length === 0 &&
    Object.keys(early.answers).length === 0
  );
}

/** Whether #root holds a visitor's prerendered page and this is a visitor (no marker cookie). */
export function isVisitorPage(root: HTMLElement): boolean {
  return (
    root.getAttribute(PRERENDERED_ATTRIBUTE) === 'visitor' &&
    !hasSessionCookie(tenant.sessionCookiePrefix)
  );
}

/** Whether #root holds prerendered HTML (the document's title is then already right). */
export function isPrerendered(root: HTMLElement): boolean {
  return root.hasAttribute(PRERENDERED_ATTRIBUTE);
}

/**
 * A visitor's early answers join the answers kept in the tab, which the form starts from
 * (`useApplicationData`): hydrated, the inputs then hold what the form holds.
 */
export function keepEarlyInput(early: EarlyInput): void {
  if (Object.keys(early.answers).length === 0) return;
  if (hasSessionCookie(tenant.sessionCookiePrefix)) return; // the shell has no inputs
  writeVisitorAnswers({ ...readVisitorAnswers(), ...early.answers });
}

/**
 * Rendered afresh over the HTML, the field the visitor was typing in is a new element: focus
 * moves to it, the caret where it was, as soon as it is there.
 */
export function keepFocus(root: HTMLElement): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement)) return;
  if (!root.contains(active) || active.id === '') return;
  const { id, selectionStart } = active;
  const observer = new MutationObserver(() => {
    const next = document.getElementById(id);
    if (next === active || next === null) return;
    observer.disconnect();
    next.focus();
    // Only text-like fields have a caret to put back (an e-mail input has none to set).
    if (
      next instanceof HTMLTextAreaElement ||
      (next instanceof HTMLInputElement && /^(?:text|search|url|tel|password)$/.test(next.type))
    )
      next.setSelectionRange(selectionStart, selectionStart);
  });
  observer.observe(root, { childList: true, subtree: true });
}
