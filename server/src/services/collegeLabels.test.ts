/**
 * What staff read is in the college's own language (docs/architecture.md, "Languages"): an
 * applicant who applied in Spanish stored each choice's label as they saw it ("Estados
 * Unidos"), but the office's export, the staff CLI's export, the office's view and the service
 * view show the label of the chosen value in the college's language ("United States"), while
 * the applicant's own answers keep what they saw.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Answers } from '@admit/form-model';
import { COMPLETE_APPLICATION } from '@admit/tenant-config/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EXIT_OK } from '../cli/run.ts';
import { cliEnv, runAdmin } from '../test/cli.ts';
import { createTestContext, json, ORIGIN, signedIn, type TestContext } from '../test/context.ts';
import { answerRules } from './applications.ts';
import { inCollegeLanguage } from './collegeLabels.ts';
import { createOffice, csvExport, jsonExport } from './office.ts';
import { optionLists } from './texts.ts';
import { createViewTokens } from './viewTokens.ts';

/** The labels a Spanish-speaking applicant saw and stored, by answer key. */
const AS_SEEN_IN_SPANISH = {
  mailing_country_desc: 'Estados Unidos',
  us_citizen_desc: 'Sí',
  entry_term_desc: 'Otoño 2027 (agosto)',
  goal_two_year_desc: 'Soldadura y Fabricación',
  parent_education_desc: 'Licenciatura (bachelor’s degree)',
} as const;

/** The same choices in the college's own language (gallatin is written in English). */
const IN_COLLEGE_LANGUAGE = {
  mailing_country_desc: 'United States',
  us_citizen_desc: 'Yes',
  entry_term_desc: 'Fall 2027 (August)',
  goal_two_year_desc: 'Welding and Fabrication',
  parent_education_desc: "Bachelor's degree",
} as const;

let ctx: TestContext;
let scratch: string;
let username = '';
let reference = '';
beforeAll(async () => {
  ctx = await createTestContext();
  scratch = mkdtempSync(join(tmpdir(), 'admit-college-labels-'));
  // An applicant who chose Spanish (the admit-lang cookie) answers and submits.
  username = 'sofia@example.com';
  const session = await signedIn(ctx.app, username);
  const cookie = [
    ...session.split('; ').filter((pair) => !pair.startsWith('admit-lang=')),
    'admit-lang=es',
  ].join('; ');
  const call = (method: 'PUT' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload }),
    });
  const answers: Answers = {
    ...COMPLETE_APPLICATION,
    first_name: 'Sofía',
    last_name: 'Ramírez',
    ...AS_SEEN_IN_SPANISH,
  };
  expect((await call('PUT', '/api/answer', answers)).statusCode).toBe(200);
  await call('PUT', '/api/tabs', { tab_id: 'decision_essay', chosen_tab: 'upload' });
  const submitted = await call('POST', '/api/submit');
  expect(submitted.statusCode, submitted.body).toBe(200);
  const row = await ctx.db.selectFrom('applications').select('reference').executeTakeFirstOrThrow();
  reference = row.reference ?? '';
});
afterAll(async () => {
  await ctx.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}

function expectCollegeLanguage(written: string) {
  for (const label of Object.values(IN_COLLEGE_LANGUAGE)) expect(written).toContain(label);
  for (const label of Object.values(AS_SEEN_IN_SPANISH)) expect(written).not.toContain(label);
}

describe("staff read a Spanish applicant's choices in the college's language", () => {
  it("the office's CSV and JSON exports (and the JSON's data dictionary)", async () => {
    const office = createOffice({ db: ctx.db, tenant: ctx.tenant, ssn: ctx.ssn });
    const rows = () => office.exportRows({}, '-submitted', false);
    const csv = await collect(csvExport(office.columns(), rows()));
    expectCollegeLanguage(csv);
    const exported = JSON.parse(await collect(jsonExport(office.columns(), rows()))) as {
      columns: { key: string; label: string }[];
      applications: { answers: Answers }[];
    };
    const [application] = exported.applications;
    expect(application?.answers).toMatchObject(IN_COLLEGE_LANGUAGE);
    // The values themselves are as stored.
    expect(application?.answers).toMatchObject({ mailing_country: 'USA', us_citizen: 'Y' });
    const dictionary = new Map(exported.columns.map((column) => [column.key, column.label]));
    expect(dictionary.get('us_citizen_desc')).toMatch(/^Are you a citizen of the United States/);
  });

  it("the office's view of the application", async () => {
    const office = createOffice({ db: ctx.db, tenant: ctx.tenant, ssn: ctx.ssn });
    const { application } = await office.view(reference);
    const printed = JSON.stringify(application.model);
    expect(printed).toContain('United States');
    expect(printed).toContain('Fall 2027 (August)');
    expect(printed).not.toContain('Estados Unidos');
  });

  it("the staff CLI's export (admin export)", async () => {
    const dir = join(scratch, 'export');
    const run = await runAdmin(['export', dir], { env: cliEnv(ctx), cwd: scratch });
    expect(run.code, run.stderr).toBe(EXIT_OK);
    expectCollegeLanguage(readFileSync(join(dir, 'applications.csv'), 'utf8'));
    const stored = JSON.parse(readFileSync(join(dir, 'applications.json'), 'utf8')) as unknown;
    expectCollegeLanguage(JSON.stringify(stored));
  });

  it('the service view', async () => {
    const tokens = createViewTokens({
      db: ctx.db,
      clock: ctx.now,
      rules: answerRules(ctx.tenant),
      ssn: ctx.ssn,
    });
    const { token } = await tokens.createServiceToken(username);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/service/tmp-pdf?service_token=${encodeURIComponent(token)}`,
      headers: { cookie: 'admit-lang=es', 'accept-language': 'es' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ answer: Answers }>(response).answer).toMatchObject(IN_COLLEGE_LANGUAGE);
  });

  it('the applicant still reads what they saw', async () => {
    const stored = await ctx.db
      .selectFrom('applications')
      .select('answers')
      .executeTakeFirstOrThrow();
    expect(stored.answers).toMatchObject(AS_SEEN_IN_SPANISH);
  });
});

describe('inCollegeLanguage', () => {
  const lists = optionLists('en');
  it('keeps a stored label whose value no option has now, and leaves unanswered choices alone', () => {
    const answers: Answers = {
      entry_term: '199970',
      entry_term_desc: 'Otoño 1999',
      us_citizen: '',
      us_citizen_desc: '',
    };
    expect(inCollegeLanguage(ctx.tenant.pages, answers, lists)).toBe(answers);
  });

  it('labels by value from the lists of the language given', () => {
    const answers: Answers = { mailing_country: 'MEX', mailing_country_desc: 'México' };
    expect(inCollegeLanguage(ctx.tenant.pages, answers, lists).mailing_country_desc).toBe('Mexico');
    expect(
      inCollegeLanguage(ctx.tenant.pages, { mailing_country: 'MEX' }, optionLists('es'))
        .mailing_country_desc,
    ).toBe('México');
  });
});
