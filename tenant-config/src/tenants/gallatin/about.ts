/** Step 1, Personal Info (SPEC §2: name, contact, parent, entry, residency, military, demographic keys). */
import { type PageConfig, type SectionConfig, yesNo } from '@admit/form-model';

import { addressBlocks, parentBlocks } from './blocks.ts';
import {
  educationalGoals,
  entryTerms,
  genders,
  PARENT_DEGREE_CODES,
  parentEducation,
  programmesByGoal,
  referrals,
} from './options.ts';
import { residencySection } from './residency.ts';
import { GALLATIN_CHARACTER_LIMIT } from './settings.ts';

const nameSection = {
  id: 'name',
  title: 'Your Name',
  description:
    'Use your legal name as it appears on official documents such as your passport or driver license.',
  blocks: [
    { type: 'text', key: 'first_name', label: 'First Name', required: true },
    { type: 'text', key: 'middle_name', label: 'Middle Name' },
    { type: 'text', key: 'last_name', label: 'Last Name', required: true },
    {
      type: 'text',
      key: 'prev_name',
      label: 'Previous or other last names',
      hint: 'For example a maiden name, so we can match your transcripts.',
    },
    {
      type: 'ssn',
      key: 'ssn',
      label: 'Social Security Number',
      hint: 'Optional. It helps us match your financial aid and test scores. We protect it as the law requires.',
    },
  ],
} satisfies SectionConfig;

const contactSection = {
  id: 'contact',
  title: 'Contact Information',
  description: 'Where should we send mail about your application?',
  blocks: [
    {
      type: 'info',
      title: 'Mailing address',
      text: 'Your mailing address is where letters about your application go.',
    },
    ...addressBlocks({ prefix: 'mailing_', required: true }),
    {
      type: 'text',
      key: 'county',
      label: 'County',
      hint: 'For Montana addresses, the county you live in.',
    },
    {
      type: 'trigger',
      mode: 'checkbox',
      key: 'mailing_addr_same_as_perm_addr',
      label: 'My permanent home address is the same as my mailing address',
      // SPEC §4: optional content shows only while unticked.
      optional: [
        {
          type: 'info',
          title: 'Permanent address',
          text: 'Your permanent address is where you live most of the year.',
        },
        ...addressBlocks({ prefix: '' }),
      ],
    },
    {
      type: 'email',
      key: 'email_address',
      label: 'Email Address',
      hint: 'We send decisions and next steps to this address.',
    },
    {
      type: 'email',
      key: 'contact_email_address',
      label: 'Alternate Email Address',
      hint: 'Optional, in case we cannot reach you at the first one.',
    },
    {
      type: 'phone',
      key: 'phone_home',
      label: 'Home Phone',
      hint: 'Give a home phone, a cell phone, or both. For example (406) 555-0123.',
      rules: [
        {
          rule: 'usPhone',
          message: 'Enter a valid home phone number, for example (406) 555-0123.',
        },
        {
          rule: 'homeOrMobile',
          mobileKey: 'phone_mobile',
          internationalKey: 'phone_international',
          message: 'Enter a home phone number or a cell phone number.',
        },
      ],
    },
    {
      type: 'phone',
      key: 'phone_mobile',
      label: 'Cell Phone',
      rules: [
        {
          rule: 'usPhone',
          message: 'Enter a valid cell phone number, for example (406) 555-0123.',
        },
        {
          rule: 'requiredWhenTrue',
          key: 'optin_sms_ind',
          message: 'A cell phone/text number is required to receive text message updates.',
        },
      ],
    },
    {
      type: 'checkbox',
      key: 'optin_sms_ind',
      label: 'Send me text message updates about my application',
      hint: 'Message and data rates may apply. Reply STOP to end them at any time.',
    },
    {
      type: 'phone',
      key: 'phone_international',
      label: 'International Phone',
      hint: 'Only if you have no US phone number. Start with + and your country code.',
      variant: 'international',
    },
  ],
} satisfies SectionConfig;

const STOP_INTERNATIONAL =
  'STOP: Students who are not US citizens or permanent residents apply through the Montana State University Office of International Admissions, not this application.';

