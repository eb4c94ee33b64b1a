/** Where focus goes as a page of the form is arrived at (WCAG 2.4.3: focus order). */
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

import { navigationState } from '../application/paths.ts';
import { focusField } from './focusField.ts';

/** Whether this document has moved by a push yet (a link, a button, a login), not only loaded. */
let pushed = false;

/** The browser router's index of the history entry (its `idx` in history.state), if any. */
function entryIndex(): number | undefined {
  if (typeof window === 'undefined') return undefined;
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' ? state.idx : undefined;
}

/** The entry the document was loaded at (a first visit has none yet: the router makes it 0). */
const loadedAt = entryIndex() ?? 0;

/**
 * Notes each push, for `useFocusOnArrival`: called by the chrome around every page, which stays
 * while pages come and go. A push can reach React merged with the replace that follows it: a
 * Submit sets the status to submitted and pushes /completion, and the status's own redirect
 * replaces that entry in the same render, so no render ever says Push. The entry's index, which
 * a push moves on and a replace keeps, tells it then. A layout effect, so that it runs before
 * the page's own.
 */
export function useNotePushes(): void {
  const navigationType = useNavigationType();
  const { key } = useLocation();
  useLayoutEffect(() => {
    const index = entryIndex();
    if (navigationType === NavigationType.Push || (index !== undefined && index !== loadedAt))
      pushed = true;
  }, [key, navigationType]);
}

/**
 * After a step change, a login, a Submit or a summary link, focus leaves the control that is
 * gone (or the one left behind in the header) for the page's h1 (the returned ref; give the h1
 * `tabIndex={-1}`): every page of the form layout (the steps, /review, /completion), so a screen reader starts
 * at the new page and Tab continues from it; a summary link's field instead (`focusField` in the
 * navigation state). Until the first push (a load, a reload, the redirects on load) no focus
 * moves, so the first Tab reaches the skip link.
 */
export function useFocusOnArrival(shown: boolean): RefObject<HTMLHeadingElement | null> {
  const location = useLocation();
  const navigationType = useNavigationType();
  const heading = useRef<HTMLHeadingElement>(null);
  const arrivedAt = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (navigationType === NavigationType.Push) pushed = true;
    if (!shown || !pushed) return;
    // The page already shown, only replaced (the login message leaving its history entry,
    // useStatusRules.ts): no arrival. That replace can come after someone has tabbed on into
    // a field and begun typing; taking focus back to the heading then lost their keys.
    const samePage =
      navigationType === NavigationType.Replace && arrivedAt.current === location.pathname;
    arrivedAt.current = location.pathname;
    if (samePage) return;
    const { focusField: key, focusSummary } = navigationState(location.state);
    // After a Submit that found errors the validation summary has focus (layout/Summary.tsx).
    if (focusSummary === true) return;
    if (key === undefined) heading.current?.focus({ preventScroll: true });
    else focusField(key);
    // Once per arrival: a location is one arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, shown]);
  return heading;
}
