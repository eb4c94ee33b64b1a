import {
  type Answers,
  answerKeyRegistry,
  messages,
  type Block,
  clearHiddenAnswers,
  pageKeys,
  printableModel,
  printLineText,
  validateAnswers,
  walkPages,
} from '@admit/form-model';
import { describe, expect, it } from 'vitest';

import { checkTenant, loadTenant, TenantConfigError, tenants } from './index.ts';
import { type TenantConfig } from './types.ts';

import { COMPLETE_APPLICATION } from './fixtures.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

/** Every answer key SPEC §3 names, spelled out here independently of the registry. */
const expand = (prefixes: string[], names: string[]) =>
  prefixes.flatMap((p) => names.map((n) => `${p}${n}`));
const monthYear = (...bases: string[]) => bases.flatMap((b) => [`${b}_month`, `${b}_year`]);
const offences = [
  'arson',
  'assault',
  'drugs',
  'hate',
  'murder',
  'robbery',
  'violence',
  'dui',
  'weapons',
  'no',
];
const SPEC_KEYS = [
  ...['first_name', 'middle_name', 'last_name', 'prev_name', 'ssn'],
  ...[
    'address_line_1',
    'address_line_2',
    'city',
    'state',
    'zip',
    'country',
    'county',
    'email_address',
  ],
  ...[
    'contact_email_address',
    'mailing_addr_same_as_perm_addr',
    'phone_home',
    'phone_mobile',
    'optin_sms_ind',
  ],
  ...[
    'phone_international',
    'mailing_address_line_1',
    'mailing_address_line_2',
    'mailing_city',
    'mailing_state',
  ],
  ...[
    'mailing_zip',
    'mailing_country',
    'birth_date',
    'birth_city',
    'birth_state',
    'us_citizen',
    'perm_resident',
  ],
  ...['citizenship', 'stopintl_copy'],
  ...[
    'gender',
    'ethnicity',
    'race_american_indian',
    'race_asian',
    'race_black',
    'race_native_hawaiian',
    'race_white',
  ],
  ...['decision_essay', 'gallatin_refer', 'gallatin_refer_other'],
  ...[
    'entry_term',
    'educational_goal',
    'goal_two_year',
    'goal_two_year_other',
    'prev_gallatin',
    'prev_attend_webapp',
  ],
  ...expand(
    ['parent_', 'parent_2_'],
    [
      'relationship',
      'first_name',
      'last_name',
      'email_address',
      'address_line_1',
      'address_line_2',
      'city',
      'state',
      'zip',
      'country',
      'phone',
      'bozeman',
      'alum_year',
    ],
  ),
  ...['parent_education', 'parent_degree_msu'],
  ...[
    'diploma_ged',
    'hs_name',
    'hs_ceeb',
    'hs_address_line_1',
    'hs_city',
    'hs_state',
    'hs_zip',
    'hs_country',
  ],
  ...monthYear('grad'),
  ...[
    'hs_gpa',
    'hs_class_rank',
    'hs_class_size',
    'hs_accredited',
    'ged_test',
    ...monthYear('ged'),
    'ged_location',
  ],
  ...expand(
    ['college_', 'college_2_', 'college_3_'],
    [
      'name',
      'ceeb',
      'address_line_1',
      'city',
      'state',
      'zip',
      'country',
      ...monthYear('attend_from', 'attend_to'),
      'credits_attempted',
    ],
  ),
  ...['suspended_academic', 'suspended_academic_explain'],
  ...[
    'sat_taken',
    ...monthYear('sat_test'),
    'sat_score_total',
    'sat_score_reading_writing',
    'sat_score_math',
  ],
  ...[
    'sat_score_writing_language_test',
    'sat_score_math_test',
    ...monthYear('sat_plan'),
    'sat_taken_unsure',
  ],
  ...[
    'act_taken',
    ...monthYear('act_test'),
    'act_score_math',
    'act_score_english',
    'act_score_composite',
  ],
  ...[
    'act_score_writing_english_arts',
    'act_score_writing',
    ...monthYear('act_plan'),
    'act_taken_unsure',
  ],
  ...monthYear('military_start', 'military_end'),
  ...['military_state', 'military_city', 'military_active_duty'],
  ...expand(['crime_', 'pending_'], offences),
  ...expand(['charges_'], [...offences, 'assault_weapon', 'hazing']),
  ...['register', 'certify_checkbox', 'obligation_checkbox', 'legal_agree'],
  ...[
    'accredited_senior_year_hs',
    'accredited_hs_radio',
    'grad_in_or_after',
    'other_state',
    'registered_voter',
  ],
  ...['dl_state', 'dl_issue_day', 'own_motor_vehicle', 'montana_state_id'],
];

const allKeys = (config: TenantConfig) => config.pages.flatMap(pageKeys);

