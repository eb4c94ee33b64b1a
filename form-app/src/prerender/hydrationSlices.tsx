import { type ReactNode, Suspense } from 'react';

/**
 * Each later part of a step (a section after the first, a block after a section's first) in a
 * Suspense boundary of its own, which nothing suspends: hydrating a prerendered step, React
 * makes the first section (the heading, the first questions) the page's in its first pass, and
 * the later sections in a second pass, at its lowest priority and in slices a keystroke
 * interrupts (all the boundaries it finds in a pass hydrate in the next one, together; their
 * blocks in a third); a tap or key in a part not yet hydrated hydrates that part at once, not
 * the whole step. Without them the whole step is hydrated in one task before its first field is
 * the app's (bench/README, "bench/pageload"). Rendered afresh, they change nothing.
 */
export function hydrationSlice(part: ReactNode): ReactNode {
  return <Suspense fallback={null}>{part}</Suspense>;
}
