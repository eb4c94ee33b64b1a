/**
 * What the server writes into each page it sends, as one JSON data block
 * (`<script type="application/json" id="admit-college">`: never run, so the CSP stays as it is,
 * and read before anything renders): the college's browser copy (collegeOnPage.ts) and the
 * page's language with its messages (languageOnPage.ts). The prerender, which runs in Node when
 * the server starts, hands the same data over in `globalThis.__ADMIT_COLLEGE__`.
 */

/** The id of the data block the server writes into each page. */
export const COLLEGE_ELEMENT_ID = 'admit-college';

declare global {
  // Set by the prerender in Node, before it imports the app.
  var __ADMIT_COLLEGE__: unknown;
}

let parsed: unknown;

/** The page's data block, parsed once. */
export function readPageData(): unknown {
  if (globalThis.__ADMIT_COLLEGE__ !== undefined) return globalThis.__ADMIT_COLLEGE__;
  if (parsed === undefined) {
    const text = document.getElementById(COLLEGE_ELEMENT_ID)?.textContent;
    if (text === undefined || text === '')
      throw new Error(
        `This page carries no college (#${COLLEGE_ELEMENT_ID}): Admit's pages are sent by its server.`,
      );
    parsed = JSON.parse(text);
  }
  return parsed;
}
