import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { App } from './App.tsx';
import {
  canHydrate,
  earlyInput,
  isPrerendered,
  isVisitorPage,
  keepEarlyInput,
  keepFocus,
  markUsed,
  rememberTypedFields,
} from './prerender/index.ts';
import { iconHref } from './icon.ts';
import { preloadRoute } from './routes/router.tsx';
import { tenant } from './tenant.ts';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
// A prerendered page (issue 17) comes with its title and the college's logo as the tab icon.
if (!isPrerendered(root)) {
  document.title = tenant.titles.application;
  document.querySelector('link[rel="icon"]')?.setAttribute('href', iconHref(tenant.logoSvg));
}
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * Hydrates the prerendered page if the app renders exactly it, else renders afresh over it.
 * What was typed is read now, as the form starts from it (the answers kept in the tab).
 */
function start(mayHydrate: boolean): void {
  if (root === null) return;
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
}

// A visitor's page that needs more than the first download (an account page's code, another
// step's config) hydrates once that has arrived: the app then renders it at once, as the build
// did, without a Suspense boundary that React would hydrate last (routes/router.tsx). If it
// cannot be fetched, the app renders afresh (the page shows its own loading and errors).
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
