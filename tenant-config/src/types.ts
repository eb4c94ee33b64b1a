import { type PageConfig } from '@admit/form-model';

/** A colour with the four shades of SPEC §3. */
export interface ColorShades {
  extraLight: string;
  light: string;
  main: string;
  dark: string;
}

/**
 * Theme tokens (SPEC §3 theme values) as plain data, in the shape of the design system's
 * `ThemeTokens`: `createAppTheme(tenant.theme)` turns them into an MUI theme. This package
 * never imports the design system; tests/architecture checks every tenant's contrast with it.
 */
export interface TenantTheme {
  colors: {
    primary: ColorShades;
    secondary: ColorShades;
    accent: ColorShades;
    neutral: ColorShades;
    white: string;
    error: ColorShades;
    disabled: ColorShades;
  };
  severity: { success: string; error: string };
  /** Font stacks (system fonts, so the app renders offline without layout shift). */
  typography: { fontFamily: string; headingFontFamily?: string };
  /** Corner radius of inputs, buttons and cards in px. */
  borderRadius?: number;
}

/** A postal address. */
export interface PostalAddress {
  lines: readonly string[];
  city: string;
  state: string;
  zip: string;
}

/** One college's configuration: everything that differs between colleges, as data. */
export interface TenantConfig {
  /** Folder name and TENANT value. */
  id: string;
  names: {
    /** The college applicants apply to. */
    college: string;
    /** A short name for tight spaces. */
    shortName: string;
    /** The partner institution (SPEC §1: a two-year college within a state university). */
    partner: string;
  };
  titles: {
    /** The application's title in the header and the browser tab. */
    application: string;
    /** The completion page's heading. */
    completion: string;
  };
  contact: {
    email: string;
    phone: string;
    fax?: string;
    address: PostalAddress;
    /** Office hours shown in the Help modal. */
    hours: string;
  };
  urls: {
    home: string;
    privacy: string;
    admissions: string;
    /** Where international applicants apply (SPEC §5 STOP message). */
    international: string;
  };
  /** SPEC §3: ACT and SAT school codes, printed for applicants sending scores. */
  testCodes: { act: string; sat: string };
  /** SPEC §3: the tenant's character limit for long answers. */
  characterLimit: number;
  theme: TenantTheme;
  /** The logo as an SVG document (inline, so no file server is needed). */
  logoSvg: string;
  /** Privacy Policy and Cookie Notice text (paragraphs). */
  privacyNotice: readonly string[];
  /**
   * Where the admissions office is told of each submission (issue 15 #17): an e-mail with the
   * reference number and the applicant's name, nothing else of the application. Optional:
   * unset, no such mail goes. Server-only: `browserSplit` leaves it out of the browser's copy.
   */
  admissionsNotificationEmail?: string;
  /**
   * The college's IANA time zone ("America/Denver"): the dates the PDF and the receipt mails
   * print are in it ("November 20, 2026 at 10:30 AM MST"), not in the server's.
   */
  timeZone: string;
  /** The identity provider prefix of the session marker cookie (SPEC §4). */
  sessionCookiePrefix: string;
  /** The route a failed submit sends the applicant to (SPEC §4). */
  defaultRoute: string;
  /** The three steps (SPEC §2). */
  pages: readonly PageConfig[];
}

/** Everything of a college but its pages. */
export type TenantSettings = Omit<TenantConfig, 'pages'>;

/** One step of the form as the step navigation and the routes know it (SPEC §2). */
export type StepSummary = Pick<PageConfig, 'id' | 'route' | 'title'>;

/**
 * A college as the browser gets it (form-app's `virtual:admit-tenant`): its settings, its
 * steps (ids, routes, titles) and the default route's page come with the first download; the
 * other pages are fetched once, when first needed. The same data as the college's
 * `TenantConfig`: form-app's build makes it from that config (`browserSplit`), so there is no
 * second copy of a college to keep in step.
 */
export interface BrowserTenant extends Omit<TenantSettings, 'admissionsNotificationEmail'> {
  /** The steps in order: the navigation, the routes, previous and next. */
  steps: readonly StepSummary[];
  /** The default route's page (SPEC §2: /about), in the first download. */
  defaultPage: PageConfig;
  /** Every page in step order (`defaultPage` among them, as it is); fetches the others. */
  loadPages: () => Promise<readonly PageConfig[]>;
}
