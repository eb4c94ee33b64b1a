import type * as TenantConfigModule from '@admit/tenant-config';
import { type Plugin, runnerImport } from 'vite';

type BrowserTenant = TenantConfigModule.BrowserTenant;

const VIRTUAL_ID = 'virtual:admit-tenant';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** Whether an export of tenant-config is a college's browser form (`BrowserTenant`). */
function isBrowserTenant(value: unknown): value is BrowserTenant {
  return (
    typeof value === 'object' &&
    value !== null &&
    'loadPages' in value &&
    typeof value.loadPages === 'function'
  );
}

/**
 * The college a build serves, as the module `virtual:admit-tenant` (`export const tenant`, a
 * `BrowserTenant`).
 *
 * The tenant is checked here, when a build or the dev server starts (SPEC §5's configuration
 * error, loud and before any applicant's click), not in every visitor's browser: the check's
 * yup schema and page rules stay out of the first download. The module re-exports only this
 * college, from tenant-config's index, so the other colleges stay out of the bundle too; and
 * it is the college's browser form, whose pages after the first step come in a chunk of their
 * own (bench/bundle). That form is checked against the college's config here as well.
 */
export function admitTenant(tenantId: string): Plugin {
  let exportName: string | undefined;
  return {
    name: 'admit:tenant',
    async buildStart() {
      // tenant-config is TypeScript: Vite's module runner imports it, as the app would.
      const { module: tenantConfig } = await runnerImport<typeof TenantConfigModule>(
        '@admit/tenant-config',
        { configFile: false, logLevel: 'error' },
      );
      // Throws TenantConfigError listing every problem: the build stops.
      const config = tenantConfig.loadTenant(tenantId);
      const browser = Object.entries(tenantConfig).find(
        ([, value]) => isBrowserTenant(value) && value.id === tenantId,
      );
      if (browser === undefined || !isBrowserTenant(browser[1]))
        throw new tenantConfig.TenantConfigError(tenantId, [
          "tenant-config's index must export the college's browser form by name (src/index.ts)",
        ]);
      // Its settings, steps and first page (its other pages: tenant-config's tests).
      const problems = tenantConfig.checkBrowserTenant(config, browser[1]);
      if (problems.length > 0) throw new tenantConfig.TenantConfigError(tenantId, problems);
      exportName = browser[0];
    },
    resolveId: (source) => (source === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load: (id) =>
      id === RESOLVED_ID && exportName !== undefined
        ? `export { ${exportName} as tenant } from '@admit/tenant-config';`
        : undefined,
  };
}
