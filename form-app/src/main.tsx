import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App.tsx';
import { tenant } from './tenant.ts';

document.title = tenant.titles.application;
// The college's own logo as the tab icon (inline SVG: no request).
document
  .querySelector('link[rel="icon"]')
  ?.setAttribute('href', `data:image/svg+xml,${encodeURIComponent(tenant.logoSvg)}`);
const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
