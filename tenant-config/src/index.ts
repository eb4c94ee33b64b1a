// @admit/tenant-config: one folder per college. A tenant is chosen by TENANT and checked at load.
export type { ColorShades, PostalAddress, TenantConfig, TenantTheme } from './types.ts';
export { checkTenant, DEFAULT_TENANT, loadTenant, TenantConfigError, tenants } from './load.ts';
export { renameInText } from './rename.ts';