const citizenshipSection = {
  id: 'birth-citizenship',
  title: 'Birth and Citizenship',
  blocks: [
    {
      type: 'date',
      key: 'birth_date',
      label: 'Date of Birth',
      hint: 'For example 03/27/2008',
      rules: [{ rule: 'birthDate' }],
    },
    { type: 'text', key: 'birth_city', label: 'City of Birth' },
    {
      type: 'select',
      key: 'birth_state',
      label: 'State of Birth',
      hint: 'Leave empty if you were born outside the US.',
      options: { list: 'states' },
    },
    {
      type: 'radio',
      key: 'us_citizen',
      label: 'Are you a citizen of the United States?',
      options: { options: yesNo },
      required: true,
    },
    {
      type: 'conditional',
      hideWhen: { valueKey: 'us_citizen', operator: 'notEquals', target: 'N' },
      blocks: [
        {
          type: 'radio',
          key: 'perm_resident',
          label: 'Are you a permanent resident of the United States?',
          options: { options: yesNo },
          required: true,
        },
        {
          type: 'select',
          key: 'citizenship',
          label: 'Country of Citizenship',
          options: { list: 'countriesNoUsa' },
          required: true,
        },
        {
          type: 'conditional',
          hideWhen: { valueKey: 'perm_resident', operator: 'notEquals', target: 'N' },
          blocks: [
            { type: 'info', tone: 'stop', title: 'Please stop here', text: STOP_INTERNATIONAL },
            {
              type: 'checkbox',
              key: 'stopintl_copy',
              label:
                'I understand that I must apply through the Office of International Admissions',
              required: true,
              requiredMessage: STOP_INTERNATIONAL,
            },
          ],
        },
      ],
    },
  ],
} satisfies SectionConfig;

const STOP_PREVIOUS_GALLATIN =
  'STOP: You have attended Gallatin College before. Please contact the Admissions Office to return as a continuing student instead of applying again.';
const STOP_PREVIOUS_MSU =
  'STOP: You have attended Montana State University before. Please apply for readmission through the MSU Registrar instead of this application.';

const enrolmentSection = {
  id: 'entry',
  title: 'Your Plans',
  blocks: [
    {
      type: 'select',
      key: 'entry_term',
      label: 'When do you plan to start?',
      options: { options: entryTerms },
      required: true,
    },
    {
      type: 'select',
      key: 'educational_goal',
      label: 'What is your educational goal?',
      options: { options: educationalGoals },
      // SPEC §5: educational_goal required when entry_term is set.
      required: { when: { valueKey: 'entry_term', operator: 'answered' } },
    },
    {
      type: 'select',
      key: 'goal_two_year',
      label: 'Which program interests you most?',
      options: { byAnswer: { valueKey: 'educational_goal', options: programmesByGoal } },
    },
    {
      type: 'conditional',
      hideWhen: { valueKey: 'goal_two_year', operator: 'notEquals', target: 'OTHER' },
      blocks: [{ type: 'text', key: 'goal_two_year_other', label: 'Which program?' }],
    },
    {
      type: 'radio',
      key: 'prev_gallatin',
      label: 'Have you ever taken classes at Gallatin College?',
      options: { options: yesNo },
      rules: [{ rule: 'mustEqual', value: 'N', message: STOP_PREVIOUS_GALLATIN }],
    },
    {
      type: 'conditional',
      hideWhen: { valueKey: 'prev_gallatin', operator: 'notEquals', target: 'Y' },
      blocks: [
        { type: 'info', tone: 'stop', title: 'Please stop here', text: STOP_PREVIOUS_GALLATIN },
      ],
    },
    {
      type: 'radio',
      key: 'prev_attend_webapp',
      label: 'Have you ever taken classes at Montana State University in Bozeman?',
      options: { options: yesNo },
      rules: [{ rule: 'mustEqual', value: 'N', message: STOP_PREVIOUS_MSU }],
    },
    {
      type: 'conditional',
      hideWhen: { valueKey: 'prev_attend_webapp', operator: 'notEquals', target: 'Y' },
      blocks: [{ type: 'info', tone: 'stop', title: 'Please stop here', text: STOP_PREVIOUS_MSU }],
    },
  ],
} satisfies SectionConfig;

const parentSection = {
  id: 'parents',
  title: 'Parents or Guardians',
  description:
    'Tell us about the parents or guardians who raised you. Some scholarships depend on these answers.',
  blocks: [
    {
      type: 'select',
      key: 'parent_education',
      label: 'What is the highest level of education either parent or guardian has completed?',
      options: { options: parentEducation },
      required: true,
    },
    {
      type: 'conditional',
      hideWhen: { valueKey: 'parent_education', operator: 'notIn', target: PARENT_DEGREE_CODES },
      blocks: [
        {
          type: 'radio',
          key: 'parent_degree_msu',
          label:
            'Did either parent or guardian earn that degree or certificate at Montana State University?',
          options: { options: yesNo },
          // SPEC §5: required when parent_education is PA, CE, AS, BA or ED.
          required: true,
        },
      ],
    },
    ...parentBlocks('parent_', 'first'),
    {
      type: 'trigger',
      mode: 'button',
      id: 'parent_2',
      label: 'Add a second parent or guardian',
      after: parentBlocks('parent_2_', 'second'),
    },
  ],
} satisfies SectionConfig;

