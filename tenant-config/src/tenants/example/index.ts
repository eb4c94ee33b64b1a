import { type TenantConfig } from '../../types.ts';
import { renameInText } from '../../rename.ts';
import { aboutPageWithoutResidency, educationPage, finalStepsPage } from '../gallatin/index.ts';

const COLLEGE = 'Riverbend Community College';
const PARTNER = 'Example State University';

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" role="img" aria-label="${COLLEGE}"><circle cx="24" cy="24" r="24" fill="#0B5345"/><path d="M6 30 C16 22 24 36 42 26" stroke="#F7DC6F" stroke-width="4" fill="none"/></svg>`;

/**
 * A second college that reuses Gallatin's pages with its own names, contacts and theme, and
 * without the Montana residency section: proof that another college needs no code.
 */
export const example: TenantConfig = {
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
  theme: {
    colors: {
      primary: { extraLight: '#E3F1EE', light: '#3A8C7A', main: '#0B5345', dark: '#06352C' },
      secondary: { extraLight: '#F1EEF8', light: '#8E7CC3', main: '#5B4A9B', dark: '#3B2F66' },
      accent: { extraLight: '#FDF8E4', light: '#F7DC6F', main: '#D4AC0D', dark: '#7D6608' },
      neutral: { extraLight: '#F7F7F5', light: '#DEDDD8', main: '#62615C', dark: '#2B2A27' },
      white: '#FFFFFF',
      error: { extraLight: '#FBEAEA', light: '#E08080', main: '#A4262C', dark: '#6E1A1E' },
      disabled: { extraLight: '#F2F2F2', light: '#DADADA', main: '#9E9E9E', dark: '#616161' },
    },
    severity: { success: '#1B6E3A', error: '#A4262C' },
    fontFamily: 'Georgia, "Times New Roman", serif',
  },
  logoSvg,
  privacyNotice: [
    `${COLLEGE} uses the information in your application only to consider you for admission and to enroll you.`,
    'This site uses only the cookies it needs to keep you signed in.',
  ],
  sessionCookiePrefix: 'AdmitSession',
  defaultRoute: 'about',
  pages: renameInText([aboutPageWithoutResidency, educationPage, finalStepsPage], {
    'Gallatin College': COLLEGE,
    'Montana State University in Bozeman': PARTNER,
    'Montana State University': PARTNER,
    'Office of International Admissions': 'International Admissions Office',
  }),
};
