import { type PrintLine } from '@admit/form-model';
import { concatTransformationMatrix, degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';

import { pdfText, standardFontDataUrl } from '../../test/pdfText.ts';
import { LOSSY_NOTE, renderApplicationPdf } from './render.ts';
import { wrapText, widthOf } from './text.ts';
import { asciiFileNamePart, isWinAnsi, toWinAnsi } from './winansi.ts';

const META = {
  college: 'Gallatin College',
  applicant: { name: 'Ada Lovelace', username: 'ada@example.com' },
  generatedAt: new Date('2026-11-21T13:05:00Z'),
};

const question = (text: string, answer: string | null): PrintLine => ({
  kind: 'question',
  key: 'k',
  text,
  answer,
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
  it('fills lines up to the width, keeps paragraphs and breaks a word longer than a line', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const text = `${'word '.repeat(60)}\n\n\n\nsecond paragraph ${'x'.repeat(300)}`;
    const lines = wrapText(text, font, 10, 200);
    for (const line of lines) expect(widthOf(line, font, 10)).toBeLessThanOrEqual(200);
    // Many blank lines are one blank line.
    expect(lines.filter((line) => line === '')).toHaveLength(1);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });
});

describe('renderApplicationPdf', () => {
  it('prints every kind of print line, with the title block and page numbers', async () => {
    const lines: PrintLine[] = [
      { kind: 'page', text: 'Personal Info' },
      { kind: 'section', text: 'Your Name' },
      question('First Name', 'Ada'),
      question('Middle Name', null),
      { kind: 'section', text: 'Hidden section with nothing under it' },
      { kind: 'section', text: 'Contact' },
      { kind: 'info', text: 'Mailing address' },
      { kind: 'info', text: 'Where letters about your application go.' },
      question('Are you a citizen of the United States?', ''),
      { kind: 'choice', key: 'k', text: 'Yes', checked: true },
      { kind: 'choice', key: 'k', text: 'No', checked: false },
      { kind: 'choice', key: 'certify', text: 'I certify that this is true.', checked: false },
      question('Your essay', ''),
      { kind: 'document', key: 'essay_file', text: 'essay.pdf' },
    ];
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
        'Not yet submitted (a copy of the saved answers) November 21, 2026 at 1:05 PM UTC',
      ]),
    );
    expect(text.join('\n')).not.toContain('Hidden section');
    expect(text.at(-1)).toBe(
      'Gallatin College | Application for Admission | Ada Lovelace Page 1 of 1',
    );
  });

  it("keeps a checkbox group's options beside it when the group's key is its first option's (regression: Race's options fell out of the group)", async () => {
    const lines: PrintLine[] = [
      { kind: 'question', key: 'race_asian', text: 'Race (choose all that apply)', answer: '' },
      { kind: 'choice', key: 'race_asian', text: 'Asian', checked: false },
      { kind: 'choice', key: 'race_white', text: 'White', checked: true },
      { kind: 'choice', key: 'race_other', text: 'Another race', checked: false },
      question('Next question', 'Next answer'),
    ];
    const text = (await pdfText(await renderApplicationPdf(lines, META))).pages.flat();
    expect(text).toContain('Race (choose all that apply) [ ] Asian [X] White [ ] Another race');
    expect(text).toContain('Next question Next answer');
  });

  it('wraps a 7000-character answer without spaces and runs it over pages, numbered', async () => {
    const unbroken = 'A'.repeat(7000);
    const lines: PrintLine[] = [
      { kind: 'page', text: 'Essay' },
      ...Array.from({ length: 30 }, (_, index) => question(`Question ${index + 1}`, 'Answer')),
      question('Why this college?', unbroken),
    ];
    const pdf = await pdfText(await renderApplicationPdf(lines, META));
    expect(pdf.numPages).toBeGreaterThan(1);
    expect(pdf.text.replace(/[^A]/g, '').length).toBeGreaterThanOrEqual(7000);
    pdf.pages.forEach((page, index) => {
      expect(page.at(-1)).toContain(`Page ${index + 1} of ${pdf.numPages}`);
    });
  });

  it('says once that some characters became "?", and never fails on them', async () => {
    const pdf = await pdfText(
      await renderApplicationPdf([question('City of Birth', '北京')], {
        ...META,
        applicant: { name: 'Zoë 王', username: 'zoe@example.com' },
      }),
    );
    expect(pdf.pages.flat()).toContain('City of Birth ??');
    expect(pdf.text.replace(/\s/g, '')).toContain(LOSSY_NOTE.replace(/\s/g, ''));
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
      const lines: PrintLine[] = [
        { kind: 'page', text },
        { kind: 'section', text },
        { kind: 'info', text },
        question(text, text),
        { kind: 'choice', key: 'k', text, checked: true },
        { kind: 'document', key: 'essay_file', text },
      ];
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
      await renderApplicationPdf([question('Last Name', 'Line\nBreak')], {
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
      await renderApplicationPdf([question('First Name', 'Ada')], {
        ...META,
        submittedAt: new Date('2026-11-20T17:30:00Z'),
        timeZone: 'America/Denver',
      }),
    );
    expect(pdf.text).toContain('Submitted November 20, 2026 at 10:30 AM MST');
  });

  it('appends attachments, stamps upright pages and leaves rotated ones as they are', async () => {
    const source = await PDFDocument.create();
    source.addPage([300, 400]).drawText('upright');
    source.addPage([300, 400]).setRotation(degrees(90));
    const pdf = await pdfText(
      await renderApplicationPdf([question('First Name', 'Ada')], META, [
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
    const bytes = await renderApplicationPdf([question('First Name', 'Ada')], META, [
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
