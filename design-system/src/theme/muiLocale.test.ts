import { esES } from '@mui/material/locale';
import { describe, expect, it } from 'vitest';

import { createAppTheme } from './createAppTheme';
import { defaultTokens } from './defaultTokens';
import { muiLocaleOf, withMuiLocale } from './muiLocale';

describe('MUI locale', () => {
  const theme = createAppTheme(defaultTokens);

  it("gives Spanish pages MUI's Spanish, and English and the pseudo-locale MUI's English", () => {
    expect(muiLocaleOf('es')).toBe(esES);
    expect(muiLocaleOf('es-US')).toBe(esES);
    expect(muiLocaleOf('en')).toBeUndefined();
    expect(muiLocaleOf('en-XA')).toBeUndefined();
    expect(muiLocaleOf('fr')).toBeUndefined();
  });

  it("adds the component texts beside the theme's own default props and styles", () => {
    const spanish = withMuiLocale(theme, esES);
    expect(spanish.components?.MuiAutocomplete?.defaultProps).toMatchObject({
      clearText: 'Limpiar',
      noOptionsText: 'Sin opciones',
    });
    expect(spanish.components?.MuiButton?.defaultProps).toEqual({ disableElevation: true });
    expect(spanish.components?.MuiLink).toEqual(theme.components?.MuiLink);
    expect(spanish.app).toBe(theme.app);
    expect(theme.components?.MuiAutocomplete).toBeUndefined();
  });

  it('leaves the theme as it is without a locale', () => {
    expect(withMuiLocale(theme, undefined)).toBe(theme);
  });
});
