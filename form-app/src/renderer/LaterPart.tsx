import { createContext, type ReactNode, use } from 'react';

/**
 * What the app's top may put around each later part of a step: a section after the step's
 * first, a block after a section's first. Alone, nothing: the renderer draws the parts as they
 * are; the prerendered page's hydration uses it to take a step over part by part
 * (prerender/hydrationSlices.tsx).
 */
export const LaterPartContext = createContext<(part: ReactNode) => ReactNode>((part) => part);

export function LaterPart({ children }: { children: ReactNode }) {
  return use(LaterPartContext)(children);
}
