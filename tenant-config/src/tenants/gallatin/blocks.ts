/**
 * Builders for blocks that repeat with a prefix (addresses, parents; colleges attended are
 * built in education.ts, the one page that asks them, so they load with it). They run once at
 * module load and return plain data, so the page configs stay serialisable.
 */
import {
  armedForces,
  type Block,
  canadianProvinces,
  type Condition,
  type Required,
  usStates,
  usTerritories,
  yesNo,
} from '@admit/form-model';

/** SPEC §5: a state is asked for the USA and Canada; its options follow the country. */
export const STATE_COUNTRIES = ['USA', 'CAN'];

const stateOptions = {
  USA: [...usStates, ...usTerritories, ...armedForces],
  CAN: canadianProvinces,
};

const isUsa = (prefix: string): Condition => ({
  valueKey: `${prefix}country`,
  operator: 'equals',
  target: 'USA',
});

interface AddressOptions {
  /** Key prefix: '' for the permanent address, 'mailing_', 'parent_', 'hs_', … */
  prefix: string;
  /** The mailing address is required (SPEC §5: Street 1, City, Country). */
  required?: boolean;
  /** Whether the address has a second street line. */
  line2?: boolean;
  /**
   * Whether the ZIP finds places (SPEC §3 autocomplete category "address"): a ZIP or city typed
   * there suggests US places, and picking one fills city, state, ZIP, country and, for the
   * mailing address, the county. Street 1 is always typed: no suggestion writes into it.
   */
  lookup?: boolean;
}

/**
 * An address: country first (its answer decides the state list), Street 1, Street 2, city,
 * state or province, and the ZIP, which finds the place.
 */
export function addressBlocks({
  prefix,
  required = false,
  line2 = true,
  lookup = true,
}: AddressOptions): Block[] {
  const street: Block = {
    type: 'text',
    key: `${prefix}address_line_1`,
    label: 'Street 1',
    required,
  };
  const zipBase = {
    key: `${prefix}zip`,
    label: 'ZIP or Postal Code',
    maxLength: 10,
    // SPEC §5: ZIP required for the USA, at least 5 characters; ours: a US ZIP is 5 digits
    // or ZIP+4, which is at least 5 characters too.
    required: required ? { when: isUsa(prefix) } : false,
    rules: [{ rule: 'usZip', when: isUsa(prefix) }],
  } as const;
  const zip: Block = lookup
    ? {
        ...zipBase,
        type: 'lookup',
        hint: 'Type your ZIP code or city, then choose your place to fill in city and state.',
        category: 'address',
        fills: {
          city: `${prefix}city`,
          state: `${prefix}state`,
          zip: `${prefix}zip`,
          country: `${prefix}country`,
          // The county question follows the mailing address.
          ...(prefix === 'mailing_' ? { county: 'county' } : {}),
        },
      }
    : { ...zipBase, type: 'text' };
  const stateRequired: Required = required
    ? { when: { valueKey: `${prefix}country`, operator: 'in', target: STATE_COUNTRIES } }
    : false;
  return [
    {
      type: 'select',
      key: `${prefix}country`,
      label: 'Country',
      options: { list: 'countries' },
      required,
    },
    street,
    ...(line2
      ? [
          {
            type: 'text',
            key: `${prefix}address_line_2`,
            label: 'Street 2',
            hint: 'Apartment, suite or unit (optional)',
          } as const,
        ]
      : []),
    { type: 'text', key: `${prefix}city`, label: 'City', required },
    {
      type: 'select',
      key: `${prefix}state`,
      label: 'State or Province',
      // SPEC §4 conditional select: shows only when the chosen country has states to offer.
      options: { byAnswer: { valueKey: `${prefix}country`, options: stateOptions } },
      required: stateRequired,
    },
    zip,
  ];
}

/** One parent or guardian (SPEC §3 prefixes parent_ and parent_2_). */
export function parentBlocks(prefix: 'parent_' | 'parent_2_', ordinal: string): Block[] {
  return [
    {
      type: 'select',
      key: `${prefix}relationship`,
      label: `Relationship to you (${ordinal} parent or guardian)`,
      options: {
        options: [
          { value: 'M', label: 'Mother' },
          { value: 'F', label: 'Father' },
          { value: 'P', label: 'Parent' },
          { value: 'S', label: 'Stepparent' },
          { value: 'G', label: 'Legal guardian' },
          { value: 'O', label: 'Other relative' },
        ],
      },
      // SPEC §5: relationship required when that parent's first name is given.
      required: { when: { valueKey: `${prefix}first_name`, operator: 'answered' } },
      requiredMessage: 'Relationship',
    },
    { type: 'text', key: `${prefix}first_name`, label: 'First Name' },
    { type: 'text', key: `${prefix}last_name`, label: 'Last Name' },
    { type: 'email', key: `${prefix}email_address`, label: 'Email Address' },
    { type: 'phone', key: `${prefix}phone`, label: 'Phone', hint: 'For example (406) 555-0123' },
    ...addressBlocks({ prefix }),
    {
      type: 'radio',
      key: `${prefix}bozeman`,
      label: 'Did this parent or guardian attend Montana State University in Bozeman?',
      options: { options: yesNo },
    },
    {
      type: 'conditional',
      hideWhen: { valueKey: `${prefix}bozeman`, operator: 'notEquals', target: 'Y' },
      blocks: [
        {
          type: 'select',
          key: `${prefix}alum_year`,
          label: 'Year they last attended',
          options: { years: { count: 74, direction: 'past' } },
          descriptions: false,
        },
      ],
    },
  ];
}
