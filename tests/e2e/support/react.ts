interface Fiber {
  return: Fiber | null;
  tag: number;
  stateNode: { current?: unknown };
}

/**
 * In the page: whether React has committed the element `id` (hydrated or rendered it): the
 * element's fiber (its `__reactFiber$…` key) belongs to the tree React has committed, so
 * walking up reaches the root whose current fiber it is. React sets an element's fiber and
 * props while it renders, before the render commits, and a hydrating render can still be
 * running (a Suspense boundary hydrates in a later pass, in slices): a fiber alone is not the
 * page being React's.
 *
 * Run in the page by the journeys (`page.waitForFunction(committedByReact, id)`) and by
 * bench/pageload (its source in an init script). So it uses nothing from outside its body,
 * and no named function inside it (tsx would wrap one in a `__name` helper the page lacks).
 */
export function committedByReact(id: string): boolean {
  const element = document.getElementById(id) as (HTMLElement & Record<string, unknown>) | null;
  if (element === null) return false;
  const fiberKey = Object.keys(element).find((key) => key.startsWith('__reactFiber$'));
  if (fiberKey === undefined) return false;
  const created = element[fiberKey] as Fiber & { alternate: Fiber | null };
  // The element keeps the fiber it was created with; once its component has rendered again,
  // the committed one is that fiber's alternate (they swap at every commit). Either may be in
  // the committed tree; a fiber of a render still under way (a hydration) has no alternate.
  for (const start of [created, created.alternate]) {
    if (start === null) continue;
    let fiber: Fiber = start;
    while (fiber.return !== null) fiber = fiber.return;
    // The root (tag 3): React's current tree once committed, its work copy while rendering.
    if (fiber.tag === 3 && fiber.stateNode.current === fiber) return true;
  }
  return false;
}