function addAnotherMaxima(blocks: readonly Block[]): number[] {
  return blocks.flatMap((block) => {
    switch (block.type) {
      case 'add-another':
        return [block.max, ...block.items.flatMap(addAnotherMaxima)];
      case 'conditional':
        return addAnotherMaxima(block.blocks);
      case 'condition-group':
        return block.branches.flatMap((branch) => addAnotherMaxima(branch.blocks));
      case 'trigger':
        return block.mode === 'button'
          ? addAnotherMaxima([...(block.before ?? []), ...block.after])
          : addAnotherMaxima([...(block.after ?? []), ...(block.optional ?? [])]);
      case 'tabs':
        return block.tabs.flatMap((tab) => addAnotherMaxima(tab.blocks));
      default:
        return [];
    }
  });
}

describe.each(Object.values(tenants))('tenant $id', (config) => {
  it('loads with no problem at all', () => {
    expect(checkTenant(config)).toEqual([]);
    expect(loadTenant(config.id)).toBe(config);
  });

  it('places every key on exactly one page, each a registered key', () => {
    const keys = allKeys(config);
    expect(keys.length).toBeGreaterThan(150);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((key) => !(key in answerKeyRegistry))).toEqual([]);
  });

  it('keeps add-another within 10 (SPEC §9)', () => {
    const maxima = config.pages.flatMap((page) =>
      page.sections.flatMap((s) => addAnotherMaxima(s.blocks)),
    );
    expect(maxima.length).toBeGreaterThan(0);
    expect(maxima.every((max) => max >= 1 && max <= 10)).toBe(true);
  });

  it('requires exactly SPEC §5 required fields of an empty application', () => {
    const errors = validateAnswers(config.pages, {}, { now: NOW });
    expect(Object.keys(errors).sort()).toEqual(
      [
        'first_name',
        'last_name',
        'mailing_address_line_1',
        'mailing_city',
        'mailing_country',
        'us_citizen',
        'entry_term',
        'diploma_ged',
        'parent_education',
        'register',
        'certify_checkbox',
        'obligation_checkbox',
        'legal_agree',
        // SPEC §5: home phone required when there is no mobile; the _no boxes unless an item.
        'phone_home',
        'crime_no',
        'pending_no',
        'charges_no',
      ].sort(),
    );
    expect(errors.first_name).toEqual(['First Name']);
    expect(errors.mailing_address_line_1).toEqual(['Street 1']);
    expect(errors.mailing_city).toEqual(['City']);
    expect(errors.mailing_country).toEqual(['Country']);
    expect(errors.us_citizen).toEqual(['Are you a citizen of the United States?']);
  });

  it('accepts a complete, realistic application and prints it', () => {
    const answers = COMPLETE_APPLICATION;
    expect(validateAnswers(config.pages, answers, { now: NOW })).toEqual({});
    const text = printableModel(config.pages, answers).map(printLineText);
    expect(text).toContain('First Name Ada');
    expect(text).toContain('[X] Yes');
    expect(text).toContain('[X] None of these');
  });

  it('clears the permanent address once it is the same as the mailing address', () => {
    const cleared = clearHiddenAnswers(config.pages, {
      mailing_addr_same_as_perm_addr: true,
      city: 'Helena',
      state: 'MT',
    });
    expect(cleared).toMatchObject({ city: '', state: '' });
  });
});

