import type * as TenantConfigModule from '@admit/tenant-config';
import { type Plugin, runnerImport } from 'vite';

const VIRTUAL_ID = 'virtual:admit-tenant';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * The college a build serves, as the module `virtual:admit-tenant` (`export const tenant`).
 *
 * The tenant is checked here, when a build or the dev server starts (SPEC §5's configuration
 * error, loud and before any applicant's click), not in every visitor's browser: the check's
 * yup schema and page rules stay out of the first download. And the module re-exports only
 * this college's config from tenant-config's index, so the other colleges stay out of the
 * bundle too (bench/bundle).
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
      exportName = Object.entries(tenantConfig).find(([, value]) => value === config)?.[0];
      if (exportName === undefined)
        throw new tenantConfig.TenantConfigError(tenantId, [
          "tenant-config's index must export the college's config by name (src/index.ts)",
        ]);
    },
    resolveId: (source) => (source === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load: (id) =>
      id === RESOLVED_ID && exportName !== undefined
        ? `export { ${exportName} as tenant } from '@admit/tenant-config';`
        : undefined,
  };
}
