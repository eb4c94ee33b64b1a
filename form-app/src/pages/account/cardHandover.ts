import { createContext } from 'react';

/**
 * What a card was given before it was the app's: the page may have stood in the browser before
 * the app took it over (form-app/README.md, "Prerendered pages"), typed into and even
 * submitted. The app's top gives the card what the browser kept; alone, a card was given nothing.
 */
export interface CardHandover {
  /** What was typed into the fields `ids` of a page the app then drew afresh, given once. */
  remembered: (ids: readonly string[]) => Record<string, string>;
  /** What was typed into the fields `ids` that the app has just taken over as they were. */
  typed: (ids: readonly string[]) => Record<string, string>;
  /** Whether the card was submitted before it was the app's (asked once). */
  submitted: () => boolean;
}

export const CardHandoverContext = createContext<CardHandover>({
  remembered: () => ({}),
  typed: () => ({}),
  submitted: () => false,
});