describe('gallatin (the default tenant)', () => {
  const gallatin = loadTenant();

  it('is the default', () => {
    expect(gallatin.id).toBe('gallatin');
    expect(gallatin.characterLimit).toBe(7000);
  });

  it('holds every SPEC §3 answer key', () => {
    const keys = new Set(allKeys(gallatin));
    expect(SPEC_KEYS.filter((key) => !keys.has(key))).toEqual([]);
  });

  it('models in-state residency for real: well over 60 instate_ keys', () => {
    expect(allKeys(gallatin).filter((key) => key.startsWith('instate_')).length).toBeGreaterThan(
      60,
    );
  });

  // Issue 15 #15, loose checks: each row is a patch of the complete application → the field
  // → its messages.
  const loose: [string, Answers, string, string[]][] = [
    ['a US ZIP of letters', { mailing_zip: 'abcde' }, 'mailing_zip', [messages.usZip]],
    ['a US ZIP too short', { mailing_zip: '5971' }, 'mailing_zip', [messages.usZip]],
    ['a US ZIP+4', { mailing_zip: '59715-1234' }, 'mailing_zip', []],
    [
      'any postal code outside the US',
      { mailing_country: 'FRA', mailing_state: '', mailing_zip: 'SW1A 1AA' },
      'mailing_zip',
      [],
    ],
    ['a GPA of 99999', { hs_gpa: '99999' }, 'hs_gpa', [messages.gpa(5)]],
    ['a GPA of letters', { hs_gpa: 'abc' }, 'hs_gpa', [messages.gpa(5)]],
    ['a weighted GPA of 4.75', { hs_gpa: '4.75' }, 'hs_gpa', []],
    ['a GPA of 5', { hs_gpa: '5' }, 'hs_gpa', []],
    // Regression: the GPA's 0-to-5 check was put on these too, refusing a rank of 42.
    ['a class rank of 42', { hs_class_rank: '42' }, 'hs_class_rank', []],
    ['a class size of 310', { hs_class_size: '310' }, 'hs_class_size', []],
    ['a class rank of letters', { hs_class_rank: 'top' }, 'hs_class_rank', [messages.numeric]],
    [
      'an international phone without +',
      { phone_international: '4420794609' },
      'phone_international',
      [messages.validInternationalPhone],
    ],
    [
      'an international phone too short',
      { phone_international: '+44 1' },
      'phone_international',
      [messages.validInternationalPhone],
    ],
    [
      'an international phone',
      { phone_international: '+44 20 7946 0958' },
      'phone_international',
      [],
    ],
    [
      'military service ended a year before it began',
      {
        military_start_month: '6',
        military_start_year: '2020',
        military_end_month: '6',
        military_end_year: '2019',
      },
      'military_end_year',
      [messages.notBefore('Service began')],
    ],
    [
      'military service ended a month before it began',
      {
        military_start_month: '6',
        military_start_year: '2020',
        military_end_month: '5',
        military_end_year: '2020',
      },
      'military_end_year',
      [messages.notBefore('Service began')],
    ],
    [
      'military service ended the month it began',
      {
        military_start_month: '6',
        military_start_year: '2020',
        military_end_month: '6',
        military_end_year: '2020',
      },
      'military_end_year',
      [],
    ],
  ];
  it.each(loose)('checks %s', (_name, patch, key, expected) => {
    const context = { triggers: { military: true } };
    const errors = validateAnswers(
      gallatin.pages,
      { ...COMPLETE_APPLICATION, ...patch },
      { now: NOW, context },
    );
    expect(errors[key] ?? []).toEqual(expected);
  });

  it('finds places from the ZIP, which fills city, state, ZIP and county, and never Street 1 (issue 15 #14)', () => {
    const questions = gallatin.pages.flatMap((page) => walkPages([page], {}));
    const byKey = new Map(
      questions.flatMap((item) =>
        item.kind === 'question' ? [[item.question.key, item.question]] : [],
      ),
    );
    expect(byKey.get('mailing_address_line_1')?.type).toBe('text');
    const zip = byKey.get('mailing_zip');
    expect(zip?.type === 'lookup' && zip.category).toBe('address');
    expect(zip?.type === 'lookup' && zip.fills).toEqual({
      city: 'mailing_city',
      state: 'mailing_state',
      zip: 'mailing_zip',
      country: 'mailing_country',
      county: 'county',
    });
    const streetFills = [...byKey.values()].flatMap((question) =>
      question.type === 'lookup'
        ? Object.values(question.fills).filter(
            (key) => key.endsWith('address_line_1') && question.category === 'address',
          )
        : [],
    );
    expect(streetFills).toEqual([]);
  });

  it('answers decision_essay by typing or by upload, chosen by tabs', () => {
    const about = gallatin.pages[0];
    const tabs = about?.sections.flatMap((s) => s.blocks).find((b) => b.type === 'tabs');
    expect(tabs?.type === 'tabs' && tabs.tabs.map((tab) => tab.blocks.map((b) => b.type))).toEqual([
      ['textarea'],
      ['file'],
    ]);
  });
});

describe('example (a second college, no code)', () => {
  const example = loadTenant('example');

  it('has its own names and theme and no Montana residency section', () => {
    expect(example.names.college).not.toBe(tenants.gallatin?.names.college);
    expect(example.theme.colors.primary.main).not.toBe(tenants.gallatin?.theme.colors.primary.main);
    expect(allKeys(example).some((key) => key.startsWith('instate_'))).toBe(false);
  });

  it('speaks of itself, never of Gallatin, in what applicants read', () => {
    expect(JSON.stringify(example.pages)).not.toMatch(/Gallatin College|Montana State University/);
    expect(JSON.stringify(example.pages)).toContain('Riverbend Community College');
  });
});

describe('loadTenant', () => {
  it('refuses an unknown tenant, naming the known ones', () => {
    expect(() => loadTenant('nowhere')).toThrow(
      /no tenant "nowhere"; known tenants: gallatin, example/,
    );
  });

  it('reports every problem of a broken tenant at once', () => {
    const broken = {
      ...tenants.gallatin,
      id: 'Broken Tenant',
      characterLimit: 9000,
      contact: { ...tenants.gallatin?.contact, email: 'nobody' },
      admissionsNotificationEmail: 'admissions office',
      timeZone: 'Mountain Time',
      pages: [
        ...(tenants.gallatin?.pages ?? []).slice(0, 2),
        {
          id: 'final-steps',
          route: 'final-steps',
          title: 'Submit',
          sections: [
            { id: 'x', title: 'X', blocks: [{ type: 'text', key: 'first_name', label: 'Again' }] },
          ],
        },
      ],
    } as TenantConfig;
    const problems = checkTenant(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        'id must be lower-case letters, digits and dashes',
        'characterLimit must be less than or equal to 7000',
        'contact.email must be an e-mail address',
        'admissionsNotificationEmail must be an e-mail address',
        'timeZone must be an IANA time zone, such as "America/Denver"',
        '"first_name" is placed more than once: about/name, final-steps/x',
        'final-steps: "first_name" belongs on another page (SPEC §2 page map)',
      ]),
    );
    expect(() => {
      throw new TenantConfigError('broken', problems);
    }).toThrow(/- id must be lower-case/);
  });
});
