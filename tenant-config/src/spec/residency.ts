/**
 * The in-state residency (tuition classification) keys of SPEC §3: every `instate_` key plus
 * the nine named extras. Modelled on the Montana University System residency questionnaire
 * (Board of Regents Policy 940.1); the design note is tenant-config's gallatin/RESIDENCY.md.
 * Month/year pairs are two keys (`…_month`, `…_year`); dates are stored YYYY-MM-DD.
 */
// `import type` (not the inline form) is erased whole, so registry.ts importing this file
// makes no runtime cycle.
import type { KeyKind } from './registry.ts';

export const residencyKeys = {
  // The claim: "N" or unanswered skips the rest of the section.
  instate_claim: 'radio',

  // Whose residency counts: a dependent student is classified by the parent's or guardian's.
  instate_dependent: 'radio',

  // Where the applicant lives now and since when.
  instate_self_lives_mt: 'radio',
  instate_self_current_state: 'select',
  instate_self_away_reason: 'select',
  instate_self_housing: 'select',
  instate_self_lifelong: 'radio',
  instate_dependent_mt_since_month: 'month',
  instate_dependent_mt_since_year: 'year',
  instate_self_mt_since_month: 'month',
  instate_self_mt_since_year: 'year',
  instate_self_prior_state: 'select',
  instate_self_move_reason: 'select',
  other_state: 'radio',
  instate_other_state_name: 'select',
  instate_other_state_explain: 'textarea',

  // Parent or guardian of a dependent student.
  instate_parent_name: 'text',
  instate_parent_relationship: 'select',
  instate_parent_lives_mt: 'radio',
  instate_parent_state: 'select',
  instate_parent_mt_since_month: 'month',
  instate_parent_mt_since_year: 'year',
  instate_parent_absence: 'radio',
  instate_parent_absence_from: 'date',
  instate_parent_absence_to: 'date',
  instate_parent_absence_reason: 'text',
  instate_parent_tax_filed: 'radio',
  instate_parent_tax_state: 'select',
  instate_parent_tax_years: 'text',
  instate_parent_voter: 'radio',
  instate_parent_voter_state: 'select',
  instate_parent_dl: 'radio',
  instate_parent_dl_state: 'select',
  instate_parent_state_id: 'radio',
  instate_parent_vehicle: 'radio',
  instate_parent_vehicle_state: 'select',
  instate_parent_employed_mt: 'radio',
  instate_parent_employer: 'text',
  instate_parent_job_start_month: 'month',
  instate_parent_job_start_year: 'year',
  instate_parent_full_time: 'radio',

  // Independent student: self-support, marital status and the spouse's Montana employment.
  instate_self_support: 'radio',
  instate_marital_status: 'select',
  instate_spouse_employed_mt: 'radio',
  instate_spouse_employer: 'text',
  instate_spouse_job_start_month: 'month',
  instate_spouse_job_start_year: 'year',
  instate_spouse_full_time: 'radio',

  // Montana high school graduate route.
  accredited_hs_radio: 'radio',
  accredited_senior_year_hs: 'radio',
  instate_hs_yellowstone: 'radio',
  grad_in_or_after: 'radio',

  // The applicant's own acts of intent: tax, voter, licence, state ID, vehicle, employment.
  instate_self_tax_filed: 'radio',
  instate_self_tax_state: 'select',
  instate_self_tax_years: 'text',
  registered_voter: 'radio',
  instate_self_voter_state: 'select',
  instate_self_voter_month: 'month',
  instate_self_voter_year: 'year',
  instate_self_dl: 'radio',
  dl_state: 'select',
  dl_issue_day: 'date',
  montana_state_id: 'radio',
  instate_self_state_id_day: 'date',
  own_motor_vehicle: 'radio',
  instate_self_vehicle_state: 'select',
  instate_self_vehicle_month: 'month',
  instate_self_vehicle_year: 'year',
  instate_self_employed_mt: 'radio',
  instate_self_employer: 'text',
  instate_self_job_start_month: 'month',
  instate_self_job_start_year: 'year',
  instate_self_full_time: 'radio',
  instate_military_mt: 'radio',
  instate_self_enrolled: 'radio',
  instate_self_college_name: 'text',
  instate_self_college_state: 'select',

  // Absences from Montana in the last 12 months (add-another, up to 3).
  instate_self_absence: 'radio',
  instate_self_absence_1_from: 'date',
  instate_self_absence_1_to: 'date',
  instate_self_absence_1_reason: 'text',
  instate_self_absence_2_from: 'date',
  instate_self_absence_2_to: 'date',
  instate_self_absence_2_reason: 'text',
  instate_self_absence_3_from: 'date',
  instate_self_absence_3_to: 'date',
  instate_self_absence_3_reason: 'text',

  // Residence timeline, slots 1 to 4 (SPEC §9), newest first.
  instate_timeline_1_from_month: 'month',
  instate_timeline_1_from_year: 'year',
  instate_timeline_1_to_month: 'month',
  instate_timeline_1_to_year: 'year',
  instate_timeline_1_state: 'select',
  instate_timeline_1_city: 'text',
  instate_timeline_1_purpose: 'select',
  instate_timeline_2_from_month: 'month',
  instate_timeline_2_from_year: 'year',
  instate_timeline_2_to_month: 'month',
  instate_timeline_2_to_year: 'year',
  instate_timeline_2_state: 'select',
  instate_timeline_2_city: 'text',
  instate_timeline_2_purpose: 'select',
  instate_timeline_3_from_month: 'month',
  instate_timeline_3_from_year: 'year',
  instate_timeline_3_to_month: 'month',
  instate_timeline_3_to_year: 'year',
  instate_timeline_3_state: 'select',
  instate_timeline_3_city: 'text',
  instate_timeline_3_purpose: 'select',
  instate_timeline_4_from_month: 'month',
  instate_timeline_4_from_year: 'year',
  instate_timeline_4_to_month: 'month',
  instate_timeline_4_to_year: 'year',
  instate_timeline_4_state: 'select',
  instate_timeline_4_city: 'text',
  instate_timeline_4_purpose: 'select',

  // Anything else, and the applicant's statement that the answers are true.
  instate_additional: 'textarea',
  instate_certify: 'checkbox',
} as const satisfies Readonly<Record<string, KeyKind>>;

/** A residency answer key. */
export type ResidencyKey = keyof typeof residencyKeys;
