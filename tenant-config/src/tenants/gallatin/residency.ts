/**
 * Gallatin College's in-state residency (tuition classification) section, SPEC §3. Modelled
 * on the Montana University System residency questionnaire (Board of Regents Policy 940.1);
 * RESIDENCY.md beside this file explains the design, the keys and each year window.
 */
import { type Block, type SectionConfig } from '@admit/form-model';

const RELATIONSHIPS = [
  { value: 'M', label: 'Mother' },
  { value: 'F', label: 'Father' },
  { value: 'S', label: 'Stepparent' },
  { value: 'G', label: 'Legal guardian' },
  { value: 'O', label: 'Other' },
] as const;

const MARITAL_STATUSES = [
  { value: 'S', label: 'Single, never married' },
  { value: 'M', label: 'Married' },
  { value: 'P', label: 'Separated' },
  { value: 'D', label: 'Divorced' },
  { value: 'W', label: 'Widowed' },
] as const;

const AWAY_REASONS = [
  { value: 'NEVER', label: 'I have never lived in Montana' },
  { value: 'MOVED', label: 'I used to live in Montana and moved away' },
  { value: 'SCHOOL', label: 'I am away at school or college' },
  { value: 'MILITARY', label: 'I am away on military service' },
  { value: 'WORK', label: 'I am away for a temporary job' },
  { value: 'OTHER', label: 'Other' },
] as const;

const HOUSING = [
  { value: 'OWN', label: 'I own my home' },
  { value: 'RENT', label: 'I rent my home' },
  { value: 'FAMILY', label: 'I live with my parents or other family' },
  { value: 'CAMPUS', label: 'I live in college housing' },
  { value: 'OTHER', label: 'Other' },
] as const;

const MOVE_REASONS = [
  { value: 'WORK', label: 'A job' },
  { value: 'FAMILY', label: 'To live with or near family' },
  { value: 'SCHOOL', label: 'To go to school or college' },
  { value: 'MILITARY', label: 'A military assignment' },
  { value: 'OTHER', label: 'Something else' },
] as const;

const RESIDENCE_PURPOSES = [
  { value: 'FAMILY', label: 'Living with family' },
  { value: 'HOME', label: 'My own home' },
  { value: 'WORK', label: 'Work' },
  { value: 'SCHOOL', label: 'School or college' },
  { value: 'MILITARY', label: 'Military service' },
  { value: 'OTHER', label: 'Other' },
] as const;

/**
 * One slot of the residence timeline (slots 1 to 4, SPEC §9). "Moved out" falls inside the
 * recent period asked about (8-year window); "moved in" may be decades ago (64). See RESIDENCY.md.
 */
function timelineItem(slot: 1 | 2 | 3 | 4): readonly Block[] {
  const prefix = `instate_timeline_${slot}`;
  return [
    {
      type: 'info',
      title: `Place ${slot}`,
      text: slot === 1 ? 'Where you live now.' : 'The place you lived before that.',
    },
    {
      type: 'select',
      key: `${prefix}_state`,
      label: 'State or province',
      options: { list: 'states' },
    },
    { type: 'text', key: `${prefix}_city`, label: 'City or town' },
    {
      type: 'month-year',
      key: `${prefix}_from_month`,
      monthKey: `${prefix}_from_month`,
      yearKey: `${prefix}_from_year`,
      label: 'Moved in',
      years: { count: 65, direction: 'past' },
      yearRules: [{ rule: 'yearWindow', yearsBack: 64 }],
    },
    {
      type: 'month-year',
      key: `${prefix}_to_month`,
      monthKey: `${prefix}_to_month`,
      yearKey: `${prefix}_to_year`,
      label: 'Moved out',
      ...(slot === 1 ? { hint: 'Leave blank if you still live here.' } : {}),
      years: { count: 9, direction: 'past' },
      yearRules: [{ rule: 'yearWindow', yearsBack: 8 }],
    },
    {
      type: 'select',
      key: `${prefix}_purpose`,
      label: 'Main reason you lived there',
      options: { options: RESIDENCE_PURPOSES },
    },
  ];
}

