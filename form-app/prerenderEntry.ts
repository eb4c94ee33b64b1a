/**
 * What the server renders to HTML when it starts ("HTML first", README "Prerendered pages"; the
 * college read at start): built by Vite for Node beside the browser build (prerender.ts, into
 * `dist/.ssr/`), and imported by the server once it has loaded the college and put its browser copy
 * in `globalThis.__ADMIT_COLLEGE__` (src/collegeOnPage.ts). Each page is the very App tree the
 * browser runs (main.tsx), at that path, for a visitor (no cookie, no URL parameters: no API call),
 * so the browser can hydrate it. Emotion's rules for the HTML are collected with the key the
 * browser's default cache uses (`css`), so the browser adopts them instead of inserting them again.
 *
 * TypeScript without JSX (createElement): form-app's tsconfig compiles `*.ts` at its root.
 */
import { AppThemeProvider, createAppTheme, LoadingSpinner } from '@admit/design-system';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createElement, type ReactElement, StrictMode } from 'react';
import { createIntl, IntlProvider } from 'react-intl';
import { prerenderToNodeStream } from 'react-dom/static';

import { pageHtml, type RenderedPage, scriptSafeJson, withCollege } from './documents.ts';
import { type Manifest, preloadedChunks } from './manifest.ts';
import { App } from './src/App.tsx';
import { noscriptText } from './src/prerender/index.ts';
import { ACCOUNT_ROUTES, FORM_ROUTES } from './src/application/paths.ts';
import { AREA_NAMES, type MessageArea, messagesWithout } from './src/messageAreas.ts';
import { COLLEGE_PAGES, preloadRoute, routeModules } from './src/routes/router.tsx';
import { loadPages, tenant } from './src/tenant.ts';
import { language, languages, messages } from 'virtual:admit-language';
import { type CollegeOnPage } from '@admit/tenant-config';

/** The key of Emotion's default cache in the browser: its rules are adopted on start. */
const EMOTION_KEY = 'css';

async function render(element: ReactElement, title: string): Promise<RenderedPage> {
  const cache = createCache({ key: EMOTION_KEY });
  const emotion = createEmotionServer(cache);
  const errors: unknown[] = [];
  // prerender (not renderToString) waits for the lazy pages and fields: the HTML is complete.
  const { prelude } = await prerenderToNodeStream(
    createElement(StrictMode, null, createElement(CacheProvider, { value: cache }, element)),
    // Each Suspense boundary written in its place, however large: React would move one over
    // 12.8 kB to the end, for an inline script to put back (no script may be needed to see the
    // page, and the CSP refuses inline scripts).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // React would leave the page to the browser to render: a prerender that fails stops the build.
  if (errors.length > 0) throw new AggregateError(errors, `prerender of "${title}" failed`);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  if (html.includes('<template id="B:'))
    throw new Error(`prerender of "${title}": a part of the page was moved out of its place`);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles, title };
}

/**
 * Every page a visitor opens (SPEC §2), by path: the steps and the account pages. What a
 * visitor types into a step before the script runs is carried into the app
 * (src/prerender/prerendered.ts); an account card's `<form>` gets an early script that holds a submit
 * back until React has it (src/prerender/earlySubmit.ts, added by prerender.ts).
 */
async function renderVisitorPages(): Promise<Map<string, RenderedPage>> {
  const pages = await loadPages();
  // Each page rendered as the browser hydrates it: its code at hand, no Suspense boundary.
  await Promise.all(
    [...FORM_ROUTES, ...ACCOUNT_ROUTES].flatMap((path) => preloadRoute(path) ?? []),
  );
  const titleOf = (path: string) => {
    const step = tenant.steps.find((candidate) => `/${candidate.route}` === path);
    const page = pages.find((candidate) => candidate.id === step?.id);
    // A step's title as StepPage sets it; an account page's is its card's header (below).
    return page === undefined
      ? tenant.titles.application
      : `${page.title} · ${tenant.titles.application}`;
  };
  const rendered = new Map<string, RenderedPage>();
  for (const path of [...FORM_ROUTES, ...ACCOUNT_ROUTES]) {
    const page = await render(createElement(App, { initialPath: path }), titleOf(path));
    // An account page's title is its card's header, as useAccountForm sets it.
    const header = ACCOUNT_ROUTES.some((route) => route === path)
      ? /<h1[^>]*>([^<]+)<\/h1>/.exec(page.html)?.[1]
      : undefined;
    rendered.set(
      path,
      header === undefined ? page : { ...page, title: `${header} · ${tenant.titles.application}` },
    );
  }
  return rendered;
}

