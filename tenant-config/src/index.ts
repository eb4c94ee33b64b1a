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
export { checkBrowserPages, checkBrowserTenant } from './browser.ts';
export { checkTenant, DEFAULT_TENANT, loadTenant, TenantConfigError, tenants } from './load.ts';
export { renameInText } from './rename.ts';
// Each college by name too, so a build can import only its own (form-app's `virtual:admit-tenant`),
// whole (`gallatin`) or as the browser gets it (`gallatinBrowser`: the other steps' pages later).
export { example, exampleBrowser } from './tenants/example/index.ts';
export { gallatin, gallatinBrowser } from './tenants/gallatin/index.ts';
