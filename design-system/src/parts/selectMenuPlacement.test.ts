import { describe, expect, it } from 'vitest';

import { placeSelectMenu } from './selectMenuPlacement';

const viewport = { width: 1280, height: 800 };
/** A select 56 px tall, 300 px wide, 20 px from the left, its top at `top`. */
const selectAt = (top: number, left = 20, width = 300) => ({
  top,
  bottom: top + 56,
  left,
  width,
});

describe('placeSelectMenu (SPEC §9: 100 px collision padding)', () => {
  it('opens under the select, 4 px below it, when it fits with 100 px to spare', () => {
    expect(placeSelectMenu(selectAt(100), 308, viewport, 100, 4)).toEqual({
      side: 'bottom',
      top: 160,
      left: 20,
    });
  });

  it('opens above the select near the window bottom, when it fits there', () => {
    // Under it, the menu would end at 604 + 56 + 4 + 308 = 972 > 700.
    expect(placeSelectMenu(selectAt(604), 308, viewport, 100, 4)).toEqual({
      side: 'top',
      top: 292,
      left: 20,
    });
  });

  it('stays under the select when it fits neither way', () => {
    const short = { width: 375, height: 500 };
    expect(placeSelectMenu(selectAt(200), 308, short, 100, 4).side).toBe('bottom');
  });

  it('counts the padding: 1 px short of room under it opens it above', () => {
    // Room under: 800 - 100 - (400 + 56 + 4) = 240.
    expect(placeSelectMenu(selectAt(400), 240, viewport, 100, 4).side).toBe('bottom');
    expect(placeSelectMenu(selectAt(400), 241, viewport, 100, 4).side).toBe('top');
  });

  it('moves the menu back in when the select sticks out of the window sideways', () => {
    expect(placeSelectMenu(selectAt(100, 1100), 100, viewport, 100, 4).left).toBe(980);
    expect(placeSelectMenu(selectAt(100, -30), 100, viewport, 100, 4).left).toBe(0);
  });
});
