/**
 * The HTML documents of the app, made when the server starts (the college is read at start, not
 * built in): index.html as Vite wrote it (its script and preload tags), with the college's browser
 * copy (src/collegeOnPage.ts) as a JSON data block, and, for a prerendered page (README,
 * "Prerendered pages"), the page's HTML, styles, title and preloads. Pure string work: it runs in
 * the prerender bundle (prerenderEntry.ts) and in the tests.
 */
import { COLLEGE_ELEMENT_ID } from './src/pageData.ts';
import { EARLY_SUBMIT_SCRIPT } from './src/prerender/earlySubmit.ts';
import { iconHref } from './src/icon.ts';

/** A page rendered: the content of #root, the `<style>` tags it needs, its document title. */
export interface RenderedPage {
  html: string;
  styles: string;
  title: string;
}

/** #root's mark: what main.tsx finds there (`visitor` is hydrated, `shell` replaced). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Text for an element's content or a quoted attribute's value. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * JSON that may stand inside a `<script>` element: `<` written as `\u003c`, so no text of a
 * college (`</script>`, `<!--`) can end the element; JSON.parse reads it back unchanged. U+2028
 * and U+2029 are escaped too, as JSON allows.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function replaced(html: string, pattern: RegExp, by: string | ((match: string) => string)): string {
  if (!pattern.test(html)) throw new Error(`documents: index.html has no ${String(pattern)}`);
  return html.replace(pattern, typeof by === 'string' ? () => by : by);
}

/**
 * index.html with the college: its browser copy as a data block at the end of the body (the
 * entry script, a module, runs after the document is parsed; the page's own content comes
 * first), its title and its logo as the tab icon.
 */
export function withCollege(
  index: string,
  college: { json: string; title: string; logoSvg: string; language: string; noscript: string },
): string {
  let html = replaced(index, /<html lang="[^"]*"/, `<html lang="${escapeHtml(college.language)}"`);
  html = replaced(
    html,
    /<noscript\s*>[^<]*<\/noscript\s*>/,
    `<noscript>${escapeHtml(college.noscript)}</noscript>`,
  );
  html = replaced(
    html,
    /<\/body>/,
    `<script type="application/json" id="${COLLEGE_ELEMENT_ID}">${college.json}</script></body>`,
  );
  html = replaced(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(college.title)}</title>`);
  return replaced(
    html,
    /<link rel="icon" href="[^"]*"/,
    `<link rel="icon" href="${escapeHtml(iconHref(college.logoSvg))}"`,
  );
}

/**
 * index.html (already `withCollege`) holding one rendered page, with `preloads` at the end of
 * its body: each a module (`<link rel="modulepreload">`) or a JSON file (`as="fetch"`).
 */
export function pageHtml(
  index: string,
  page: RenderedPage,
  kind: 'visitor' | 'shell',
  preloads: readonly { href: string; as: 'module' | 'fetch' }[] = [],
): string {
  let html = replaced(
    index,
    /<div id="root"><\/div>/,
    `<div id="root" ${PRERENDERED_ATTRIBUTE}="${kind}">${page.html}</div>`,
  );
  html = replaced(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  // Fetched while the entry script downloads, not after it has run and asked for them, so a
  // page is usable sooner. At the end of the body: found once the page's HTML is in, so they
  // take none of its bandwidth, and still long before the entry script (about 170 KB) has
  // arrived.
  if (preloads.length > 0)
    html = replaced(
      html,
      // Before the college's data block, which is longer than the page's markup.
      /<script type="application\/json" id="admit-college">|<\/body>/,
      (before) =>
        preloads
          .map(({ href, as }) =>
            as === 'module'
              ? `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`
              : `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}">`,
          )
          .join('') + before,
    );
  // A form drawn before the script runs would be the browser's own until React takes it over
  // (a GET with the password in the address bar): the early script holds its submit back for
  // the app to send (src/prerender/earlySubmit.ts). First in <head>, before anyone can press anything.
  if (/<form[\s>]/i.test(page.html))
    html = replaced(html, /<head>/, `<head><script>${EARLY_SUBMIT_SCRIPT}</script>`);
  return replaced(html, /<\/head>/, `${page.styles}</head>`);
}
