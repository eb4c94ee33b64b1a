export { type AppThemeValues } from './augmentation';
export { AppThemeProvider } from './AppThemeProvider';
export { contrastProblems } from './contrast';
export { createAppTheme } from './createAppTheme';
export { defaultTokens } from './defaultTokens';
export { exampleTokens } from './exampleTokens';
export {
  BREAKPOINTS,
  LOADING_SIZES,
  LOADING_SPINNER_Z_INDEX,
  MODAL_SIZES,
  MODAL_SIZES_TABLET,
  type AppBreakpoints,
  type ColorShades,
  type LoadingSizes,
  type ModalSizes,
  type SeverityColors,
  type ThemeColors,
  type ThemeTokens,
} from './tokens';
