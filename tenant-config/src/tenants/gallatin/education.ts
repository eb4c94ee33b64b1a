/** Step 2, Academic History (SPEC §2: test score, high school and college keys). */
import {
  type Block,
  COLLEGE_PREFIXES,
  type Option,
  type PageConfig,
  type SectionConfig,
  yesNo,
} from '@admit/form-model';

import { addressBlocks } from './blocks.ts';

// Only this page asks these: here, not in options.ts and blocks.ts, so they load with it.
const diplomaTypes: readonly Option[] = [
  { value: 'D', label: 'High school diploma (or I will graduate before I start)' },
  { value: 'G', label: 'High school equivalency (GED, HiSET or TASC)' },
  { value: 'N', label: 'Neither yet' },
];

const equivalencyTests: readonly Option[] = [
  { value: 'GED', label: 'GED' },
  { value: 'HISET', label: 'HiSET' },
  { value: 'TASC', label: 'TASC' },
];

const testTaken: readonly Option[] = [
  { value: 'Y', label: 'Yes, I have taken it' },
  { value: 'N', label: 'No, but I plan to' },
  { value: 'X', label: 'No, and I do not plan to' },
];

/** One college attended (SPEC §3 prefixes college_, college_2_, college_3_). */
function collegeBlocks(prefix: string): Block[] {
  return [
    {
      type: 'lookup',
      key: `${prefix}name`,
      label: 'College or university name',
      hint: 'Start typing and choose your college from the list, or use what you typed.',
      category: 'college_ceeb',
      fills: {
        ceeb: `${prefix}ceeb`,
        address_line_1: `${prefix}address_line_1`,
        city: `${prefix}city`,
        state: `${prefix}state`,
        zip: `${prefix}zip`,
        country: `${prefix}country`,
      },
    },
    {
      type: 'text',
      key: `${prefix}ceeb`,
      label: 'College code (CEEB)',
      hint: 'Filled in when you choose a college from the list.',
      maxLength: 6,
    },
    ...addressBlocks({ prefix, line2: false, lookup: false }),
    {
      type: 'month-year',
      key: `${prefix}attend_from_month`,
      monthKey: `${prefix}attend_from_month`,
      yearKey: `${prefix}attend_from_year`,
      label: 'Attended from',
      years: { count: 64, direction: 'past' },
    },
    {
      type: 'month-year',
      key: `${prefix}attend_to_month`,
      monthKey: `${prefix}attend_to_month`,
      yearKey: `${prefix}attend_to_year`,
      label: 'Attended to',
      hint: 'If you are still attending, choose this month.',
      years: { count: 64, direction: 'past' },
    },
    {
      type: 'text',
      key: `${prefix}credits_attempted`,
      label: 'Credits attempted',
      maxLength: 5,
      rules: [{ rule: 'numeric' }],
    },
  ];
}

