/**
 * What the application PDF says (SPEC §1: every answer as typed, [X]/[ ] for choices, a line for
 * a blank, the SSN masked, the draft marked) and how a screen reader reads it, typeset by Typst.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { type PrintAnswer, type PrintBlock, type PrintModel, printModel } from '@admit/form-model';
import { loadTenant } from '@admit/tenant-config/node';
import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pdfText, standardFontDataUrl } from '../../../test/pdfText.ts';
import { english, text } from '../../texts.ts';
import { type ApplicationPdfMeta } from '../meta.ts';

import { renderTypstApplicationPdf } from './render.ts';
import { pdfChrome } from '../chrome.ts';

const DRAFT_MARK = english(text('server.pdf.draftMark'));

const run = promisify(execFile);

const META: ApplicationPdfMeta = {
  college: 'Gallatin College',
  applicant: { name: 'Ada Lovelace', username: 'ada@example.com' },
  generatedAt: new Date('2026-11-21T13:05:00Z'),
  chrome: pdfChrome('en', { generatedAt: new Date('2026-11-21T13:05:00Z') }),
};

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#eaaa00"/></svg>';

const question = (label: string, answer: string | null): PrintBlock => ({
  kind: 'question',
  key: label,
  label,
  answer: answer === null ? { kind: 'blank' } : { kind: 'text', text: answer },
});

const choices = (...list: [string, boolean][]): PrintAnswer => ({
  kind: 'choices',
  choices: list.map(([label, checked]) => ({ label, checked })),
});

/** A model of one step and section holding `blocks`. */
const model = (...blocks: PrintBlock[]): PrintModel => ({
  steps: [{ title: 'Personal Info', sections: [{ title: 'Your Name', blocks }] }],
});

/** A PDF of `pages` pages of its own, to append. */
async function documentOf(pages: number): Promise<Uint8Array> {
  const source = await PDFDocument.create();
  for (let page = 0; page < pages; page += 1) source.addPage([300, 400]);
  return source.save();
}

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'admit-typst-content-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/**
 * What poppler reads out of the PDF (`pdfinfo`'s fields, `pdftotext`'s lines, trimmed) and the
 * language its catalog declares.
 */
async function poppler(pdf: Uint8Array): Promise<{ info: string; lines: string[]; lang: string }> {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const [info, text] = await Promise.all([
    run('pdfinfo', [file]),
    run('pdftotext', ['-enc', 'UTF-8', file, '-']),
  ]);
  // Bidi marks (U+202A–U+202E) are how pdftotext tells a run's direction, not text.
  const lines = text.stdout
    .replace(/[\u202a-\u202e]/g, '')
    .split('\n')
    .map((line) => line.trim());
  const loaded = await PDFDocument.load(pdf, { updateMetadata: false });
  const lang = loaded.catalog.get(PDFName.of('Lang'))?.toString() ?? '';
  return { info: info.stdout, lines, lang };
}

