/**
 * Prerender and hydration: what lets the server's HTML of a page be hydrated in React's first pass
 * and stay usable before the script runs (the placeholders of the fields loaded on first use,
 * the early submit of an account card, what was typed before the script ran). The app plugs it in
 * from the top (main.tsx, the routes); the domain folders do not import it.
 */
export {
  rememberTypedFields,
  takeEarlySubmit,
  takeRememberedFields,
  typedOutsideReact,
} from './earlySubmit.ts';
export { afterQuiet, markUsed, onFirstUse, type PlaceholderProps } from './firstUse.ts';
export { loadOnce } from './loadOnce.ts';
export {
  canHydrate,
  earlyInput,
  isPrerendered,
  isVisitorPage,
  keepEarlyInput,
  keepFocus,
} from './prerendered.ts';
