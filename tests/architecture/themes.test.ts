/** Every college's theme meets WCAG 2.2 AA contrast, by the design system's own check. */
import { contrastProblems, createAppTheme } from '@admit/design-system';
import { contrastProblems as loadTimeContrastProblems } from '@admit/tenant-config';
import { tenants } from '@admit/tenant-config/bundled';
import { describe, expect, it } from 'vitest';

describe.each(Object.values(tenants))('tenant $id theme', (tenant) => {
  it('has no contrast problem (WCAG 2.2 AA)', () => {
    expect(contrastProblems(tenant.theme)).toEqual([]);
  });

  it('becomes an MUI theme with its own primary colour', () => {
    expect(createAppTheme(tenant.theme).palette.primary.main).toBe(
      tenant.theme.colors.primary.main,
    );
  });
});

/**
 * The check a college's folder gets at load (tenant-config, which may not import the design
 * system) and the design system's own list the same pairs: a theme with any one colour made pale
 * fails the same uses in both.
 */
describe('the load-time contrast check and the design system’s agree', () => {
  const uses = (lines: readonly string[]) => lines.map((line) => line.split(':')[0]).sort();
  const theme = Object.values(tenants)[0]?.theme;
  if (theme === undefined) throw new Error('no bundled college');
  type Palette = Record<string, string | Record<string, string>>;
  const palette = theme.colors as unknown as Palette;
  /** Each colour of the palette as its path: `white`, `primary.main`… */
  const colours: string[][] = Object.entries(palette).flatMap(([name, value]) =>
    typeof value === 'string' ? [[name]] : Object.keys(value).map((shade) => [name, shade]),
  );
  it.each(colours.map((path) => [path.join('.'), path] as const))('%s made pale', (_, path) => {
    const pale = structuredClone(theme);
    const colors = pale.colors as unknown as Palette;
    const [name = '', shade] = path;
    const value = colors[name];
    if (shade === undefined || typeof value === 'string') colors[name] = '#EEEEEE';
    else if (value !== undefined) value[shade] = '#EEEEEE';
    expect(uses(loadTimeContrastProblems(pale).map((problem) => problem.message))).toEqual(
      uses(contrastProblems(pale)),
    );
  });
});
