/** A small form that exercises every block kind, for form-model's own tests. */
import { type PageConfig } from '../config/types.ts';

export const fixturePages: PageConfig[] = [
  {
    id: 'about',
    route: 'about',
    title: 'Personal Info',
    sections: [
      {
        id: 'name',
        title: 'Your Name',
        blocks: [
          { type: 'text', key: 'first_name', label: 'First Name', required: true },
          { type: 'text', key: 'last_name', label: 'Last Name', required: true },
          { type: 'ssn', key: 'ssn', label: 'Social Security Number' },
          {
            type: 'date',
            key: 'birth_date',
            label: 'Date of Birth',
            rules: [{ rule: 'birthDate' }],
          },
        ],
      },
      {
        id: 'citizenship',
        title: 'Citizenship',
        blocks: [
          {
            type: 'radio',
            key: 'us_citizen',
            label: 'Are you a citizen of the United States?',
            options: { list: 'yesNo' },
            required: true,
          },
          {
            type: 'conditional',
            hideWhen: { valueKey: 'us_citizen', operator: 'notEquals', target: 'N' },
            blocks: [
              {
                type: 'radio',
                key: 'perm_resident',
                label: 'Permanent resident?',
                options: { list: 'yesNo' },
                required: true,
              },
              {
                type: 'select',
                key: 'citizenship',
                label: 'Citizenship',
                options: { list: 'countriesNoUsa' },
                required: true,
              },
              {
                type: 'conditional',
                hideWhen: { valueKey: 'perm_resident', operator: 'notEquals', target: 'N' },
                blocks: [
                  { type: 'info', tone: 'stop', text: 'STOP: apply as an international student.' },
                  {
                    type: 'checkbox',
                    key: 'stopintl_copy',
                    label: 'I understand',
                    required: true,
                    requiredMessage: 'STOP: apply as an international student.',
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        blocks: [
          {
            type: 'select',
            key: 'mailing_country',
            label: 'Country',
            options: { list: 'countries' },
            required: true,
          },
          {
            type: 'select',
            key: 'mailing_state',
            label: 'State',
            options: {
              byAnswer: {
                valueKey: 'mailing_country',
                options: {
                  USA: [
                    { value: 'MT', label: 'Montana' },
                    { value: 'WY', label: 'Wyoming' },
                  ],
                  CAN: [{ value: 'AB', label: 'Alberta' }],
                },
              },
            },
            required: {
              when: { valueKey: 'mailing_country', operator: 'in', target: ['USA', 'CAN'] },
            },
          },
          {
            type: 'text',
            key: 'mailing_zip',
            label: 'ZIP',
            required: { when: { valueKey: 'mailing_country', operator: 'equals', target: 'USA' } },
            rules: [
              {
                rule: 'minLength',
                min: 5,
                when: { valueKey: 'mailing_country', operator: 'equals', target: 'USA' },
              },
            ],
          },
          { type: 'email', key: 'email_address', label: 'Email' },
          {
            type: 'phone',
            key: 'phone_home',
            label: 'Home Phone',
            rules: [
              { rule: 'usPhone', message: 'Bad home phone.' },
              {
                rule: 'homeOrMobile',
                mobileKey: 'phone_mobile',
                internationalKey: 'phone_international',
                message: 'One phone is required.',
              },
            ],
          },
          {
            type: 'phone',
            key: 'phone_mobile',
            label: 'Cell Phone',
            rules: [
              {
                rule: 'requiredWhenTrue',
                key: 'optin_sms_ind',
                message: 'A cell phone/text number is required to receive text message updates.',
              },
            ],
          },
          { type: 'checkbox', key: 'optin_sms_ind', label: 'Text me' },
          {
            type: 'phone',
            key: 'phone_international',
            label: 'International',
            variant: 'international',
          },
          {
            type: 'trigger',
            mode: 'checkbox',
            key: 'mailing_addr_same_as_perm_addr',
            label: 'Permanent address is the same',
            optional: [{ type: 'text', key: 'address_line_1', label: 'Street 1' }],
          },
        ],
      },
      {
        id: 'entry',
        title: 'Plans',
        blocks: [
          {
            type: 'select',
            key: 'entry_term',
            label: 'Term',
            options: { options: [{ value: '202770', label: 'Fall 2027' }] },
            required: true,
          },
          {
            type: 'select',
            key: 'educational_goal',
            label: 'Goal',
            options: {
              options: [
                { value: 'AAS', label: 'AAS' },
                { value: 'CERT', label: 'Certificate' },
              ],
            },
            required: { when: { valueKey: 'entry_term', operator: 'answered' } },
          },
          {
            type: 'select',
            key: 'goal_two_year',
            label: 'Program',
            options: {
              byAnswer: {
                valueKey: 'educational_goal',
                options: { AAS: [{ value: 'WELD', label: 'Welding' }] },
              },
            },
          },
          {
            type: 'radio',
            key: 'prev_gallatin',
            label: 'Attended before?',
            options: { list: 'yesNo' },
            rules: [{ rule: 'mustEqual', value: 'N', message: 'STOP: you attended before.' }],
          },
          {
            type: 'trigger',
            mode: 'button',
            id: 'military',
            label: 'I served',
            before: [{ type: 'info', text: 'Tell us if you served.' }],
            after: [{ type: 'text', key: 'military_city', label: 'City' }],
          },
        ],
      },
      {
        id: 'residency',
        title: 'Residency',
        blocks: [
          {
            type: 'month-year',
            key: 'military_start_month',
            monthKey: 'military_start_month',
            yearKey: 'military_start_year',
            label: 'Service began',
            years: { count: 10, direction: 'past' },
            yearRules: [{ rule: 'yearWindow', yearsBack: 8 }],
          },
        ],
      },
      {
        id: 'essay',
        title: 'Essay',
        blocks: [
          {
            type: 'tabs',
            tabId: 'decision_essay',
            label: 'Essay',
            tabs: [
              {
                id: 'write',
                label: 'Type',
                blocks: [{ type: 'textarea', key: 'decision_essay', label: 'Why us?' }],
              },
              {
                id: 'upload',
                label: 'Upload',
                blocks: [{ type: 'file', key: 'decision_essay_file', label: 'Your essay' }],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'education',
    route: 'education',
    title: 'Academic History',
    sections: [
      {
        id: 'high-school',
        title: 'High School',
        blocks: [
          {
            type: 'radio',
            key: 'diploma_ged',
            label: 'Diploma',
            options: {
              options: [
                { value: 'D', label: 'Diploma' },
                { value: 'G', label: 'GED' },
              ],
            },
            required: true,
          },
          {
            type: 'condition-group',
            branches: [
              {
                showWhen: { valueKey: 'diploma_ged', operator: 'equals', target: 'D' },
                blocks: [
                  { type: 'text', key: 'hs_name', label: 'High school', required: true },
                  { type: 'text', key: 'hs_gpa', label: 'GPA', rules: [{ rule: 'numeric' }] },
                ],
              },
              {
                showWhen: { valueKey: 'diploma_ged', operator: 'in', target: ['D', 'G'] },
                blocks: [{ type: 'text', key: 'ged_location', label: 'Where' }],
              },
            ],
          },
          {
            type: 'add-another',
            buttonId: 'college',
            label: 'Add Another College',
            max: 3,
            keys: { first: 'college_', next: 'college_{n}_' },
            template: [{ type: 'text', key: 'college_name', label: 'College' }],
          },
          { type: 'radio', key: 'sat_taken', label: 'SAT taken?', options: { list: 'yesNo' } },
          {
            type: 'conditional',
            hideWhen: { valueKey: 'sat_taken', operator: 'notEquals', target: 'Y' },
            blocks: [
              {
                type: 'text',
                key: 'sat_score_total',
                label: 'Total',
                rules: [{ rule: 'satTotal' }],
              },
              {
                type: 'text',
                key: 'sat_score_math',
                label: 'Math',
                rules: [{ rule: 'satSection' }],
              },
              {
                type: 'text',
                key: 'sat_score_writing_language_test',
                label: 'W',
                rules: [{ rule: 'satSubscore' }],
              },
              {
                type: 'text',
                key: 'sat_score_math_test',
                label: 'M',
                rules: [{ rule: 'satSubscore', decimals: true }],
              },
            ],
          },
          { type: 'radio', key: 'act_taken', label: 'ACT taken?', options: { list: 'yesNo' } },
          {
            type: 'conditional',
            hideWhen: { valueKey: 'act_taken', operator: 'notEquals', target: 'Y' },
            blocks: [
              {
                type: 'text',
                key: 'act_score_composite',
                label: 'Composite',
                rules: [{ rule: 'actScore' }],
              },
              {
                type: 'text',
                key: 'act_score_writing',
                label: 'Writing',
                rules: [{ rule: 'actWriting' }],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'final-steps',
    title: 'Submit',
    route: 'final-steps',
    sections: [
      {
        id: 'conduct',
        title: 'Conduct',
        blocks: [
          {
            type: 'checkboxes',
            key: 'crime_no',
            label: 'Convicted of?',
            options: [
              { key: 'crime_arson', label: 'Arson' },
              { key: 'crime_no', label: 'None of these' },
            ],
            rules: [{ rule: 'noneUnlessAny', keys: ['crime_arson'], message: 'Choose one.' }],
          },
          { type: 'checkbox', key: 'certify_checkbox', label: 'I certify', required: true },
        ],
      },
    ],
  },
];

/** 21 November 2026: the fixed clock of every date test. */
export const NOW = new Date('2026-11-21T12:00:00Z');