/** One time away from Montana in the last 12 months (up to 3). */
function absenceItem(slot: 1 | 2 | 3): readonly Block[] {
  const prefix = `instate_self_absence_${slot}`;
  return [
    {
      type: 'date',
      key: `${prefix}_from`,
      rules: [{ rule: 'yearWindow', yearsBack: 8 }],
      label: 'First day away',
    },
    {
      type: 'date',
      key: `${prefix}_to`,
      rules: [{ rule: 'yearWindow', yearsBack: 8 }],
      label: 'Day you came back',
      hint: 'If you are still away, enter the day you plan to come back.',
    },
    { type: 'text', key: `${prefix}_reason`, label: 'Why were you away?' },
  ];
}

export const residencySection = {
  id: 'residency',
  title: 'In-State Tuition Residency',
  description:
    'These questions decide whether you pay in-state (Montana resident) or out-of-state tuition.',
  blocks: [
    {
      type: 'info',
      title: 'Why we ask about residency',
      text:
        'Gallatin College, like every Montana University System campus, classifies each ' +
        'applicant as in-state or out-of-state for tuition under the Board of Regents ' +
        'residency policy. In most cases you qualify for in-state tuition if you (or, if you ' +
        'are a dependent, your parent or guardian) have lived in Montana for at least 12 months ' +
        'in a row before the semester starts and have shown that you mean to stay: for ' +
        "example by filing a Montana income tax return, registering to vote, getting a Montana driver's " +
        'license or ID card, or registering a vehicle here. Living in Montana only to go to ' +
        'school does not count. We may review your answers and ask you for documents such as ' +
        "tax returns, a driver's license or a lease. False answers can lead to a change in " +
        'your classification and a bill for the difference in tuition.',
    },
    {
      type: 'radio',
      key: 'instate_claim',
      label: 'Are you applying for in-state (Montana resident) tuition?',
      hint: 'Choose No if you are not claiming Montana residency. You can then skip the rest of this section.',
      options: { list: 'yesNo' },
    },
    {
      type: 'conditional',
      hideWhen: { valueKey: 'instate_claim', operator: 'notEquals', target: 'N' },
      blocks: [
        {
          type: 'info',
          text:
            'You will be classified as out-of-state for tuition. If you think you may qualify ' +
            'later, contact the Admissions Office.',
        },
      ],
    },
    {
      // Everything else shows only to an applicant claiming residency ("N" or unanswered hides it).
      type: 'conditional',
      hideWhen: { valueKey: 'instate_claim', operator: 'notEquals', target: 'Y' },
      blocks: [
        {
          type: 'radio',
          key: 'instate_dependent',
          label:
            'Does a parent or legal guardian claim you as a dependent on their federal income tax return?',
          hint:
            "If you are not sure, ask the person who files your family's taxes. If someone claims " +
            'you as a dependent, your residency is based on theirs.',
          options: { list: 'yesNo' },
        },

        { type: 'info', title: 'Where you live', text: 'Tell us about your home right now.' },
        {
          type: 'radio',
          key: 'instate_self_lives_mt',
          label: 'Do you live in Montana now?',
          options: { list: 'yesNo' },
        },
        {
          type: 'conditional',
          hideWhen: { valueKey: 'instate_self_lives_mt', operator: 'notEquals', target: 'N' },
          blocks: [
            {
              type: 'select',
              key: 'instate_self_current_state',
              label: 'Which state or province do you live in now?',
              options: { list: 'states' },
            },
            {
              type: 'select',
              key: 'instate_self_away_reason',
              label: 'Which of these best describes you?',
              options: { options: AWAY_REASONS },
            },
          ],
        },
        {
          type: 'conditional',
          hideWhen: { valueKey: 'instate_self_lives_mt', operator: 'notEquals', target: 'Y' },
          blocks: [
            {
              type: 'select',
              key: 'instate_self_housing',
              label: 'Which best describes your home in Montana?',
              options: { options: HOUSING },
            },
            {
              type: 'radio',
              key: 'instate_self_lifelong',
              label: 'Have you lived in Montana all your life?',
              options: { list: 'yesNo' },
            },
            {
              type: 'conditional',
              hideWhen: { valueKey: 'instate_self_lifelong', operator: 'notEquals', target: 'N' },
              blocks: [
                {
                  // One question, two keys: a dependent applicant's move falls within their
                  // own lifetime (19 years), an independent adult's may be decades ago (64).
                  type: 'condition-group',
                  branches: [
                    {
                      showWhen: { valueKey: 'instate_dependent', operator: 'equals', target: 'Y' },
                      blocks: [
                        {
                          type: 'month-year',
                          key: 'instate_dependent_mt_since_month',
                          monthKey: 'instate_dependent_mt_since_month',
                          yearKey: 'instate_dependent_mt_since_year',
                          label: 'When did you move to Montana?',
                          hint: 'If you have moved here more than once, give your most recent move.',
                          years: { count: 20, direction: 'past' },
                          yearRules: [{ rule: 'yearWindow', yearsBack: 19 }],
                        },
                      ],
                    },
                    {
                      showWhen: { valueKey: 'instate_dependent', operator: 'equals', target: 'N' },
                      blocks: [
                        {
                          type: 'month-year',
                          key: 'instate_self_mt_since_month',
                          monthKey: 'instate_self_mt_since_month',
                          yearKey: 'instate_self_mt_since_year',
                          label: 'When did you move to Montana?',
                          hint: 'If you have moved here more than once, give your most recent move.',
                          years: { count: 65, direction: 'past' },
                          yearRules: [{ rule: 'yearWindow', yearsBack: 64 }],
                        },
                      ],
                    },
                  ],
                },
                {
                  type: 'select',
                  key: 'instate_self_prior_state',
                  label: 'Where did you live before you moved to Montana?',
                  options: { list: 'states' },
                },
                {
                  type: 'select',
                  key: 'instate_self_move_reason',
                  label: 'What was the main reason you (or your family) moved to Montana?',
                  options: { options: MOVE_REASONS },
                },
              ],
            },
          ],
        },
        {
          type: 'radio',
          key: 'other_state',
          label:
            'In the last 12 months, have you done anything that shows you live in another state?',
          hint:
            "For example: voted there, filed a resident tax return there, got a driver's license " +
            'there, or paid in-state tuition at a college there.',
          options: { list: 'yesNo' },
        },
        {
          type: 'conditional',
          hideWhen: { valueKey: 'other_state', operator: 'notEquals', target: 'Y' },
          blocks: [
            {
              type: 'select',
              key: 'instate_other_state_name',
              label: 'Which state?',
              options: { list: 'states' },
            },
            {
              type: 'textarea',
              key: 'instate_other_state_explain',
              label: 'What did you do there, and when?',
              hint: 'A sentence or two is enough.',
            },
          ],
        },

        {
          // Dependent: the parent's or guardian's residency decides. Independent: the
          // applicant's own, and a spouse's full-time Montana job may qualify them.
          type: 'condition-group',
          branches: [
            {
              showWhen: { valueKey: 'instate_dependent', operator: 'equals', target: 'Y' },
              blocks: [
                {
                  type: 'info',
                  title: 'Your parent or guardian',
                  text:
                    'Because you are a dependent, your residency is based on your parent or ' +
                    'guardian. If your parents live in different states, answer about the one ' +
                    'who lives in Montana.',
                },
                {
                  type: 'text',
                  key: 'instate_parent_name',
                  label: "Parent or guardian's full name",
                },
                {
                  type: 'select',
                  key: 'instate_parent_relationship',
                  label: 'How are they related to you?',
                  options: { options: RELATIONSHIPS },
                },
                {
                  type: 'radio',
                  key: 'instate_parent_lives_mt',
                  label: 'Does your parent or guardian live in Montana now?',
                  options: { list: 'yesNo' },
                },
                {
                  type: 'conditional',
                  hideWhen: {
                    valueKey: 'instate_parent_lives_mt',
                    operator: 'notEquals',
                    target: 'N',
                  },
                  blocks: [
                    {
                      type: 'select',
                      key: 'instate_parent_state',
                      label: 'Which state or province do they live in?',
                      options: { list: 'states' },
                    },
                  ],
                },
                {
                  type: 'conditional',
                  hideWhen: {
                    valueKey: 'instate_parent_lives_mt',
                    operator: 'notEquals',
                    target: 'Y',
                  },
                  blocks: [
                    {
                      type: 'month-year',
                      key: 'instate_parent_mt_since_month',
                      monthKey: 'instate_parent_mt_since_month',
                      yearKey: 'instate_parent_mt_since_year',
                      label: 'When did they start living in Montana?',
                      hint:
                        'If they have lived in Montana all their life, choose the month and year ' +
                        'they were born, or the earliest year in the list.',
                      years: { count: 75, direction: 'past' },
                      yearRules: [{ rule: 'yearWindow', yearsBack: 74 }],
                    },
                    {
                      type: 'radio',
                      key: 'instate_parent_absence',
                      label:
                        'In the last 12 months, has your parent or guardian been away from Montana for more than 30 days in total?',
                      options: { list: 'yesNo' },
                    },
                    {
                      type: 'conditional',
                      hideWhen: {
                        valueKey: 'instate_parent_absence',
                        operator: 'notEquals',
                        target: 'Y',
                      },
                      blocks: [
                        {
                          type: 'date',
                          key: 'instate_parent_absence_from',
                          rules: [{ rule: 'yearWindow', yearsBack: 8 }],
                          label: 'First day away',
                          hint: 'If they were away more than once, give the longest time away.',
                        },
                        {
                          type: 'date',
                          key: 'instate_parent_absence_to',
                          rules: [{ rule: 'yearWindow', yearsBack: 8 }],
                          label: 'Day they came back',
                        },
                        {
                          type: 'text',
                          key: 'instate_parent_absence_reason',
                          label: 'Why were they away?',
                        },
                      ],
                    },
                  ],
                },
                {
                  type: 'radio',
                  key: 'instate_parent_tax_filed',
                  label:
                    'Did your parent or guardian file a state income tax return as a resident for last year?',
                  hint: 'Some states have no income tax. If they lived in one of those, answer No.',
                  options: { list: 'yesNo' },
                },
                {
                  type: 'conditional',
                  hideWhen: {
                    valueKey: 'instate_parent_tax_filed',
                    operator: 'notEquals',
                    target: 'Y',
                  },
                  blocks: [
                    {
                      type: 'select',
                      key: 'instate_parent_tax_state',
                      label: 'Which state?',
                      options: { list: 'states' },
                    },
                    {
                      type: 'text',
                      key: 'instate_parent_tax_years',
                      label: 'Which years have they filed as a resident of that state?',
                      hint: 'Up to the last three tax years, as four-digit years separated by commas.',
                    },
                  ],
                },
                {
                  type: 'radio',
                  key: 'instate_parent_voter',
                  label: 'Is your parent or guardian registered to vote?',
                  options: { list: 'yesNo' },
                },
                {
                  type: 'conditional',
                  hideWhen: {
                    valueKey: 'instate_parent_voter',
                    operator: 'notEquals',
                    target: 'Y',
                  },
                  blocks: [
                    {
                      type: 'select',
                      key: 'instate_parent_voter_state',
                      label: 'In which state?',
                      options: { list: 'states' },
                    },
                  ],
                },
                {
                  type: 'radio',
                  key: 'instate_parent_dl',
                  label: "Does your parent or guardian have a driver's license?",
                  options: { list: 'yesNo' },
                },
                {
                  type: 'conditional',
                  hideWhen: { valueKey: 'instate_parent_dl', operator: 'notEquals', target: 'Y' },
                  blocks: [
                    {
                      type: 'select',
                      key: 'instate_parent_dl_state',
                      label: 'Which state issued it?',
                      options: { list: 'states' },
                    },
                  ],
                },
                {
                  // For residency, a Montana ID card stands in for a license only for someone who doesn't drive.
                  type: 'conditional',
                  hideWhen: { valueKey: 'instate_parent_dl', operator: 'notEquals', target: 'N' },
                  blocks: [
                    {
                      type: 'radio',
                      key: 'instate_parent_state_id',
                      label: 'Does your parent or guardian have a Montana ID card?',
                      options: { list: 'yesNo' },
                    },
                  ],
                },
                {
                  type: 'radio',
                  key: 'instate_parent_vehicle',
                  label: 'Does your parent or guardian own or lease a vehicle?',
                  options: { list: 'yesNo' },
                },
                {
                  type: 'conditional',
                  hideWhen: {
                    valueKey: 'instate_parent_vehicle',
                    operator: 'notEquals',
                    target: 'Y',
                  },
                  blocks: [
                    {
                      type: 'select',
                      key: 'instate_parent_vehicle_state',
                      label: 'In which state is it registered?',
                      options: { list: 'states' },
                    },
                  ],
                },
                {
                  type: 'radio',
                  key: 'instate_parent_employed_mt',
                  label: 'Does your parent or guardian work in Montana?',
                  options: { list: 'yesNo' },
                },
                {
                  type: 'conditional',
                  hideWhen: {
                    valueKey: 'instate_parent_employed_mt',
                    operator: 'notEquals',
                    target: 'Y',
                  },
                  blocks: [
                    {
                      type: 'text',
                      key: 'instate_parent_employer',
                      label: "Employer's name",
                    },
                    {
                      type: 'month-year',
                      key: 'instate_parent_job_start_month',
                      monthKey: 'instate_parent_job_start_month',
                      yearKey: 'instate_parent_job_start_year',
                      label: 'When did they start this job?',
                      years: { count: 65, direction: 'past' },
                      yearRules: [{ rule: 'yearWindow', yearsBack: 64 }],
                    },
                    {
                      type: 'radio',
                      key: 'instate_parent_full_time',
                      label: 'Is it a full-time, permanent job?',
                      hint: 'Answer No for seasonal or temporary work.',
                      options: { list: 'yesNo' },
                    },
                  ],
                },
              ],
            },
            {
              showWhen: { valueKey: 'instate_dependent', operator: 'equals', target: 'N' },
              blocks: [
                {
                  type: 'info',
                  title: 'Your household',
                  text:
                    'Because no one claims you as a dependent, your own residency counts. If you ' +
                    'are married to someone with a full-time, permanent job in Montana, you may ' +
                    'also qualify.',
                },
                {
                  type: 'radio',
                  key: 'instate_self_support',
                  label:
                    'Do you pay for more than half of your own living costs, such as rent, food and bills?',
                  options: { list: 'yesNo' },
                },
                {
                  type: 'select',
                  key: 'instate_marital_status',
                  label: 'What is your marital status?',
                  options: { options: MARITAL_STATUSES },
                },
                {
                  type: 'conditional',
                  hideWhen: {
                    valueKey: 'instate_marital_status',
                    operator: 'notEquals',
                    target: 'M',
                  },
                  blocks: [
                    {
                      type: 'radio',
                      key: 'instate_spouse_employed_mt',
                      label: 'Does your spouse work in Montana?',
                      options: { list: 'yesNo' },
                    },
                    {
                      type: 'conditional',
                      hideWhen: {
                        valueKey: 'instate_spouse_employed_mt',
                        operator: 'notEquals',
                        target: 'Y',
                      },
                      blocks: [
                        {
                          type: 'text',
                          key: 'instate_spouse_employer',
                          label: "Your spouse's employer",
                        },
                        {
                          type: 'month-year',
                          key: 'instate_spouse_job_start_month',
                          monthKey: 'instate_spouse_job_start_month',
                          yearKey: 'instate_spouse_job_start_year',
                          label: 'When did your spouse start this job?',
                          years: { count: 65, direction: 'past' },
                          yearRules: [{ rule: 'yearWindow', yearsBack: 64 }],
                        },
                        {
                          type: 'radio',
                          key: 'instate_spouse_full_time',
                          label: 'Is it a full-time, permanent job?',
                          hint: 'Answer No for seasonal or temporary work.',
                          options: { list: 'yesNo' },
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },

        {
          type: 'info',
          title: 'Montana high school graduates',
          text:
            'Graduates of accredited Montana high schools can qualify for in-state tuition for a ' +
            'limited time after graduating.',
        },
        {
          type: 'radio',
          key: 'accredited_hs_radio',
          label:
            'Did you graduate (or will you graduate) from a Montana high school accredited by the Montana Board of Public Education?',
          hint:
            'Most Montana public high schools and many private ones are accredited; your school ' +
            'counselor can tell you. A HiSET or GED does not count here.',
          options: { list: 'yesNo' },
        },
        {
          type: 'conditional',
          hideWhen: { valueKey: 'accredited_hs_radio', operator: 'notEquals', target: 'Y' },
          blocks: [
            {
              type: 'radio',
              key: 'accredited_senior_year_hs',
              label: 'Did you attend that high school for your whole senior year?',
              options: { list: 'yesNo' },
            },
            {
              type: 'conditional',
              hideWhen: {
                valueKey: 'accredited_senior_year_hs',
                operator: 'notEquals',
                target: 'N',
              },
              blocks: [
                {
                  type: 'radio',
                  key: 'instate_hs_yellowstone',
                  label:
                    'During your senior year, did one of your parents live and work in Yellowstone National Park?',
                  options: { list: 'yesNo' },
                },
              ],
            },
            {
              type: 'radio',
              key: 'grad_in_or_after',
              label:
                'Will you start at Gallatin College no later than the fourth fall semester after you graduate from high school?',
              hint: 'For example, if you graduate in the spring, you must start by the fall semester four years later.',
              options: { list: 'yesNo' },
            },
          ],
        },
        {
          // Shown once the answers fit the Montana graduate route: an accredited school, the
          // whole senior year there (or a parent in Yellowstone), and enrolling in time.
          type: 'conditional',
          hideWhen: {
            any: [
              { valueKey: 'accredited_hs_radio', operator: 'notEquals', target: 'Y' },
              { valueKey: 'grad_in_or_after', operator: 'notEquals', target: 'Y' },
              {
                all: [
                  { valueKey: 'accredited_senior_year_hs', operator: 'notEquals', target: 'Y' },
                  { valueKey: 'instate_hs_yellowstone', operator: 'notEquals', target: 'Y' },
                ],
              },
            ],
          },
          blocks: [
            {
              type: 'info',
              text:
                'You may qualify for in-state tuition as a Montana high school graduate. Please ' +
                'answer the rest of this section so we can confirm your classification.',
            },
          ],
        },

        {
          type: 'info',
          title: 'Your ties to Montana',
          text:
            'Montana counts your 12 months from the first of these steps you took, such as ' +
            "registering to vote, getting a Montana driver's license or filing a Montana tax " +
            'return. Answer these questions about yourself.',
        },
        {
          type: 'radio',
          key: 'instate_self_tax_filed',
          label: 'Did you file a state income tax return as a resident for last year?',
          hint: 'Answer No if you did not have to file one.',
          options: { list: 'yesNo' },
        },
        {
          type: 'conditional',
          hideWhen: { valueKey: 'instate_self_tax_filed', operator: 'notEquals', target: 'Y' },
          blocks: [
            {
              type: 'select',
              key: 'instate_self_tax_state',
              label: 'Which state?',
              options: { list: 'states' },
            },
            {
              type: 'text',
              key: 'instate_self_tax_years',
              label: 'Which years have you filed as a resident of that state?',
              hint: 'Up to the last three tax years, as four-digit years separated by commas.',
            },
          ],
        },
        {
          type: 'radio',
          key: 'registered_voter',
          label: 'Are you registered to vote?',
          options: { list: 'yesNo' },
        },
        {
          type: 'conditional',
          hideWhen: { valueKey: 'registered_voter', operator: 'notEquals', target: 'Y' },
          blocks: [
            {
              type: 'select',
              key: 'instate_self_voter_state',
              label: 'In which state?',
              options: { list: 'states' },
            },
            {
              type: 'month-year',
              key: 'instate_self_voter_month',
              monthKey: 'instate_self_voter_month',
              yearKey: 'instate_self_voter_year',
              label: 'When did you register there?',
              hint: 'If you are not sure of the month, give your best guess.',
              years: { count: 65, direction: 'past' },
              yearRules: [{ rule: 'yearWindow', yearsBack: 64 }],
            },
          ],
        },
        {
          type: 'radio',
          key: 'instate_self_dl',
          label: "Do you have a driver's license?",
          options: { list: 'yesNo' },
        },
        {
          type: 'conditional',
          hideWhen: { valueKey: 'instate_self_dl', operator: 'notEquals', target: 'Y' },
          blocks: [
            {
              type: 'select',
              key: 'dl_state',
              label: 'Which state issued it?',
              options: { list: 'states' },
            },
            {
              type: 'date',
              key: 'dl_issue_day',
              rules: [{ rule: 'yearWindow', yearsBack: 64 }],
              label: 'Issue date',
              hint: 'The issue date printed on your license.',
            },
          ],
        },
        {
          // For residency, a Montana ID card stands in for a license only for someone who doesn't drive.
          type: 'conditional',
          hideWhen: { valueKey: 'instate_self_dl', operator: 'notEquals', target: 'N' },
          blocks: [
            {
              type: 'radio',
              key: 'montana_state_id',
              label: 'Do you have a Montana ID card?',
              hint: "A Montana ID card is the state's photo ID for people who don't drive.",
              options: { list: 'yesNo' },
            },
            {
              type: 'conditional',
              hideWhen: { valueKey: 'montana_state_id', operator: 'notEquals', target: 'Y' },
              blocks: [
                {
                  type: 'date',
                  key: 'instate_self_state_id_day',
                  rules: [{ rule: 'yearWindow', yearsBack: 8 }],
                  label: 'Issue date',
                  hint: 'The issue date printed on your ID card.',
                },
              ],
            },
          ],
        },
        {
          type: 'radio',
          key: 'own_motor_vehicle',
          label: 'Do you own or lease a car, truck or motorcycle?',
          hint: "Also answer Yes if you drive one most days that is in someone else's name.",
          options: { list: 'yesNo' },
        },
        {
          type: 'conditional',
          hideWhen: { valueKey: 'own_motor_vehicle', operator: 'notEquals', target: 'Y' },
          blocks: [
            {
              type: 'select',
              key: 'instate_self_vehicle_state',
              label: 'In which state is it registered?',
              options: { list: 'states' },
            },
            {
              type: 'month-year',
              key: 'instate_self_vehicle_month',
              monthKey: 'instate_self_vehicle_month',
              yearKey: 'instate_self_vehicle_year',
              label: 'When was it first registered in that state?',
              years: { count: 65, direction: 'past' },
              yearRules: [{ rule: 'yearWindow', yearsBack: 64 }],
            },
          ],
        },
        {
          type: 'radio',
          key: 'instate_self_employed_mt',
          label: 'Do you work in Montana?',
          options: { list: 'yesNo' },
        },
        {
          type: 'conditional',
          hideWhen: { valueKey: 'instate_self_employed_mt', operator: 'notEquals', target: 'Y' },
          blocks: [
            { type: 'text', key: 'instate_self_employer', label: "Employer's name" },
            {
              type: 'month-year',
              key: 'instate_self_job_start_month',
              monthKey: 'instate_self_job_start_month',
              yearKey: 'instate_self_job_start_year',
              label: 'When did you start this job?',
              years: { count: 65, direction: 'past' },
              yearRules: [{ rule: 'yearWindow', yearsBack: 64 }],
            },
            {
              type: 'radio',
              key: 'instate_self_full_time',
              label: 'Is it a full-time, permanent job?',
              hint: 'Answer No for seasonal or temporary work.',
              options: { list: 'yesNo' },
            },
          ],
        },
        {
          type: 'radio',
          key: 'instate_military_mt',
          label:
            'Are you, your spouse or a parent on active duty in the U.S. armed forces and stationed in Montana?',
          options: { list: 'yesNo' },
        },
        {
          type: 'radio',
          key: 'instate_self_enrolled',
          label:
            'In the last 12 months, did you take more than 6 credits in any semester at a college or university?',
          hint: 'Time spent in Montana mainly to go to school does not count toward your 12 months.',
          options: { list: 'yesNo' },
        },
        {
          type: 'conditional',
          hideWhen: { valueKey: 'instate_self_enrolled', operator: 'notEquals', target: 'Y' },
          blocks: [
            {
              type: 'text',
              key: 'instate_self_college_name',
              label: 'College or university name',
            },
            {
              type: 'select',
              key: 'instate_self_college_state',
              label: 'State',
              options: { list: 'states' },
            },
          ],
        },

        {
          type: 'info',
          title: 'Time away from Montana',
          text: 'Think back over the last 12 months.',
        },
        {
          type: 'radio',
          key: 'instate_self_absence',
          label:
            'In the last 12 months, have you been away from Montana for more than 30 days in total?',
          hint:
            'Add up trips, summer jobs and time at school somewhere else. Time away on military ' +
            'service does not count against you.',
          options: { list: 'yesNo' },
        },
        {
          type: 'conditional',
          hideWhen: { valueKey: 'instate_self_absence', operator: 'notEquals', target: 'Y' },
          blocks: [
            {
              type: 'add-another',
              buttonId: 'instate_absence',
              label: 'Add Another Time Away',
              max: 3,
              items: [absenceItem(1), absenceItem(2), absenceItem(3)],
            },
          ],
        },

        {
          type: 'info',
          title: 'Where you have lived',
          text:
            'List the places you have lived in the last 2 years, starting with where you live ' +
            'now. Add a new place each time you moved to a different city or town.',
        },
        {
          type: 'add-another',
          buttonId: 'instate_timeline',
          label: 'Add Another Residence',
          max: 4,
          items: [timelineItem(1), timelineItem(2), timelineItem(3), timelineItem(4)],
        },

        {
          type: 'textarea',
          key: 'instate_additional',
          label: 'Is there anything else about your residency you would like us to know?',
          hint: "Optional. For example, a recent move, a family situation, or time away you didn't list above.",
        },
        {
          type: 'checkbox',
          key: 'instate_certify',
          label:
            'I confirm that my answers about residency are true and complete. I understand that ' +
            'Gallatin College may ask me for documents to support them, and that false answers ' +
            'can change my tuition classification and leave me owing the difference.',
        },
      ],
    },
  ],
} satisfies SectionConfig;
