/**
 * Prerender and hydration: what lets the server's HTML of a page be hydrated in React's first pass
 * and stay usable before the script runs (the fields loaded on first use and what stands in for
 * them, the early submit of an account card, what was typed before the script ran). Only the top
 * of the app plugs it in (main.tsx, App.tsx); the domain folders do not import it
 * (form-app/README.md, "Layers").
 */
export { earlyCardInput } from './earlySubmit.ts';
export { markUsed } from './firstUse.ts';
export { hydrationSlice } from './hydrationSlices.tsx';
export { lazyFieldRenderers } from './lazyFields.tsx';
export { isPrerendered } from './prerendered.ts';
export { startApp } from './startApp.ts';
export { noscriptText } from './noscript.ts';
