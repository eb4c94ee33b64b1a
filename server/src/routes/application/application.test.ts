import {
  type Answers,
  clearHiddenAnswers,
  ERROR_CODES,
  englishMessages,
  validateAnswers,
} from '@admit/form-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CROSS_SITE_MESSAGE } from '../../plugins/external/security.ts';
import { answerRules, applicationMessages } from '../../services/applications.ts';
import { SESSION_INVALID_MESSAGE } from '../../services/errors.ts';
import { SESSION_IDLE_MS } from '../../services/sessions.ts';
import {
  cookieHeader,
  createTestContext,
  GOOD_PASSWORD,
  json,
  ORIGIN,
  signedIn,
  type TestContext,
} from '../../test/context.ts';
import { COMPLETE_APPLICATION } from '@admit/tenant-config/fixtures';
import { english } from '../../services/texts.ts';

const messages = englishMessages();

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'PUT' | 'POST';

interface CallOptions {
  cookie?: string;
  payload?: unknown;
  /** The Origin header; same-origin unless told, and none at all with `null`. */
  origin?: string | null;
}

/** One call to the API, as the SPA makes it: JSON, from our own origin. */
function call(method: Method, url: string, options: CallOptions = {}) {
  const headers: Record<string, string> = {};
  if (options.cookie !== undefined) headers.cookie = options.cookie;
  if (method !== 'GET' && options.origin !== null) headers.origin = options.origin ?? ORIGIN;
  return ctx.app.inject({
    method,
    url,
    headers,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

/** A call with a raw JSON body, for what `JSON.stringify` would never produce. */
function sendRaw(url: string, raw: string, cookie: string, method: Method = 'PUT') {
  return ctx.app.inject({
    method,
    url,
    payload: raw,
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
  });
}

let applicants = 0;
/** A fresh, signed-in applicant for each test: nothing leaks from one test into another. */
async function applicant(): Promise<{ username: string; cookie: string }> {
  applicants += 1;
  const username = `applicant-${applicants}@example.com`;
  return { username, cookie: await signedIn(ctx.app, username) };
}

/** A second session of the same account ("another tab", or another device). */
async function loginAgain(username: string): Promise<string> {
  const login = await call('POST', '/public/login', {
    payload: { username, password: GOOD_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  return cookieHeader(login);
}

/** The applicant's row as stored, read straight from the database. */
async function storedRow(username: string) {
  return ctx.db
    .selectFrom('applications')
    .innerJoin('accounts', 'accounts.id', 'applications.account_id')
    .select([
      'applications.answers',
      'applications.last_page',
      'applications.tabs',
      'applications.add_another',
      'applications.validations',
      'applications.submitted_at',
      'applications.updated_at',
      'applications.reference',
    ])
    .where('accounts.username', '=', username)
    .executeTakeFirstOrThrow();
}

/** The applicant's stored web statuses, in lifecycle order. */
async function storedStatuses(username: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('web_statuses')
    .innerJoin('accounts', 'accounts.id', 'web_statuses.account_id')
    .select('web_statuses.web_status')
    .where('accounts.username', '=', username)
    .execute();
  const order = ['started', 'validating', 'submitted'];
  return rows.map((row) => row.web_status).sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

interface Profile {
  answer: Answers;
  document_answer: Record<string, unknown>;
  username: string;
  last_page: string;
  successful_login: { logged_in_at: string }[];
  web_status: { web_status: string }[];
}

async function profile(cookie: string): Promise<Profile> {
  const response = await call('GET', '/api/profile', { cookie });
  expect(response.statusCode).toBe(200);
  return json<Profile>(response);
}

async function saveAnswers(cookie: string, answers: Answers): Promise<void> {
  const response = await call('PUT', '/api/answer', { cookie, payload: answers });
  expect(response.statusCode, response.body).toBe(200);
}

describe('GET /api/profile', () => {
  it('answers with SPEC §3 profile shape for a new applicant', async () => {
    const { username, cookie } = await applicant();
    expect(await profile(cookie)).toEqual({
      answer: {},
      document_answer: {},
      username,
      last_page: '',
      successful_login: [{ logged_in_at: expect.any(String) as string }],
      web_status: [],
    });
  });

  it('lists one successful login per login: logging in twice gives 2', async () => {
    const { username, cookie } = await applicant();
    await loginAgain(username);
    const { successful_login } = await profile(cookie);
    expect(successful_login).toHaveLength(2);
    for (const login of successful_login)
      expect(Number.isNaN(Date.parse(login.logged_in_at))).toBe(false);
  });

  it("is the signed-in applicant's own: B never sees A's answers", async () => {
    const a = await applicant();
    const b = await applicant();
    await saveAnswers(a.cookie, { first_name: 'Ada' });
    await saveAnswers(b.cookie, { last_name: 'Byron' });
    const ofB = await profile(b.cookie);
    expect(ofB.username).toBe(b.username);
    expect(ofB.answer).toEqual({ last_name: 'Byron' });
    const ofA = await profile(a.cookie);
    expect(ofA.username).toBe(a.username);
    expect(ofA.answer).toEqual({ first_name: 'Ada' });
  });
});

describe('PUT /api/answer', () => {
  it('saves answers and merges them per key: two saves of different keys both survive', async () => {
    const { cookie } = await applicant();
    const first = await call('PUT', '/api/answer', { cookie, payload: { first_name: 'Ada' } });
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual({ message: english(applicationMessages.saved) });
    await saveAnswers(cookie, { last_name: 'Lovelace' });
    await saveAnswers(cookie, { first_name: 'Augusta', middle_name: '' });
    expect((await profile(cookie)).answer).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      middle_name: '',
    });
  });

  it('keeps all 20 keys saved at once from two sessions of one account ("two tabs")', async () => {
    const { username, cookie } = await applicant();
    const otherTab = await loginAgain(username);
    const keys = [...answerRules(ctx.tenant)]
      .filter(
        ([key, rule]) => rule.kind === 'string' && rule.maxLength >= 20 && !key.endsWith('_desc'),
      )
      .map(([key]) => key)
      .slice(0, 20);
    expect(keys).toHaveLength(20);
    const responses = await Promise.all(
      keys.map((key, index) =>
        call('PUT', '/api/answer', {
          cookie: index % 2 === 0 ? cookie : otherTab,
          payload: { [key]: `value ${index}` },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(keys.map(() => 200));
    const { answers } = await storedRow(username);
    expect(answers).toEqual(Object.fromEntries(keys.map((key, index) => [key, `value ${index}`])));
  });

  it("merges one applicant's saves from two sessions in one batch in arrival order: the later wins per key", async () => {
    const { username, cookie } = await applicant();
    const otherDevice = await loginAgain(username);
    const responses = await Promise.all([
      call('PUT', '/api/answer', { cookie, payload: { first_name: 'First', last_name: 'Kept' } }),
      call('PUT', '/api/answer', { cookie: otherDevice, payload: { first_name: 'Second' } }),
      call('PUT', '/api/answer', { cookie, payload: { first_name: 'Third', county: 'Gallatin' } }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect((await storedRow(username)).answers).toEqual({
      first_name: 'Third',
      last_name: 'Kept',
      county: 'Gallatin',
    });
  });

  it('saves of 30 applicants sent together (one batch, one statement) each land in their own application only', async () => {
    const people = await Promise.all(Array.from({ length: 30 }, () => applicant()));
    const responses = await Promise.all(
      people.map(({ cookie }, index) =>
        call('PUT', '/api/answer', {
          cookie,
          payload: { first_name: `Person ${index}`, county: `County ${index}` },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(people.map(() => 200));
    const stored = await Promise.all(people.map(({ username }) => storedRow(username)));
    expect(stored.map((row) => row.answers)).toEqual(
      people.map((_person, index) => ({
        first_name: `Person ${index}`,
        county: `County ${index}`,
      })),
    );
  });

  it('refuses (409) only the submitted applicant of saves sent together; the others are stored', async () => {
    const submitted = await applicant();
    await saveAnswers(submitted.cookie, COMPLETE_APPLICATION);
    expect((await call('POST', '/api/submit', { cookie: submitted.cookie })).statusCode).toBe(200);
    const before = await storedRow(submitted.username);
    const others = await Promise.all([applicant(), applicant(), applicant()]);
    const responses = await Promise.all(
      [submitted, ...others].map(({ cookie }) =>
        call('PUT', '/api/answer', { cookie, payload: { middle_name: 'Byron' } }),
      ),
    );
    const [refused, ...saved] = responses;
    if (refused === undefined) throw new Error('no response to the submitted applicant’s save');
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({ message: english(applicationMessages.alreadySubmitted) });
    expect(saved.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect((await storedRow(submitted.username)).answers).toEqual(before.answers);
    for (const { username } of others) {
      expect((await storedRow(username)).answers).toEqual({ middle_name: 'Byron' });
    }
  });

  it('accepts the _desc companion of a select and of a radio (SPEC §3)', async () => {
    const { cookie } = await applicant();
    const companions = {
      us_citizen: 'Y',
      us_citizen_desc: 'Yes',
      gallatin_refer: 'WEB',
      gallatin_refer_desc: 'Gallatin College website',
    };
    await saveAnswers(cookie, companions);
    expect((await profile(cookie)).answer).toEqual(companions);
  });

  it('accepts the empty string for any key (the empty answer), and a boolean for a checkbox', async () => {
    const { cookie } = await applicant();
    await saveAnswers(cookie, {
      first_name: '',
      legal_agree: true,
      crime_no: '',
      optin_sms_ind: false,
    });
    expect((await profile(cookie)).answer).toEqual({
      first_name: '',
      legal_agree: true,
      crime_no: '',
      optin_sms_ind: false,
    });
  });

  it('refuses an unknown key with 400 naming it, and stores the rest of the request', async () => {
    const { username, cookie } = await applicant();
    await saveAnswers(cookie, { first_name: 'Ada' });
    const response = await call('PUT', '/api/answer', {
      cookie,
      payload: { first_name: 'Grace', last_name: 'Hopper', favourite_colour: 'blue' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(
      english(applicationMessages.unknownKeys(['favourite_colour'])),
    );
    expect(json(response).code).toBe(ERROR_CODES.answersRefused);
    expect(json(response).errors).toEqual({
      favourite_colour: [english(applicationMessages.unknownOne)],
    });
    expect((await storedRow(username)).answers).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
    });
  });

  it('one refused answer does not keep the others of a save from being stored (a college name over 100, a CEEB)', async () => {
    const { username, cookie } = await applicant();
    const response = await call('PUT', '/api/answer', {
      cookie,
      payload: { college_name: 'c'.repeat(101), college_ceeb: '4488' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).errors).toEqual({ college_name: [messages.maxLength(100)] });
    expect((await storedRow(username)).answers).toEqual({ college_ceeb: '4488' });
  });

  it('a save stored in part keeps the session alive and tells the idle prompt its life left, as a save stored whole does (fake clock)', async () => {
    const { username, cookie } = await applicant();
    const msLeft = (response: { headers: Record<string, unknown> }) =>
      Number(response.headers['admit-session-ms-left']);
    ctx.advance(10 * 60_000);
    const whole = await call('PUT', '/api/answer', { cookie, payload: { first_name: 'Ada' } });
    expect(whole.statusCode).toBe(200);
    // The test clock runs on from its fake start: allow the second the requests take.
    expect(msLeft(whole)).toBeGreaterThan(SESSION_IDLE_MS - 1000);
    expect(msLeft(whole)).toBeLessThanOrEqual(SESSION_IDLE_MS);
    ctx.advance(10 * 60_000);
    const part = await call('PUT', '/api/answer', {
      cookie,
      payload: { college_name: 'c'.repeat(101), college_ceeb: '4488' },
    });
    expect(part.statusCode).toBe(400);
    expect(json(part).code).toBe(ERROR_CODES.answersRefused);
    expect(msLeft(part)).toBeGreaterThan(SESSION_IDLE_MS - 1000);
    expect(msLeft(part)).toBeLessThanOrEqual(SESSION_IDLE_MS);
    // 20 minutes after the save stored whole: only the one stored in part kept the session.
    ctx.advance(10 * 60_000);
    const later = await call('PUT', '/api/answer', { cookie, payload: { last_name: 'Lovelace' } });
    expect(later.statusCode, later.body).toBe(200);
    expect((await storedRow(username)).answers).toEqual({
      first_name: 'Ada',
      college_ceeb: '4488',
      last_name: 'Lovelace',
    });
  });

  it('a save refused whole (nothing stored) still meets a dead session with 401 first', async () => {
    const { cookie } = await applicant();
    ctx.advance(SESSION_IDLE_MS + 1000);
    const response = await call('PUT', '/api/answer', {
      cookie,
      payload: { college_name: 'c'.repeat(101) },
    });
    expect(response.statusCode).toBe(401);
    expect(json(response).message).toBe(english(SESSION_INVALID_MESSAGE));
  });

  it("refuses a value over the question's limit (400) and leaves it as it was", async () => {
    const { username, cookie } = await applicant();
    // The limits themselves are accepted: text 45, the tenant's textarea 7000.
    await saveAnswers(cookie, { first_name: 'a'.repeat(45), decision_essay: 'e'.repeat(7000) });
    const before = await storedRow(username);
    for (const [key, value] of [
      ['first_name', 'b'.repeat(46)],
      ['decision_essay', 'f'.repeat(7001)],
    ] as const) {
      const response = await call('PUT', '/api/answer', {
        cookie,
        payload: { last_name: 'Lovelace', [key]: value },
      });
      expect(response.statusCode, key).toBe(400);
      expect(json(response).message).toBe(english(applicationMessages.tooLong([key])));
    }
    // The refused answers are unchanged; the valid one beside them is stored.
    expect((await storedRow(username)).answers).toEqual({
      ...before.answers,
      last_name: 'Lovelace',
    });
  });

  it('counts characters as a person does: 45 emoji fit a 45-character name', async () => {
    const { cookie } = await applicant();
    await saveAnswers(cookie, { first_name: '😀'.repeat(45) });
    const response = await call('PUT', '/api/answer', {
      cookie,
      payload: { first_name: '😀'.repeat(46) },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a boolean for a text key and a non-empty string for a checkbox (400), leaving them as they were', async () => {
    const { username, cookie } = await applicant();
    await saveAnswers(cookie, { first_name: 'Ada', legal_agree: true });
    const before = await storedRow(username);
    for (const payload of [
      { first_name: true },
      { legal_agree: 'yes' },
      { us_citizen_desc: false },
    ]) {
      const response = await call('PUT', '/api/answer', {
        cookie,
        payload: { last_name: 'Lovelace', ...payload },
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(response).message).toBe(
        english(applicationMessages.wrongType(Object.keys(payload))),
      );
    }
    expect((await storedRow(username)).answers).toEqual({
      ...before.answers,
      last_name: 'Lovelace',
    });
  });

  it('refuses numbers, null, objects, arrays and a missing body by schema (400), changing nothing', async () => {
    const { username, cookie } = await applicant();
    await saveAnswers(cookie, { first_name: 'Ada' });
    const before = await storedRow(username);
    for (const payload of [
      { first_name: 5 },
      { first_name: null },
      { first_name: { value: 'Ada' } },
      { first_name: ['Ada'] },
      ['Ada'],
    ]) {
      const response = await call('PUT', '/api/answer', { cookie, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(response).message).toEqual(expect.any(String));
    }
    const empty = await call('PUT', '/api/answer', { cookie });
    expect(empty.statusCode).toBe(400);
    expect(await storedRow(username)).toEqual(before);
  });

  it('regression: text PostgreSQL cannot store (NUL, a lone surrogate) was a 500; it is a 400 and changes nothing', async () => {
    const { username, cookie } = await applicant();
    await saveAnswers(cookie, { first_name: 'Ada' });
    const before = await storedRow(username);
    // Raw JSON: the escapes reach the server exactly as a client could send them.
    for (const [raw, key] of [
      ['{"first_name":"A\\u0000da"}', 'first_name'],
      ['{"first_name":"A\\ud800da"}', 'first_name'],
      ['{"last_name":"\\udc00"}', 'last_name'],
      ['{"last_name":"Byron", "decision_essay":"\\ud83d"}', 'decision_essay'],
    ] as const) {
      const response = await sendRaw('/api/answer', raw, cookie);
      expect(response.statusCode, raw).toBe(400);
      expect(json(response).message).toBe(english(applicationMessages.unstorable([key])));
    }
    // A well-formed surrogate pair is one character, and fine.
    expect(
      (await sendRaw('/api/answer', '{"last_name":"\\ud83d\\ude00"}', cookie)).statusCode,
    ).toBe(200);
    expect((await storedRow(username)).answers).toEqual({ ...before.answers, last_name: '😀' });
  });

  it('refuses a line break or control character in a one-line answer (regression: last_name "Line\\nBreak" was accepted, then the application PDF failed for good)', async () => {
    const { username, cookie } = await applicant();
    await saveAnswers(cookie, { first_name: 'Ada', last_name: 'Lovelace' });
    const before = await storedRow(username);
    for (const [payload, key] of [
      [{ last_name: 'Line\nBreak' }, 'last_name'],
      [{ first_name: 'A\rda' }, 'first_name'],
      [{ first_name: 'A\tda' }, 'first_name'],
      [{ last_name: 'Love\u0007lace' }, 'last_name'],
      [{ last_name: 'Love\u0085lace' }, 'last_name'],
      [{ last_name: 'Love\u2028lace' }, 'last_name'],
      [{ us_citizen_desc: 'Yes\n' }, 'us_citizen_desc'],
    ] as const) {
      const response = await call('PUT', '/api/answer', { cookie, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(response)).toEqual({
        message: english(applicationMessages.notOneLine([key])),
        code: ERROR_CODES.answersRefused,
        errors: { [key]: [messages.singleLine] },
      });
    }
    expect(await storedRow(username)).toEqual(before);
    // A textarea keeps its paragraphs and tabs.
    await saveAnswers(cookie, { decision_essay: 'First paragraph.\n\n\tSecond one.\r\n' });
    expect((await storedRow(username)).answers.decision_essay).toBe(
      'First paragraph.\n\n\tSecond one.\r\n',
    );
  });
});

describe('POST /api/web-status', () => {
  it("records 'started' then 'validating' once each, however often they are posted (retries are harmless)", async () => {
    const { username, cookie } = await applicant();
    for (const webStatus of [
      'started',
      'started',
      'started',
      'validating',
      'validating',
      'validating',
    ]) {
      const response = await call('POST', '/api/web-status', {
        cookie,
        payload: { web_status: webStatus },
      });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ message: english(applicationMessages.status) });
    }
    expect(await storedStatuses(username)).toEqual(['started', 'validating']);
    expect((await profile(cookie)).web_status).toEqual([
      { web_status: 'started' },
      { web_status: 'validating' },
    ]);
  });

  it("refuses 'submitted' (403): only Submit submits", async () => {
    const { username, cookie } = await applicant();
    await call('POST', '/api/web-status', { cookie, payload: { web_status: 'started' } });
    const response = await call('POST', '/api/web-status', {
      cookie,
      payload: { web_status: 'submitted' },
    });
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toBe(english(applicationMessages.submitOnly));
    expect(await storedStatuses(username)).toEqual(['started']);
    expect((await storedRow(username)).submitted_at).toBeNull();
  });

  it("records both 'started' and 'validating' when 'validating' comes first, in lifecycle order", async () => {
    const { username, cookie } = await applicant();
    const response = await call('POST', '/api/web-status', {
      cookie,
      payload: { web_status: 'validating' },
    });
    expect(response.statusCode).toBe(200);
    expect(await storedStatuses(username)).toEqual(['started', 'validating']);
    expect((await profile(cookie)).web_status).toEqual([
      { web_status: 'started' },
      { web_status: 'validating' },
    ]);
  });

  it('refuses a status SPEC §4 does not know (400)', async () => {
    const { username, cookie } = await applicant();
    for (const payload of [{ web_status: 'none' }, { web_status: 'done' }, { web_status: 2 }, {}]) {
      const response = await call('POST', '/api/web-status', { cookie, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await storedStatuses(username)).toEqual([]);
  });
});

describe('PUT /api/last-page', () => {
  it("stores a page's route, with or without the leading slash", async () => {
    const { username, cookie } = await applicant();
    const response = await call('PUT', '/api/last-page', {
      cookie,
      payload: { last_page: 'education' },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: english(applicationMessages.lastPage) });
    expect((await profile(cookie)).last_page).toBe('education');
    await call('PUT', '/api/last-page', { cookie, payload: { last_page: '/final-steps' } });
    expect((await storedRow(username)).last_page).toBe('final-steps');
    expect((await profile(cookie)).last_page).toBe('final-steps');
  });

  it('refuses a page that is not a form page (400) and keeps the stored one', async () => {
    const { username, cookie } = await applicant();
    await call('PUT', '/api/last-page', { cookie, payload: { last_page: 'about' } });
    for (const page of ['nowhere', '/login', '/completion', '']) {
      const response = await call('PUT', '/api/last-page', {
        cookie,
        payload: { last_page: page },
      });
      expect(response.statusCode, page).toBe(400);
      expect(json(response).message).toBe(english(applicationMessages.unknownPage(page)));
    }
    expect((await call('PUT', '/api/last-page', { cookie, payload: {} })).statusCode).toBe(400);
    expect((await storedRow(username)).last_page).toBe('about');
  });
});

describe('GET and PUT /api/tabs', () => {
  it('stores the chosen tab per tab group and answers with the map', async () => {
    const { username, cookie } = await applicant();
    const empty = await call('GET', '/api/tabs', { cookie });
    expect(empty.statusCode).toBe(200);
    expect(json(empty)).toEqual({});
    const put = await call('PUT', '/api/tabs', {
      cookie,
      payload: { tab_id: 'decision_essay', chosen_tab: 'upload' },
    });
    expect(put.statusCode).toBe(200);
    expect(json(put)).toEqual({ decision_essay: 'upload' });
    expect(json(await call('GET', '/api/tabs', { cookie }))).toEqual({ decision_essay: 'upload' });
    await call('PUT', '/api/tabs', {
      cookie,
      payload: { tab_id: 'decision_essay', chosen_tab: 'write' },
    });
    expect((await storedRow(username)).tabs).toEqual({ decision_essay: 'write' });
  });

  it('refuses an unknown tab group or tab (400) and keeps the stored map', async () => {
    const { username, cookie } = await applicant();
    await call('PUT', '/api/tabs', {
      cookie,
      payload: { tab_id: 'decision_essay', chosen_tab: 'upload' },
    });
    for (const payload of [
      { tab_id: 'life_story', chosen_tab: 'upload' },
      { tab_id: 'decision_essay', chosen_tab: 'video' },
    ]) {
      const response = await call('PUT', '/api/tabs', { cookie, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(response).message).toBe(english(applicationMessages.unknownTab));
    }
    expect(
      (await call('PUT', '/api/tabs', { cookie, payload: { tab_id: 'decision_essay' } }))
        .statusCode,
    ).toBe(400);
    expect((await storedRow(username)).tabs).toEqual({ decision_essay: 'upload' });
  });
});

describe('GET and PUT /api/add-another', () => {
  const DEFAULTS = { parent: 1, college: 1, instate_absence: 1, instate_timeline: 1 };

  it('answers 1 for every add-another button of the college by default (SPEC §3)', async () => {
    const { cookie } = await applicant();
    const response = await call('GET', '/api/add-another', { cookie });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual(DEFAULTS);
  });

  it('stores 1 to the button’s max and answers with the whole map', async () => {
    const { username, cookie } = await applicant();
    // gallatin: 2 parents, 3 colleges, 4 residences.
    for (const count of [1, 2, 3]) {
      const response = await call('PUT', '/api/add-another', {
        cookie,
        payload: { button_id: 'college', num_components: count },
      });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ ...DEFAULTS, college: count });
    }
    await call('PUT', '/api/add-another', {
      cookie,
      payload: { button_id: 'instate_timeline', num_components: 4 },
    });
    expect(json(await call('GET', '/api/add-another', { cookie }))).toEqual({
      ...DEFAULTS,
      college: 3,
      instate_timeline: 4,
    });
    expect((await storedRow(username)).add_another).toEqual({ college: 3, instate_timeline: 4 });
  });

  it('refuses 0, max + 1, 11, a non-integer and an unknown button (400), keeping the stored counts', async () => {
    const { username, cookie } = await applicant();
    await call('PUT', '/api/add-another', {
      cookie,
      payload: { button_id: 'college', num_components: 2 },
    });
    for (const count of [0, 4, 11, -1]) {
      const response = await call('PUT', '/api/add-another', {
        cookie,
        payload: { button_id: 'college', num_components: count },
      });
      expect(response.statusCode, String(count)).toBe(400);
      expect(json(response).message).toBe(english(applicationMessages.tooMany(3)));
    }
    const timeline = await call('PUT', '/api/add-another', {
      cookie,
      payload: { button_id: 'instate_timeline', num_components: 5 },
    });
    expect(timeline.statusCode).toBe(400);
    expect(json(timeline).message).toBe(english(applicationMessages.tooMany(4)));
    for (const count of [1.5, '2', null]) {
      const response = await call('PUT', '/api/add-another', {
        cookie,
        payload: { button_id: 'college', num_components: count },
      });
      expect(response.statusCode, String(count)).toBe(400);
    }
    const unknown = await call('PUT', '/api/add-another', {
      cookie,
      payload: { button_id: 'pets', num_components: 1 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).message).toBe(english(applicationMessages.unknownButton));
    expect((await storedRow(username)).add_another).toEqual({ college: 2 });
  });
});

describe('POST /api/validations', () => {
  it('keeps the latest error map per applicant', async () => {
    const { username, cookie } = await applicant();
    const first = await call('POST', '/api/validations', {
      cookie,
      payload: { first_name: ['First Name'], last_name: ['Last Name'] },
    });
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual({ message: english(applicationMessages.validations) });
    expect((await storedRow(username)).validations).toEqual({
      first_name: ['First Name'],
      last_name: ['Last Name'],
    });
    await call('POST', '/api/validations', { cookie, payload: { mailing_city: ['City'] } });
    expect((await storedRow(username)).validations).toEqual({ mailing_city: ['City'] });
    await call('POST', '/api/validations', { cookie, payload: {} });
    expect((await storedRow(username)).validations).toEqual({});
  });

  it('refuses unknown keys and malformed maps (400), keeping the stored map', async () => {
    const { username, cookie } = await applicant();
    await call('POST', '/api/validations', { cookie, payload: { first_name: ['First Name'] } });
    const unknown = await call('POST', '/api/validations', {
      cookie,
      payload: { first_name: ['First Name'], shoe_size: ['Required'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).message).toBe(english(applicationMessages.unknownKeys(['shoe_size'])));
    for (const payload of [{ first_name: 'First Name' }, { first_name: [1] }, ['first_name']]) {
      const response = await call('POST', '/api/validations', { cookie, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await storedRow(username)).validations).toEqual({ first_name: ['First Name'] });
  });

  it('regression: a message PostgreSQL cannot store was a 500; it is a 400 and changes nothing', async () => {
    const { username, cookie } = await applicant();
    await call('POST', '/api/validations', { cookie, payload: { first_name: ['First Name'] } });
    const response = await sendRaw(
      '/api/validations',
      '{"last_name":["Last\\u0000Name"]}',
      cookie,
      'POST',
    );
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(english(applicationMessages.unstorable(['last_name'])));
    expect((await storedRow(username)).validations).toEqual({ first_name: ['First Name'] });
  });
});

describe('POST /api/submit', () => {
  it('refuses an empty application with 400 and the error map; the status stays validating', async () => {
    const { username, cookie } = await applicant();
    await call('POST', '/api/web-status', { cookie, payload: { web_status: 'started' } });
    const response = await call('POST', '/api/submit', { cookie });
    expect(response.statusCode).toBe(400);
    const body = json<{ message: string; errors: Record<string, string[]> }>(response);
    expect(body.message).toBe(english(applicationMessages.missing));
    expect(body.errors).toEqual(
      validateAnswers(ctx.tenant.pages, {}, { now: ctx.now(), messages }),
    );
    expect(body.errors.first_name).toEqual(['First Name']);
    expect(body.errors.mailing_city).toEqual(['City']);
    expect(body.errors.us_citizen).toEqual(['Are you a citizen of the United States?']);
    expect(await storedStatuses(username)).toEqual(['started', 'validating']);
    const row = await storedRow(username);
    expect(row.submitted_at).toBeNull();
    expect(row.validations).toEqual(body.errors);
    // Still open: the applicant fixes what is missing.
    await saveAnswers(cookie, { first_name: 'Ada' });
  });

  it("regression: a refused submit rolled back its own 'validating' (the 400 was thrown inside the transaction)", async () => {
    const { username, cookie } = await applicant();
    // The client's own post of 'validating' may fail or not happen; submit records it itself.
    expect((await call('POST', '/api/submit', { cookie })).statusCode).toBe(400);
    expect(await storedStatuses(username)).toEqual(['started', 'validating']);
    expect((await profile(cookie)).web_status).toEqual([
      { web_status: 'started' },
      { web_status: 'validating' },
    ]);
  });

  it('submits a complete application, storing the cleared answers, and then refuses every write (409)', async () => {
    const { username, cookie } = await applicant();
    // Hidden answers: the permanent address (same as mailing) and the typed essay (upload chosen).
    const saved = {
      ...COMPLETE_APPLICATION,
      city: 'Helena',
      state: 'MT',
      decision_essay: 'Typed first, then uploaded instead.',
    };
    await saveAnswers(cookie, saved);
    await call('PUT', '/api/tabs', {
      cookie,
      payload: { tab_id: 'decision_essay', chosen_tab: 'upload' },
    });
    await call('POST', '/api/web-status', { cookie, payload: { web_status: 'started' } });
    await call('POST', '/api/web-status', { cookie, payload: { web_status: 'validating' } });

    const response = await call('POST', '/api/submit', { cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({
      message: 'Your application was successfully submitted.',
      reference_number: expect.stringMatching(/^GAL-[0-9A-Z]{4}-[0-9A-Z]{4}$/) as string,
    });

    const mine = await profile(cookie);
    expect(mine.web_status).toEqual([
      { web_status: 'started' },
      { web_status: 'validating' },
      { web_status: 'submitted' },
    ]);
    expect(mine.answer.city).toBe('');
    expect(mine.answer.state).toBe('');
    expect(mine.answer.decision_essay).toBe('');
    expect(mine.answer.first_name).toBe('Ada');
    const row = await storedRow(username);
    expect(row.answers).toEqual(
      clearHiddenAnswers(ctx.tenant.pages, saved, { tabs: { decision_essay: 'upload' } }),
    );
    expect(row.submitted_at).toBeInstanceOf(Date);
    expect(row.validations).toEqual({});

    // After submission nothing changes (ARCHITECTURE step 5).
    const writes: [Method, string, unknown][] = [
      ['PUT', '/api/answer', { first_name: 'Grace' }],
      ['PUT', '/api/last-page', { last_page: 'education' }],
      ['POST', '/api/web-status', { web_status: 'validating' }],
      ['PUT', '/api/tabs', { tab_id: 'decision_essay', chosen_tab: 'write' }],
      ['PUT', '/api/add-another', { button_id: 'college', num_components: 2 }],
      ['POST', '/api/validations', { first_name: ['First Name'] }],
    ];
    for (const [method, url, payload] of writes) {
      const refused = await call(method, url, { cookie, payload });
      expect(refused.statusCode, url).toBe(409);
      expect(json(refused).message).toBe(english(applicationMessages.alreadySubmitted));
    }
    expect(await storedRow(username)).toEqual(row);
    expect(await storedStatuses(username)).toEqual(['started', 'validating', 'submitted']);

    // A second submit is harmless: the same answer, nothing stored changes.
    const again = await call('POST', '/api/submit', { cookie });
    expect(again.statusCode).toBe(200);
    expect(await storedRow(username)).toEqual(row);
  });

  it('refuses (400) "None of these" ticked together with an offense', async () => {
    const { username, cookie } = await applicant();
    await saveAnswers(cookie, { ...COMPLETE_APPLICATION, crime_arson: true });
    const response = await call('POST', '/api/submit', { cookie });
    expect(response.statusCode).toBe(400);
    const body = json<{ errors: Record<string, string[]> }>(response);
    expect(body.errors).toEqual({ crime_no: [messages.noneAndAny] });
    expect((await storedRow(username)).submitted_at).toBeNull();
  });

  it('refuses (400) a state that is not one of the state options: hs_state, college_state, parent_state = "??"', async () => {
    const { username, cookie } = await applicant();
    await saveAnswers(cookie, {
      ...COMPLETE_APPLICATION,
      hs_country: 'USA',
      hs_state: '??',
      college_name: 'Montana State University',
      college_country: 'USA',
      college_state: '??',
      parent_relationship: 'M',
      parent_first_name: 'Grace',
      parent_country: 'USA',
      parent_state: '??',
    });
    const response = await call('POST', '/api/submit', { cookie });
    expect(response.statusCode, response.body).toBe(400);
    const body = json<{ errors: Record<string, string[]> }>(response);
    expect(body.errors).toEqual({
      hs_state: [messages.option],
      college_state: [messages.option],
      parent_state: [messages.option],
    });
    const row = await storedRow(username);
    expect(row.submitted_at).toBeNull();
    // Nothing is dropped unsaid: the applicant finds each answer, and its error, at its field.
    expect(row.answers).toMatchObject({ hs_state: '??', college_state: '??', parent_state: '??' });
    expect(row.validations).toEqual(body.errors);

    // Chosen from the options, the same application is submitted.
    await saveAnswers(cookie, { hs_state: 'MT', college_state: 'MT', parent_state: 'MT' });
    expect((await call('POST', '/api/submit', { cookie })).statusCode).toBe(200);
  });

  it('10 parallel submits make exactly one submission, and every call answers 200', async () => {
    const { username, cookie } = await applicant();
    await saveAnswers(cookie, COMPLETE_APPLICATION);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/api/submit', { cookie })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(
      Array.from({ length: 10 }, () => 200),
    );
    // One submission, one reference number: every call answers it.
    const { reference } = await storedRow(username);
    for (const response of responses)
      expect(json(response)).toEqual({
        message: english(applicationMessages.submitted),
        reference_number: reference,
      });
    const statuses = await ctx.db
      .selectFrom('web_statuses')
      .innerJoin('accounts', 'accounts.id', 'web_statuses.account_id')
      .select('web_statuses.web_status')
      .where('accounts.username', '=', username)
      .where('web_statuses.web_status', '=', 'submitted')
      .execute();
    expect(statuses).toHaveLength(1);
    const { submitted_at } = await storedRow(username);
    expect(submitted_at).toBeInstanceOf(Date);
    await call('POST', '/api/submit', { cookie });
    expect((await storedRow(username)).submitted_at).toEqual(submitted_at);
  });

  it('10 parallel submits of an incomplete application all answer 400, none 500', async () => {
    const { username, cookie } = await applicant();
    await saveAnswers(cookie, { first_name: 'Ada' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/api/submit', { cookie })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(
      Array.from({ length: 10 }, () => 400),
    );
    expect(await storedStatuses(username)).toEqual(['started', 'validating']);
    expect((await storedRow(username)).submitted_at).toBeNull();
  });
});

describe('sessions and cross-site requests', () => {
  const routes: [Method, string, unknown][] = [
    ['GET', '/api/profile', undefined],
    ['PUT', '/api/answer', { first_name: 'Ada' }],
    ['PUT', '/api/last-page', { last_page: 'education' }],
    ['POST', '/api/web-status', { web_status: 'started' }],
    ['GET', '/api/tabs', undefined],
    ['PUT', '/api/tabs', { tab_id: 'decision_essay', chosen_tab: 'upload' }],
    ['GET', '/api/add-another', undefined],
    ['PUT', '/api/add-another', { button_id: 'college', num_components: 2 }],
    ['POST', '/api/validations', { first_name: ['First Name'] }],
    ['POST', '/api/submit', undefined],
  ];

  it.each(routes)(
    '%s %s without a session is 401 with SPEC §8 words',
    async (method, url, payload) => {
      const response = await call(method, url, { payload });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ message: english(SESSION_INVALID_MESSAGE) });
      const forged = await call(method, url, {
        payload,
        cookie: `admit_session=${'x'.repeat(43)}`,
      });
      expect(forged.statusCode).toBe(401);
      expect(json(forged)).toEqual({ message: english(SESSION_INVALID_MESSAGE) });
    },
  );

  it('regression: without a session a malformed body was judged (400) before the session (401)', async () => {
    for (const [method, url] of routes.filter(([method]) => method !== 'GET')) {
      const response = await call(method, url, {
        payload: { not: ['what', 'this', 'route', 'takes'] },
      });
      expect(response.statusCode, url).toBe(401);
      expect(json(response)).toEqual({ message: english(SESSION_INVALID_MESSAGE) });
    }
  });

  it('regression: with a forged or dead session a malformed answer body was judged (400) before the session (401)', async () => {
    // PUT /api/answer checks its session inside the save: what Fastify refuses before the
    // handler runs (bad JSON, a wrong shape) and what the handler refuses (an unknown key)
    // must still meet the session first.
    const forged = `admit_session=${'x'.repeat(43)}`;
    const { username, cookie } = await applicant();
    ctx.advance(SESSION_IDLE_MS + 1000);
    for (const who of [forged, cookie]) {
      for (const response of [
        await sendRaw('/api/answer', '{"first_name": ', who),
        await call('PUT', '/api/answer', { cookie: who, payload: { first_name: 42 } }),
        await call('PUT', '/api/answer', { cookie: who, payload: { not_a_key: 'x' } }),
        await call('PUT', '/api/answer', { cookie: who, payload: { first_name: 'Ada' } }),
      ]) {
        expect(response.statusCode, response.body).toBe(401);
        expect(json(response)).toEqual({ message: english(SESSION_INVALID_MESSAGE) });
        expect(String(response.headers['set-cookie'])).toContain('admit_session=;');
      }
    }
    expect((await storedRow(username)).answers).toEqual({});
    // The idle session was ended, not only refused.
    const sessions = await ctx.db
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
      .select('sessions.token_hash')
      .where('accounts.username', '=', username)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('a live session still meets a malformed answer body with 400, the session untouched', async () => {
    const { cookie } = await applicant();
    const bad = await sendRaw('/api/answer', '{"first_name": ', cookie);
    expect(bad.statusCode).toBe(400);
    expect(
      (await call('PUT', '/api/answer', { cookie, payload: { first_name: 42 } })).statusCode,
    ).toBe(400);
    await saveAnswers(cookie, { first_name: 'Ada' });
  });

  it('saving keeps a session alive: saves every 10 minutes outlive the 15-minute idle limit (fake clock)', async () => {
    const { cookie } = await applicant();
    for (let minute = 10; minute <= 40; minute += 10) {
      ctx.advance(10 * 60_000);
      await saveAnswers(cookie, { first_name: `Ada at ${minute}` });
    }
    expect((await profile(cookie)).answer).toEqual({ first_name: 'Ada at 40' });
    ctx.advance(SESSION_IDLE_MS + 1000);
    const late = await call('PUT', '/api/answer', { cookie, payload: { first_name: 'Too late' } });
    expect(late.statusCode).toBe(401);
  });

  it('refuses a cross-origin PUT (403) and stores nothing', async () => {
    const { username, cookie } = await applicant();
    const response = await call('PUT', '/api/answer', {
      cookie,
      payload: { first_name: 'Mallory' },
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toEqual({ message: english(CROSS_SITE_MESSAGE) });
    const submit = await call('POST', '/api/submit', { cookie, origin: 'https://evil.example' });
    expect(submit.statusCode).toBe(403);
    const row = await storedRow(username);
    expect(row.answers).toEqual({});
    expect(row.submitted_at).toBeNull();
  });
});

describe('GET /api/openapi.json', () => {
  it('documents every application route with its methods', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = json<{ paths: Record<string, Record<string, unknown>> }>(response).paths;
    const expected: Record<string, string[]> = {
      '/api/profile': ['get'],
      '/api/answer': ['put'],
      '/api/last-page': ['put'],
      '/api/web-status': ['post'],
      '/api/tabs': ['get', 'put'],
      '/api/add-another': ['get', 'put'],
      '/api/validations': ['post'],
      '/api/submit': ['post'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(paths[path] ?? {}).sort(), path).toEqual(methods.sort());
    }
  });

  it('documents the 400 of PUT /api/answer: refused answers named by key, the rest stored', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    interface Answer {
      description: string;
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    }
    const refused = json<{
      paths: Record<string, Record<string, { responses: Record<string, Answer> }>>;
    }>(response).paths['/api/answer']?.put?.responses['400'];
    expect(refused?.description).toContain(ERROR_CODES.answersRefused);
    expect(refused?.description).toContain('every other answer of the request was stored');
    expect(
      Object.keys(refused?.content['application/json']?.schema.properties ?? {}).sort(),
    ).toEqual(['code', 'errors', 'message']);
  });
});
