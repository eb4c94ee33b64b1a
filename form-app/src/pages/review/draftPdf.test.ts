import { afterEach, describe, expect, it, vi } from 'vitest';

import { ServerError } from '../../api/errors.ts';
import { type PdfStatus } from '../../api/types.ts';
import { fakeServer } from '../../testing/fakeServer.ts';
import {
  DRAFT_PDF_POLL_MS,
  DRAFT_PDF_POLLS,
  DraftPdfProblem,
  draftPdfOutcome,
  makeDraftPdf,
} from './draftPdf.ts';

const URL = '/api/pdf/application.pdf?v=0123456789abcdef';

describe('draftPdfOutcome', () => {
  it.each<[PdfStatus, string | null, ReturnType<typeof draftPdfOutcome>]>([
    ['COMPLETED', URL, { kind: 'ready', url: URL }],
    ['COMPLETED', null, { kind: 'failed', messageId: 'app.error.generic' }],
    ['NOT_ANSWERED', null, { kind: 'failed', messageId: 'app.review.draft.notAnswered' }],
    ['UNPROCESSED', null, { kind: 'wait' }],
    ['IN_PROGRESS', null, { kind: 'wait' }],
    ['FAILED', null, { kind: 'failed', messageId: 'app.error.generic' }],
  ])('%s with url %s', (status, url, outcome) => {
    expect(draftPdfOutcome(status, url)).toEqual(outcome);
  });
});

describe('makeDraftPdf', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('saves first, then asks for the status every second until the PDF is ready', async () => {
    const order: string[] = [];
    const answers = [
      { status: 'IN_PROGRESS', url: null },
      { status: 'COMPLETED', url: URL },
    ];
    const server = fakeServer({
      'GET /api/pdf': () => {
        order.push('status');
        return answers.shift();
      },
    });
    const waits: number[] = [];
    const url = await makeDraftPdf(
      async () => {
        order.push('save');
      },
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(url).toBe(URL);
    expect(order).toEqual(['save', 'status', 'status']);
    expect(waits).toEqual([DRAFT_PDF_POLL_MS]);
    expect(server.unexpected).toEqual([]);
  });

  it('asks for no PDF when the save fails', async () => {
    const server = fakeServer({});
    await expect(makeDraftPdf(() => Promise.reject(new ServerError('Not saved')))).rejects.toThrow(
      'Not saved',
    );
    expect(server.requests).toEqual([]);
  });

  it('says why when there is nothing to print', async () => {
    fakeServer({ 'GET /api/pdf': { status: 'NOT_ANSWERED', url: null } });
    await expect(makeDraftPdf(async () => undefined)).rejects.toEqual(
      new DraftPdfProblem('app.review.draft.notAnswered'),
    );
  });

  it('asks the applicant to try again while documents are still converted', async () => {
    const server = fakeServer({ 'GET /api/pdf': { status: 'UNPROCESSED', url: null } });
    await expect(
      makeDraftPdf(
        async () => undefined,
        async () => undefined,
      ),
    ).rejects.toEqual(new DraftPdfProblem('app.review.draft.waiting'));
    expect(server.bodies('GET /api/pdf')).toHaveLength(DRAFT_PDF_POLLS);
  });
});
