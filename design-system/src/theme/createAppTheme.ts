import { createTheme, type Theme } from '@mui/material/styles';

import { type AppThemeValues } from './augmentation';
import {
  BREAKPOINTS,
  LOADING_SIZES,
  LOADING_SPINNER_Z_INDEX,
  MODAL_SIZES,
  MODAL_SIZES_TABLET,
  type ThemeTokens,
} from './tokens';

/** MUI's own widest breakpoint; kept above `large` so MUI's `xl` keeps its meaning. */
const MUI_XL = 1536;

/**
 * Turns a tenant's tokens into the MUI theme every widget reads.
 *
 * MUI's breakpoints are set to SPEC §9: `sm` = mobile (675), `md` = tablet (900),
 * `lg` = large (1200), so `theme.breakpoints.down('sm')` means "below the mobile breakpoint".
 * Admit's own values (all colour shades, modal and loading sizes) sit on `theme.app`.
 *
 * @example
 * ```tsx
 * const theme = createAppTheme(defaultTokens);
 * <AppThemeProvider theme={theme}>…</AppThemeProvider>
 * ```
 */
export function createAppTheme(tokens: ThemeTokens): Theme {
  const { colors, severity } = tokens;
  const breakpoints = tokens.breakpoints ?? BREAKPOINTS;
  const headingFontFamily = tokens.typography.headingFontFamily ?? tokens.typography.fontFamily;
  const app: AppThemeValues = {
    colors,
    severity,
    modalSizes: tokens.modalSizes ?? MODAL_SIZES,
    modalSizesTablet: tokens.modalSizesTablet ?? MODAL_SIZES_TABLET,
    loadingSizes: tokens.loadingSizes ?? LOADING_SIZES,
    breakpoints,
    loadingSpinnerZIndex: LOADING_SPINNER_Z_INDEX,
    headingFontFamily,
  };
  const focusRing = { outline: `3px solid ${colors.primary.main}`, outlineOffset: 2 };
  const heading = { fontFamily: headingFontFamily, fontWeight: 600, color: colors.neutral.dark };

  return createTheme({
    app,
    breakpoints: {
      values: {
        xs: 0,
        sm: breakpoints.mobile,
        md: breakpoints.tablet,
        lg: breakpoints.large,
        xl: Math.max(MUI_XL, breakpoints.large + 1),
      },
    },
    palette: {
      primary: { ...colors.primary, contrastText: colors.white },
      secondary: { ...colors.secondary, contrastText: colors.white },
      error: { ...colors.error, contrastText: colors.white },
      success: { main: severity.success, contrastText: colors.white },
      accent: { ...colors.accent, contrastText: colors.primary.dark },
      neutral: { ...colors.neutral, contrastText: colors.white },
      text: {
        primary: colors.neutral.dark,
        secondary: colors.neutral.main,
        disabled: colors.disabled.main,
      },
      background: { default: colors.white, paper: colors.white },
      divider: colors.neutral.light,
      action: {
        disabled: colors.disabled.main,
        disabledBackground: colors.disabled.extraLight,
      },
    },
    shape: { borderRadius: tokens.borderRadius ?? 4 },
    typography: {
      fontFamily: tokens.typography.fontFamily,
      h1: { ...heading, fontSize: '2.25rem' },
      h2: { ...heading, fontSize: '1.75rem' },
      h3: { ...heading, fontSize: '1.375rem' },
      h4: { ...heading, fontSize: '1.25rem' },
      h5: { ...heading, fontSize: '1.125rem' },
      h6: { ...heading, fontSize: '1rem' },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiLink: {
        defaultProps: { underline: 'always' },
        styleOverrides: { root: { '&:focus-visible': focusRing } },
      },
      MuiFormLabel: {
        styleOverrides: {
          root: {
            color: colors.neutral.dark,
            fontWeight: 600,
            '&.Mui-focused': { color: colors.neutral.dark },
            '&.Mui-error': { color: colors.error.main },
            '&.Mui-disabled': { color: colors.disabled.main },
          },
          asterisk: { color: colors.error.main },
        },
      },
      MuiFormHelperText: {
        styleOverrides: { root: { marginLeft: 0, marginRight: 0, fontSize: '0.875rem' } },
      },
      // MUI's inputs each mount a global style (its autofill keyframes) by default: on a page of
      // 50 fields, 50 style sheets written when the page starts. The keyframes only tell MUI that
      // the browser autofilled an input, which matters for a floating label; our labels sit
      // above the input (FieldFrame). So no input injects them.
      MuiInputBase: { defaultProps: { disableInjectingGlobalStyles: true } },
      MuiOutlinedInput: {
        styleOverrides: {
          root: {
            backgroundColor: colors.white,
            // WCAG 1.4.11: an input's border needs 3:1 against the page.
            '& .MuiOutlinedInput-notchedOutline': { borderColor: colors.neutral.main },
            '&:hover:not(.Mui-disabled):not(.Mui-error) .MuiOutlinedInput-notchedOutline': {
              borderColor: colors.neutral.dark,
            },
            '&.Mui-disabled': { backgroundColor: colors.disabled.extraLight },
            '&.Mui-disabled .MuiOutlinedInput-notchedOutline': {
              borderColor: colors.disabled.light,
            },
          },
        },
      },
    },
  });
}
