/** Riverbend Community College's settings, and the names it puts in Gallatin's pages. */
import { type TenantSettings } from '../../types.ts';

const COLLEGE = 'Riverbend Community College';
const PARTNER = 'Example State University';

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" role="img" aria-label="${COLLEGE}"><circle cx="24" cy="24" r="24" fill="#0B6E4F"/><path d="M6 30 C16 22 24 36 42 26" stroke="#F29A5E" stroke-width="4" fill="none"/></svg>`;

/** Riverbend Community College: everything but the pages (index.ts). */
export const exampleSettings: TenantSettings = {
  id: 'example',
  names: { college: COLLEGE, shortName: 'Riverbend', partner: PARTNER },
  titles: {
    application: `${COLLEGE} Application`,
    completion: `Thank you for applying to ${COLLEGE}`,
  },
  contact: {
    email: 'admissions@riverbend.example.edu',
    phone: '(555) 010-2040',
    address: {
      lines: [COLLEGE, '100 College Drive'],
      city: 'Riverbend',
      state: 'OR',
      zip: '97000',
    },
    hours: 'Monday to Thursday, 9 a.m. to 4 p.m. Pacific Time',
  },
  urls: {
    home: 'https://riverbend.example.edu',
    privacy: 'https://riverbend.example.edu/privacy',
    admissions: 'https://riverbend.example.edu/apply',
    international: 'https://riverbend.example.edu/international',
  },
  testCodes: { act: '9999', sat: '9998' },
  characterLimit: 7000,
  // Forest green and copper, rounded, all sans-serif: clearly another college.
  theme: {
    colors: {
      primary: { extraLight: '#E7F3EE', light: '#4F9A7C', main: '#0B6E4F', dark: '#064530' },
      secondary: { extraLight: '#F3EAF4', light: '#A56FAE', main: '#6A2C70', dark: '#45194A' },
      accent: { extraLight: '#FDEEE4', light: '#F8C29C', main: '#F29A5E', dark: '#9C4A12' },
      neutral: { extraLight: '#F7F5F2', light: '#DDD8D0', main: '#625B52', dark: '#2A2622' },
      white: '#FFFFFF',
      error: { extraLight: '#FDECEA', light: '#EF9A9A', main: '#B71C1C', dark: '#7F1212' },
      disabled: { extraLight: '#F2F2F2', light: '#CCCCCC', main: '#6E6E6E', dark: '#4D4D4D' },
    },
    severity: { success: '#1E7B34', error: '#B71C1C' },
    typography: { fontFamily: '"Trebuchet MS", "Segoe UI", Helvetica, Arial, sans-serif' },
    borderRadius: 12,
  },
  logoSvg,
  privacyNotice: [
    `${COLLEGE} uses the information in your application only to consider you for admission and to enroll you.`,
    'This site uses only the cookies it needs to keep you signed in.',
  ],
  timeZone: 'America/Los_Angeles',
  sessionCookiePrefix: 'AdmitSession',
  defaultRoute: 'about',
};

/** Gallatin's names in its pages, and what this college says instead (`renameInText`). */
export const EXAMPLE_RENAMES: Readonly<Record<string, string>> = {
  'Gallatin College': COLLEGE,
  'Montana State University in Bozeman': PARTNER,
  'Montana State University': PARTNER,
  'Office of International Admissions': 'International Admissions Office',
};
