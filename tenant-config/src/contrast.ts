/**
 * WCAG 2.2 AA contrast of a college's theme, checked at load: every foreground/background pair
 * the design system puts on screen (design-system's `contrastProblems`, which
 * tests/architecture/themes.test.ts also runs on every bundled college). tenant-config imports
 * no design system, so the formula is here: WCAG's relative luminance and contrast ratio,
 * computed as MUI's `getContrastRatio` does, so that both checks agree.
 */
import { type PdfLook, type TenantTheme } from './types.ts';

/** WCAG 2.2 AA: 4.5:1 for text, 3:1 for borders, icons and focus rings (1.4.3, 1.4.11). */
export const TEXT_CONTRAST = 4.5;
export const NON_TEXT_CONTRAST = 3;

/** WCAG's relative luminance of a `#RRGGBB` colour (to 3 decimals, as MUI rounds it). */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return Number((0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)).toFixed(3));
}

/** WCAG's contrast ratio of two `#RRGGBB` colours, from 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const [lighter = 0, darker = 0] = [luminance(foreground), luminance(background)].sort(
    (a, b) => b - a,
  );
  return (lighter + 0.05) / (darker + 0.05);
}

/** A pair of the theme's colours on screen: what it is for, and where each colour is set. */
interface ContrastPair {
  use: string;
  /** Paths in `theme` (`colors/neutral/dark`). */
  foreground: string;
  background: string;
  minimum: number;
}

/** Every pair createAppTheme and the widgets draw (design-system/src/theme/contrast.ts). */
const PAIRS: readonly ContrastPair[] = [
  ['body text', 'colors/neutral/dark', 'colors/white'],
  ['body text on page tint', 'colors/neutral/dark', 'colors/neutral/extraLight'],
  ['hint text', 'colors/neutral/main', 'colors/white'],
  ['hint text on page tint', 'colors/neutral/main', 'colors/neutral/extraLight'],
  ['input border', 'colors/neutral/main', 'colors/white', NON_TEXT_CONTRAST],
  ['primary button text', 'colors/white', 'colors/primary/main'],
  ['primary button hover text', 'colors/white', 'colors/primary/dark'],
  ['link and focus ring', 'colors/primary/main', 'colors/white'],
  ['selected item text', 'colors/primary/main', 'colors/primary/extraLight'],
  ['secondary button text', 'colors/white', 'colors/secondary/main'],
  ['secondary text', 'colors/secondary/main', 'colors/white'],
  ['text on accent', 'colors/primary/dark', 'colors/accent/main'],
  ['accent text', 'colors/accent/dark', 'colors/white'],
  ['accent text on accent tint', 'colors/accent/dark', 'colors/accent/extraLight'],
  ['error text', 'colors/error/main', 'colors/white'],
  ['error text on error tint', 'colors/error/main', 'colors/error/extraLight'],
  ['text on error fill', 'colors/white', 'colors/error/main'],
  ['success text', 'severity/success', 'colors/white'],
  ['text on success toast', 'colors/white', 'severity/success'],
  ['severity error text', 'severity/error', 'colors/white'],
  ['text on error toast', 'colors/white', 'severity/error'],
].map(([use, foreground, background, minimum]) => ({
  use: String(use),
  foreground: String(foreground),
  background: String(background),
  minimum: typeof minimum === 'number' ? minimum : TEXT_CONTRAST,
}));

const HEX = /^#[0-9A-Fa-f]{6}$/;

function colourAt(theme: TenantTheme, path: string): string | undefined {
  const value = path
    .split('/')
    .reduce<unknown>(
      (inner, name) =>
        typeof inner === 'object' && inner !== null
          ? (inner as Record<string, unknown>)[name]
          : undefined,
      theme,
    );
  return typeof value === 'string' && HEX.test(value) ? value : undefined;
}

/** A pair that fails: where its foreground is set (in `theme`), and why. */
export interface ContrastProblem {
  /** The foreground's path in the theme (`colors/neutral/main`). */
  path: string;
  message: string;
}

/**
 * Every pair of the theme below WCAG 2.2 AA; empty when all pass. Disabled colours are exempt
 * (WCAG 1.4.3 "inactive components"). A colour that is not `#RRGGBB` is the schema's problem,
 * not this one's: its pairs are skipped.
 */
export function contrastProblems(theme: TenantTheme): ContrastProblem[] {
  return PAIRS.flatMap(({ use, foreground, background, minimum }) => {
    const fore = colourAt(theme, foreground);
    const back = colourAt(theme, background);
    if (fore === undefined || back === undefined) return [];
    const ratio = contrastRatio(fore, back);
    return ratio >= minimum
      ? []
      : [
          {
            path: foreground,
            message: `${use}: ${fore} on ${back} (${background.replaceAll('/', '.')}) is ${ratio.toFixed(2)}:1; WCAG 2.2 AA needs ${minimum}:1`,
          },
        ];
  });
}

/** The colours the application PDF prints with, each from the college's data. */
export interface PdfColours {
  /** Step bands, headings, the college's name. */
  accent: string;
  /** The facts panel's background. */
  panel: string;
  /** Body text and answers. */
  ink: string;
  /** Question labels, the footer, the panel's labels. */
  muted: string;
  /** The page. */
  paper: string;
}

/**
 * The PDF's colours: `pdf.accentColor` and `pdf.panelColor` where the college set them, else
 * the theme's primary and page tint; text in the theme's neutral shades on its page colour.
 */
export function pdfColours(theme: TenantTheme, pdf: PdfLook | undefined): PdfColours {
  return {
    accent: pdf?.accentColor ?? theme.colors.primary.main,
    panel: pdf?.panelColor ?? theme.colors.neutral.extraLight,
    ink: theme.colors.neutral.dark,
    muted: theme.colors.neutral.main,
    paper: theme.colors.white,
  };
}

/**
 * Every pair the PDF prints below WCAG 2.2 AA (a PDF is read on screen too), each at the
 * `pdf` field that sets its colour; empty when all pass, or when the college sets neither.
 * The theme's own pairs are checked by `contrastProblems`.
 */
export function pdfContrastProblems(
  theme: TenantTheme,
  pdf: PdfLook | undefined,
): ContrastProblem[] {
  const colours = pdfColours(theme, pdf);
  const pairs: [use: string, path: string | undefined, fore: string, back: string][] = [
    ['PDF step band text', pdf?.accentColor && 'accentColor', colours.paper, colours.accent],
    ['PDF headings', pdf?.accentColor && 'accentColor', colours.accent, colours.paper],
    ['PDF panel text', pdf?.panelColor && 'panelColor', colours.ink, colours.panel],
    ['PDF panel labels', pdf?.panelColor && 'panelColor', colours.muted, colours.panel],
  ];
  return pairs.flatMap(([use, path, fore, back]) => {
    if (path === undefined || path === '' || !HEX.test(fore) || !HEX.test(back)) return [];
    const ratio = contrastRatio(fore, back);
    return ratio >= TEXT_CONTRAST
      ? []
      : [
          {
            path,
            message: `${use}: ${fore} on ${back} is ${ratio.toFixed(2)}:1; WCAG 2.2 AA needs ${TEXT_CONTRAST}:1`,
          },
        ];
  });
}
