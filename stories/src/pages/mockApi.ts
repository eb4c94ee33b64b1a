/**
 * The server of SPEC §7 as MSW handlers, for the page stories: one applicant's state in memory
 * (answers, web status, logins, last page, tabs, add-another counters, documents), changed by the
 * calls the app makes, with the server's own messages and status codes (server/src/routes and
 * services). A story starts from a scenario (`scenarios.ts`); what the app sent is in `requests`.
 */
import {
  type DocumentAnswer,
  type LookupSuggestion,
  type PdfStatus,
  type Profile,
  type WebStatus,
} from '@admit/form-app';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupWorker, type SetupWorker } from 'msw/browser';
import { HttpNetworkFrame } from 'msw/experimental';

import { tenant } from '../../.storybook/college.ts';

/**
 * The marker cookie the server sets at login, readable by the app (SPEC §4 session), for the
 * college the page stories show (.storybook/college.ts).
 */
export const MARKER_COOKIE = `${tenant.sessionCookiePrefix}.loggedIn`;

/** The one account the mock knows (login, confirm and reset accept it). */
export const ACCOUNT = {
  username: 'ada.lovelace@example.edu',
  password: 'Analytical-Engine-1843',
  /** The code /public/confirm accepts. */
  confirmationCode: '123456',
} as const;

/** The submitted application's reference number (the server's form: prefix, 7 + check). */
export const REFERENCE_NUMBER = 'GAL-7K3M-9QX1';

/** The server's messages, word for word (server/src/services: accounts, applications, errors). */
const messages = {
  signedUp:
    'We sent a confirmation code to your email address. Enter it here to confirm your account.',
  confirmed: 'Your account is confirmed. Please log in.',
  codeWrong:
    'That confirmation code is not correct or has expired. Check the code, or resend it to get a new one.',
  resent:
    'If an account for that email address is waiting for confirmation, we sent it a new code.',
  loggedIn: 'You have successfully logged in.',
  loginFailed: 'Incorrect username or password.',
  forgot: 'If an account exists for that email address, we sent it a link to reset your password.',
  reset: 'Your password has been reset. Please log in with your new password.',
  loggedOut: 'You have been logged out.',
  saved: 'Your answers have been saved.',
  lastPage: 'Your place has been saved.',
  status: 'Your application status has been saved.',
  validations: 'Your validation results have been saved.',
  submitted: 'Your application was successfully submitted.',
  alreadySubmitted: 'Your application has been submitted and can no longer be changed.',
  submitOnly: 'An application becomes submitted only through Submit.',
  notSubmitted: 'Your application has not been submitted yet, so it has no reference number.',
  lookupNotFound: 'That suggestion was not found.',
  sessionInvalid: 'Your session is invalid. Please clear your cookies and login again.',
} as const;

