import { describe, expect, it } from 'vitest';

import { contrastProblems, contrastRatio } from './contrast.ts';
import { loadTenant } from './node/index.ts';

describe('contrastRatio: WCAG 2.2', () => {
  it.each([
    ['#000000', '#FFFFFF', 21],
    ['#FFFFFF', '#FFFFFF', 1],
    // The grey that just fails 4.5:1 on white, and the one that just passes (WCAG's example).
    ['#777777', '#FFFFFF', 4.49],
    ['#767676', '#FFFFFF', 4.55],
    ['#003875', '#FFFFFF', 11.54],
  ])('%s on %s is %s:1, whichever is lighter', (foreground, background, ratio) => {
    expect(contrastRatio(foreground, background)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(background, foreground)).toBeCloseTo(ratio, 2);
  });
});

describe('contrastProblems: every pair the design system draws', () => {
  const { theme } = loadTenant('gallatin');

  it('finds none in the bundled colleges', () => {
    expect(contrastProblems(theme)).toEqual([]);
    expect(contrastProblems(loadTenant('example').theme)).toEqual([]);
  });

  it('names the pair, the colours, the ratio and where the foreground is set', () => {
    const pale = {
      ...theme,
      colors: { ...theme.colors, neutral: { ...theme.colors.neutral, main: '#AAAAAA' } },
    };
    expect(contrastProblems(pale)).toEqual([
      {
        path: 'colors/neutral/main',
        message: 'hint text: #AAAAAA on #FFFFFF (colors.white) is 2.32:1; WCAG 2.2 AA needs 4.5:1',
      },
      {
        path: 'colors/neutral/main',
        message:
          'hint text on page tint: #AAAAAA on #F5F6F8 (colors.neutral.extraLight) is 2.15:1; WCAG 2.2 AA needs 4.5:1',
      },
      {
        path: 'colors/neutral/main',
        message: 'input border: #AAAAAA on #FFFFFF (colors.white) is 2.32:1; WCAG 2.2 AA needs 3:1',
      },
    ]);
  });
});
