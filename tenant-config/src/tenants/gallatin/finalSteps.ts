/** Step 3, Submit (SPEC §2: conduct and certification keys). */
import {
  conductItemKeys,
  type CheckboxesQuestion,
  type PageConfig,
  type SectionConfig,
  yesNo,
} from '@admit/form-model';

const OFFENCE_LABELS: Readonly<Record<string, string>> = {
  arson: 'Arson',
  assault: 'Assault',
  drugs: 'A drug offense (sale or distribution)',
  hate: 'A hate crime',
  murder: 'Murder or manslaughter',
  robbery: 'Robbery',
  violence: 'A sexual or violent offense',
  dui: 'Driving under the influence (DUI)',
  weapons: 'A weapons offense',
  assault_weapon: 'Assault with a weapon',
  hazing: 'Hazing',
};

const NONE_MESSAGE = 'Choose each offense that applies, or "None of these".';

function conductQuestion(
  prefix: 'crime' | 'pending' | 'charges',
  label: string,
): CheckboxesQuestion {
  const items = conductItemKeys(prefix);
  return {
    type: 'checkboxes',
    key: `${prefix}_no`,
    label,
    hint: 'Choose all that apply.',
    options: [
      ...items.map((key) => ({ key, label: OFFENCE_LABELS[key.slice(prefix.length + 1)] ?? key })),
      { key: `${prefix}_no`, label: 'None of these' },
    ],
    // SPEC §5: the `_no` box must be ticked unless one specific item is chosen.
    rules: [{ rule: 'noneUnlessAny', keys: items, message: NONE_MESSAGE }],
  };
}

const conductSection = {
  id: 'conduct',
  title: 'Campus Safety',
  description:
    'Montana State University asks every applicant these questions to keep its campuses safe. A "yes" does not automatically prevent your admission; we may contact you to learn more.',
  blocks: [
    conductQuestion(
      'crime',
      'Have you ever been convicted of any of these crimes, as an adult or a juvenile?',
    ),
    conductQuestion('pending', 'Are criminal charges pending against you now for any of these?'),
    conductQuestion(
      'charges',
      'Have you ever been charged with any of these, even if you were not convicted?',
    ),
    {
      type: 'radio',
      key: 'register',
      label: 'Are you required to register as a sexual or violent offender in any state?',
      options: { options: yesNo },
      required: true,
    },
  ],
} satisfies SectionConfig;

const certificationSection = {
  id: 'certification',
  title: 'Certification',
  description:
    'Please read each statement and tick the box to agree. You can submit once all three are ticked.',
  blocks: [
    {
      type: 'checkbox',
      key: 'certify_checkbox',
      label:
        'I certify that the information in this application is complete and true. I understand that false or missing information may cancel my admission or enrollment.',
      required: true,
      requiredMessage: 'Certify that your application is complete and true',
    },
    {
      type: 'checkbox',
      key: 'obligation_checkbox',
      label:
        'I understand that if I register for classes I am responsible for the tuition and fees, and that I must drop classes by the published deadlines to avoid charges.',
      required: true,
      requiredMessage: 'Confirm that you understand your financial obligation',
    },
    {
      type: 'checkbox',
      key: 'legal_agree',
      label:
        'I agree that ticking these boxes and submitting this application is my electronic signature.',
      required: true,
      requiredMessage: 'Agree to sign electronically',
    },
  ],
} satisfies SectionConfig;

/** Submit (SPEC §2). */
export const finalStepsPage = {
  id: 'final-steps',
  route: 'final-steps',
  title: 'Submit',
  sections: [conductSection, certificationSection],
} satisfies PageConfig;