/**
 * What a logged-in applicant sees until the app has their profile: SPEC §2's full-screen
 * loading spinner on the college's theme. The browser replaces it (it is not hydrated).
 */
function renderShell(): Promise<RenderedPage> {
  return render(
    createElement(IntlProvider, {
      locale: language,
      messages,
      children: createElement(AppThemeProvider, {
        theme: createAppTheme(tenant.theme),
        children: createElement(LoadingSpinner, { fullScreen: true }),
      }),
    }),
    tenant.titles.application,
  );
}

/** What the server gives: Vite's index.html and manifest, where the files are served from. */
export interface SiteInput {
  /** index.html as the build wrote it. */
  indexHtml: string;
  manifest: Manifest;
  /** The build's base (`/`). */
  base: string;
}

/** The app's HTML documents for the college in `globalThis.__ADMIT_COLLEGE__`. */
export interface SiteDocuments {
  /** index.html with the college: service and temporary views, any page not prerendered. */
  index: string;
  /** Each visitor's page by its path (`/about`), prerendered. */
  pages: Map<string, string>;
  /** A logged-in applicant's loading shell. */
  shell: string;
}

/**
 * Every HTML document the app is sent in, for the college the server loaded: index.html with
 * the college's browser copy, each visitor's page prerendered (with the chunks and the college
 * pages it fetches before it hydrates preloaded), and the shell.
 */
export async function renderSite({ indexHtml, manifest, base }: SiteInput): Promise<SiteDocuments> {
  const given = globalThis.__ADMIT_COLLEGE__ as CollegeOnPage | undefined;
  if (given === undefined) throw new Error('prerender: no college in globalThis.__ADMIT_COLLEGE__');
  // The data block carries all but the other pages, which are a file of their own, and the
  // messages of the areas (src/messageAreas.ts) the page does not show first, which come with
  // the pages that do: an account page brings its own and the validation messages (its forms
  // check what is typed); the rest bring none.
  const onPage = { ...given, otherPages: undefined, language, languages };
  const withData = (missingAreas: readonly MessageArea[]) =>
    withCollege(indexHtml, {
      json: scriptSafeJson({
        ...onPage,
        messages: messagesWithout(messages, missingAreas),
        missingAreas,
      }),
      language,
      noscript: noscriptText(createIntl({ locale: language, messages })),
      title: tenant.titles.application,
      logoSvg: tenant.logoSvg,
    });
  const index = withData(AREA_NAMES);
  const accountIndex = withData(
    AREA_NAMES.filter((area) => area !== 'account' && area !== 'validation'),
  );
  const pages = new Map<string, string>();
  for (const [path, page] of await renderVisitorPages()) {
    const modules = routeModules(path);
    const preloads = [
      ...preloadedChunks(
        manifest,
        modules.filter((module) => module !== COLLEGE_PAGES),
      ).map((file) => ({ href: base + file, as: 'module' as const })),
      ...(modules.includes(COLLEGE_PAGES) ? [{ href: onPage.pagesUrl, as: 'fetch' as const }] : []),
    ];
    const account = ACCOUNT_ROUTES.some((route) => route === path);
    pages.set(path, pageHtml(account ? accountIndex : index, page, 'visitor', preloads));
  }
  return { index, pages, shell: pageHtml(index, await renderShell(), 'shell') };
}
