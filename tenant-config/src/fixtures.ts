/**
 * Test fixtures of the colleges' forms, for the tests of every package (tenant-config's own,
 * the server's routes and CLI, the browser journeys): one complete application, written once,
 * so a change of the form changes it in one place. `@admit/tenant-config/fixtures`; never
 * imported by the product.
 */
import { type Answers } from '@admit/form-model';

/**
 * A complete, realistic, valid application to the gallatin form (and to every college built
 * on the same questions): every required answer, nothing the answers hide.
 */
export const COMPLETE_APPLICATION: Readonly<Answers> = Object.freeze({
  first_name: 'Ada',
  last_name: 'Lovelace',
  mailing_country: 'USA',
  mailing_address_line_1: '101 Main St',
  mailing_city: 'Bozeman',
  mailing_state: 'MT',
  mailing_zip: '59715',
  mailing_addr_same_as_perm_addr: true,
  phone_mobile: '(406) 555-0123',
  optin_sms_ind: true,
  birth_date: '2008-03-27',
  us_citizen: 'Y',
  us_citizen_desc: 'Yes',
  entry_term: '202770',
  educational_goal: 'AAS',
  goal_two_year: 'WELDING',
  prev_gallatin: 'N',
  prev_attend_webapp: 'N',
  parent_education: 'BA',
  parent_degree_msu: 'N',
  diploma_ged: 'D',
  hs_name: 'Bozeman High School',
  hs_ceeb: '270100',
  grad_month: '6',
  grad_year: '2026',
  hs_gpa: '3.6',
  sat_taken: 'Y',
  sat_score_total: '1210',
  sat_score_math: '600',
  crime_no: true,
  pending_no: true,
  charges_no: true,
  register: 'N',
  certify_checkbox: true,
  obligation_checkbox: true,
  legal_agree: true,
});
