/**
 * The office's API (`/office/api`, server/src/routes/office/index.ts) as MSW handlers for the
 * office's stories: one staff member, a few applications, the audit log, with the server's own
 * messages and status codes. What the office sent is in `requests`.
 */
import {
  type ApplicationAnswer,
  type AuditRow,
  type ListRow,
  type OfficePage,
  type Role,
} from '@admit/office-app';
import { tenants } from '@admit/tenant-config/bundled';
import { http, HttpResponse, type RequestHandler } from 'msw';

import { startWorker } from '../pages/mockApi.ts';

function bundledGallatin() {
  const college = tenants.gallatin;
  if (college === undefined) throw new Error('the bundled colleges have no gallatin');
  return college;
}
const gallatin = bundledGallatin();

/** The page data the server writes into /office for Gallatin. */
export const OFFICE_PAGE: OfficePage = {
  collegeName: gallatin.names.college,
  theme: gallatin.theme,
  language: 'en',
  timeZone: gallatin.timeZone,
};

/** The server's messages, word for word (server/src/services/staff.ts). */
const messages = {
  refused: 'The e-mail address, password or code is not correct.',
  sessionInvalid: 'Your office session has ended. Please sign in again.',
  officersOnly: 'Only an admissions officer may do this.',
} as const;

export const STAFF = {
  email: 'ada.officer@gallatin.edu',
  password: 'Bridger-Range-Office-7',
  code: '123456',
};

const documents = (total: number, completed = total, failed = 0) => ({
  total,
  completed,
  pending: total - completed - failed,
  failed,
});

const GRACE: ListRow = {
  id: 'a1',
  reference: 'GAL-7K3M-9QX1',
  name: 'Grace Hopper',
  email: 'grace.hopper@example.org',
  status: 'submitted',
  submitted_at: '2026-11-20T17:30:00.000Z',
  submitted_local: 'November 20, 2026 at 10:30 AM MST',
  documents: documents(2),
};

/** Submitted (and one started) applications, newest first. */
export const APPLICATIONS: ListRow[] = [
  GRACE,
  {
    id: 'a2',
    reference: 'GAL-4TRW-2PZ8',
    name: 'Katherine Johnson',
    email: 'k.johnson@example.org',
    status: 'submitted',
    submitted_at: '2026-11-18T15:05:00.000Z',
    submitted_local: 'November 18, 2026 at 8:05 AM MST',
    documents: documents(3, 1, 1),
  },
  {
    id: 'a3',
    reference: 'GAL-9HJD-5MN3',
    name: 'Dorothy Vaughan',
    email: 'dorothy.vaughan@example.org',
    status: 'submitted',
    submitted_at: '2026-11-12T21:45:00.000Z',
    submitted_local: 'November 12, 2026 at 2:45 PM MST',
    documents: documents(0),
  },
  {
    id: 'a4',
    reference: null,
    name: 'Mary Jackson',
    email: 'mary.jackson@example.org',
    status: 'started',
    submitted_at: null,
    submitted_local: null,
    documents: documents(1, 0),
  },
];

export const APPLICATION: ApplicationAnswer = {
  ...GRACE,
  time_zone: gallatin.timeZone,
  ssn: 'XXX-XX-6789',
  pdf_url: '/office/api/applications/GAL-7K3M-9QX1/application.pdf',
  documents: [
    {
      answer_key: 'transcript',
      file_name: 'hopper-transcript.pdf',
      file_size: 284_112,
      type: 'pdf',
      status: 'completed',
      url: '/office/api/applications/GAL-7K3M-9QX1/documents/transcript',
    },
    {
      answer_key: 'ged_certificate',
      file_name: 'GED certificate.png',
      file_size: 1_048_576,
      type: 'png',
      status: 'completed',
      url: '/office/api/applications/GAL-7K3M-9QX1/documents/ged_certificate',
    },
  ],
  model: {
    steps: [
      {
        title: 'Personal Info',
        sections: [
          {
            title: 'Name',
            blocks: [
              {
                kind: 'question',
                key: 'first_name',
                label: 'First Name',
                answer: { kind: 'text', text: 'Grace' },
              },
              {
                kind: 'question',
                key: 'middle_name',
                label: 'Middle Name',
                answer: { kind: 'blank' },
              },
              {
                kind: 'question',
                key: 'last_name',
                label: 'Last Name',
                answer: { kind: 'text', text: 'Hopper' },
              },
              {
                kind: 'question',
                key: 'ssn',
                label: 'Social Security Number',
                answer: { kind: 'text', text: 'XXX-XX-6789' },
              },
            ],
          },
        ],
      },
      {
        title: 'Academic History',
        sections: [
          {
            title: 'High School',
            blocks: [
              {
                kind: 'question',
                key: 'high_school',
                label: 'High School',
                answer: { kind: 'text', text: 'Bozeman High School' },
              },
              {
                kind: 'question',
                key: 'transcript',
                label: 'Transcript',
                answer: { kind: 'document', fileName: 'hopper-transcript.pdf' },
              },
              {
                kind: 'checkbox',
                key: 'certify',
                label: 'I certify that the information is true.',
                checked: true,
              },
            ],
          },
        ],
      },
    ],
  },
};

