// The design system's public surface: the theme and every widget. Nothing else is importable.
export {
  AppThemeProvider,
  BREAKPOINTS,
  contrastProblems,
  createAppTheme,
  defaultTokens,
  exampleTokens,
  LOADING_SIZES,
  LOADING_SPINNER_Z_INDEX,
  MODAL_SIZES,
  MODAL_SIZES_TABLET,
  type AppBreakpoints,
  type AppThemeValues,
  type ColorShades,
  type LoadingSizes,
  type ModalSizes,
  type SeverityColors,
  type ThemeColors,
  type ThemeTokens,
} from './theme';
export { LOADING_SPINNER_LABEL, LoadingSpinner, type LoadingSpinnerProps } from './LoadingSpinner';
export { TEXT_INPUT_MAX_LENGTH, TextInput, type TextInputProps } from './TextInput';
