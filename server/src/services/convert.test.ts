import { PDFDocument, StandardFonts } from 'pdf-lib';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, describe, expect, it } from 'vitest';

import { findOnPath } from '../config.ts';
import { makeDocx, makeJpeg, makePdf, makePng } from '../test/files.ts';
import {
  ConversionError,
  conversionMessages,
  createConverter,
  jpegOrientation,
  textToPdf,
  withoutExternalReferences,
} from './convert.ts';
import { unpackZip } from './sniff.ts';

/** Every page's text, as a reader's PDF tool extracts it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}

interface DecodedImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The first image on page 1, decoded by pdf.js: proof the embedded image is a real one. */
async function firstImage(bytes: Uint8Array): Promise<DecodedImage> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const page = await document.getPage(1);
  const operators = await page.getOperatorList();
  const index = operators.fnArray.indexOf(OPS.paintImageXObject);
  const [name] = operators.argsArray[index] as [string];
  const image = await new Promise<DecodedImage>((resolve) => {
    page.objs.get(name, resolve);
  });
  await document.destroy();
  return image;
}

const textOnly = createConverter({ soffice: null });
const sofficePath = findOnPath('soffice', process.env.PATH);
const libreOffice = createConverter({ soffice: sofficePath ?? null });
afterAll(async () => {
  await libreOffice.dispose();
});

describe('images become one Letter page', () => {
  it('converts a PNG made by the test; pdf.js decodes the very pixels', async () => {
    const pdf = await textOnly.convert(makePng(4, 3), 'png');
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getPageCount()).toBe(1);
    expect(loaded.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    const image = await firstImage(pdf);
    expect([image.width, image.height]).toEqual([4, 3]);
    // Pixel (1, 0) of the gradient: red 60, green 0, blue 128.
    expect(Array.from(image.data.slice(3, 6))).toEqual([60, 0, 128]);
  });

  it('converts a baseline JPEG made by the test; pdf.js decodes it to its mid-grey', async () => {
    const pdf = await textOnly.convert(makeJpeg(2, 1), 'jpeg');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    const image = await firstImage(pdf);
    expect([image.width, image.height]).toEqual([16, 8]);
    expect(new Set(image.data)).toEqual(new Set([128]));
  });

  it('reads the EXIF orientation, so a phone photo taken sideways stands upright', async () => {
    expect(jpegOrientation(makeJpeg(2, 1))).toBe(1);
    expect(jpegOrientation(makeJpeg(2, 1, 6))).toBe(6);
    const pdf = await textOnly.convert(makeJpeg(2, 1, 6), 'jpeg');
    const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const operators = await (await document.getPage(1)).getOperatorList();
    // The second transform is the quarter turn (cos 0, sin −90°).
    const rotation = operators.argsArray.filter(
      (args, index) => operators.fnArray[index] === OPS.transform,
    )[1] as number[];
    expect(rotation.map((value) => Math.round(value))).toEqual([0, -1, 1, 0, 0, 0]);
    await document.destroy();
  });

  it('scales a large image down to fit inside the margins', async () => {
    const pdf = await textOnly.convert(makePng(2000, 500), 'png');
    const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const operators = await (await document.getPage(1)).getOperatorList();
    const sizes = operators.argsArray.filter(
      (args, index) => operators.fnArray[index] === OPS.transform,
    ) as number[][];
    // Drawn 540 pt wide: Letter's 612 less two half-inch margins.
    expect(sizes.some((matrix) => Math.round(matrix[0] ?? 0) === 540)).toBe(true);
    await document.destroy();
  });

  it('refuses an image pdf-lib cannot read with a message a person understands', async () => {
    const broken = makePng().subarray(0, 40);
    await expect(textOnly.convert(broken, 'png')).rejects.toThrow(conversionMessages.image);
  });
});

