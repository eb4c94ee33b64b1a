/** The select's box, in window coordinates (a `DOMRect` will do). */
interface AnchorBox {
  top: number;
  bottom: number;
  left: number;
  width: number;
}

/** Where the open menu goes, in window coordinates. */
export interface SelectMenuPlacement {
  /** `bottom`: under the select; `top`: above it. */
  side: 'bottom' | 'top';
  top: number;
  left: number;
}

/**
 * Where a select's open menu goes (SPEC §9): under the select, `gap` px from it; above it
 * when the menu does not fit under it with `padding` px to spare at the window's bottom but
 * does fit above with `padding` px to spare at the top; when it fits neither way it stays
 * under. Sideways it starts at the select's left edge, as wide as the select, moved back in
 * when it would stick out of the window.
 *
 * @example
 * ```ts
 * // A 308 px menu under a select 140 px from the bottom of an 800 px window opens above.
 * placeSelectMenu({ top: 604, bottom: 660, left: 20, width: 300 }, 308, { width: 1280, height: 800 }, 100, 4)
 * // { side: 'top', top: 292, left: 20 }
 * ```
 */
export function placeSelectMenu(
  anchor: AnchorBox,
  menuHeight: number,
  viewport: { width: number; height: number },
  padding: number,
  gap: number,
): SelectMenuPlacement {
  const below = anchor.bottom + gap;
  const above = anchor.top - gap - menuHeight;
  const fitsBelow = below + menuHeight <= viewport.height - padding;
  const fitsAbove = above >= padding;
  const side = !fitsBelow && fitsAbove ? 'top' : 'bottom';
  const left = Math.max(0, Math.min(anchor.left, viewport.width - anchor.width));
  return { side, top: side === 'top' ? above : below, left };
}
