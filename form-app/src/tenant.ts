import { loadTenant } from '@admit/tenant-config';

/** The college this build serves (TENANT at build time), checked at load. */
export const tenant = loadTenant(__ADMIT_TENANT__);

/** SPEC §2: the default route is the first step. */
export const DEFAULT_ROUTE = `/${tenant.defaultRoute}`;