/** Where an applicant stands when the story opens. */
export interface ApplicantState {
  /** Logged in: the marker cookie is set before the app renders. */
  loggedIn: boolean;
  answers: Record<string, string | boolean>;
  lastPage: string;
  /** One entry per login, oldest first (the banner greets a first login differently). */
  logins: string[];
  webStatus: WebStatus[];
  tabs: Record<string, string>;
  addAnother: Record<string, number>;
  documents: Record<string, DocumentAnswer>;
  /** What GET /api/pdf answers on the completion page. */
  pdf: PdfStatus;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A school or college of the lookup lists, with the detail its `fills` copy into the form. */
interface School {
  id: string;
  name: string;
  ceeb: string;
  address_line_1: string;
  city: string;
  state: string;
  zip: string;
}

const HIGH_SCHOOLS: readonly School[] = [
  {
    id: 'hs-270100',
    name: 'Bozeman High School',
    ceeb: '270100',
    address_line_1: '205 N 11th Ave',
    city: 'Bozeman',
    state: 'MT',
    zip: '59715',
  },
  {
    id: 'hs-270101',
    name: 'Gallatin High School',
    ceeb: '270101',
    address_line_1: '4455 Annie St',
    city: 'Bozeman',
    state: 'MT',
    zip: '59718',
  },
  {
    id: 'hs-270015',
    name: 'Belgrade High School',
    ceeb: '270015',
    address_line_1: '303 N Hoffman St',
    city: 'Belgrade',
    state: 'MT',
    zip: '59714',
  },
];

const COLLEGES: readonly School[] = [
  {
    id: 'college-4488',
    name: 'Montana State University',
    ceeb: '4488',
    address_line_1: '100 Culbertson Hall',
    city: 'Bozeman',
    state: 'MT',
    zip: '59717',
  },
  {
    id: 'college-4489',
    name: 'University of Montana',
    ceeb: '4489',
    address_line_1: '32 Campus Dr',
    city: 'Missoula',
    state: 'MT',
    zip: '59812',
  },
];

const ADDRESSES = [
  { address_line_1: '1 Main St', city: 'Bozeman', state: 'MT', zip: '59715', county: 'Gallatin' },
  { address_line_1: '12 Main St', city: 'Belgrade', state: 'MT', zip: '59714', county: 'Gallatin' },
  { address_line_1: '120 Main St', city: 'Livingston', state: 'MT', zip: '59047', county: 'Park' },
];

/** "Bozeman, MT · CEEB 270100", as the server writes it (services/lookups/search.ts). */
const subText = (school: School) => `${school.city}, ${school.state} · CEEB ${school.ceeb}`;

function lookup(category: string, text: string, max: number): LookupSuggestion[] {
  const typed = text.trim().toLowerCase();
  if (category === 'address')
    return ADDRESSES.filter((address) => address.address_line_1.toLowerCase().includes(typed))
      .slice(0, max)
      .map((address) => ({
        id: `address-${address.address_line_1}-${address.zip}`,
        text: address.address_line_1,
        sub_text: `${address.city}, ${address.state} ${address.zip}`,
      }));
  const list = category === 'hs_ceeb' ? HIGH_SCHOOLS : category === 'college_ceeb' ? COLLEGES : [];
  return list
    .filter((school) => school.name.toLowerCase().includes(typed) || school.ceeb.startsWith(typed))
    .slice(0, max)
    .map((school) => ({ id: school.id, text: school.name, sub_text: subText(school) }));
}

function lookupDetail(category: string, id: string): Record<string, string> | undefined {
  if (category === 'address') {
    const address = ADDRESSES.find((a) => `address-${a.address_line_1}-${a.zip}` === id);
    return address === undefined ? undefined : { ...address, country: 'USA' };
  }
  const school = [...HIGH_SCHOOLS, ...COLLEGES].find((s) => s.id === id);
  if (school === undefined) return undefined;
  return {
    name: school.name,
    ceeb: school.ceeb,
    address_line_1: school.address_line_1,
    city: school.city,
    state: school.state,
    zip: school.zip,
    country: 'USA',
  };
}

/** A one-page PDF saying what it is: the completion page's download. */
const APPLICATION_PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj
4 0 obj << /Length 62 >> stream
BT /F1 18 Tf 72 720 Td (Storybook: a mocked application PDF) Tj ET
endstream endobj
5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

function hasMarkerCookie(): boolean {
  return document.cookie
    .split(';')
    .some((part) => part.trim().startsWith(`${MARKER_COOKIE}=`) && !part.trim().endsWith('='));
}

/** Sets or clears the marker cookie as the server's login and logout do. */
export function setMarkerCookie(loggedIn: boolean): void {
  document.cookie = loggedIn
    ? `${MARKER_COOKIE}=1; path=/; SameSite=Lax`
    : `${MARKER_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
}

const json = (body: unknown, status = 200) => HttpResponse.json(body as never, { status });
const refused = (message: string, status = 400, errors?: Record<string, string[]>) =>
  json(errors === undefined ? { message } : { message, errors }, status);

/** The fake server: its state (changed by the calls), what it was sent, and its handlers. */
export interface MockApi {
  state: ApplicantState;
  requests: RecordedRequest[];
  handlers: RequestHandler[];
}

export function createMockApi(initial: ApplicantState): MockApi {
  const state: ApplicantState = structuredClone(initial);
  const conversions = new Map<string, 'completed'>();
  const requests: RecordedRequest[] = [];

  /** Bytes of each file posted to the storage endpoint, by its key. */
  const uploadedSizes = new Map<string, number>();
  const record = async (request: Request): Promise<unknown> => {
    const url = new URL(request.url);
    const text = await request.clone().text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Not JSON: the storage upload's form data.
      body = text;
    }
    requests.push({ method: request.method, path: url.pathname + url.search, body });
    return body;
  };

  /** Every /api call needs the session: without it, SPEC §8's 401. */
  const withSession =
    (handle: (body: unknown, request: Request, params: Record<string, string>) => Response) =>
    async ({
      request,
      params,
    }: {
      request: Request;
      params: Record<string, string | readonly string[] | undefined>;
    }) => {
      const body = await record(request);
      if (!state.loggedIn || !hasMarkerCookie()) return refused(messages.sessionInvalid, 401);
      return handle(body, request, params as Record<string, string>);
    };
  const open =
    (handle: (body: unknown, request: Request) => Response) =>
    async ({ request }: { request: Request }) =>
      handle(await record(request), request);

  const profile = (): Profile => ({
    answer: state.answers,
    document_answer: state.documents,
    username: ACCOUNT.username,
    last_page: state.lastPage,
    successful_login: state.logins.map((at) => ({ logged_in_at: at })),
    web_status: state.webStatus.map((status) => ({ web_status: status })),
  });
  const submitted = () => state.webStatus.includes('submitted');

  const handlers: RequestHandler[] = [
    http.get(
      '/api/profile',
      withSession(() => json(profile())),
    ),
    http.put(
      '/api/answer',
      withSession((body) => {
        if (submitted()) return refused(messages.alreadySubmitted, 409);
        Object.assign(state.answers, body);
        return json({ message: messages.saved });
      }),
    ),
    http.put(
      '/api/last-page',
      withSession((body) => {
        state.lastPage = (body as { last_page: string }).last_page;
        return json({ message: messages.lastPage });
      }),
    ),
    http.post(
      '/api/web-status',
      withSession((body) => {
        const status = (body as { web_status: WebStatus }).web_status;
        if (status === 'submitted') return refused(messages.submitOnly);
        if (!state.webStatus.includes(status)) state.webStatus.push(status);
        return json({ message: messages.status });
      }),
    ),
    http.get(
      '/api/logout',
      withSession(() => {
        state.loggedIn = false;
        setMarkerCookie(false);
        return json({ message: messages.loggedOut });
      }),
    ),
    http.get(
      '/api/tabs',
      withSession(() => json(state.tabs)),
    ),
    http.put(
      '/api/tabs',
      withSession((body) => {
        const { tab_id: tabId, chosen_tab: chosen } = body as {
          tab_id: string;
          chosen_tab: string;
        };
        state.tabs[tabId] = chosen;
        return json(state.tabs);
      }),
    ),
    http.get(
      '/api/add-another',
      withSession(() => json(state.addAnother)),
    ),
    http.put(
      '/api/add-another',
      withSession((body) => {
        const { button_id: id, num_components: count } = body as {
          button_id: string;
          num_components: number;
        };
        state.addAnother[id] = Math.min(10, Math.max(1, count));
        return json(state.addAnother);
      }),
    ),
    http.get(
      '/api/document-answer',
      withSession(() => json(state.documents)),
    ),
    http.delete(
      '/api/document-answer/:key',
      withSession((_body, _request, { key = '' }) => {
        state.documents = Object.fromEntries(
          Object.entries(state.documents).filter(([name]) => name !== key),
        );
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.post(
      '/api/presigned-url',
      withSession((body) => {
        const key = (body as { answer_key: string }).answer_key;
        return json({ url: '/storage/upload', fields: { key: `uploads/${key}/${Date.now()}` } });
      }),
    ),
    // The presigned POST itself (form fields, then the file): stored.
    http.post('/storage/upload', async ({ request }) => {
      const form = await request.clone().formData();
      const key = form.get('key');
      const file = form.get('file');
      if (typeof key === 'string' && file instanceof File) uploadedSizes.set(key, file.size);
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(
      '/api/pdf/document-answer/:key',
      withSession((body, _request, { key = '' }) => {
        const { file_name: fileName } = body as { file_name: string };
        conversions.set(key, 'completed');
        // The real server reads the size off the stored upload; the newest upload for this key.
        const sizes = [...uploadedSizes].filter(([uploaded]) =>
          uploaded.startsWith(`uploads/${key}/`),
        );
        state.documents[key] = { file_name: fileName, file_size: sizes.at(-1)?.[1] ?? 0 };
        return json({ status: 'unprocessed', message: '' });
      }),
    ),
    http.get(
      '/api/pdf/document-answer/:key',
      withSession((_body, _request, { key = '' }) =>
        json(
          conversions.has(key) || key in state.documents
            ? { status: 'completed', message: '' }
            : { status: 'not_answered', message: '' },
        ),
      ),
    ),
    http.delete(
      '/api/pdf/document-answer/:key',
      withSession((_body, _request, { key = '' }) => {
        conversions.delete(key);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.get(
      '/api/pdf',
      withSession(() =>
        json({
          status: state.pdf,
          url: state.pdf === 'COMPLETED' ? '/storage/application.pdf' : '',
        }),
      ),
    ),
    http.get('/storage/application.pdf', async ({ request }) => {
      await record(request);
      return new HttpResponse(APPLICATION_PDF, {
        headers: { 'content-type': 'application/pdf' },
      });
    }),
    http.post(
      '/api/validations',
      withSession(() => json({ message: messages.validations })),
    ),
    // The app submits only when its own validation found nothing (FormLayout's submit).
    http.post(
      '/api/submit',
      withSession(() => {
        if (submitted()) return refused(messages.alreadySubmitted, 409);
        state.webStatus.push('submitted');
        return json({ message: messages.submitted, reference_number: REFERENCE_NUMBER });
      }),
    ),
    http.get(
      '/api/receipt',
      withSession(() =>
        submitted()
          ? json({ reference_number: REFERENCE_NUMBER, submitted_at: '2026-11-20T17:30:00.000Z' })
          : refused(messages.notSubmitted, 404),
      ),
    ),

    http.post(
      '/public/login',
      open((body) => {
        const { username, password } = body as { username: string; password: string };
        if (username !== ACCOUNT.username || password !== ACCOUNT.password)
          return refused(messages.loginFailed);
        state.loggedIn = true;
        state.logins.push(new Date().toISOString());
        setMarkerCookie(true);
        return json({ message: messages.loggedIn });
      }),
    ),
    http.post(
      '/public/signup',
      open(() => json({ message: messages.signedUp })),
    ),
    http.post(
      '/public/confirm',
      open((body) => {
        const { code } = body as { code: string };
        return code === ACCOUNT.confirmationCode
          ? json({ message: messages.confirmed })
          : refused(messages.codeWrong, 400, { code: [messages.codeWrong] });
      }),
    ),
    http.post(
      '/public/resend-confirm',
      open(() => json({ message: messages.resent })),
    ),
    http.post(
      '/public/forgot-password',
      open(() => json({ message: messages.forgot })),
    ),
    http.post(
      '/public/reset-password',
      open(() => json({ message: messages.reset })),
    ),

    http.get(
      '/lookup/find',
      open((_body, request) => {
        const params = new URL(request.url).searchParams;
        const category = params.get('category') ?? '';
        const id = params.get('id');
        if (id !== null) {
          const detail = lookupDetail(category, id);
          return detail === undefined ? refused(messages.lookupNotFound, 404) : json(detail);
        }
        const max = Number(params.get('max_results') ?? '5');
        return json(lookup(category, params.get('text') ?? '', max));
      }),
    ),
  ];

  return { state, requests, handlers };
}

/** The paths the app calls on its server: a call no handler answers is a bug in the mock. */
const API_PATH = /^\/(api|public|lookup|service|storage|dev)\//;

let worker: Promise<SetupWorker> | undefined;

/** MSW's worker, started once per page (its script: the `msw/vite` plugin in main.ts). */
export function startWorker(): Promise<SetupWorker> {
  worker ??= (async () => {
    const started = setupWorker();
    await started.start({
      serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
      quiet: true,
      // Storybook's own modules pass through; an API call no handler answers is reported.
      onUnhandledFrame({ frame, defaults }) {
        if (
          frame instanceof HttpNetworkFrame &&
          API_PATH.test(new URL(frame.data.request.url).pathname)
        )
          defaults.error();
      },
    });
    return started;
  })();
  return worker;
}
