import { type PrintAnswer, type PrintBlock, type PrintModel } from '@admit/form-model';
import { PDFBool, PDFDict, PDFDocument as TaggedSource, PDFName } from '@cantoo/pdf-lib';
import { concatTransformationMatrix, degrees, PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';

import { pdfText, standardFontDataUrl } from '../../test/pdfText.ts';
import { DRAFT_MARK, MISSING_CHARACTERS_NOTE, renderApplicationPdf } from './render.ts';
import { printableText, wrapText, widthOf } from './text.ts';
import { asciiFileNamePart, isWinAnsi, toWinAnsi } from './winansi.ts';

const META = {
  college: 'Gallatin College',
  applicant: { name: 'Ada Lovelace', username: 'ada@example.com' },
  generatedAt: new Date('2026-11-21T13:05:00Z'),
};

const question = (label: string, answer: string | null): PrintBlock => ({
  kind: 'question',
  key: 'k',
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

describe('toWinAnsi', () => {
  it('keeps WinAnsi, drops only the accents WinAnsi lacks, and prints the rest as "?"', () => {
    expect(toWinAnsi('Zoë, Łódź, 王')).toEqual({ text: 'Zoë, Lódz, ?', lossy: true });
    expect(toWinAnsi('Renée Müller-Søndergård, São Paulo')).toEqual({
      text: 'Renée Müller-Søndergård, São Paulo',
      lossy: false,
    });
    expect(toWinAnsi('Dvořák, Şişli, Ørsted, Ğ, İstanbul, Đorđe').text).toBe(
      'Dvorák, Sisli, Ørsted, G, Istanbul, Dorde',
    );
  });

  it('transliterates Cyrillic and Greek, and spells typographic signs WinAnsi lacks', () => {
    expect(toWinAnsi('Ярослава Шевченко').text).toBe('Yaroslava Shevchenko');
    expect(toWinAnsi('Αθηνά Παπαδοπούλου').text).toBe('Athina Papadopoulou');
    expect(toWinAnsi('“Quotes” – dashes — and … € ™').text).toBe('“Quotes” – dashes — and … € ™');
    expect(toWinAnsi('a\u2212b \u2192 c \u2264 d\u00a0e\u200bf\tg').text).toBe(
      'a-b -> c <= d ef g',
    );
  });

  it('keeps line breaks, makes lone combining marks and emoji safe', () => {
    expect(toWinAnsi('one\r\ntwo\rthree\nfour').text).toBe('one\ntwo\nthree\nfour');
    expect(toWinAnsi('e\u0301 (decomposed) n\u0303').text).toBe('é (decomposed) ñ');
    expect(toWinAnsi('x\u0358y')).toEqual({ text: 'xy', lossy: false });
    expect(toWinAnsi('I ❤️ welding 👩‍🏭')).toEqual({ text: 'I ? welding ??', lossy: true });
  });

  it('gives an ASCII file name part', () => {
    expect(asciiFileNamePart('Łódź')).toBe('Lodz');
    expect(asciiFileNamePart('Zoë 王')).toBe('Zoe');
    expect(asciiFileNamePart('Strauß / Ærø')).toBe('Strauss-AEro');
  });

  it('admits only characters Helvetica can draw: every one of them encodes', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const admitted: string[] = [];
    for (let code = 0; code <= 0x2fff; code += 1) {
      const character = String.fromCodePoint(code);
      if (isWinAnsi(character)) admitted.push(character);
    }
    expect(admitted.length).toBeGreaterThan(200);
    expect(() => font.encodeText(admitted.join(''))).not.toThrow();
    // And whatever toWinAnsi returns encodes too, for a sample of every block up to U+2FFF.
    const everything = Array.from({ length: 0x3000 - 0x20 }, (_, i) =>
      String.fromCodePoint(0x20 + i),
    )
      .filter((character) => !/[\ud800-\udfff]/.test(character))
      .join('');
    expect(() => font.encodeText(toWinAnsi(everything).text.replace(/\n/g, ''))).not.toThrow();
  });
});

describe('wrapText', () => {
  it('fills lines up to the width, keeps paragraphs and breaks a word longer than a line', () => {
    const font = 'regular';
    const text = `${'word '.repeat(60)}\n\n\n\nsecond paragraph ${'x'.repeat(300)}`;
    const lines = wrapText(text, font, 10, 200);
    for (const line of lines) expect(widthOf(line, font, 10)).toBeLessThanOrEqual(200);
    // Many blank lines are one blank line.
    expect(lines.filter((line) => line === '')).toHaveLength(1);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });
});

describe('printableText', () => {
  it('composes letters, keeps every script, and drops what would break a PDF', () => {
    expect(printableText('Nguye\u0302\u0303n')).toBe('Nguyễn');
    expect(printableText('Ярослав\t王小明\u00a0محمد')).toBe('Ярослав 王小明 محمد');
    expect(printableText('a\u0000b\u0007c\u200bd\u00ade')).toBe('abcde');
    expect(printableText('one\r\ntwo\rthree\u2028four')).toBe('one\ntwo\nthree\nfour');
    expect(printableText('lone \ud800 surrogate')).toBe('lone \ufffd surrogate');
  });
});

describe('renderApplicationPdf', () => {
  it('prints every kind of print line, with the title block and page numbers', async () => {
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
                  key: 'k',
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
    const pdf = await pdfText(await renderApplicationPdf(lines, META));
    expect(pdf.numPages).toBe(1);
    const text = pdf.pages[0] ?? [];
    expect(text).toEqual(
      expect.arrayContaining([
        'Gallatin College',
        'Application for Admission',
        'Personal Info',
        'Your Name',
        'First Name Ada',
        'Middle Name __________',
        'Mailing address',
        'Where letters about your application go.',
        'Are you a citizen of the United States? [X] Yes [ ] No',
        '[ ] I certify that this is true.',
        'Your essay Attached document: essay.pdf',
        'College 2',
        'College MSU',
        'Not yet submitted (a copy of the saved answers) November 21, 2026 at 1:05 PM UTC',
      ]),
    );
    expect(text.at(-1)).toBe(
      'Gallatin College | Application for Admission | Ada Lovelace Page 1 of 1',
    );
  });

  it("keeps a checkbox group's options beside it when the group's key is its first option's (regression: Race's options fell out of the group)", async () => {
    const lines = model(
      {
        kind: 'question',
        key: 'race_asian',
        label: 'Race (choose all that apply)',
        answer: choices(['Asian', false], ['White', true], ['Another race', false]),
      },
      question('Next question', 'Next answer'),
    );
    const text = (await pdfText(await renderApplicationPdf(lines, META))).pages.flat();
    expect(text).toContain('Race (choose all that apply) [ ] Asian [X] White [ ] Another race');
    expect(text).toContain('Next question Next answer');
  });

  it('wraps a 7000-character answer without spaces and runs it over pages, numbered', async () => {
    const unbroken = 'A'.repeat(7000);
    const lines = model(
      ...Array.from({ length: 30 }, (_, index) => question(`Question ${index + 1}`, 'Answer')),
      question('Why this college?', unbroken),
    );
    const pdf = await pdfText(await renderApplicationPdf(lines, META));
    expect(pdf.numPages).toBeGreaterThan(1);
    expect(pdf.text.replace(/[^A]/g, '').length).toBeGreaterThanOrEqual(7000);
    pdf.pages.forEach((page, index) => {
      expect(page.at(-1)).toContain(`Page ${index + 1} of ${pdf.numPages}`);
    });
  });

  it('prints every script as typed, in the text layer too', async () => {
    const names = [
      'Ánh Thị Nguyễn-Łukasiewicz',
      'Şükrü Öztürk',
      'Zürich',
      'Ярослав',
      '王小明',
      'Ελένη',
      'नमस्ते',
    ];
    const pdf = await pdfText(
      await renderApplicationPdf(
        model(...names.map((name, index) => question(`Name ${index + 1}`, name))),
        { ...META, applicant: { name: names[0] ?? '', username: 'anh@example.com' } },
      ),
    );
    const text = pdf.pages.flat();
    names.forEach((name, index) => {
      expect(text).toContain(`Name ${index + 1} ${name}`);
    });
    expect(pdf.text).not.toContain(MISSING_CHARACTERS_NOTE);
    // The running footer carries the name as typed.
    expect(text.at(-1)).toContain('Ánh Thị Nguyễn-Łukasiewicz');
  });

  it("keeps every character of a subset of more than 92 glyphs, whose codes include a string's delimiters and backslash (regression: after a PDF with a Greek name, the Latin E and O of every later PDF were lost from its text layer)", async () => {
    // Glyph codes are written as literal-string bytes: codes 13, 40, 41 and 92 (carriage
    // return, parentheses, backslash) must be escaped or the text after them is lost. A PDF
    // with Greek capitals first: they are drawn with the Latin letters' glyphs, which then
    // lost their characters for the rest of the process.
    await renderApplicationPdf(model(question('Name', 'ΕΛΕΝΗ ΟΔΥΣΣΕΑΣ Έλενα')), META);
    const printable = Array.from({ length: 0x7f - 0x21 }, (_, index) =>
      String.fromCharCode(0x21 + index),
    ).join('');
    const accented = 'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ';
    const pdf = await pdfText(
      await renderApplicationPdf(
        model(question('All ASCII', printable), question('Accented', accented)),
        META,
      ),
    );
    expect(pdf.text.replace(/\s/g, '')).toContain(printable);
    expect(pdf.text).toContain(accented);
  });

  it('names the answer whose characters no font has, and never fails on bad text', async () => {
    const pdf = await pdfText(
      await renderApplicationPdf(
        model(
          question('Hobby', 'I \u2764\ufe0f welding \u{1F600}'),
          question('City', 'a\u0000b\ud800'),
        ),
        META,
      ),
    );
    expect(pdf.pages.flat()).toContain('Hobby I ? welding ?');
    expect(pdf.text.replace(/\s/g, '')).toContain(
      `${MISSING_CHARACTERS_NOTE} Hobby (U+2764, U+1F600).`.replace(/\s/g, ''),
    );
  });

  it('never fails on any stored string: a line break in a name prints on one line (regression: last_name "Line\\nBreak" failed the PDF for good)', async () => {
    const hostile = [
      'Line\nBreak',
      'Carriage\r\nReturn\rAlone',
      'Tab\there',
      'Bell\u0007 NUL\u0000 DEL\u007f C1\u0085\u009b',
      'Separators\u2028line\u2029paragraph',
      'Lone \ud800 high \udfff low',
      'Emoji 😀👩‍🏭❤️ and flags 🇺🇸',
      'Right-to-left \u202eevil\u202c and zero-width \u200b\ufeff',
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
      const lines: PrintModel = {
        steps: [{ title: text, sections: [{ title: text, blocks }] }],
      };
      const bytes = await renderApplicationPdf(
        lines,
        {
          ...META,
          college: text,
          title: text,
          collegeContact: [text, text],
          applicant: { name: `Ada ${text}`, username: text },
        },
        [{ fileName: text, bytes: new Uint8Array([1, 2, 3]) }],
      );
      expect((await pdfText(bytes)).numPages, JSON.stringify(text)).toBeGreaterThanOrEqual(2);
    }
    const pdf = await pdfText(
      await renderApplicationPdf(model(question('Last Name', 'Line\nBreak')), {
        ...META,
        applicant: { name: 'Ada Line\nBreak', username: 'ada@example.com' },
      }),
    );
    expect(pdf.pages[0]).toContain('Ada Line Break ada@example.com');
    expect(pdf.pages[0]?.at(-1)).toBe(
      'Gallatin College | Application for Admission | Ada Line Break Page 1 of 1',
    );
  });

  it('says when the application was submitted', async () => {
    const pdf = await pdfText(
      await renderApplicationPdf(model(question('First Name', 'Ada')), {
        ...META,
        submittedAt: new Date('2026-11-20T17:30:00Z'),
        timeZone: 'America/Denver',
      }),
    );
    expect(pdf.text).toContain('Submitted November 20, 2026 at 10:30 AM MST');
  });

  it('marks every page of an application not yet submitted as a draft, the appended ones too, and no page of a submitted one', async () => {
    const source = await PDFDocument.create();
    source.addPage([300, 400]).drawText('essay');
    const long = model(
      ...Array.from({ length: 80 }, (_, index) => question(`Question ${String(index)}`, 'Yes')),
    );
    const attachments = [{ fileName: 'essay.pdf', bytes: await source.save() }];
    const draft = await pdfText(await renderApplicationPdf(long, META, attachments));
    expect(draft.numPages).toBeGreaterThan(2);
    for (const page of draft.pages) expect(page.join('\n')).toContain(DRAFT_MARK);
    const submitted = await pdfText(
      await renderApplicationPdf(
        long,
        { ...META, submittedAt: new Date('2026-11-20T17:30:00Z') },
        attachments,
      ),
    );
    expect(submitted.numPages).toBe(draft.numPages);
    expect(submitted.text).not.toContain('DRAFT');
  });

  it('appends attachments, stamps upright pages and leaves rotated ones as they are', async () => {
    const source = await PDFDocument.create();
    source.addPage([300, 400]).drawText('upright');
    source.addPage([300, 400]).setRotation(degrees(90));
    const pdf = await pdfText(
      await renderApplicationPdf(model(question('First Name', 'Ada')), META, [
        { fileName: 'scan.pdf', bytes: await source.save() },
      ]),
    );
    expect(pdf.numPages).toBe(3);
    expect(pdf.pages[0]).toContain('1. scan.pdf Appended as pages 2-3 of 3');
    expect(pdf.pages[1]).toContain('Attachment: scan.pdf | Ada Lovelace | Page 2 of 3');
    expect(pdf.pages[2]?.join('\n') ?? '').not.toContain('Attachment:');
  });

  it("stamps an appended page at its foot even when the page's content leaves a transformation behind", async () => {
    const source = await PDFDocument.create();
    const page = source.addPage([612, 792]);
    // Content that scales by 3 and never restores the graphics state.
    page.pushOperators(concatTransformationMatrix(3, 0, 0, 3, 0, 0));
    page.drawText('scaled', { x: 10, y: 200 });
    const bytes = await renderApplicationPdf(model(question('First Name', 'Ada')), META, [
      { fileName: 'scaled.pdf', bytes: await source.save() },
    ]);
    const doc = await getDocument({ data: bytes, isEvalSupported: false, standardFontDataUrl })
      .promise;
    const content = await (await doc.getPage(2)).getTextContent();
    const stamp = content.items.find((item) => 'str' in item && item.str.startsWith('Attachment:'));
    expect(stamp).toBeDefined();
    // At the page's foot (y = 10) and in the page's own size (7 pt), not three times either.
    expect(stamp !== undefined && 'transform' in stamp ? stamp.transform : []).toEqual([
      7,
      0,
      0,
      7,
      expect.any(Number),
      10,
    ]);
    await doc.destroy();
  });
});

interface StructNode {
  role?: string;
  alt?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

/**
 * Every page's structure tree read back with pdf.js, as "Role: text" lines in tree order
 * (indented by depth): the text of each element's marked content, its alternative text.
 */
async function structureOutline(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes, isEvalSupported: false, standardFontDataUrl })
    .promise;
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

describe('the tagged PDF', () => {
  it('reads back as a structure tree in reading order: headings, question/answer tables, choices spoken, figures with alt text', async () => {
    const source = await TaggedSource.create();
    source.addPage([300, 400]).drawText('one');
    source.addPage([300, 400]).drawText('two');
    const bytes = await renderApplicationPdf(
      {
        steps: [
          {
            title: 'Personal Info',
            sections: [
              {
                title: 'Your Name',
                blocks: [
                  question('First Name', 'Ada'),
                  question('Middle Name', null),
                  {
                    kind: 'question',
                    key: 'k',
                    label: 'Citizen?',
                    answer: choices(['Yes', true], ['No', false]),
                  },
                ],
              },
              {
                title: 'Essay',
                blocks: [
                  {
                    kind: 'question',
                    key: 'essay',
                    label: 'Your essay',
                    answer: { kind: 'document', fileName: 'essay.docx' },
                  },
                ],
              },
            ],
          },
        ],
      },
      META,
      [{ answerKey: 'essay', fileName: 'essay.docx', bytes: await source.save() }],
    );
    expect(await structureOutline(bytes)).toEqual([
      'Document:',
      '  H1: Gallatin College',
      '  P: Application for Admission',
      '  P: APPLICANT Ada Lovelace',
      '  P: ACCOUNT ada@example.com',
      '  P: STATUS Not yet submitted (a copy of the saved answers)',
      '  P: COPY MADE November 21, 2026 at 1:05 PM UTC',
      '  H2: Personal Info',
      '  H3: Your Name',
      '  Table:',
      '    TR:',
      '      TH: First Name',
      '      TD: Ada',
      '    TR:',
      '      TH: Middle Name',
      '      TD: __________',
      '    TR:',
      '      TH: Citizen?',
      '      TD:',
      '        Span: Yes [Selected: Yes]',
      '        Span: No [Not selected: No]',
      '  H3: Essay',
      '  Table:',
      '    TR:',
      '      TH: Your essay',
      '      TD: Attached document: essay.docx Appended as pages 2-3 of 3',
      '  H2: Attached Documents',
      '  Table:',
      '    TR:',
      '      TH: 1. essay.docx',
      '      TD: Appended as pages 2-3 of 3',
      'Document:',
      // The page's own content is the figure's (its text stays findable).
      '  Figure: one [Attached: essay.docx, page 1 of 2]',
      'Document:',
      '  Figure: two [Attached: essay.docx, page 2 of 2]',
    ]);
  });

  it('says it is tagged, in English, with its title shown in the title bar', async () => {
    const bytes = await renderApplicationPdf(model(question('First Name', 'Ada')), META);
    const doc = await TaggedSource.load(bytes);
    const catalog = doc.catalog;
    expect(catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))).toEqual(
      PDFBool.True,
    );
    expect(catalog.get(PDFName.of('Lang'))?.toString()).toBe('(en-US)');
    expect(
      catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict).get(PDFName.of('DisplayDocTitle')),
    ).toEqual(PDFBool.True);
    expect(doc.getTitle()).toBe('Gallatin College: Application for Admission, Ada Lovelace');
  });
});
