import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findOnPath } from '../config.ts';
import {
  bombPng,
  bombPngRgba,
  externalPictureSpellings,
  makeDocx,
  makeJpeg,
  makePdf,
  makePng,
  oneWordDocx,
  pictureDocx,
} from '../test/files.ts';
import {
  ConversionError,
  conversionMessages,
  createConverter,
  createSoffice,
  imageDimensions,
  jpegOrientation,
  MAX_IMAGE_PIXELS,
  SOFFICE_TIMEOUT_MS,
  textToPdf,
} from './convert.ts';
import { cleanRelationships, parseXml, withoutExternalReferences } from './docxRelationships.ts';
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

/**
 * Where page 1's first image lands: the transformation in force when it is painted (the
 * image's unit square onto the page), from pdf.js's operator list.
 */
type Matrix = [number, number, number, number, number, number];

async function imageMatrix(bytes: Uint8Array): Promise<Matrix> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const operators = await (await document.getPage(1)).getOperatorList();
  await document.destroy();
  const identity: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  let [a, b, c, d, e, f] = identity;
  for (const [index, op] of operators.fnArray.entries()) {
    if (op === OPS.save) stack.push([a, b, c, d, e, f]);
    else if (op === OPS.restore) [a, b, c, d, e, f] = stack.pop() ?? identity;
    else if (op === OPS.transform) {
      const [a2, b2, c2, d2, e2, f2] = operators.argsArray[index] as Matrix;
      [a, b, c, d, e, f] = [
        a2 * a + b2 * c,
        a2 * b + b2 * d,
        c2 * a + d2 * c,
        c2 * b + d2 * d,
        e2 * a + f2 * c + e,
        e2 * b + f2 * d + f,
      ];
    } else if (op === OPS.paintImageXObject) return [a, b, c, d, e, f];
  }
  throw new Error('page 1 paints no image');
}

/** How many images page 1 paints: a linked picture that got in shows here. */
async function imageCount(bytes: Uint8Array): Promise<number> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const operators = await (await document.getPage(1)).getOperatorList();
  await document.destroy();
  return operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
}

/** What a conversion rejects with, for asserting on its class and message. */
async function refusal(conversion: Promise<unknown>): Promise<Error> {
  const error = await conversion.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error)) throw new Error('the conversion did not fail');
  return error;
}

const run = promisify(execFile);

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
    // Stored 16 × 8 and taken sideways: drawn turned a quarter, 8 wide and 16 tall.
    const [a, b, c, d] = await imageMatrix(await textOnly.convert(makeJpeg(2, 1, 6), 'jpeg'));
    expect([Math.round(a), Math.round(d)]).toEqual([0, 0]);
    expect(Math.abs(b)).toBeCloseTo(16);
    expect(Math.abs(c)).toBeCloseTo(8);
    // The same picture without the tag is drawn as stored.
    const [e, f, g, h] = await imageMatrix(await textOnly.convert(makeJpeg(2, 1), 'jpeg'));
    expect([e, f, g, h].map((value) => Math.abs(Math.round(value)))).toEqual([16, 0, 0, 8]);
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

  it('refuses an image that cannot be decoded with a message a person understands', async () => {
    const broken = makePng().subarray(0, 40);
    await expect(textOnly.convert(broken, 'png')).rejects.toMatchObject({
      text: conversionMessages.image,
    });
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
    expect(error).toMatchObject({ text: conversionMessages.encrypted });
  });

  it('fails a damaged PDF with a message', async () => {
    const damaged = new TextEncoder().encode('%PDF-1.7\nthis is not a PDF body at all');
    const error = await textOnly.convert(damaged, 'pdf').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConversionError);
    expect([conversionMessages.damagedPdf, conversionMessages.emptyPdf]).toContainEqual(
      (error as ConversionError).text,
    );
  });
});

