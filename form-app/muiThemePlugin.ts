import { type Plugin } from 'vite';

/** The module of MUI's `createTheme`, and its import of the CSS-variables theme builder. */
const CREATE_THEME = /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/;
const WITH_VARS_IMPORT = 'import createThemeWithVars from "./createThemeWithVars.mjs";';
/** What takes its place: the same name, on one line (the lines below keep their source map). */
const WITHOUT_VARS =
  'const createThemeWithVars = () => { throw new Error("Admit: this build leaves out MUI\'s CSS-variables theme (form-app/muiThemePlugin.ts); createAppTheme makes a theme without them."); };';

/**
 * Leaves MUI's CSS-variables theme builder (`createThemeWithVars` and the `cssVars` helpers it
 * brings) out of the SPA: about 4.5 kB gzip of /about's first download (bench/bundle).
 *
 * MUI's `createTheme` calls that builder only for `cssVariables: true`, which Admit never asks
 * for: design-system's `createAppTheme` makes a plain theme, and `AppThemeProvider` provides
 * it without MUI's CSS-variables provider. But `createTheme` imports the builder statically,
 * and MUI runs `createTheme()` for its default theme when it loads, so no bundler can drop it.
 * This plugin swaps that one import for a function that throws, so a theme asking for CSS
 * variables fails loudly instead of silently losing them. It applies to the SPA's production
 * build only; the dev server, Storybook and the tests run MUI as published.
 *
 * If an MUI release changes the import, the build stops here: drop or update the plugin then.
 */
export function muiThemeWithoutCssVariables(): Plugin {
  let found = false;
  return {
    name: 'admit:mui-theme-without-css-variables',
    apply: 'build',
    transform(code, id) {
      if (!CREATE_THEME.test(id.split('?')[0] ?? id)) return undefined;
      if (!code.includes(WITH_VARS_IMPORT))
        this.error(
          `${id} no longer imports createThemeWithVars as expected: update form-app/muiThemePlugin.ts`,
        );
      found = true;
      // Same line count: the source map of the rest of the module stays right.
      return { code: code.replace(WITH_VARS_IMPORT, WITHOUT_VARS), map: null };
    },
    buildEnd(error) {
      if (error === undefined && !found)
        this.error(
          "MUI's createTheme was not found in the build: update form-app/muiThemePlugin.ts",
        );
    },
  };
}
