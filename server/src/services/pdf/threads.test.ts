import { type PrintModel } from '@admit/form-model';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { pdfText } from '../../test/pdfText.ts';
import { PDF_THREADS, pdfThreads, renderPdfInThread, stopPdfThreads } from './threads.ts';
import { renderTypstApplicationPdf } from './typst/render.ts';
import { pdfChrome } from './chrome.ts';

/** A small application: one step, one section, the applicant's name and city. */
const modelOf = (name: string, city: string): PrintModel => ({
  steps: [
    {
      title: 'Personal Info',
      sections: [
        {
          title: 'Your Name',
          blocks: [
            {
              kind: 'question',
              key: 'name',
              label: 'Name',
              answer: { kind: 'text', text: name },
            },
            {
              kind: 'question',
              key: 'city',
              label: 'City',
              answer: { kind: 'text', text: city },
            },
          ],
        },
      ],
    },
  ],
});

const metaOf = (name: string, username: string) => ({
  college: 'Gallatin College',
  applicant: { name, username },
  generatedAt: new Date('2026-11-21T13:05:00Z'),
  submittedAt: new Date('2026-11-21T13:04:00Z'),
  reference: 'GC-27-0001',
  accentColor: '#003875',
  chrome: pdfChrome('en', {
    generatedAt: new Date('2026-11-21T13:05:00Z'),
    submittedAt: new Date('2026-11-21T13:04:00Z'),
  }),
});

const APPLICANTS = [
  { name: 'Ada Lovelace', username: 'ada@example.com', city: 'Bozeman' },
  { name: '김민준', username: 'minjun@example.com', city: '서울' },
  { name: 'สมชาย ใจดี', username: 'somchai@example.com', city: 'เชียงใหม่' },
  { name: 'Nguyễn Thị Ánh', username: 'anh@example.com', city: 'Hà Nội' },
];

afterAll(async () => {
  await stopPdfThreads();
});

describe('the application PDF in render threads', () => {
  it('typesets the same PDF as in the server process, several at once, each its own applicant', async () => {
    const rendered = await Promise.all(
      APPLICANTS.map(({ name, username, city }) =>
        renderPdfInThread(modelOf(name, city), metaOf(name, username), [], {}, { pdfUa: true }),
      ),
    );
    // More renders than threads: they waited for a free one, never more threads than that.
    expect(pdfThreads().started).toBeGreaterThanOrEqual(1);
    expect(pdfThreads().started).toBeLessThanOrEqual(PDF_THREADS);
    for (const [index, { name, username, city }] of APPLICANTS.entries()) {
      const pdf = rendered[index] ?? new Uint8Array();
      const inProcess = await renderTypstApplicationPdf(
        modelOf(name, city),
        metaOf(name, username),
        [],
        {},
        { pdfUa: true },
      );
      expect(Buffer.from(pdf).equals(Buffer.from(inProcess))).toBe(true);
      // Its own applicant's (the account prints in Latin letters, whose text layer is exact).
      expect((await pdfText(Buffer.from(pdf))).text).toContain(username);
    }
    // Done, the threads are idle.
    expect(pdfThreads().busy).toBe(0);
  });

  it('tells the caller why PDF/UA-1 was refused, as in the server process', async () => {
    const refusals: string[] = [];
    // A private-use character has a glyph in no font: PDF/UA-1 refuses the document, which is
    // written as plain tagged PDF instead.
    const pdf = await renderPdfInThread(
      modelOf('Gurpreet \u{10fffd} Singh', 'Amritsar'),
      metaOf('Gurpreet', 'gurpreet@example.com'),
      [],
      {},
      { pdfUa: true, onPdfUaRefused: (reason) => refusals.push(reason) },
    );
    expect(refusals).toEqual([expect.stringContaining('could not be displayed')]);
    expect(Buffer.from(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('says in words what went wrong when a PDF cannot be typeset, and the next one is typeset', async () => {
    await expect(
      renderPdfInThread(modelOf('Ada', 'Bozeman'), metaOf('Ada', 'ada@example.com'), [], {
        logoSvg: '<svg><unclosed',
      }),
    ).rejects.toThrow(/^The application PDF could not be typeset: .+/);
    const pdf = await renderPdfInThread(
      modelOf('Ada', 'Bozeman'),
      metaOf('Ada', 'ada@example.com'),
    );
    expect((await pdfText(Buffer.from(pdf))).text).toContain('ada@example.com');
  });

  it('fails only the render of a thread that stops; the next render gets a new thread', async () => {
    await stopPdfThreads();
    const lost = renderPdfInThread(modelOf('Ada', 'Bozeman'), metaOf('Ada', 'ada@example.com'));
    // A new thread's first render reads the fonts first: it is under way when the thread stops.
    await vi.waitFor(
      () => {
        expect(pdfThreads().busy).toBe(1);
      },
      { timeout: 30_000, interval: 5 },
    );
    await stopPdfThreads();
    await expect(lost).rejects.toThrow(/^The PDF render thread stopped: /);
    expect(pdfThreads()).toEqual({ started: 0, busy: 0 });
    const pdf = await renderPdfInThread(
      modelOf('Grace Hopper', 'Arlington'),
      metaOf('Grace Hopper', 'grace@example.com'),
    );
    expect((await pdfText(Buffer.from(pdf))).text).toContain('grace@example.com');
  });
});
