/** The four shades every tenant colour comes in (SPEC §3). */
export interface ColorShades {
  /** Tints for backgrounds: page, selected rows, alert bodies. */
  extraLight: string;
  /** Decorative lines and hover backgrounds. */
  light: string;
  /** The colour itself: buttons, links, icons, borders. */
  main: string;
  /** Hover and pressed states; text on `extraLight`. */
  dark: string;
}

/** A tenant's colours (SPEC §3). Every colour has four shades except `white`. */
export interface ThemeColors {
  /** The college's main colour: headers, primary buttons, links, focus. */
  primary: ColorShades;
  /** Second brand colour: secondary buttons, selected tabs and steps. */
  secondary: ColorShades;
  /** Highlight colour (e.g. gold): the current step's underline, banner edges. Not for text. */
  accent: ColorShades;
  /** Greys: `dark` body text, `main` hints and input borders, `light` dividers, `extraLight` page. */
  neutral: ColorShades;
  /** Surfaces and text on `primary`, `secondary` and `error` fills. */
  white: string;
  /** Invalid fields, error messages and error icons. */
  error: ColorShades;
  /** Disabled controls: `extraLight` fill, `light` border, `main` text. */
  disabled: ColorShades;
}

/** Colours that say how something went: toasts, password rules (SPEC §3). */
export interface SeverityColors {
  /** Success toasts and met password rules. */
  success: string;
  /** Error toasts and failed password rules. */
  error: string;
}

/** Modal widths (SPEC §3): any CSS length. */
export interface ModalSizes {
  /** Extra small, the default size: 30rem. */
  xs: string;
  /** Small: 60rem. */
  s: string;
  /** Medium: 80vw. */
  m: string;
}

/** Loading spinner units (SPEC §3): 0.4, 0.8 and 2rem. */
export interface LoadingSizes {
  /** 0.4rem. */
  small: string;
  /** 0.8rem. */
  medium: string;
  /** 2rem. */
  large: string;
}

/** Layout breakpoints in px (SPEC §9). */
export interface AppBreakpoints {
  /** Below this width the layout is single-column (675). */
  mobile: number;
  /** Below this width modals use their tablet sizes (900). */
  tablet: number;
  /** From this width the wide desktop layout applies (1200). */
  large: number;
}

/**
 * What a tenant says about its look. Plain, serialisable data, so tenant-config can hold it
 * without importing this package; `createAppTheme` turns it into an MUI theme.
 *
 * Only `colors`, `severity` and `typography` vary by college. Sizes and breakpoints are
 * SPEC constants and default to them; a tenant overrides them only with good reason.
 */
export interface ThemeTokens {
  /** Brand and state colours. */
  colors: ThemeColors;
  /** Success and error colours for toasts and rules. */
  severity: SeverityColors;
  /** Font stacks: system fonts only, so the app renders offline and without layout shift. */
  typography: {
    /** Body and control text. */
    fontFamily: string;
    /** Headings; defaults to `fontFamily`. */
    headingFontFamily?: string;
  };
  /** Corner radius of inputs, buttons and cards, in px; defaults to 4. */
  borderRadius?: number;
  /** Modal widths above the tablet breakpoint; defaults to SPEC §3. */
  modalSizes?: ModalSizes;
  /** Modal widths below the tablet breakpoint; defaults to SPEC §3. */
  modalSizesTablet?: ModalSizes;
  /** Loading spinner units; defaults to SPEC §3. */
  loadingSizes?: LoadingSizes;
  /** Breakpoints; defaults to SPEC §9. */
  breakpoints?: AppBreakpoints;
}

/** SPEC §3: modal sizes above the tablet breakpoint. */
export const MODAL_SIZES: ModalSizes = { xs: '30rem', s: '60rem', m: '80vw' };

/** SPEC §3: modal sizes at and below the tablet breakpoint. */
export const MODAL_SIZES_TABLET: ModalSizes = { xs: '30rem', s: '70vw', m: '90vw' };

/** SPEC §3: loading spinner units. */
export const LOADING_SIZES: LoadingSizes = { small: '0.4rem', medium: '0.8rem', large: '2rem' };

/** SPEC §9: breakpoints in px. */
export const BREAKPOINTS: AppBreakpoints = { mobile: 675, tablet: 900, large: 1200 };

/** SPEC §9: the full-screen loading spinner sits above everything, toasts included. */
export const LOADING_SPINNER_Z_INDEX = 2147483647;
