import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { App } from './App.tsx';
import { rememberTypedFields } from './earlySubmit.ts';
import { canHydrate, earlyInput, isPrerendered, keepEarlyInput, keepFocus } from './prerendered.ts';
import { tenant } from './tenant.ts';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
// A prerendered page (issue 17) comes with its title and the college's logo as the tab icon.
if (!isPrerendered(root)) {
  document.title = tenant.titles.application;
  // The college's own logo as the tab icon (inline SVG: no request).
  document
    .querySelector('link[rel="icon"]')
    ?.setAttribute('href', `data:image/svg+xml,${encodeURIComponent(tenant.logoSvg)}`);
}
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Read before the form starts, which begins from the answers kept in the tab.
const early = earlyInput(root);
const hydrate = canHydrate(root, early);
keepEarlyInput(early);
if (hydrate) hydrateRoot(root, app);
else {
  rememberTypedFields(root);
  keepFocus(root);
  createRoot(root).render(app);
}