const highSchoolSection = {
  id: 'high-school',
  title: 'High School',
  blocks: [
    {
      type: 'radio',
      key: 'diploma_ged',
      label: 'How did you, or how will you, complete high school?',
      options: { options: diplomaTypes },
      required: true,
    },
    {
      // SPEC §4 condition group: only the chosen path keeps its answers.
      type: 'condition-group',
      branches: [
        {
          showWhen: { valueKey: 'diploma_ged', operator: 'equals', target: 'D' },
          blocks: [
            {
              type: 'lookup',
              key: 'hs_name',
              label: 'High school name',
              hint: 'Start typing and choose your school, or use what you typed if it is not listed.',
              category: 'hs_ceeb',
              fills: {
                ceeb: 'hs_ceeb',
                address_line_1: 'hs_address_line_1',
                city: 'hs_city',
                state: 'hs_state',
                zip: 'hs_zip',
                country: 'hs_country',
              },
              // SPEC §5: hs_name and grad_month required when diploma_ged is D.
              required: true,
              requiredMessage: 'High school name',
            },
            {
              type: 'text',
              key: 'hs_ceeb',
              label: 'High school code (CEEB)',
              hint: 'Filled in when you choose your school from the list.',
              maxLength: 6,
            },
            ...addressBlocks({ prefix: 'hs_', line2: false, lookup: false }),
            {
              type: 'month-year',
              key: 'grad_month',
              monthKey: 'grad_month',
              yearKey: 'grad_year',
              label: 'Graduation date (or expected graduation date)',
              years: { offset: 2, count: 74, direction: 'past' },
              required: true,
              requiredMessage: 'Graduation month',
            },
            {
              type: 'text',
              key: 'hs_gpa',
              label: 'Cumulative GPA',
              hint: 'As shown on your transcript, for example 3.45',
              maxLength: 5,
              // SPEC §5: a number; ours: from 0 to 5 (GPA_MAX).
              rules: [{ rule: 'gpa' }],
            },
            {
              type: 'text',
              key: 'hs_class_rank',
              label: 'Class rank',
              hint: 'If your school ranks students',
              maxLength: 5,
              // SPEC §5: a number (a rank or a head count, not a GPA).
              rules: [{ rule: 'numeric' }],
            },
            {
              type: 'text',
              key: 'hs_class_size',
              label: 'Class size',
              maxLength: 5,
              // SPEC §5: a number (a rank or a head count, not a GPA).
              rules: [{ rule: 'numeric' }],
            },
            {
              type: 'radio',
              key: 'hs_accredited',
              label: 'Is your high school accredited?',
              hint: 'Most public and private high schools are. Ask your counselor if you are unsure.',
              options: { options: yesNo },
            },
          ],
        },
        {
          showWhen: { valueKey: 'diploma_ged', operator: 'equals', target: 'G' },
          blocks: [
            {
              type: 'select',
              key: 'ged_test',
              label: 'Which test did you pass?',
              options: { options: equivalencyTests },
            },
            {
              type: 'month-year',
              key: 'ged_month',
              monthKey: 'ged_month',
              yearKey: 'ged_year',
              label: 'When did you pass it?',
              years: { count: 74, direction: 'past' },
            },
            { type: 'text', key: 'ged_location', label: 'Where did you take it? (city and state)' },
          ],
        },
      ],
    },
  ],
} satisfies SectionConfig;

const collegeSection = {
  id: 'colleges',
  title: 'Colleges Attended',
  description:
    'List every college or university where you have taken classes, including dual-credit classes taken in high school. Leave this empty if none.',
  blocks: [
    {
      type: 'add-another',
      buttonId: 'college',
      label: 'Add Another College',
      max: COLLEGE_PREFIXES.length,
      items: COLLEGE_PREFIXES.map(collegeBlocks),
    },
    {
      type: 'radio',
      key: 'suspended_academic',
      label: 'Have you ever been suspended or dismissed from a college for academic reasons?',
      options: { options: yesNo },
    },
    {
      type: 'conditional',
      hideWhen: { valueKey: 'suspended_academic', operator: 'notEquals', target: 'Y' },
      blocks: [
        {
          type: 'textarea',
          key: 'suspended_academic_explain',
          label: 'Please explain what happened and what has changed since.',
        },
      ],
    },
  ],
} satisfies SectionConfig;

const takenY = (key: string) => ({ valueKey: key, operator: 'notEquals', target: 'Y' }) as const;
const takenN = (key: string) => ({ valueKey: key, operator: 'notEquals', target: 'N' }) as const;

