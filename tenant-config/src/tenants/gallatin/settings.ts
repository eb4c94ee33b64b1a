/** Gallatin College's settings: names, contacts, theme, logo; its pages are beside this file. */
import { type TenantSettings } from '../../types.ts';

/** The essay's character limit: the tenant's (SPEC §3: 7000). */
export const GALLATIN_CHARACTER_LIMIT = 7000;

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" role="img" aria-label="Gallatin College"><rect width="48" height="48" rx="8" fill="#003875"/><path d="M8 34 L19 16 L26 27 L31 20 L40 34 Z" fill="#EAAA00"/><path d="M8 38 H40" stroke="#FFFFFF" stroke-width="2.5"/></svg>`;

/** Gallatin College, Montana State University: everything but the pages. */
export const gallatinSettings: TenantSettings = {
  id: 'gallatin',
  names: {
    college: 'Gallatin College',
    shortName: 'Gallatin',
    partner: 'Montana State University',
  },
  titles: {
    application: 'Gallatin College Application for Admission',
    completion: 'Thank you for applying to Gallatin College',
  },
  contact: {
    email: 'gallatin@montana.edu',
    phone: '(406) 994-5536',
    address: {
      lines: ['Gallatin College Montana State University', 'PO Box 173570'],
      city: 'Bozeman',
      state: 'MT',
      zip: '59717-3570',
    },
    hours: 'Monday to Friday, 8 a.m. to 5 p.m. Mountain Time',
  },
  urls: {
    home: 'https://www.gallatin.montana.edu',
    privacy: 'https://www.montana.edu/privacy',
    admissions: 'https://www.gallatin.montana.edu/admissions',
    international: 'https://www.montana.edu/international',
  },
  testCodes: { act: '2420', sat: '4488' },
  characterLimit: GALLATIN_CHARACTER_LIMIT,
  // MSU blue and gold; every pair the theme uses meets WCAG 2.2 AA (tests/architecture).
  theme: {
    colors: {
      primary: { extraLight: '#E6EDF5', light: '#4A74A8', main: '#003875', dark: '#00244D' },
      secondary: { extraLight: '#E8F1FA', light: '#7FA7D1', main: '#1F5C99', dark: '#123B66' },
      accent: { extraLight: '#FFF6DB', light: '#F8D878', main: '#EAAA00', dark: '#8A6400' },
      neutral: { extraLight: '#F5F6F8', light: '#D0D5DD', main: '#5A6270', dark: '#1F2933' },
      white: '#FFFFFF',
      error: { extraLight: '#FDECEC', light: '#F2B8B5', main: '#B3261E', dark: '#8C1D18' },
      disabled: { extraLight: '#F2F2F2', light: '#C9C9C9', main: '#6B6B6B', dark: '#4A4A4A' },
    },
    severity: { success: '#2E7D32', error: '#B3261E' },
    typography: {
      fontFamily: '"Source Sans 3", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      headingFontFamily: 'Georgia, "Times New Roman", Times, serif',
    },
    borderRadius: 4,
  },
  logoSvg,
  privacyNotice: [
    'Gallatin College and Montana State University use the information in your application only to consider you for admission, to enroll you, to award scholarships and to report to the state and federal government as the law requires.',
    'Your Social Security number is optional. If you give it, we use it only to match your records, such as financial aid and test scores, and we never display it in full.',
    'This site uses only the cookies it needs to keep you signed in. We do not use advertising or tracking cookies.',
    'You may ask to see or correct your information by contacting the Admissions Office.',
  ],
  timeZone: 'America/Denver',
  sessionCookiePrefix: 'AdmitSession',
  defaultRoute: 'about',
};
