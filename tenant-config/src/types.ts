import { type GroupShape, type PageConfig } from '@admit/form-model';

/**
 * A colour as `#RRGGBB` (hexadecimal red, green, blue), e.g. `#003875`.
 *
 * @pattern ^#[0-9A-Fa-f]{6}$
 */
export type HexColor = string;

/** A colour with the four shades of SPEC §3. */
export interface ColorShades {
  /** The lightest tint: page and selected-item backgrounds. */
  extraLight: HexColor;
  /** A light tint: borders and fills that carry no text. */
  light: HexColor;
  /** The colour itself: buttons, links, headings. */
  main: HexColor;
  /** A dark shade: hover, and text on the colour's tints. */
  dark: HexColor;
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
    /** The page's background. */
    white: HexColor;
    error: ColorShades;
    disabled: ColorShades;
  };
  /** The success and error toasts' colours (white text on them, and as text on white). */
  severity: { success: HexColor; error: HexColor };
  /** Font stacks (system fonts, so the app renders offline without layout shift). */
  typography: { fontFamily: string; headingFontFamily?: string };
  /**
   * Corner radius of inputs, buttons and cards in px.
   *
   * @asType integer
   * @minimum 0
   * @maximum 32
   */
  borderRadius?: number;
}

/**
 * The application PDF's look and wording (SPEC §1: the applicant's PDF). Every field is
 * optional: what a college leaves out falls back to the default its comment names.
 */
export interface PdfLook {
  /**
   * The title under the college's name at the top of page 1, and in the PDF's document title.
   * Default: "Application for Admission".
   *
   * @minLength 1
   * @maxLength 120
   */
  title?: string;
  /**
   * The colour of the step bands (white text on it), the headings and the college's name.
   * Default: `theme.colors.primary.main`. Checked: white on it, and it on white, 4.5:1.
   */
  accentColor?: HexColor;
  /**
   * The background of the panel of facts on page 1 (applicant, account, status). Default:
   * `theme.colors.neutral.extraLight`. Checked: the panel's text on it, 4.5:1.
   */
  panelColor?: HexColor;
  /**
   * The lines at the right of page 1's header. Default: the contact's address, city, phone and
   * e-mail. An empty list prints none.
   *
   * @maxItems 8
   */
  headerLines?: readonly string[];
  /**
   * The footer of every page, at its left (the page number is at its right). `{college}`,
   * `{title}` and `{applicant}` are replaced by the college's name, the title above and the
   * applicant's name. Default: "{college}  |  {title}  |  {applicant}".
   *
   * @minLength 1
   * @maxLength 160
   */
  footer?: string;
}

/** The words a PDF footer may name, each in braces. */
export const PDF_FOOTER_FIELDS = ['college', 'title', 'applicant'] as const;

/** A postal address. */
export interface PostalAddress {
  /**
   * The lines above the city: the office, the street or PO box.
   *
   * @minItems 1
   */
  lines: readonly string[];
  city: string;
  state: string;
  zip: string;
}

/**
 * An e-mail address, e.g. `admissions@college.example.edu`.
 *
 * @format email
 */
export type EmailAddress = string;

/**
 * A web address starting with https:// (or http://), such as `https://www.college.example.edu`:
 * applicants follow it from the application, so nothing else (no `javascript:`) is allowed.
 *
 * @pattern ^https?://[^\s/?#]+\.[^\s]*$
 */
export type WebAddress = string;

/**
 * A language as a BCP 47 tag: `en`, `es`, `es-US`, `vi`.
 *
 * @pattern ^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$
 */
export type LanguageCode = string;

/**
 * One language's translations of a college's texts: each text as the college's own language
 * writes it (the steps, the option lists, college.json) → that text in the language. A text
 * used in many places ("Yes", "City") has one translation.
 */
export type CollegeTexts = Readonly<Record<string, string>>;

/** One college's configuration: everything that differs between colleges, as data. */
export interface TenantConfig {
  /** The college's id: its folder's name (TENANT picks a bundled college by it). */
  id: string;
  /**
   * The languages the college's texts are written in, as BCP 47 tags, its own first: the
   * first is the language of its files, of the staff's copies, the exports and the service
   * view; each other has its translations in `locales/<language>.json`. Default `["en"]`.
   *
   * @minItems 1
   * @uniqueItems true
   */
  languages: readonly LanguageCode[];
  /**
   * The translations of the college's texts, by language (each of `languages` but the first),
   * from its `locales/` files. Server-only: `localizeTenant(config, language)` applies them,
   * and `browserSplit` leaves them out of the browser's copy.
   */
  translations?: Readonly<Record<LanguageCode, CollegeTexts>>;
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
  /** How applicants reach the admissions office (the Help modal, mails, the PDF). */
  contact: {
    email: EmailAddress;
    phone: string;
    fax?: string;
    address: PostalAddress;
    /** Office hours shown in the Help modal. */
    hours: string;
  };
  /** The college's web pages the application links to. */
  urls: {
    /** The college's home page (the header's logo). */
    home: WebAddress;
    /** The privacy policy. */
    privacy: WebAddress;
    /** The admissions office's page. */
    admissions: WebAddress;
    /** Where international applicants apply (SPEC §5 STOP message). */
    international: WebAddress;
  };
  /** SPEC §3: ACT and SAT school codes, printed for applicants sending scores. */
  testCodes: {
    /** @pattern ^\d{4}$ */
    act: string;
    /** @pattern ^\d{4}$ */
    sat: string;
  };
  /**
   * SPEC §3: the college's character limit for long answers, at most 7000; no `maxLength` in
   * the steps may exceed it.
   */
  characterLimit: number;
  theme: TenantTheme;
  /** The logo as an SVG document (inline, so no file server is needed). */
  logoSvg: string;
  /** The application PDF's look and wording; unset, the defaults (`PdfLook`). Server-only. */
  pdf?: PdfLook;
  /**
   * Privacy Policy and Cookie Notice text, one string per paragraph (shown as text, never HTML).
   *
   * @minItems 1
   */
  privacyNotice: readonly string[];
  /**
   * Where the admissions office is told of each submission: an e-mail with the
   * reference number and the applicant's name, nothing else of the application. Optional:
   * unset, no such mail goes. Server-only: `browserSplit` leaves it out of the browser's copy.
   */
  admissionsNotificationEmail?: EmailAddress;
  /**
   * The college's IANA time zone ("America/Denver"): the dates the PDF and the receipt mails
   * print are in it ("November 20, 2026 at 10:30 AM MST"), not in the server's.
   */
  timeZone: string;
  /**
   * The identity provider prefix of the session marker cookie (SPEC §4): letters and digits.
   *
   * @pattern ^[A-Za-z][A-Za-z0-9]*$
   */
  sessionCookiePrefix: string;
  /** The route of the first step, where a failed submit sends the applicant (SPEC §4). */
  defaultRoute: string;
  /** The steps in order (SPEC §2): each a page of sections and questions. */
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
export interface BrowserTenant extends Omit<
  TenantSettings,
  'admissionsNotificationEmail' | 'pdf' | 'translations'
> {
  /** The steps in order: the navigation, the routes, previous and next. */
  steps: readonly StepSummary[];
  /** The default route's page (SPEC §2: /about), in the first download. */
  defaultPage: PageConfig;
  /**
   * Every add-another block of every page, as form-model's `groupShapes` describes them: the
   * answers take the form's shape when they load, before the pages holding the groups arrive.
   */
  groups: readonly GroupShape[];
  /** Every page in step order (`defaultPage` among them, as it is); fetches the others. */
  loadPages: () => Promise<readonly PageConfig[]>;
}