describe('PDFs are checked and normalised', () => {
  it('re-saves a PDF made by the test with its text', async () => {
    const pdf = await textOnly.convert(await makePdf('Transcript of records'), 'pdf');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    expect(await pdfText(pdf)).toContain('Transcript of records');
  });

  it('drops document scripts and page annotations', async () => {
    const source = await PDFDocument.create();
    const page = source.addPage();
    page.drawText('Hello', { font: await source.embedFont(StandardFonts.Helvetica) });
    source.addJavaScript('hello', 'app.alert("hi")');
    const pdf = await textOnly.convert(await source.save(), 'pdf');
    const text = Buffer.from(pdf).toString('latin1');
    expect(text).not.toContain('JavaScript');
    expect(text).not.toContain('app.alert');
  });

  it('fails an encrypted PDF with a message (no retry can open it)', async () => {
    // The trailer of an encrypted PDF names its /Encrypt dictionary.
    const source = await PDFDocument.create();
    source.addPage();
    source.context.trailerInfo.Encrypt = source.context.obj({ Filter: 'Standard', V: 1, R: 2 });
    const encrypted = await source.save({ useObjectStreams: false });
    expect(Buffer.from(encrypted).toString('latin1')).toContain('/Encrypt');
    const error = await textOnly.convert(encrypted, 'pdf').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as Error).message).toBe(conversionMessages.encrypted);
  });

  it('fails a damaged PDF with a message', async () => {
    const damaged = new TextEncoder().encode('%PDF-1.7\nthis is not a PDF body at all');
    const error = await textOnly.convert(damaged, 'pdf').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConversionError);
    expect([conversionMessages.damagedPdf, conversionMessages.emptyPdf]).toContain(
      (error as Error).message,
    );
  });
});

describe('DOCX without LibreOffice: the text rendering (mammoth), so nothing is lost', () => {
  it('holds the document text, wrapped onto Letter pages', async () => {
    const docx = makeDocx(['My essay about Gallatin Valley.', 'A second paragraph follows.']);
    expect(textOnly.docxEngine).toBe('text');
    const pdf = await textOnly.convert(docx, 'docx');
    const text = await pdfText(pdf);
    expect(text).toContain('My essay about Gallatin Valley.');
    expect(text).toContain('A second paragraph follows.');
  });

  it('starts new pages for long text and keeps every word', async () => {
    const words = Array.from({ length: 3000 }, (_, index) => `word${index}`);
    const pdf = await textToPdf(words.join(' '));
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getPageCount()).toBeGreaterThan(2);
    const text = await pdfText(pdf);
    expect(text).toContain('word0');
    expect(text).toContain('word2999');
  });

  it('draws accented letters, and shows what the font cannot draw as ?', async () => {
    const text = await pdfText(await textToPdf('Café résumé naïve Łódź 你好'));
    expect(text).toContain('Café résumé naïve');
    expect(text).toContain('Lódz');
    expect(text).toContain('??');
  });

  it('fails a DOCX mammoth cannot read with a message', async () => {
    const notWord = makeDocx(['x'], {}).subarray(0, 60);
    await expect(textOnly.convert(notWord, 'docx')).rejects.toThrow(conversionMessages.docx);
  });
});

describe('DOCX through LibreOffice', () => {
  it('removes external references (linked pictures, templates) but keeps hyperlinks', () => {
    const rels = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://attacker.example/pixel.png" TargetMode="External"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://www.gallatin.edu" TargetMode="External"/>
<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
</Relationships>`;
    const cleaned = unpackZip(
      withoutExternalReferences(makeDocx(['x'], { 'word/_rels/document.xml.rels': rels })),
    );
    const text = new TextDecoder().decode(cleaned.get('word/_rels/document.xml.rels'));
    expect(text).not.toContain('attacker.example');
    expect(text).toContain('https://www.gallatin.edu');
    expect(text).toContain('styles.xml');
  });

  it.skipIf(sofficePath === undefined)(
    'converts a DOCX made by the test with soffice; the text is in the PDF (skipped only when soffice is not installed)',
    async () => {
      expect(libreOffice.docxEngine).toBe('libreoffice');
      const docx = makeDocx(['Known text for LibreOffice: Bozeman, Montana.']);
      const pdf = await libreOffice.convert(docx, 'docx');
      // LibreOffice's own PDF, not the text rendering's note.
      expect(Buffer.from(pdf.subarray(0, 400)).toString('latin1')).toContain('%PDF-');
      const text = await pdfText(pdf);
      expect(text).toContain('Known text for LibreOffice: Bozeman, Montana.');
      expect(text).not.toContain('Text of the uploaded Word document');
      const producer = (await PDFDocument.load(pdf, { updateMetadata: false })).getProducer() ?? '';
      expect(producer).toMatch(/LibreOffice/);
    },
    120_000,
  );

  it('falls back to the text rendering when LibreOffice fails (content is never lost)', async () => {
    const failing = createConverter({ soffice: '/bin/false' });
    const pdf = await failing.convert(makeDocx(['Still here.']), 'docx');
    expect(await pdfText(pdf)).toContain('Still here.');
    await failing.dispose();
  });
});
