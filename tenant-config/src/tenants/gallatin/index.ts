import { type TenantConfig } from '../../types.ts';
import { aboutPage, GALLATIN_CHARACTER_LIMIT } from './about.ts';
import { educationPage } from './education.ts';
import { finalStepsPage } from './finalSteps.ts';

export { aboutPageWithoutResidency } from './about.ts';
export { educationPage } from './education.ts';
export { finalStepsPage } from './finalSteps.ts';

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" role="img" aria-label="Gallatin College"><rect width="48" height="48" rx="8" fill="#00205B"/><path d="M8 34 L19 16 L26 27 L31 20 L40 34 Z" fill="#F2B705"/><path d="M8 38 H40" stroke="#FFFFFF" stroke-width="2.5"/></svg>`;

/** Gallatin College, Montana State University: the default tenant. */
export const gallatin: TenantConfig = {
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
  theme: {
    colors: {
      primary: { extraLight: '#E6EAF2', light: '#3D5A8C', main: '#00205B', dark: '#00143A' },
      secondary: { extraLight: '#EEF3F8', light: '#6E8FB5', main: '#34567F', dark: '#1F3756' },
      accent: { extraLight: '#FFF6DB', light: '#FFD45C', main: '#F2B705', dark: '#8A6800' },
      neutral: { extraLight: '#F5F6F8', light: '#D9DCE1', main: '#5F6672', dark: '#23272E' },
      white: '#FFFFFF',
      error: { extraLight: '#FDECEC', light: '#E57373', main: '#B3261E', dark: '#7F1B15' },
      disabled: { extraLight: '#F2F2F2', light: '#DADADA', main: '#9E9E9E', dark: '#616161' },
    },
    severity: { success: '#1E6B34', error: '#B3261E' },
    fontFamily: '"Source Sans 3", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  logoSvg,
  privacyNotice: [
    'Gallatin College and Montana State University use the information in your application only to consider you for admission, to enroll you, to award scholarships and to report to the state and federal government as the law requires.',
    'Your Social Security number is optional. If you give it, we use it only to match your records, such as financial aid and test scores, and we never display it in full.',
    'This site uses only the cookies it needs to keep you signed in. We do not use advertising or tracking cookies.',
    'You may ask to see or correct your information by contacting the Admissions Office.',
  ],
  sessionCookiePrefix: 'AdmitSession',
  defaultRoute: 'about',
  pages: [aboutPage, educationPage, finalStepsPage],
};
