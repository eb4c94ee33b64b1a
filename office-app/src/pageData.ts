/**
 * What the server writes into the office's page when it starts (server/src/plugins/app/
 * officeSpa.ts), as one JSON data block (`<script type="application/json" id="admit-office">`:
 * never run, so the CSP stays as it is): the college's name, its theme, the office's language
 * (the college's first) and the college's time zone.
 */
import { type ThemeTokens } from '@admit/design-system';

/** The id of the data block the server writes into the office's page. */
export const OFFICE_PAGE_ELEMENT_ID = 'admit-office';

export interface OfficePage {
  /** The college's name, e.g. "Gallatin College MSU". */
  collegeName: string;
  /** The college's theme tokens (college.json `theme`). */
  theme: ThemeTokens;
  /** The office's language: the college's first (college.json `languages[0]`). */
  language: string;
  /** The college's IANA time zone, e.g. "America/Denver". */
  timeZone: string;
}

/** The page's data block, parsed. Throws when the page was not sent by Admit's server. */
export function readOfficePage(): OfficePage {
  const text = document.getElementById(OFFICE_PAGE_ELEMENT_ID)?.textContent;
  if (text === undefined || text === '')
    throw new Error(
      `This page carries no college (#${OFFICE_PAGE_ELEMENT_ID}): the office's page is sent by Admit's server.`,
    );
  return JSON.parse(text) as OfficePage;
}