const testSection = {
  id: 'tests',
  title: 'Test Scores',
  description:
    'Test scores are optional for admission to Gallatin College, but they can help place you in the right math and writing courses.',
  blocks: [
    {
      type: 'radio',
      key: 'sat_taken',
      label: 'Have you taken the SAT?',
      options: { options: testTaken },
    },
    {
      type: 'conditional',
      // SPEC §5: score rules apply only if taken is Y.
      hideWhen: takenY('sat_taken'),
      blocks: [
        {
          type: 'month-year',
          key: 'sat_test_month',
          monthKey: 'sat_test_month',
          yearKey: 'sat_test_year',
          label: 'When did you take it? (most recent)',
          years: { count: 19, direction: 'past' },
        },
        {
          type: 'text',
          key: 'sat_score_total',
          label: 'Total score',
          maxLength: 4,
          rules: [{ rule: 'satTotal' }],
        },
        {
          type: 'text',
          key: 'sat_score_reading_writing',
          label: 'Evidence-Based Reading and Writing',
          maxLength: 3,
          rules: [{ rule: 'satSection' }],
        },
        {
          type: 'text',
          key: 'sat_score_math',
          label: 'Math',
          maxLength: 3,
          rules: [{ rule: 'satSection' }],
        },
        {
          type: 'text',
          key: 'sat_score_writing_language_test',
          label: 'Writing and Language test score',
          maxLength: 4,
          rules: [{ rule: 'satSubscore' }],
        },
        {
          type: 'text',
          key: 'sat_score_math_test',
          label: 'Math test score',
          maxLength: 4,
          rules: [{ rule: 'satSubscore', decimals: true }],
        },
      ],
    },
    {
      type: 'conditional',
      hideWhen: takenN('sat_taken'),
      blocks: [
        {
          type: 'month-year',
          key: 'sat_plan_month',
          monthKey: 'sat_plan_month',
          yearKey: 'sat_plan_year',
          label: 'When do you plan to take it?',
          years: { count: 3, direction: 'future' },
        },
        { type: 'checkbox', key: 'sat_taken_unsure', label: "I'm not sure when I'll take the SAT" },
      ],
    },
    {
      type: 'radio',
      key: 'act_taken',
      label: 'Have you taken the ACT?',
      options: { options: testTaken },
    },
    {
      type: 'conditional',
      hideWhen: takenY('act_taken'),
      blocks: [
        {
          type: 'month-year',
          key: 'act_test_month',
          monthKey: 'act_test_month',
          yearKey: 'act_test_year',
          label: 'When did you take it? (most recent)',
          years: { count: 19, direction: 'past' },
        },
        {
          type: 'text',
          key: 'act_score_composite',
          label: 'Composite',
          maxLength: 2,
          rules: [{ rule: 'actScore' }],
        },
        {
          type: 'text',
          key: 'act_score_english',
          label: 'English',
          maxLength: 2,
          rules: [{ rule: 'actScore' }],
        },
        {
          type: 'text',
          key: 'act_score_math',
          label: 'Math',
          maxLength: 2,
          rules: [{ rule: 'actScore' }],
        },
        {
          type: 'text',
          key: 'act_score_writing_english_arts',
          label: 'English Language Arts (ELA)',
          maxLength: 2,
          rules: [{ rule: 'actScore' }],
        },
        {
          type: 'text',
          key: 'act_score_writing',
          label: 'Writing',
          maxLength: 2,
          rules: [{ rule: 'actWriting' }],
        },
      ],
    },
    {
      type: 'conditional',
      hideWhen: takenN('act_taken'),
      blocks: [
        {
          type: 'month-year',
          key: 'act_plan_month',
          monthKey: 'act_plan_month',
          yearKey: 'act_plan_year',
          label: 'When do you plan to take it?',
          years: { count: 3, direction: 'future' },
        },
        { type: 'checkbox', key: 'act_taken_unsure', label: "I'm not sure when I'll take the ACT" },
      ],
    },
  ],
} satisfies SectionConfig;

/** Academic History (SPEC §2). */
export const educationPage = {
  id: 'education',
  route: 'education',
  title: 'Academic History',
  sections: [highSchoolSection, collegeSection, testSection],
} satisfies PageConfig;
