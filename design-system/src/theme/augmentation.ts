// Module augmentation: the values createAppTheme adds to MUI's theme, typed for every widget.
import { type PaletteColor, type PaletteColorOptions } from '@mui/material/styles';

import {
  type AppBreakpoints,
  type LoadingSizes,
  type ModalSizes,
  type SeverityColors,
  type ThemeColors,
} from './tokens';

/** What `theme.app` holds: the tenant's tokens with every default filled in. */
export interface AppThemeValues {
  /** The tenant's colours, all four shades, as given. */
  colors: ThemeColors;
  /** Success and error colours. */
  severity: SeverityColors;
  /** Modal widths above the tablet breakpoint. */
  modalSizes: ModalSizes;
  /** Modal widths at and below the tablet breakpoint. */
  modalSizesTablet: ModalSizes;
  /** Loading spinner units. */
  loadingSizes: LoadingSizes;
  /** Breakpoints in px; MUI's `sm`, `md`, `lg` equal `mobile`, `tablet`, `large`. */
  breakpoints: AppBreakpoints;
  /** z-index of the full-screen loading spinner (SPEC §9). */
  loadingSpinnerZIndex: number;
  /** Heading font stack. */
  headingFontFamily: string;
}

declare module '@mui/material/styles' {
  interface Theme {
    /** Admit's own theme values (SPEC §3), beside MUI's. */
    app: AppThemeValues;
  }
  interface ThemeOptions {
    /** Admit's own theme values (SPEC §3), beside MUI's. */
    app?: AppThemeValues;
  }
  interface Palette {
    /** The tenant's accent colour (e.g. gold). */
    accent: PaletteColor;
    /** The tenant's greys. */
    neutral: PaletteColor;
  }
  interface PaletteOptions {
    /** The tenant's accent colour (e.g. gold). */
    accent?: PaletteColorOptions;
    /** The tenant's greys. */
    neutral?: PaletteColorOptions;
  }
}
