import { getContrastRatio } from '@mui/material/styles';

import { type ThemeTokens } from './tokens';

/** WCAG 2.2 AA: 4.5:1 for text, 3:1 for borders, icons and focus rings (1.4.3, 1.4.11). */
const TEXT = 4.5;
const NON_TEXT = 3;

interface ContrastPair {
  /** What the pair is used for, as a reader of a failure would want it. */
  use: string;
  foreground: string;
  background: string;
  minimum: number;
}

/** Every foreground/background pair createAppTheme and the widgets put on screen. */
function contrastPairs({ colors, severity }: ThemeTokens): ContrastPair[] {
  const { primary, secondary, accent, neutral, white, error } = colors;
  return [
    { use: 'body text', foreground: neutral.dark, background: white, minimum: TEXT },
    {
      use: 'body text on page tint',
      foreground: neutral.dark,
      background: neutral.extraLight,
      minimum: TEXT,
    },
    { use: 'hint text', foreground: neutral.main, background: white, minimum: TEXT },
    {
      use: 'hint text on page tint',
      foreground: neutral.main,
      background: neutral.extraLight,
      minimum: TEXT,
    },
    { use: 'input border', foreground: neutral.main, background: white, minimum: NON_TEXT },
    { use: 'primary button text', foreground: white, background: primary.main, minimum: TEXT },
    {
      use: 'primary button hover text',
      foreground: white,
      background: primary.dark,
      minimum: TEXT,
    },
    { use: 'link and focus ring', foreground: primary.main, background: white, minimum: TEXT },
    {
      use: 'selected item text',
      foreground: primary.main,
      background: primary.extraLight,
      minimum: TEXT,
    },
    { use: 'secondary button text', foreground: white, background: secondary.main, minimum: TEXT },
    { use: 'secondary text', foreground: secondary.main, background: white, minimum: TEXT },
    { use: 'text on accent', foreground: primary.dark, background: accent.main, minimum: TEXT },
    { use: 'accent text', foreground: accent.dark, background: white, minimum: TEXT },
    {
      use: 'accent text on accent tint',
      foreground: accent.dark,
      background: accent.extraLight,
      minimum: TEXT,
    },
    { use: 'error text', foreground: error.main, background: white, minimum: TEXT },
    {
      use: 'error text on error tint',
      foreground: error.main,
      background: error.extraLight,
      minimum: TEXT,
    },
    { use: 'text on error fill', foreground: white, background: error.main, minimum: TEXT },
    { use: 'success text', foreground: severity.success, background: white, minimum: TEXT },
    {
      use: 'text on success toast',
      foreground: white,
      background: severity.success,
      minimum: TEXT,
    },
    { use: 'severity error text', foreground: severity.error, background: white, minimum: TEXT },
    { use: 'text on error toast', foreground: white, background: severity.error, minimum: TEXT },
  ];
}

/**
 * Checks a tenant's tokens against WCAG 2.2 AA and returns one line per failing pair
 * (empty when all pass). Disabled colours are exempt (WCAG 1.4.3 "inactive components").
 *
 * @example
 * expect(contrastProblems(tenant.theme)).toEqual([]);
 */
export function contrastProblems(tokens: ThemeTokens): string[] {
  return contrastPairs(tokens).flatMap(({ use, foreground, background, minimum }) => {
    const ratio = getContrastRatio(foreground, background);
    return ratio >= minimum
      ? []
      : [`${use}: ${foreground} on ${background} is ${ratio.toFixed(2)}:1, needs ${minimum}:1`];
  });
}
