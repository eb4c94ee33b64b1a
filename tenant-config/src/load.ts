import { checkPages, EMAIL_PATTERN, PAGE_KEY_GROUPS, keyGroups, pageKeys } from '@admit/form-model';
import { array, number, object, string } from 'yup';

import { example } from './tenants/example/index.ts';
import { gallatin } from './tenants/gallatin/index.ts';
import { type TenantConfig } from './types.ts';

/** Every college this build knows, by TENANT id. `gallatin` is the default. */
export const tenants: Readonly<Record<string, TenantConfig>> = { gallatin, example };

export const DEFAULT_TENANT = 'gallatin';

/** A tenant that cannot be loaded; `problems` lists every problem found, not only the first. */
export class TenantConfigError extends Error {
  constructor(
    readonly tenantId: string,
    readonly problems: readonly string[],
  ) {
    super(`Tenant "${tenantId}" is not valid:\n- ${problems.join('\n- ')}`);
    this.name = 'TenantConfigError';
  }
}

const HEX = /^#[0-9A-Fa-f]{6}$/;

/** Whether the runtime knows `zone` as a time zone (Intl throws a RangeError if not). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const shades = object({
  extraLight: string().matches(HEX).required(),
  light: string().matches(HEX).required(),
  main: string().matches(HEX).required(),
  dark: string().matches(HEX).required(),
});

const tenantSchema = object({
  id: string()
    .matches(/^[a-z][a-z0-9-]*$/, 'id must be lower-case letters, digits and dashes')
    .required(),
  names: object({
    college: string().required(),
    shortName: string().required(),
    partner: string().required(),
  }),
  titles: object({ application: string().required(), completion: string().required() }),
  contact: object({
    email: string().matches(EMAIL_PATTERN, 'contact.email must be an e-mail address').required(),
    phone: string().required(),
    hours: string().required(),
    address: object({
      lines: array(string().required()).min(1).required(),
      city: string().required(),
      state: string().required(),
      zip: string().required(),
    }),
  }),
  urls: object({
    home: string().url().required(),
    privacy: string().url().required(),
    admissions: string().url().required(),
    international: string().url().required(),
  }),
  testCodes: object({
    act: string()
      .matches(/^\d{4}$/)
      .required(),
    sat: string()
      .matches(/^\d{4}$/)
      .required(),
  }),
  characterLimit: number().integer().min(1).max(7000).required(),
  theme: object({
    colors: object({
      primary: shades,
      secondary: shades,
      accent: shades,
      neutral: shades,
      white: string().matches(HEX).required(),
      error: shades,
      disabled: shades,
    }),
    severity: object({
      success: string().matches(HEX).required(),
      error: string().matches(HEX).required(),
    }),
    typography: object({ fontFamily: string().required(), headingFontFamily: string() }),
    borderRadius: number().integer().min(0).max(32),
  }),
  logoSvg: string()
    .matches(/^<svg[\s\S]*<\/svg>$/, 'logoSvg must be an SVG document')
    .required(),
  privacyNotice: array(string().required()).min(1).required(),
  admissionsNotificationEmail: string().matches(
    EMAIL_PATTERN,
    'admissionsNotificationEmail must be an e-mail address',
  ),
  timeZone: string()
    .required()
    .test('time-zone', 'timeZone must be an IANA time zone, such as "America/Denver"', isTimeZone),
  sessionCookiePrefix: string()
    .matches(/^[A-Za-z][A-Za-z0-9]*$/)
    .required(),
  defaultRoute: string().required(),
  pages: array().length(3, 'a tenant has the three steps of SPEC §2').required(),
});

/** SPEC §2: each page holds only the keys of its groups (the validation summary's map). */
function pagePlacementProblems(config: TenantConfig): string[] {
  const problems: string[] = [];
  for (const page of config.pages) {
    const allowed = new Set(
      PAGE_KEY_GROUPS[page.id].flatMap((group) => Object.keys(keyGroups[group])),
    );
    for (const key of pageKeys(page)) {
      if (!allowed.has(key))
        problems.push(`${page.id}: "${key}" belongs on another page (SPEC §2 page map)`);
    }
  }
  return problems;
}

/** Every problem of a tenant: its fields, its pages, and where keys sit. Empty when valid. */
export function checkTenant(config: TenantConfig): string[] {
  const problems: string[] = [];
  try {
    tenantSchema.validateSync(config, { abortEarly: false });
  } catch (error) {
    problems.push(...(error as { errors: string[] }).errors);
  }
  problems.push(...checkPages(config.pages));
  const routes = config.pages.map((page) => page.route);
  if (!routes.includes(config.defaultRoute))
    problems.push(`defaultRoute "${config.defaultRoute}" is not a page route`);
  problems.push(...pagePlacementProblems(config));
  return problems;
}

/**
 * The tenant named by `id` (TENANT at build or start), checked once: a broken tenant fails
 * loudly at start with every problem listed, not at an applicant's click.
 */
export function loadTenant(id: string = DEFAULT_TENANT): TenantConfig {
  const config = Object.hasOwn(tenants, id) ? tenants[id] : undefined;
  if (config === undefined) {
    throw new TenantConfigError(id, [
      `no tenant "${id}"; known tenants: ${Object.keys(tenants).join(', ')}`,
    ]);
  }
  const problems = checkTenant(config);
  if (problems.length > 0) throw new TenantConfigError(id, problems);
  return config;
}