describe('DOCX without LibreOffice: the text typeset by Typst (mammoth), so nothing is lost', () => {
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

  it('keeps the text of a Word document in any script, in the conversion process, as poppler reads it back', async () => {
    // The conversion process loads the application PDF's Noto fonts (its address-space limit
    // holds them and the WOFF2 decoder): accents, Cyrillic, Greek, Chinese, Korean, Thai,
    // Devanagari and Hebrew all come back exactly, not as "?" or bare letters.
    const paragraphs = [
      'Café résumé naïve Łódź Nguyễn Thị Ánh',
      'Ярослава Шевченко and Ἀλέξανδρος',
      '王小明 김민준 สมชาย ใจดี',
      'अर्जुन शर्मा and דוד כהן',
    ];
    const pdf = await textOnly.convert(makeDocx(paragraphs), 'docx');
    const folder = await mkdtemp(join(tmpdir(), 'admit-docx-text-'));
    try {
      const file = join(folder, 'text.pdf');
      await writeFile(file, pdf);
      const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
      const lines = stdout
        .replace(/[\u202a-\u202e]/g, '')
        .split('\n')
        .map((line) => line.trim());
      for (const paragraph of paragraphs) expect(lines).toContain(paragraph);
      const { stdout: fonts } = await run('pdffonts', [file]);
      // Embedded subsets of the Noto faces, nothing left to the reader's standard fonts.
      expect(fonts).toMatch(/NotoSans/);
      expect(fonts).not.toMatch(/Helvetica/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('breaks a word longer than a line and keeps every letter of it', async () => {
    const word = 'x'.repeat(500);
    const pdf = await textToPdf(`before ${word} after`);
    expect((await pdfText(pdf)).replace(/[\s\u200b]/g, '')).toBe(`before${word}after`);
  });

  it('fails a DOCX mammoth cannot read with a message', async () => {
    const notWord = makeDocx(['x'], {}).subarray(0, 60);
    await expect(textOnly.convert(notWord, 'docx')).rejects.toMatchObject({
      text: conversionMessages.docx,
    });
  });
});

describe('DOCX through LibreOffice', () => {
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

describe('hostile files cannot take the server down', () => {
  it('measures images from their header, without decoding them', () => {
    expect(imageDimensions(makePng(4, 3), 'png')).toEqual({ width: 4, height: 3 });
    expect(imageDimensions(makeJpeg(2, 1), 'jpeg')).toEqual({ width: 16, height: 8 });
    expect(imageDimensions(makeJpeg(2, 1, 6), 'jpeg')).toEqual({ width: 16, height: 8 });
    expect(imageDimensions(makePng().subarray(0, 20), 'png')).toBeUndefined();
  });

  it('refuses a PNG declaring 20000 × 20000 pixels before decoding it (regression: a 388 KB PNG took 20 s and 3.4 GiB)', async () => {
    const bomb = bombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(20_000 * 20_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const error = await refusal(textOnly.convert(bomb, 'png'));
    expect(error).toBeInstanceOf(ConversionError);
    expect(error).toMatchObject({ text: conversionMessages.imageTooLarge });
  });

  it('refuses a JPEG whose second frame header declares 20000 × 20000, however small its first', async () => {
    const jpeg = Buffer.from(makeJpeg(2, 1));
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    // A second SOF0 after the first, declaring the bomb's size.
    const second = Buffer.from([0xff, 0xc1, 0, 11, 8, 0x4e, 0x20, 0x4e, 0x20, 1, 1, 0x11, 0]);
    const bomb = Buffer.concat([jpeg.subarray(0, frame), second, jpeg.subarray(frame)]);
    expect(imageDimensions(bomb, 'jpeg')).toEqual({ width: 20_000, height: 20_000 });
    const error = await refusal(textOnly.convert(bomb, 'jpeg'));
    expect(error).toMatchObject({ text: conversionMessages.imageTooLarge });
  });

  it('ends a DOCX of one 5,000,000-letter word with a message, without LibreOffice (regression: it froze the server)', async () => {
    const docx = oneWordDocx(5_000_000);
    expect(docx.length).toBeLessThan(10_000);
    const error = await refusal(textOnly.convert(docx, 'docx'));
    expect(error).toBeInstanceOf(ConversionError);
    expect(error).toMatchObject({ text: conversionMessages.docxTooLong(100) });
  });

  it.skipIf(sofficePath === undefined)(
    'ends the same DOCX with a message through LibreOffice: killed on its time, then the text rendering refuses it (skipped only when soffice is not installed)',
    async () => {
      const short = createConverter({ soffice: sofficePath ?? null, timeoutMs: 15_000 });
      const error = await refusal(short.convert(oneWordDocx(5_000_000), 'docx'));
      expect(error).toBeInstanceOf(ConversionError);
      expect(error).toMatchObject({ text: conversionMessages.docxTooLong(100) });
    },
    120_000,
  );

  it('a conversion past its memory ends with a message the applicant understands, not a crash', async () => {
    // A 6000 × 6000 RGBA PNG (36 MP, under the ceiling) needs far more than 150 MB of address
    // space to decode and place, above what this Node reserves at start (0.7 GB on Node 20,
    // 1.3 GB on Node 24).
    const { stdout } = await promisify(execFile)(process.execPath, [
      '-p',
      '/VmSize:\\s*(\\d+)/.exec(require("fs").readFileSync("/proc/self/status", "utf8"))[1]',
    ]);
    const atStartMb = Math.ceil(Number(stdout.trim()) / 1024);
    const small = createConverter({
      soffice: null,
      limits: { addressSpaceMb: atStartMb + 150 },
    });
    // The same limit converts a small picture: it is the big one's decoding that runs out.
    expect((await small.convert(bombPngRgba(200, 200), 'png')).byteLength).toBeGreaterThan(0);
    const error = await refusal(small.convert(bombPngRgba(6000, 6000), 'png'));
    expect(error).toBeInstanceOf(ConversionError);
    expect(error).toMatchObject({ text: conversionMessages.tooDemanding });
  });

  it('a conversion past its time is killed and ends with that message', async () => {
    const hurried = createConverter({ soffice: null, limits: { stepTimeoutMs: 50 } });
    const error = await refusal(hurried.convert(oneWordDocx(5_000_000), 'docx'));
    expect(error).toBeInstanceOf(ConversionError);
    expect(error).toMatchObject({ text: conversionMessages.tooDemanding });
  });

  it("the job's abort signal kills the conversion: a plain error, so the job's own timeout is what it reports", async () => {
    const controller = new AbortController();
    const conversion = refusal(
      textOnly.convert(oneWordDocx(5_000_000), 'docx', { signal: controller.signal }),
    );
    controller.abort();
    const error = await conversion;
    expect(error).not.toBeInstanceOf(ConversionError);
    expect(error.message).toMatch(/stopped/);
  });

  it('keeps the event loop free while a hostile file converts: a timer set after it fires first', async () => {
    const conversion = textOnly.convert(oneWordDocx(5_000_000), 'docx').then(
      () => 'conversion',
      () => 'conversion',
    );
    const tick = new Promise<string>((resolve) => {
      setTimeout(() => {
        resolve('event loop');
      }, 10);
    });
    expect(await Promise.race([conversion, tick])).toBe('event loop');
    await conversion;
  });
});

describe('DOCX relationships are parsed, and only those inside the file are kept', () => {
  const image = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
  const styles = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles';

  it.each(Object.entries(externalPictureSpellings('file:///etc/hostname')))(
    'drops an external picture spelled with %s (regression: the regular expression missed it)',
    (_spelling, rels) => {
      const cleaned = cleanRelationships(rels);
      expect(cleaned).not.toContain('hostname');
      expect(parseXml(cleaned).children).toEqual([]);
    },
  );

  it('keeps internal parts, drops every scheme, absolute path, "..", backslash and hyperlink', () => {
    const rels = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="${styles}" Target="styles.xml"/>
<Relationship Id="rId2" Type="${image}" Target="media/image1.png" TargetMode="Internal"/>
<Relationship Id="rId3" Type="${image}" Target="/etc/hostname"/>
<Relationship Id="rId4" Type="${image}" Target="../../../../etc/hostname"/>
<Relationship Id="rId5" Type="${image}" Target="media/%2e%2e/%2e%2e/secret.png"/>
<Relationship Id="rId6" Type="${image}" Target="http://attacker.example/pixel.png"/>
<Relationship Id="rId7" Type="${image}" Target="smb://host/share/x.png"/>
<Relationship Id="rId8" Type="${image}" Target="media\\x.png"/>
<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://www.gallatin.edu" TargetMode="External"/>
<Relationship Id="rId10" Type="${image}" Target="media/x.png" TargetMode="external"/>
<Relationship Id="rId11" Type="${image}" Target="media/x.png" TargetMode="Internal " />
<pr:Relationship xmlns:pr="http://schemas.openxmlformats.org/package/2006/relationships" Id="rId12" Type="${image}" Target="file:///etc/hostname"/>
</Relationships>`;
    const kept = parseXml(cleanRelationships(rels)).children.map((child) =>
      Object.fromEntries(child.attributes),
    );
    expect(kept).toEqual([
      { Id: 'rId1', Type: styles, Target: 'styles.xml' },
      { Id: 'rId2', Type: image, Target: 'media/image1.png' },
    ]);
  });

  it('writes values back escaped, and empties a part that is not strict XML', () => {
    const rels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="a&amp;b" Type="t&quot;&lt;" Target="media/a&amp;b.png"/></Relationships>`;
    expect(cleanRelationships(rels)).toContain(
      '<Relationship Id="a&amp;b" Type="t&quot;&lt;" Target="media/a&amp;b.png"/>',
    );
    for (const hostile of [
      `<!DOCTYPE r [<!ENTITY e "External">]><Relationships><Relationship Id="x" Type="t" Target="file:///etc/hostname" TargetMode="&e;"/></Relationships>`,
      `<Relationships><Relationship Id="x" Type="t" Target="a" TargetMode="&unknown;"/></Relationships>`,
      `<Relationships><Relationship Id="x" Id="y" Type="t" Target="a"/></Relationships>`,
      `<Relationships><Relationship Id="x" Type="t" Target="a"></Relationships>`,
      `<Relationships><Relationship Id="x" Type="t" Target="a<b"/></Relationships>`,
      '<Relationships><!-- -- --></Relationships>',
      'not xml at all',
      `<Other><Relationship Id="x" Type="t" Target="styles.xml"/></Other>`,
    ]) {
      expect(parseXml(cleanRelationships(hostile)).children, hostile).toEqual([]);
    }
  });

  it('rewrites every relationships part of the archive, in any case of its name', () => {
    const docx = makeDocx(['x'], {
      'word/_rels/document.xml.rels': Object.values(externalPictureSpellings('file:///x'))[0] ?? '',
      'WORD/_RELS/HEADER1.XML.RELS': Object.values(externalPictureSpellings('file:///y'))[1] ?? '',
    });
    const entries = unpackZip(withoutExternalReferences(docx));
    const text = (name: string) => new TextDecoder().decode(entries.get(name));
    expect(text('word/_rels/document.xml.rels')).not.toContain('file:');
    expect(text('WORD/_RELS/HEADER1.XML.RELS')).not.toContain('file:');
    expect(text('_rels/.rels')).toContain('word/document.xml');
  });
});

describe.skipIf(sofficePath === undefined)(
  'LibreOffice reads nothing outside its input and reaches no network (skipped only when soffice is not installed)',
  () => {
    let canaries: string;
    let canaryPng: string;
    let canaryPdf: string;
    let server: Server;
    let requests: string[];
    let port: number;

    beforeAll(async () => {
      // Readable by anyone, like /etc/hostname: only LibreOffice's own refusal keeps it out.
      canaries = await mkdtemp(join(tmpdir(), 'admit-canary-'));
      await chmod(canaries, 0o755);
      canaryPng = join(canaries, 'canary.png');
      canaryPdf = join(canaries, 'canary.pdf');
      await writeFile(canaryPng, makePng(16, 16), { mode: 0o644 });
      await writeFile(canaryPdf, await makePdf('CANARY-7c1e4b'), { mode: 0o644 });
      requests = [];
      server = createServer((request, response) => {
        requests.push(request.url ?? '');
        response.setHeader('content-type', 'image/png');
        response.end(makePng(16, 16));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      port = typeof address === 'object' && address !== null ? address.port : 0;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(canaries, { recursive: true, force: true });
    });

    it('shows an embedded picture (the check below can see one)', async () => {
      const pdf = await libreOffice.convert(pictureDocx(), 'docx');
      expect(await imageCount(pdf)).toBe(1);
    }, 120_000);

    it('embeds no linked file, in any of the five spellings, PNG or PDF (regression: a linked file:///… picture was embedded)', async () => {
      for (const target of [canaryPng, canaryPdf].map((path) => pathToFileURL(path).href)) {
        for (const [spelling, rels] of Object.entries(externalPictureSpellings(target))) {
          const pdf = await libreOffice.convert(pictureDocx(rels), 'docx');
          expect(await imageCount(pdf), `${spelling} ${target}`).toBe(0);
          expect(await pdfText(pdf)).not.toContain('CANARY');
          expect(await pdfText(pdf)).toContain('A picture follows.');
        }
      }
    }, 600_000);

    it('LibreOffice itself, given the hostile files unfiltered and no network namespace, neither reads the files nor fetches the URLs', async () => {
      const bare = createSoffice({
        path: sofficePath ?? '',
        timeoutMs: SOFFICE_TIMEOUT_MS,
        addressSpaceMb: 2560,
        noNetwork: false,
      });
      const targets = [
        pathToFileURL(canaryPng).href,
        pathToFileURL(canaryPdf).href,
        `http://127.0.0.1:${port}/pixel.png`,
      ];
      for (const target of targets) {
        const rels = Object.values(externalPictureSpellings(target))[0] ?? '';
        const pdf = await bare.convert(pictureDocx(rels));
        expect(await imageCount(pdf), target).toBe(0);
        expect(await pdfText(pdf)).not.toContain('CANARY');
      }
      expect(requests).toEqual([]);
    }, 300_000);
  },
);
