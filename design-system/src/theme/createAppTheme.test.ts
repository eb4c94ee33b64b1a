import { describe, expect, it } from 'vitest';

import { contrastProblems } from './contrast';
import { createAppTheme } from './createAppTheme';
import { defaultTokens } from './defaultTokens';
import { exampleTokens } from './exampleTokens';
import { type ThemeTokens } from './tokens';

describe('createAppTheme', () => {
  const theme = createAppTheme(defaultTokens);

  it('sets MUI breakpoints to SPEC §9: sm mobile 675, md tablet 900, lg large 1200', () => {
    expect(theme.breakpoints.values).toMatchObject({ xs: 0, sm: 675, md: 900, lg: 1200 });
    expect(theme.app.breakpoints).toEqual({ mobile: 675, tablet: 900, large: 1200 });
    expect(theme.breakpoints.down('sm')).toBe('@media (max-width:674.95px)');
  });

  it('carries SPEC §3 modal and loading sizes and the spinner z-index', () => {
    expect(theme.app.modalSizes).toEqual({ xs: '30rem', s: '60rem', m: '80vw' });
    expect(theme.app.modalSizesTablet).toEqual({ xs: '30rem', s: '70vw', m: '90vw' });
    expect(theme.app.loadingSizes).toEqual({ small: '0.4rem', medium: '0.8rem', large: '2rem' });
    expect(theme.app.loadingSpinnerZIndex).toBe(2147483647);
  });

  it('maps the tenant colours onto the MUI palette', () => {
    expect(theme.palette.primary.main).toBe(defaultTokens.colors.primary.main);
    expect(theme.palette.accent.main).toBe(defaultTokens.colors.accent.main);
    expect(theme.palette.neutral.dark).toBe(defaultTokens.colors.neutral.dark);
    expect(theme.palette.error.main).toBe(defaultTokens.colors.error.main);
    expect(theme.palette.success.main).toBe(defaultTokens.severity.success);
    expect(theme.palette.text.primary).toBe(defaultTokens.colors.neutral.dark);
  });

  it('gives another tenant another look', () => {
    const example = createAppTheme(exampleTokens);
    expect(example.palette.primary.main).not.toBe(theme.palette.primary.main);
    expect(example.typography.fontFamily).not.toBe(theme.typography.fontFamily);
  });
});

describe('contrastProblems', () => {
  it.each([
    ['default', defaultTokens],
    ['example', exampleTokens],
  ] as const)('finds none in the %s tokens (WCAG 2.2 AA)', (_name, tokens) => {
    expect(contrastProblems(tokens)).toEqual([]);
  });

  it('names the pair that fails', () => {
    const pale: ThemeTokens = {
      ...defaultTokens,
      colors: {
        ...defaultTokens.colors,
        primary: { ...defaultTokens.colors.primary, main: '#9DB7D5' },
      },
    };
    expect(contrastProblems(pale)).toContain(
      'primary button text: #FFFFFF on #9DB7D5 is 2.07:1, needs 4.5:1',
    );
  });
});
