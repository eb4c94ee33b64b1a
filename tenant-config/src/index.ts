// @admit/tenant-config: one folder per college. A tenant is chosen by TENANT and checked at load.
export type { ColorShades, PostalAddress, TenantConfig, TenantTheme } from './types.ts';
export { checkTenant, DEFAULT_TENANT, loadTenant, TenantConfigError, tenants } from './load.ts';
export { renameInText } from './rename.ts';
// Each college by name too, so a build can import only its own (form-app's `virtual:admit-tenant`).
export { example } from './tenants/example/index.ts';
export { gallatin } from './tenants/gallatin/index.ts';