export const AUDIT_ROWS: AuditRow[] = [
  {
    at: '2026-11-27T16:02:11.000Z',
    who: STAFF.email,
    action: 'ssn_reveal',
    reference: 'GAL-7K3M-9QX1',
    details: {},
  },
  {
    at: '2026-11-27T16:01:40.000Z',
    who: STAFF.email,
    action: 'view',
    reference: 'GAL-7K3M-9QX1',
    details: {},
  },
  {
    at: '2026-11-27T15:58:03.000Z',
    who: STAFF.email,
    action: 'export',
    reference: null,
    details: {
      from: '2026-11-01',
      to: '2026-11-30',
      sort: '-submitted',
      format: 'csv',
      ssn: 'masked',
    },
  },
  {
    at: '2026-11-27T15:57:30.000Z',
    who: 'reader@gallatin.edu',
    action: 'sign_in',
    reference: null,
    details: {},
  },
  {
    at: '2026-11-26T09:00:00.000Z',
    who: 'cli',
    action: 'staff_add',
    reference: null,
    details: { email: 'reader@gallatin.edu', role: 'reader' },
  },
];

export interface OfficeState {
  /** Signed in as this role, or not signed in. */
  role: Role | undefined;
  applications: ListRow[];
  audit: AuditRow[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
}

export interface MockOffice {
  handlers: RequestHandler[];
  requests: RecordedRequest[];
  /** Ends the session on the "server": every call after answers 401. */
  endSession: () => void;
}

const unauthorized = () => HttpResponse.json({ message: messages.sessionInvalid }, { status: 401 });

/** A CSV of the rows, as the export streams it (a header, then a line each). */
function csvOf(rows: readonly ListRow[]): string {
  const lines = [
    'Reference,Email,Status,Submitted,First Name,Last Name',
    ...rows.map((row) =>
      [
        row.reference ?? '',
        row.email,
        row.status,
        row.submitted_at ?? '',
        ...row.name.split(' '),
      ].join(','),
    ),
  ];
  return `\ufeff${lines.map((line) => `${line}\r\n`).join('')}`;
}

export function createMockOffice(initial: OfficeState): MockOffice {
  const state = { ...initial };
  const requests: RecordedRequest[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    requests.push({ method: request.method, path: url.pathname, search: url.search });
  };
  const signedIn = () => state.role !== undefined;
  const handlers: RequestHandler[] = [
    http.post('/office/api/login', async ({ request }) => {
      record(request);
      const body = (await request.json()) as {
        username?: string;
        password?: string;
        code?: string;
      };
      if (
        body.username !== STAFF.email ||
        body.password !== STAFF.password ||
        body.code !== STAFF.code
      )
        return HttpResponse.json({ message: messages.refused }, { status: 400 });
      state.role = 'officer';
      return HttpResponse.json({
        message: 'You are signed in to the admissions office.',
        email: STAFF.email,
        role: 'officer',
      });
    }),
    http.post('/office/api/logout', ({ request }) => {
      record(request);
      state.role = undefined;
      return HttpResponse.json({ message: 'You are signed out of the admissions office.' });
    }),
    http.get('/office/api/me', ({ request }) => {
      record(request);
      if (!signedIn()) return unauthorized();
      return HttpResponse.json({ email: STAFF.email, role: state.role });
    }),
    http.get('/office/api/applications', ({ request }) => {
      record(request);
      if (!signedIn()) return unauthorized();
      const url = new URL(request.url);
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const status = url.searchParams.get('status');
      const found = state.applications.filter(
        (row) =>
          (q === '' ||
            `${row.name} ${row.email} ${row.reference ?? ''}`.toLowerCase().includes(q)) &&
          (status === null || row.status === status),
      );
      return HttpResponse.json({
        applications: found,
        total: found.length,
        page: Number(url.searchParams.get('page') ?? '1'),
        page_size: 25,
        time_zone: gallatin.timeZone,
      });
    }),
    http.get('/office/api/applications/:reference', ({ request, params }) => {
      record(request);
      if (!signedIn()) return unauthorized();
      if (params.reference !== APPLICATION.reference)
        return HttpResponse.json(
          { message: 'No application has that reference.' },
          { status: 404 },
        );
      return HttpResponse.json(APPLICATION);
    }),
    http.post('/office/api/applications/:reference/ssn', ({ request }) => {
      record(request);
      if (!signedIn()) return unauthorized();
      if (state.role !== 'officer')
        return HttpResponse.json({ message: messages.officersOnly }, { status: 403 });
      return HttpResponse.json({ ssn: '123-45-6789' });
    }),
    http.get('/office/api/export.csv', ({ request }) => {
      record(request);
      if (!signedIn()) return unauthorized();
      return new HttpResponse(csvOf(state.applications), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="applications-2026-11-28.csv"',
        },
      });
    }),
    http.get('/office/api/audit', ({ request }) => {
      record(request);
      if (!signedIn()) return unauthorized();
      if (state.role !== 'officer')
        return HttpResponse.json({ message: messages.officersOnly }, { status: 403 });
      return HttpResponse.json({
        total: state.audit.length,
        page: 1,
        page_size: 50,
        rows: state.audit,
      });
    }),
  ];
  return {
    handlers,
    requests,
    endSession: () => {
      state.role = undefined;
    },
  };
}

export async function startMockOffice(initial: OfficeState): Promise<MockOffice> {
  const office = createMockOffice(initial);
  const worker = await startWorker();
  worker.resetHandlers(...office.handlers);
  return office;
}
