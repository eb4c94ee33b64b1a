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
  let fiber = element[fiberKey] as Fiber;
  while (fiber.return !== null) fiber = fiber.return;
  // The root (tag 3): React's current tree once committed, its work copy while rendering.
  return fiber.tag === 3 && fiber.stateNode.current === fiber;
}
