/** Every college's theme meets WCAG 2.2 AA contrast, by the design system's own check. */
import { contrastProblems, createAppTheme } from '@admit/design-system';
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
