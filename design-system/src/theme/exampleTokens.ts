import { type ThemeTokens } from './tokens';

/**
 * A second, clearly different college (forest green and copper, rounded, all sans-serif).
 * Used by every widget's `Themed` story to prove a tenant's tokens take.
 */
export const exampleTokens = {
  colors: {
    primary: { extraLight: '#E7F3EE', light: '#4F9A7C', main: '#0B6E4F', dark: '#064530' },
    secondary: { extraLight: '#F3EAF4', light: '#A56FAE', main: '#6A2C70', dark: '#45194A' },
    accent: { extraLight: '#FDEEE4', light: '#F8C29C', main: '#F29A5E', dark: '#9C4A12' },
    neutral: { extraLight: '#F7F5F2', light: '#DDD8D0', main: '#625B52', dark: '#2A2622' },
    white: '#FFFFFF',
    error: { extraLight: '#FDECEA', light: '#EF9A9A', main: '#B71C1C', dark: '#7F1212' },
    disabled: { extraLight: '#F2F2F2', light: '#CCCCCC', main: '#6E6E6E', dark: '#4D4D4D' },
  },
  severity: { success: '#1E7B34', error: '#B71C1C' },
  typography: {
    fontFamily: '"Trebuchet MS", "Segoe UI", Helvetica, Arial, sans-serif',
  },
  borderRadius: 12,
} satisfies ThemeTokens;
