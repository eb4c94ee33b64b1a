/** Gallatin College's own answer options (codes are what the admissions system stores). */
import { type Option } from '@admit/form-model';

/** Entry terms open for application (term codes: year + 30 spring, 50 summer, 70 fall). */
export const entryTerms: readonly Option[] = [
  { value: '202730', label: 'Spring 2027 (January)' },
  { value: '202750', label: 'Summer 2027 (May)' },
  { value: '202770', label: 'Fall 2027 (August)' },
  { value: '202830', label: 'Spring 2028 (January)' },
];

export const educationalGoals: readonly Option[] = [
  { value: 'AAS', label: 'Earn an Associate of Applied Science (career and technical) degree' },
  { value: 'TRANSFER', label: 'Earn an Associate of Arts or Science and transfer to a university' },
  { value: 'CERT', label: 'Earn a certificate' },
  { value: 'CLASSES', label: 'Take classes for personal or career development' },
];

/** SPEC §4 conditional select: the programme list follows the educational goal. */
export const programmesByGoal: Readonly<Record<string, readonly Option[]>> = {
  AAS: [
    { value: 'AVIATION', label: 'Aviation' },
    { value: 'BUSINESS', label: 'Business Management' },
    { value: 'CONSTRUCTION', label: 'Construction Technology' },
    { value: 'CULINARY', label: 'Culinary Arts' },
    { value: 'DESIGN_DRAFTING', label: 'Design Drafting' },
    { value: 'HEALTHCARE', label: 'Healthcare Management' },
    { value: 'IT', label: 'Information Technology' },
    { value: 'MANUFACTURING', label: 'Manufacturing Technology' },
    { value: 'WELDING', label: 'Welding and Fabrication' },
    { value: 'OTHER', label: 'Other' },
  ],
  TRANSFER: [
    { value: 'AA', label: 'Associate of Arts' },
    { value: 'AS', label: 'Associate of Science' },
    { value: 'OTHER', label: 'Other' },
  ],
  CERT: [
    { value: 'BOOKKEEPING', label: 'Bookkeeping' },
    { value: 'CNA', label: 'Certified Nursing Assistant' },
    { value: 'CYBERSECURITY', label: 'Cybersecurity' },
    { value: 'EMT', label: 'Emergency Medical Technician' },
    { value: 'PHLEBOTOMY', label: 'Phlebotomy' },
    { value: 'OTHER', label: 'Other' },
  ],
};

export const parentEducation: readonly Option[] = [
  { value: 'NO', label: 'Did not finish high school' },
  { value: 'HS', label: 'High school diploma or equivalent' },
  { value: 'SC', label: 'Some college, no degree' },
  { value: 'CE', label: 'Certificate from a college or trade school' },
  { value: 'AS', label: 'Associate degree' },
  { value: 'BA', label: "Bachelor's degree" },
  { value: 'PA', label: "Master's or professional degree" },
  { value: 'ED', label: 'Doctoral degree' },
  { value: 'UN', label: "I don't know" },
];

/** SPEC §5: parent_degree_msu is asked when a parent holds one of these. */
export const PARENT_DEGREE_CODES = ['PA', 'CE', 'AS', 'BA', 'ED'];

export const genders: readonly Option[] = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
  { value: 'X', label: 'Another gender identity' },
  { value: 'N', label: 'I prefer not to say' },
];

export const referrals: readonly Option[] = [
  { value: 'WEB', label: 'Gallatin College website' },
  { value: 'HS_COUNSELOR', label: 'High school counselor or teacher' },
  { value: 'FRIEND', label: 'Friend or family member' },
  { value: 'EVENT', label: 'Campus visit or college fair' },
  { value: 'SOCIAL', label: 'Social media' },
  { value: 'EMPLOYER', label: 'Employer' },
  { value: 'OTHER', label: 'Other' },
];
