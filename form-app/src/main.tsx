import { StrictMode } from 'react';

import { App } from './App.tsx';
import { iconHref } from './icon.ts';
import { isPrerendered, startApp } from './prerender/index.ts';
import { tenant } from './tenant.ts';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
// A prerendered page comes with its title and the college's logo as the tab icon.
if (!isPrerendered(root)) {
  document.title = tenant.titles.application;
  document.querySelector('link[rel="icon"]')?.setAttribute('href', iconHref(tenant.logoSvg));
}
startApp(
  root,
  <StrictMode>
    <App />
  </StrictMode>,
);
