import { type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { preloadRoute } from '../routes/router.tsx';
import { rememberTypedFields } from './earlySubmit.ts';
import { markUsed } from './firstUse.ts';
import { canHydrate, earlyInput, isVisitorPage, keepEarlyInput, keepFocus } from './prerendered.ts';

/**
 * Starts `app` in `root`: hydrates the prerendered page if the app renders exactly it, else
 * renders afresh over it. What was typed is read just before, as the form starts from it (the
 * answers kept in the tab).
 *
 * A visitor's page that needs more than the first download (an account page's code, another
 * step's config) hydrates once that has arrived: the app then renders it at once, as the build
 * did, without a Suspense boundary that React would hydrate last (routes/router.tsx). If it
 * cannot be fetched, the app renders afresh (the page shows its own loading and errors).
 */
export function startApp(root: HTMLElement, app: ReactNode): void {
  const start = (mayHydrate: boolean) => {
    const early = earlyInput(root);
    const hydrate = mayHydrate && canHydrate(root, early);
    keepEarlyInput(early);
    if (hydrate) hydrateRoot(root, app);
    else {
      markUsed();
      rememberTypedFields(root);
      keepFocus(root);
      createRoot(root).render(app);
    }
  };
  const needs = isVisitorPage(root) ? preloadRoute(window.location.pathname) : undefined;
  if (needs === undefined) start(true);
  else
    needs.then(
      () => {
        start(true);
      },
      () => {
        start(false);
      },
    );
}
