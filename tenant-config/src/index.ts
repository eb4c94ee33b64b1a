// @admit/tenant-config: one folder per college. A tenant is chosen by TENANT and checked at load.
export type {
  BrowserTenant,
  ColorShades,
  PostalAddress,
  StepSummary,
  TenantConfig,
  TenantSettings,
  TenantTheme,
} from './types.ts';
export { browserSplit, type BrowserFirstLoad, type BrowserSplit } from './split.ts';
export { checkTenant, DEFAULT_TENANT, loadTenant, TenantConfigError, tenants } from './load.ts';
export { renameInText } from './rename.ts';
// Each college by name too.
export { example } from './tenants/example/index.ts';
export { gallatin } from './tenants/gallatin/index.ts';
