import { tenant as builtTenant } from 'virtual:admit-tenant';

/**
 * The college this build serves (TENANT at build time). It was checked when the build started
 * (form-app/tenantPlugin.ts), so the browser does not check it again.
 */
export const tenant = builtTenant;

/** SPEC §2: the default route is the first step. */
export const DEFAULT_ROUTE = `/${tenant.defaultRoute}`;
