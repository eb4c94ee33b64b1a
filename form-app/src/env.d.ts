/** The college this build serves: TENANT at build time, checked then (form-app/tenantPlugin.ts). */
declare module 'virtual:admit-tenant' {
  import { type BrowserTenant } from '@admit/tenant-config';

  export const tenant: BrowserTenant;
}
