import { type PageConfig, printableModel } from '@admit/form-model';
import { type Meta, type StoryObj } from '@storybook/react-vite';

import { PrintDocument, type PrintLine } from './PrintDocument';

/** A realistic application as print lines, every kind of line in it (SPEC §1). */
const applicationLines: readonly PrintLine[] = [
  { kind: 'page', text: 'Personal Info' },
  { kind: 'section', text: 'Your Name' },
  { kind: 'question', key: 'first_name', text: 'First Name', answer: 'Ada' },
  { kind: 'question', key: 'middle_name', text: 'Middle Name', answer: null },
  { kind: 'question', key: 'last_name', text: 'Last Name', answer: 'Lovelace' },
  { kind: 'question', key: 'prev_name', text: 'Previous Last Name', answer: null },
  { kind: 'section', text: 'Contact Information' },
  { kind: 'question', key: 'mailing_address_line_1', text: 'Street 1', answer: '214 Main Street' },
  { kind: 'question', key: 'mailing_city', text: 'City', answer: 'Bozeman' },
  { kind: 'question', key: 'mailing_state', text: 'State', answer: 'Montana' },
  { kind: 'question', key: 'mailing_zip', text: 'ZIP Code', answer: '59715' },
  { kind: 'question', key: 'phone_mobile', text: 'Cell Phone', answer: null },
  { kind: 'section', text: 'Citizenship' },
  {
    kind: 'question',
    key: 'us_citizen',
    text: 'Are you a citizen of the United States?',
    answer: '',
  },
  { kind: 'choice', key: 'us_citizen', text: 'Yes', checked: true },
  { kind: 'choice', key: 'us_citizen', text: 'No', checked: false },
  { kind: 'section', text: 'Demographics' },
  {
    kind: 'question',
    key: 'race_american_indian',
    text: 'Race (choose all that apply)',
    answer: '',
  },
  {
    kind: 'choice',
    key: 'race_american_indian',
    text: 'American Indian or Alaska Native',
    checked: false,
  },
  { kind: 'choice', key: 'race_asian', text: 'Asian', checked: false },
  { kind: 'choice', key: 'race_black', text: 'Black or African American', checked: false },
  {
    kind: 'choice',
    key: 'race_native_hawaiian',
    text: 'Native Hawaiian or Other Pacific Islander',
    checked: false,
  },
  { kind: 'choice', key: 'race_white', text: 'White', checked: true },
  { kind: 'page', text: 'Academic History' },
  { kind: 'section', text: 'High School' },
  { kind: 'question', key: 'hs_name', text: 'High School Name', answer: 'Bozeman High School' },
  { kind: 'question', key: 'grad_month', text: 'Graduation Date', answer: 'May 2025' },
  { kind: 'question', key: 'hs_gpa', text: 'GPA', answer: '3.8' },
  { kind: 'section', text: 'Test Scores' },
  { kind: 'info', text: 'Scores are optional. Official scores can be sent later.' },
  { kind: 'question', key: 'act_score_composite', text: 'ACT Composite', answer: null },
  { kind: 'page', text: 'Submit' },
  { kind: 'section', text: 'Decision Essay' },
  { kind: 'question', key: 'decision_essay_file', text: 'Upload your essay', answer: '' },
  { kind: 'document', key: 'decision_essay_file', text: 'why-gallatin-essay.pdf' },
  { kind: 'section', text: 'Certification' },
  {
    kind: 'choice',
    key: 'certify_checkbox',
    text: 'I certify that the information in this application is complete and correct.',
    checked: true,
  },
  {
    kind: 'choice',
    key: 'obligation_checkbox',
    text: 'I understand my obligations as a student.',
    checked: false,
  },
];

/** A small form config, printed by form-model's own printableModel (as the service view does). */
const samplePages = [
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
          {
            type: 'radio',
            key: 'us_citizen',
            label: 'Are you a citizen of the United States?',
            options: { list: 'yesNo' },
          },
        ],
      },
    ],
  },
  {
    id: 'final-steps',
    route: 'final-steps',
    title: 'Submit',
    sections: [
      {
        id: 'essay',
        title: 'Decision Essay',
        blocks: [{ type: 'file', key: 'decision_essay_file', label: 'Upload your essay' }],
      },
      {
        id: 'certification',
        title: 'Certification',
        blocks: [{ type: 'checkbox', key: 'certify_checkbox', label: 'I certify' }],
      },
    ],
  },
] satisfies PageConfig[];

const meta = {
  title: 'Layout/PrintDocument',
  component: PrintDocument,
  args: {
    heading: 'Gallatin College Application',
    subheading: 'Applicant: Ada Lovelace',
    lines: applicationLines,
  },
  argTypes: {
    lines: { control: false },
  },
} satisfies Meta<typeof PrintDocument>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §1: a service user's view of a partly finished application. */
export const Default: Story = {};

/** The lines form-model's `printableModel` makes: the widget takes them as they are. */
export const FromFormModel: Story = {
  args: {
    subheading: 'Applicant: Grace Hopper',
    lines: printableModel(
      samplePages,
      { first_name: 'Grace', us_citizen: 'N', certify_checkbox: false },
      { decision_essay_file: { file_name: 'essay.docx', file_size: 20_480 } },
    ),
  },
};

/** Nothing answered yet: every question a blank, every choice unmarked. */
export const NothingAnswered: Story = {
  args: {
    subheading: undefined,
    lines: printableModel(samplePages, {}),
  },
};

/** Without a title: the lines alone, e.g. inside a page that has its own heading. */
export const WithoutHeading: Story = {
  args: { heading: undefined, subheading: undefined },
};

export const Themed: Story = {
  globals: { theme: 'example' },
};
