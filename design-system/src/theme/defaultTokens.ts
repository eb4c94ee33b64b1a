import { type ThemeTokens } from './tokens';

/**
 * Gallatin College at Montana State University: MSU blue and gold, serif headings.
 * The default tenant's look; every pair the theme uses meets WCAG 2.2 AA (see contrast.ts).
 */
export const defaultTokens = {
  colors: {
    primary: { extraLight: '#E6EDF5', light: '#4A74A8', main: '#003875', dark: '#00244D' },
    secondary: { extraLight: '#E8F1FA', light: '#7FA7D1', main: '#1F5C99', dark: '#123B66' },
    accent: { extraLight: '#FFF6DB', light: '#F8D878', main: '#EAAA00', dark: '#8A6400' },
    neutral: { extraLight: '#F5F6F8', light: '#D0D5DD', main: '#5A6270', dark: '#1F2933' },
    white: '#FFFFFF',
    error: { extraLight: '#FDECEC', light: '#F2B8B5', main: '#B3261E', dark: '#8C1D18' },
    disabled: { extraLight: '#F2F2F2', light: '#C9C9C9', main: '#6B6B6B', dark: '#4A4A4A' },
  },
  severity: { success: '#2E7D32', error: '#B3261E' },
  typography: {
    fontFamily: '"Source Sans 3", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headingFontFamily: 'Georgia, "Times New Roman", Times, serif',
  },
  borderRadius: 4,
} satisfies ThemeTokens;
