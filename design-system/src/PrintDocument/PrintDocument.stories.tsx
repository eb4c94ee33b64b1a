import { type PageConfig, printModel } from '@admit/form-model';
import { type Meta, type StoryObj } from '@storybook/react-vite';

import { Link } from '../primitives';
import { PrintDocument, type PrintAnswer, type PrintBlock, type PrintModel } from './PrintDocument';

const text = (key: string, label: string, answer: string | null): PrintBlock => ({
  kind: 'question',
  key,
  label,
  answer: answer === null ? { kind: 'blank' } : { kind: 'text', text: answer },
});
const choices = (...list: [string, boolean][]): PrintAnswer => ({
  kind: 'choices',
  choices: list.map(([label, checked]) => ({ label, checked })),
});

/** A realistic application as a print model, every kind of block in it (SPEC §1). */
const applicationModel: PrintModel = {
  steps: [
    {
      title: 'Personal Info',
      sections: [
        {
          title: 'Your Name',
          blocks: [
            text('first_name', 'First Name', 'Ada'),
            text('middle_name', 'Middle Name', null),
            text('last_name', 'Last Name', 'Lovelace'),
            text('prev_name', 'Previous Last Name', null),
          ],
        },
        {
          title: 'Contact Information',
          blocks: [
            text('mailing_address_line_1', 'Street 1', '214 Main Street'),
            text('mailing_city', 'City', 'Bozeman'),
            text('mailing_state', 'State', 'Montana'),
            text('mailing_zip', 'ZIP Code', '59715'),
            text('phone_mobile', 'Cell Phone', null),
          ],
        },
        {
          title: 'Citizenship',
          blocks: [
            {
              kind: 'question',
              key: 'us_citizen',
              label: 'Are you a citizen of the United States?',
              answer: choices(['Yes', true], ['No', false]),
            },
          ],
        },
        {
          title: 'Demographics',
          blocks: [
            {
              kind: 'question',
              key: 'race_american_indian',
              label: 'Race (choose all that apply)',
              answer: choices(
                ['American Indian or Alaska Native', false],
                ['Asian', false],
                ['Black or African American', false],
                ['Native Hawaiian or Other Pacific Islander', false],
                ['White', true],
              ),
            },
          ],
        },
      ],
    },
    {
      title: 'Academic History',
      sections: [
        {
          title: 'High School',
          blocks: [
            text('hs_name', 'High School Name', 'Bozeman High School'),
            text('grad_month', 'Graduation Date', 'May 2025'),
            text('hs_gpa', 'GPA', '3.8'),
          ],
        },
        {
          title: 'Colleges Attended',
          blocks: [
            { kind: 'group', heading: 'College 1' },
            text('college_name', 'College', 'Montana State University'),
            { kind: 'group', heading: 'College 2' },
            text('college_2_name', 'College', 'Flathead Valley Community College'),
          ],
        },
        {
          title: 'Test Scores',
          blocks: [
            { kind: 'info', text: 'Scores are optional. Official scores can be sent later.' },
            text('act_score_composite', 'ACT Composite', null),
          ],
        },
      ],
    },
    {
      title: 'Submit',
      sections: [
        {
          title: 'Decision Essay',
          blocks: [
            {
              kind: 'question',
              key: 'decision_essay_file',
              label: 'Upload your essay',
              answer: { kind: 'document', fileName: 'why-gallatin-essay.pdf' },
            },
          ],
        },
        {
          title: 'Certification',
          blocks: [
            {
              kind: 'checkbox',
              key: 'certify_checkbox',
              label: 'I certify that the information in this application is complete and correct.',
              checked: true,
            },
            {
              kind: 'checkbox',
              key: 'obligation_checkbox',
              label: 'I understand my obligations as a student.',
              checked: false,
            },
          ],
        },
      ],
    },
  ],
};

/** A small form config, printed by form-model's own printModel (as the service view does). */
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
    model: applicationModel,
  },
  argTypes: {
    model: { control: false },
  },
} satisfies Meta<typeof PrintDocument>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §1: a service user's view of a partly finished application. */
export const Default: Story = {};

/** The model form-model's `printModel` makes: the widget takes it as it is. */
export const FromFormModel: Story = {
  args: {
    subheading: 'Applicant: Grace Hopper',
    model: printModel(
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
    model: printModel(samplePages, {}),
  },
};

/** Without a title: the model alone, e.g. inside a page that has its own heading. */
export const WithoutHeading: Story = {
  args: { heading: undefined, subheading: undefined },
};

/** An applicant's review: a link back to each step beside its heading (left out on paper). */
export const WithStepLinks: Story = {
  args: {
    heading: undefined,
    subheading: undefined,
    stepAction: ({ title, index }) => (
      <Link href={`#step-${String(index + 1)}`}>{`Change ${title}`}</Link>
    ),
  },
};

export const Themed: Story = {
  globals: { theme: 'example' },
};