interface StructNode {
  role?: string;
  alt?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

/**
 * Every page's structure tree read back with pdf.js, as a screen reader meets it: "Role: text"
 * lines in tree order, indented by depth, with each element's own text and its alternative
 * text in brackets. Elements without a role of their own are left out.
 */
async function structureOutline(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const outline: string[] = [];
  for (let number = 1; number <= doc.numPages; number += 1) {
    const page = await doc.getPage(number);
    const content = await page.getTextContent({ includeMarkedContent: true });
    const texts = new Map<string, string>();
    let open: string | undefined;
    for (const item of content.items) {
      if ('type' in item && item.type === 'beginMarkedContentProps') open = item.id;
      else if ('type' in item && item.type === 'endMarkedContent') open = undefined;
      else if ('str' in item && open !== undefined)
        texts.set(open, `${texts.get(open) ?? ''}${item.str}`);
    }
    const walk = (node: StructNode, depth: number) => {
      if (node.role === undefined) return;
      const own = (node.children ?? [])
        .filter((child) => child.type === 'content')
        .map((child) => texts.get(child.id ?? '') ?? '')
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      const alt = node.alt === undefined ? '' : ` [${node.alt}]`;
      outline.push(`${'  '.repeat(depth)}${node.role}:${own === '' ? '' : ` ${own}`}${alt}`);
      for (const child of node.children ?? []) walk(child, depth + 1);
    };
    const tree = (await page.getStructTree()) as StructNode | null;
    for (const child of tree?.children ?? []) walk(child, 0);
  }
  await doc.destroy();
  return outline;
}

describe('what the Typst PDF prints', () => {
  it('prints every kind of print block, with the title block, the draft mark and page numbers', async () => {
    const lines: PrintModel = {
      steps: [
        {
          title: 'Personal Info',
          sections: [
            {
              title: 'Your Name',
              blocks: [question('First Name', 'Ada'), question('Middle Name', null)],
            },
            {
              title: 'Contact',
              blocks: [
                {
                  kind: 'info',
                  title: 'Mailing address',
                  text: 'Where letters about your application go.',
                },
                {
                  kind: 'question',
                  key: 'citizen',
                  label: 'Are you a citizen of the United States?',
                  answer: choices(['Yes', true], ['No', false]),
                },
                {
                  kind: 'checkbox',
                  key: 'certify',
                  label: 'I certify that this is true.',
                  checked: false,
                },
                {
                  kind: 'question',
                  key: 'essay_file',
                  label: 'Your essay',
                  answer: { kind: 'document', fileName: 'essay.pdf' },
                },
                { kind: 'group', heading: 'College 2' },
                question('College', 'MSU'),
              ],
            },
          ],
        },
      ],
    };
    const pdf = await pdfText(await renderTypstApplicationPdf(lines, META));
    expect(pdf.numPages).toBe(1);
    expect(pdf.pages[0]).toEqual([
      'Gallatin College',
      'Application for Admission',
      'APPLICANT ACCOUNT',
      'Ada Lovelace ada@example.com',
      'STATUS COPY MADE',
      'Not yet submitted (a copy of the saved answers) November 21, 2026 at 1:05 PM UTC',
      'Personal Info',
      'Your Name',
      'First Name Ada',
      // A blank prints as a line to write on; its text says so to a search or a copy.
      'Middle Name __________',
      'Contact',
      'Mailing address',
      'Where letters about your application go.',
      'Are you a citizen of the United States? [X] Yes [ ] No',
      '[ ] I certify that this is true.',
      'Your essay Attached document: essay.pdf',
      'College 2',
      'College MSU',
      DRAFT_MARK,
      'Gallatin College | Application for Admission | Ada Lovelace Page 1 of 1',
    ]);
  });

  it("keeps a checkbox group's options beside its question, then goes on with the next", async () => {
    const lines = model(
      {
        kind: 'question',
        key: 'race_asian',
        label: 'Race (choose all that apply)',
        answer: choices(['Asian', false], ['White', true], ['Another race', false]),
      },
      question('Next question', 'Next answer'),
    );
    const text = (await pdfText(await renderTypstApplicationPdf(lines, META))).pages.flat();
    expect(text).toContain('Race (choose all that apply) [ ] Asian [X] White [ ] Another race');
    expect(text).toContain('Next question Next answer');
  });

  it('runs a 7000-character answer without spaces over pages, every letter kept, each page numbered', async () => {
    const unbroken = 'A'.repeat(7000);
    const lines = model(
      ...Array.from({ length: 30 }, (_, index) => question(`Question ${index + 1}`, 'Answer')),
      question('Essay', unbroken),
    );
    const pdf = await pdfText(await renderTypstApplicationPdf(lines, META));
    expect(pdf.numPages).toBeGreaterThan(1);
    expect(pdf.text.replace(/[^A]/g, '').length).toBeGreaterThanOrEqual(7000);
    pdf.pages.forEach((page, index) => {
      expect(page.at(-1)).toContain(`Page ${index + 1} of ${pdf.numPages}`);
    });
  });

  it('prints only the last four digits of the SSN', async () => {
    const tenant = loadTenant('gallatin');
    const masked = printModel(
      tenant.pages,
      { first_name: 'Ada', ssn: '123-45-6789' },
      {},
      { tabs: {}, addAnother: {} },
      { maskSsn: true },
    );
    const { text } = await pdfText(await renderTypstApplicationPdf(masked, META));
    expect(text).toContain('Social Security Number XXX-XX-6789');
    expect(text).not.toContain('123-45');
  });

  it('says when the application was submitted, in the college’s time zone, and marks no page a draft', async () => {
    const pdf = await pdfText(
      await renderTypstApplicationPdf(model(question('First Name', 'Ada')), {
        ...META,
        submittedAt: new Date('2026-11-20T17:30:00Z'),
        reference: 'GC-2026-000123',
        timeZone: 'America/Denver',
        chrome: pdfChrome('en', {
          generatedAt: META.generatedAt,
          submittedAt: new Date('2026-11-20T17:30:00Z'),
          timeZone: 'America/Denver',
        }),
      }),
    );
    expect(pdf.text).toContain('Submitted November 20, 2026 at 10:30 AM MST');
    expect(pdf.text).toContain('GC-2026-000123');
    expect(pdf.text).not.toContain('DRAFT');
  });

  it('marks every page of an application not yet submitted as a draft, the appended ones too', async () => {
    const long = model(
      ...Array.from({ length: 80 }, (_, index) => question(`Question ${String(index)}`, 'Yes')),
    );
    const attachments = [{ answerKey: 'essay', fileName: 'essay.pdf', bytes: await documentOf(2) }];
    const draft = await pdfText(await renderTypstApplicationPdf(long, META, attachments));
    expect(draft.numPages).toBeGreaterThan(3);
    for (const page of draft.pages) expect(page).toContain(DRAFT_MARK);
  });

  it('never fails on any stored string: a line break in a name prints on one line', async () => {
    const hostile = [
      'Line\nBreak',
      'Carriage\r\nReturn\rAlone',
      'Tab\there',
      'Bell\u0007 NUL\u0000 DEL\u007f C1\u0085\u009b',
      'Separators\u2028line\u2029paragraph',
      'Lone \ud800 high \udfff low',
      'Emoji 😀👩‍🏭❤️ and flags 🇺🇸',
      'Right-to-left \u202eevil\u202c and zero-width \u200b\ufeff',
      'Typst markup #set page(width: 1pt) $x$ *bold* <label> @ref',
      '\n\n\n',
      '',
    ];
    for (const text of hostile) {
      const blocks: PrintBlock[] = [
        { kind: 'info', title: text, text },
        { kind: 'group', heading: text },
        question(text, text),
        { kind: 'question', key: 'k', label: text, answer: choices([text, true], [text, false]) },
        { kind: 'checkbox', key: 'c', label: text, checked: true },
        {
          kind: 'question',
          key: 'essay_file',
          label: text,
          answer: { kind: 'document', fileName: text },
        },
      ];
      const bytes = await renderTypstApplicationPdf(
        { steps: [{ title: text, sections: [{ title: text, blocks }] }] },
        {
          ...META,
          college: text,
          title: text,
          collegeContact: [text, text],
          applicant: { name: `Ada ${text}`, username: text },
        },
        [{ answerKey: 'essay_file', fileName: text, bytes: new Uint8Array([1, 2, 3]) }],
      );
      expect((await pdfText(bytes)).numPages, JSON.stringify(text)).toBeGreaterThanOrEqual(2);
    }
    const pdf = await pdfText(
      await renderTypstApplicationPdf(model(question('Last Name', 'Line\nBreak')), {
        ...META,
        applicant: { name: 'Ada Line\nBreak', username: 'ada@example.com' },
      }),
    );
    expect(pdf.pages[0]).toContain('Ada Line Break ada@example.com');
    expect(pdf.pages[0]?.at(-1)).toBe(
      'Gallatin College | Application for Admission | Ada Line Break Page 1 of 1',
    );
  });
});

describe('the Typst PDF read by a screen reader', () => {
  it('reads the logo by its text, each step and section as a heading, questions and answers as a table, and each mark as "Selected" or "Not selected"', async () => {
    const refused: string[] = [];
    const bytes = await renderTypstApplicationPdf(
      {
        steps: [
          {
            title: 'Personal Info',
            sections: [
              {
                title: 'Your Name',
                blocks: [
                  question('First Name', 'Ada'),
                  {
                    kind: 'question',
                    key: 'citizen',
                    label: 'Citizen?',
                    answer: choices(['Yes', true], ['No', false]),
                  },
                  { kind: 'checkbox', key: 'certify', label: 'I certify.', checked: true },
                ],
              },
            ],
          },
        ],
      },
      META,
      [],
      { logoSvg: LOGO },
      { pdfUa: true, onPdfUaRefused: (reason) => refused.push(reason) },
    );
    // The marks as figures keep the document within PDF/UA-1's rules.
    expect(refused).toEqual([]);
    const outline = (await structureOutline(bytes)).map((line) => line.trim());
    expect(outline).toContain('Figure: [Gallatin College logo]');
    // In reading order: each element with its own text, a mark read by its alternative text.
    const expected = [
      'H1: Personal Info',
      'H2: Your Name',
      'Table:',
      'TR:',
      'TD: First Name',
      'TR:',
      'TD: Citizen?',
      'Figure: [X] [Selected]',
      'Figure: [ ] [Not selected]',
      'TR:',
      'Figure: [X] [Selected]',
    ];
    let at = 0;
    for (const line of outline) if (line === expected[at]) at += 1;
    expect(expected.slice(at), outline.join('\n')).toEqual([]);
    // The marks are read only as words: no "[X]" or "[ ]" outside a figure that says it.
    expect(outline.filter((line) => /\[(X| )\]/.test(line) && !line.startsWith('Figure:'))).toEqual(
      [],
    );
  });
});

/**
 * An applicant's name in scripts whose text layer Typst gives back exactly in the bold of the
 * title block as in the footer (typst/render.test.ts has every script, in answers).
 */
const NAME = '김민준 Ярослава Nguyễn Thị Ánh 王小明 דוד';
/** Answers in two more scripts. */
const CITY = 'สมชาย ใจดี';
const ESSAY = 'अर्जुन शर्मा and Ἀλέξανδρος';

describe('the draft PDF', () => {
  it('gives back a name in any script exactly, is tagged, and has a title and a language', async () => {
    const name = NAME;
    const pdf = await renderTypstApplicationPdf(
      model(question('City', CITY), question('Essay', ESSAY)),
      { ...META, applicant: { name, username: 'minjun@example.com' } },
      [],
      { logoSvg: LOGO },
      { pdfUa: true },
    );
    const { info, lines, lang } = await poppler(pdf);
    expect(lines).toContain(DRAFT_MARK);
    // The title block, the footer and the answers, each exactly as given.
    expect(lines).toContain(name);
    expect(lines).toContain(`Gallatin College | Application for Admission | ${name}`);
    expect(lines).toContain(CITY);
    expect(lines).toContain(ESSAY);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toContain(`Title:           Gallatin College: Application for Admission, ${name}`);
    expect(lang).toBe('(en)');
  });
});