const militarySection = {
  id: 'military',
  title: 'Military Service',
  description:
    'If you have served in the US armed forces, tell us so we can connect you with veteran services.',
  blocks: [
    {
      type: 'trigger',
      mode: 'button',
      id: 'military',
      label: 'I have served in the military',
      after: [
        {
          type: 'month-year',
          key: 'military_start_month',
          monthKey: 'military_start_month',
          yearKey: 'military_start_year',
          label: 'Service began',
          years: { count: 64, direction: 'past' },
        },
        {
          type: 'month-year',
          key: 'military_end_month',
          monthKey: 'military_end_month',
          yearKey: 'military_end_year',
          label: 'Service ended',
          hint: 'Leave empty if you are still serving.',
          years: { count: 64, direction: 'past' },
          yearRules: [
            {
              rule: 'notBefore',
              monthKey: 'military_start_month',
              yearKey: 'military_start_year',
              label: 'Service began',
            },
          ],
        },
        {
          type: 'select',
          key: 'military_state',
          label: 'State where you entered service',
          options: { list: 'states' },
        },
        { type: 'text', key: 'military_city', label: 'City where you entered service' },
        {
          type: 'radio',
          key: 'military_active_duty',
          label: 'Are you on active duty now?',
          options: { options: yesNo },
        },
      ],
    },
  ],
} satisfies SectionConfig;

const aboutYouSection = {
  id: 'about-you',
  title: 'About You',
  description:
    'These questions are optional. Your answers help us report to the state and federal government and do not affect your admission.',
  blocks: [
    { type: 'radio', key: 'gender', label: 'Gender', options: { options: genders } },
    {
      type: 'radio',
      key: 'ethnicity',
      label: 'Are you Hispanic or Latino?',
      options: { options: yesNo },
    },
    {
      type: 'checkboxes',
      key: 'race_american_indian',
      label: 'Race (choose all that apply)',
      options: [
        { key: 'race_american_indian', label: 'American Indian or Alaska Native' },
        { key: 'race_asian', label: 'Asian' },
        { key: 'race_black', label: 'Black or African American' },
        { key: 'race_native_hawaiian', label: 'Native Hawaiian or Other Pacific Islander' },
        { key: 'race_white', label: 'White' },
      ],
    },
    {
      type: 'select',
      key: 'gallatin_refer',
      label: 'How did you hear about Gallatin College?',
      options: { options: referrals },
    },
    {
      type: 'conditional',
      hideWhen: { valueKey: 'gallatin_refer', operator: 'notEquals', target: 'OTHER' },
      blocks: [{ type: 'text', key: 'gallatin_refer_other', label: 'How did you hear about us?' }],
    },
    {
      type: 'tabs',
      tabId: 'decision_essay',
      label: 'Why have you chosen Gallatin College? (optional)',
      tabs: [
        {
          id: 'write',
          label: 'Type your answer',
          blocks: [
            {
              type: 'textarea',
              key: 'decision_essay',
              label: 'Why have you chosen Gallatin College?',
              hint: 'A few sentences are plenty.',
              maxLength: GALLATIN_CHARACTER_LIMIT,
            },
          ],
        },
        {
          id: 'upload',
          label: 'Upload a document',
          blocks: [
            {
              type: 'file',
              key: 'decision_essay_file',
              label: 'Your essay',
              hint: 'PNG, JPEG, PDF or DOCX, up to 1 MB.',
            },
          ],
        },
      ],
    },
  ],
} satisfies SectionConfig;

/** The sections of Personal Info before the residency question, in order. */
const sectionsBeforeResidency = [
  nameSection,
  contactSection,
  citizenshipSection,
  enrolmentSection,
  parentSection,
  militarySection,
];

/** Personal Info: the default route (SPEC §2). */
const aboutStep = { id: 'about', route: 'about', title: 'Personal Info' } as const;

/** Personal Info: the default route (SPEC §2). */
export const aboutPage = {
  ...aboutStep,
  sections: [...sectionsBeforeResidency, residencySection, aboutYouSection],
} satisfies PageConfig;

/**
 * About without the Montana residency section, for colleges that classify tuition elsewhere.
 * Listed, not filtered from `aboutPage`, so such a college's bundle leaves the section out.
 */
export const aboutPageWithoutResidency = {
  ...aboutStep,
  sections: [...sectionsBeforeResidency, aboutYouSection],
} satisfies PageConfig;
