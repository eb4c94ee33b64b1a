/**
 * Converts an uploaded document to PDF (ARCHITECTURE "Documents and PDFs"):
 * - PNG/JPEG → one Letter page typeset by Typst, the image scaled to fit inside the margins
 *   (JPEG EXIF orientation honoured, so a phone photo of an essay is upright); measured from
 *   its header first and refused above MAX_IMAGE_PIXELS, before anything is decoded;
 * - PDF → loaded with pdf-lib (encrypted or damaged → refused with a message), forms
 *   flattened, then re-saved page by page without document scripts, page actions or
 *   annotations;
 * - DOCX → LibreOffice headless when `soffice` is on PATH (its relationships parsed and every
 *   external or absolute target dropped first: docxRelationships.ts; a fresh profile that
 *   blocks linked content, an unprivileged user, no network when a namespace can be made,
 *   killed on time); otherwise, or if LibreOffice fails, the document's text (mammoth)
 *   typeset by Typst in the application PDF's Noto fonts (pdf/typst), so the content is never
 *   lost, in whatever script it is written.
 *
 * None of it runs in the server's process: a hostile file (a 6 KB DOCX of one 5,000,000-letter
 * word, a PNG declaring 20000 × 20000 pixels) once held the event loop for tens of seconds and
 * gigabytes of memory. Each step runs in a child process (convertProcess.ts) with a hard time
 * limit, a V8 heap limit and an address-space limit, killed on time, on the job's abort signal,
 * or by the kernel past its memory; a step killed so ends in a ConversionError with a message
 * for the applicant, which the job does not retry.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmod,
  chown,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { printableText } from '@admit/form-model';
import mammoth from 'mammoth';
import { PDFDocument, PDFName, PageSizes } from '@cantoo/pdf-lib';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';

import { type SniffedType } from '../db/schema.ts';
import { withoutExternalReferences } from './docxRelationships.ts';
// Only the type: the conversion process loads no catalogue (the server says its texts).
import { type Text } from './texts.ts';
import { breakableText } from './pdf/text.ts';
import { TYPST_WORKSPACE, typstCompiler } from './pdf/typst/compiler.ts';
import { FONT_FAMILIES } from './pdf/typst/fonts.ts';

/**
 * A problem with the file itself: trying again cannot help. `text` is what the applicant is told,
 * as a catalogue id and its values (services/texts.ts): it is stored so with the document and
 * said in the language of whoever reads it. `message` names it for the log.
 */
export class ConversionError extends Error {
  override name = 'ConversionError';
  constructor(readonly text: Text) {
    super(text.values === undefined ? text.id : `${text.id} ${JSON.stringify(text.values)}`);
  }
}

/**
 * The text a refused conversion process wrote on stdout (JSON): one of `conversionMessages`, or
 * undefined when it wrote anything else.
 */
export function refusalText(written: string): Text | undefined {
  try {
    const parsed = JSON.parse(written) as Partial<Text> | null;
    return typeof parsed?.id === 'string' && parsed.id.startsWith('server.convert.')
      ? { id: parsed.id, ...(parsed.values === undefined ? {} : { values: parsed.values }) }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A PDF may have at most this many pages (a supporting document, not a book). */
export const MAX_PDF_PAGES = 100;
/**
 * An image may have at most this many pixels (40 megapixels). A Letter or A4 page scanned at
 * 600 dpi is 34–35 MP and a phone photo 12–48 MP (and a 48 MP photo is far over the 1 MB
 * upload limit), so real uploads fit; decoding a 40 MP PNG takes ~550 MB and a few seconds,
 * the most one conversion may cost. A 20000 × 20000 PNG of zeros is 388 KB and 1.6 GB decoded.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** What a refused file is told (catalogue `server.convert.*`, in every language). */
export const conversionMessages = {
  image: { id: 'server.convert.image' },
  imageTooLarge: {
    id: 'server.convert.imageTooLarge',
    values: { megapixels: MAX_IMAGE_PIXELS / 1_000_000 },
  },
  encrypted: { id: 'server.convert.encrypted' },
  damagedPdf: { id: 'server.convert.damagedPdf' },
  emptyPdf: { id: 'server.convert.emptyPdf' },
  tooManyPages: (max: number): Text => ({ id: 'server.convert.tooManyPages', values: { max } }),
  docx: { id: 'server.convert.docx' },
  docxTooLong: (max: number): Text => ({ id: 'server.convert.docxTooLong', values: { max } }),
  tooDemanding: { id: 'server.convert.tooDemanding' },
} as const satisfies Record<string, Text | ((max: number) => Text)>;

/** LibreOffice gets this long per document before it is killed. */
export const SOFFICE_TIMEOUT_MS = 60_000;
/** Each step in a conversion process (an image, a PDF, the text rendering) gets this long. */
export const CONVERSION_STEP_TIMEOUT_MS = 30_000;
/**
 * A whole conversion (a DOCX: its relationships, LibreOffice, its PDF checked, maybe the text
 * rendering after it) ends within this: below the job's own 120 s (documents.ts), so the
 * conversion's limit, which is not retried, is the one a hostile file meets.
 */
export const CONVERSION_TIME_LIMIT_MS = 100_000;
/** The V8 heap of a conversion process (`--max-old-space-size`). */
export const CONVERSION_HEAP_MB = 512;
/**
 * The address space of a conversion process and of LibreOffice (`ulimit -v`): it bounds
 * what V8's heap limit does not (decoded images live in ArrayBuffers). Node reserves some of
 * it at start (~0.7 GB on Node 20, ~1.3 GB on Node 24); the largest image allowed needs
 * ~1.9 GB, and Typst with the fonts of every script some hundreds of MB; past the limit an
 * allocation fails and the step ends with `tooDemanding`. (2.5 GB, the limit before, failed
 * every Word document's text fallback under Node 24.)
 */
export const CONVERSION_ADDRESS_SPACE_MB = 3584;
/** A conversion's output larger than this is refused (the application PDF appends it). */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
/** LibreOffice runs as this user when the server runs as root (nobody on Debian and most). */
const UNPRIVILEGED_ID = 65534;

/**
 * Whether `error` is an allocation that failed (the address-space limit reached), not a
 * damaged file: a RangeError, but not the ones a damaged file gives ("Offset is outside the
 * bounds of the DataView", "Invalid typed array length: 0").
 */
export function isOutOfMemory(error: unknown): boolean {
  return (
    error instanceof RangeError &&
    /allocation failed|invalid string length|out of memory/i.test(error.message)
  );
}

/** How the conversion process ends (convertProcess.ts): 0 is a PDF on stdout. */
export const EXIT_REFUSED = 3;
export const EXIT_RESOURCES = 4;

const PAGE = PageSizes.Letter;
/** Half an inch of margin around an image; three quarters around text. */
const IMAGE_MARGIN = 36;

export interface ConvertOptions {
  signal?: AbortSignal;
}

export interface ConverterLog {
  warn: (object: object, message: string) => void;
}

// ---------------------------------------------------------------- images

/** JPEG markers with no length after them: TEM, RST0–7, SOI, EOI. */
const STANDALONE_MARKERS = new Set([
  0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9,
]);
/** Start-of-frame markers (every SOFn but DHT 0xC4, JPG 0xC8 and DAC 0xCC): they give the size. */
const FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/**
 * The pixel size an image declares in its header, read without decoding anything: a PNG's
 * IHDR; a JPEG's largest start-of-frame among all its markers (scan data is stepped over, so a
 * small first frame cannot hide a huge later one). Undefined when the header is missing or
 * declares no size.
 */
export function imageDimensions(
  bytes: Uint8Array,
  type: 'png' | 'jpeg',
): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'png') {
    // Signature (8), IHDR length (4) and type (4), then width and height (big-endian).
    if (bytes.length < 24) return undefined;
    const width = view.getUint32(16);
    const height = view.getUint32(20);
    return width === 0 || height === 0 ? undefined : { width, height };
  }
  let largest: { width: number; height: number } | undefined;
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) {
      // Entropy-coded data after a scan: step to the next marker (FF 00 is a data byte).
      at += 1;
      continue;
    }
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff || marker === 0x00) {
      at += 1;
      continue;
    }
    if (marker === 0xd9) break;
    if (STANDALONE_MARKERS.has(marker)) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) break;
    const length = view.getUint16(at + 2);
    if (length < 2) return undefined;
    if (FRAME_MARKERS.has(marker)) {
      if (at + 9 > bytes.length) return undefined;
      const height = view.getUint16(at + 5);
      const width = view.getUint16(at + 7);
      if (width === 0 || height === 0) return undefined;
      if (largest === undefined || width * height > largest.width * largest.height) {
        largest = { width, height };
      }
    }
    at += 2 + length;
  }
  return largest;
}

/** The EXIF orientation (1–8) of a JPEG, 1 when it has none. */
export function jpegOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    const length = view.getUint16(at + 2);
    // Orientation lives in APP1 "Exif\0\0"; image data starts at SOS (0xDA).
    if (marker === 0xda) break;
    if (marker === 0xe1 && at + 10 + 8 <= bytes.length) {
      const exif = at + 4;
      if (String.fromCharCode(...bytes.subarray(exif, exif + 4)) === 'Exif') {
        const tiff = exif + 6;
        const little = bytes[tiff] === 0x49;
        const u16 = (offset: number) => view.getUint16(offset, little);
        const u32 = (offset: number) => view.getUint32(offset, little);
        const ifd = tiff + u32(tiff + 4);
        if (ifd + 2 > bytes.length) return 1;
        const entries = u16(ifd);
        for (let index = 0; index < entries; index += 1) {
          const entry = ifd + 2 + index * 12;
          if (entry + 12 > bytes.length) return 1;
          if (u16(entry) === 0x0112) {
            const value = u16(entry + 8);
            return value >= 1 && value <= 8 ? value : 1;
          }
        }
      }
    }
    at += 2 + length;
  }
  return 1;
}

/**
 * One Letter page holding an image, typeset by Typst: centred at the top, at one point a pixel
 * or scaled down to fit inside the margins, turned upright by its EXIF orientation (Typst reads
 * it), with alternative text. The image is the template's only file, put in the compiler's
 * memory.
 */
const IMAGE_TEMPLATE = String.raw`#let data = json(bytes(sys.inputs.data))
#set document(title: data.title, date: none)
#set page(paper: "us-letter", margin: data.margin * 1pt)
#set text(lang: "en")
#align(center + top, image(data.path, format: data.format, width: data.width * 1pt, alt: data.alt))
`;

const IMAGE_PATH = '/upload/image';

let imageCompiling: NodeCompiler | undefined;

/**
 * The compiler of image pages: an image page prints no text, so it reads none of the PDF's
 * fonts (the process starts in milliseconds, and its memory is the image's).
 */
function imageCompiler(): NodeCompiler {
  imageCompiling ??= NodeCompiler.create({ workspace: TYPST_WORKSPACE });
  return imageCompiling;
}

/**
 * One Letter page holding the image, scaled down to fit inside the margins. Its header is
 * read first: no size, or more than MAX_IMAGE_PIXELS, is refused before anything decodes it.
 */
export async function imageToPdf(bytes: Uint8Array, type: 'png' | 'jpeg'): Promise<Uint8Array> {
  const size = imageDimensions(bytes, type);
  if (size === undefined) throw new ConversionError(conversionMessages.image);
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new ConversionError(conversionMessages.imageTooLarge);
  }
  // 5–8 turn the picture a quarter: it shows with width and height swapped.
  const quarter = type === 'jpeg' && jpegOrientation(bytes) >= 5;
  const shownWidth = quarter ? size.height : size.width;
  const shownHeight = quarter ? size.width : size.height;
  const [pageWidth, pageHeight] = PAGE;
  const scale = Math.min(
    1,
    (pageWidth - 2 * IMAGE_MARGIN) / shownWidth,
    (pageHeight - 2 * IMAGE_MARGIN) / shownHeight,
  );
  const compiler = imageCompiler();
  try {
    compiler.mapShadow(`${TYPST_WORKSPACE}${IMAGE_PATH}`, Buffer.from(bytes));
    const data = JSON.stringify({
      title: 'Uploaded image',
      alt: 'The image the applicant uploaded',
      path: IMAGE_PATH,
      format: type === 'png' ? 'png' : 'jpg',
      margin: IMAGE_MARGIN,
      width: shownWidth * scale,
    });
    const compiled = compiler.compile({ mainFileContent: IMAGE_TEMPLATE, inputs: { data } });
    // Typst decodes the image as it lays the page out: a damaged one fails here.
    if (compiled.result === null || compiled.hasError()) {
      throw new ConversionError(conversionMessages.image);
    }
    const pdf = compiler.pdf(compiled.result, {
      creationTimestamp: Math.floor(Date.now() / 1000),
    });
    return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  } finally {
    compiler.resetShadow();
  }
}

// ---------------------------------------------------------------- PDF

/**
 * Loads a PDF (refusing encrypted, damaged, empty and over-long ones) and writes a fresh one
 * with the same pages: forms flattened into the page, and no document scripts, open actions,
 * page actions or annotations carried over.
 */
export async function normalisePdf(bytes: Uint8Array): Promise<Uint8Array> {
  let source: PDFDocument;
  try {
    // Loaded even when encrypted, to tell that case apart (pdf-lib's EncryptedPDFError fails
    // `instanceof`: its ES5 build breaks Error subclasses).
    source = await PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      ignoreEncryption: true,
    });
  } catch (error) {
    if (isOutOfMemory(error)) throw error;
    throw new ConversionError(conversionMessages.damagedPdf);
  }
  if (source.isEncrypted) throw new ConversionError(conversionMessages.encrypted);
  let count: number;
  try {
    count = source.getPageCount();
  } catch {
    throw new ConversionError(conversionMessages.damagedPdf);
  }
  if (count === 0) throw new ConversionError(conversionMessages.emptyPdf);
  if (count > MAX_PDF_PAGES)
    throw new ConversionError(conversionMessages.tooManyPages(MAX_PDF_PAGES));
  try {
    source.getForm().flatten();
  } catch {
    // A form pdf-lib cannot flatten: its fields are dropped with the annotations below.
  }
  try {
    const out = await PDFDocument.create();
    const pages = await out.copyPages(source, source.getPageIndices());
    for (const page of pages) {
      page.node.delete(PDFName.of('Annots'));
      page.node.delete(PDFName.of('AA'));
      out.addPage(page);
    }
    return await out.save();
  } catch (error) {
    if (isOutOfMemory(error)) throw error;
    throw new ConversionError(conversionMessages.damagedPdf);
  }
}

// ---------------------------------------------------------------- text

/**
 * More characters than 100 Letter pages of 11-point text can hold (about 4,000 a page): refused
 * before anything is typeset, so that a hostile document (one word of millions of letters)
 * costs nothing. Text under it can still run past MAX_PDF_PAGES, which is checked after.
 */
const MAX_TEXT_CHARACTERS = MAX_PDF_PAGES * 6_000;
/**
 * Plain text on Letter pages, typeset by Typst in the application PDF's fonts: every script a
 * font of pdf/typst/fonts.ts draws keeps its letters, shaped (a Word document's text has no
 * language of its own, so the PDF declares none beyond the note's English).
 */
const TEXT_TEMPLATE = String.raw`#let data = json(bytes(sys.inputs.data))
#set document(title: data.title, date: none)
#set page(paper: "us-letter", margin: 0.75in)
#set text(font: data.fonts, size: 11pt, lang: "en")
#set par(leading: 0.5em, spacing: 0.5em)
#if data.note != none {
  block(below: 1.2em, text(size: 8pt, fill: rgb("#666666"), data.note))
}
#for paragraph in data.paragraphs {
  if paragraph == "" { v(0.5em) } else { par(paragraph) }
}
`;

/**
 * Lays plain text out on Letter pages, wrapping lines and starting new pages as needed; more
 * than MAX_PDF_PAGES pages is refused, as a PDF of that length would be.
 */
export async function textToPdf(text: string, note?: string): Promise<Uint8Array> {
  const body = printableText(text.replace(/\t/g, '    ')).trim();
  if (body.length > MAX_TEXT_CHARACTERS) {
    throw new ConversionError(conversionMessages.docxTooLong(MAX_PDF_PAGES));
  }
  const paragraphs = body === '' ? ['(This document has no text.)'] : body.split('\n');
  const data = JSON.stringify({
    title: note ?? 'Text of the uploaded document',
    note: note ?? null,
    fonts: FONT_FAMILIES,
    paragraphs: paragraphs.map((paragraph) => breakableText(paragraph.trimEnd())),
  });
  const compiler = await typstCompiler();
  try {
    const compiled = compiler.compile({ mainFileContent: TEXT_TEMPLATE, inputs: { data } });
    const document = compiled.result;
    if (document === null || compiled.hasError()) {
      const error = compiled.takeDiagnostics() ?? compiled.takeError();
      const diagnostics = error === null ? [] : compiler.fetchDiagnostics(error);
      throw new Error(`Typst could not typeset the text: ${JSON.stringify(diagnostics)}`);
    }
    if (document.numOfPages > MAX_PDF_PAGES) {
      throw new ConversionError(conversionMessages.docxTooLong(MAX_PDF_PAGES));
    }
    const pdf = compiler.pdf(document, { creationTimestamp: Math.floor(Date.now() / 1000) });
    return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  } finally {
    compiler.evictCache(0);
  }
}

/** DOCX → its text, laid out (mammoth). */
export async function docxTextToPdf(bytes: Uint8Array): Promise<Uint8Array> {
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
  } catch (error) {
    if (isOutOfMemory(error)) throw error;
    throw new ConversionError(conversionMessages.docx);
  }
  return textToPdf(
    text,
    'Text of the uploaded Word document (its layout and pictures are not shown).',
  );
}

// ---------------------------------------------------------------- steps

/** What a conversion process can be asked to do (convertProcess.ts runs one per process). */
export const CONVERSION_STEPS = [
  'png',
  'jpeg',
  'pdf',
  'docx-links',
  'docx-text',
  'soffice-pdf',
] as const;
export type ConversionStep = (typeof CONVERSION_STEPS)[number];

/**
 * The PDF LibreOffice wrote, checked: one pdf-lib reads (else a plain error: the text rendering
 * is used instead), of at most MAX_PDF_PAGES pages.
 */
async function checkSofficePdf(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  if (pdf.getPageCount() > MAX_PDF_PAGES) {
    throw new ConversionError(conversionMessages.docxTooLong(MAX_PDF_PAGES));
  }
  return bytes;
}

/** Runs one step in the calling process: convertProcess.ts does, the server never. */
export function runConversionStep(step: ConversionStep, bytes: Uint8Array): Promise<Uint8Array> {
  switch (step) {
    case 'png':
    case 'jpeg':
      return imageToPdf(bytes, step);
    case 'pdf':
      return normalisePdf(bytes);
    case 'docx-links':
      return Promise.resolve(withoutExternalReferences(bytes));
    case 'docx-text':
      return docxTextToPdf(bytes);
    case 'soffice-pdf':
      return checkSofficePdf(bytes);
  }
}

// ---------------------------------------------------------------- limited processes

interface LimitedRun {
  cwd?: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  addressSpaceMb: number;
  signal?: AbortSignal | undefined;
  input?: Uint8Array;
  /** Run as this user and group (the server runs as root). */
  user?: { uid: number; gid: number } | undefined;
}

interface LimitedOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why it was killed, when it was: its time, the caller's abort, or too much output. */
  killedFor?: 'time' | 'abort' | 'output';
  stdout: Buffer;
  stderr: string;
}

/** Bytes a process may write in files (`ulimit -f`, 512-byte blocks): a PDF, not a disk. */
const FILE_SIZE_BLOCKS = (2 * MAX_OUTPUT_BYTES) / 512;

/**
 * Runs `command` under `ulimit -v` (address space) and `ulimit -f` (file size), in its own
 * process group, killed with SIGKILL (the whole group: LibreOffice's soffice.bin too) when its
 * time runs out, when `signal` aborts, or when it writes more than MAX_OUTPUT_BYTES. Resolves
 * with how it ended; rejects only when it cannot be started.
 */
function runLimited(command: string, args: string[], run: LimitedRun): Promise<LimitedOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      '/bin/sh',
      [
        '-c',
        'ulimit -v "$1" && ulimit -f "$2" || exit 125; shift 2; exec "$@"',
        'sh',
        String(run.addressSpaceMb * 1024),
        String(FILE_SIZE_BLOCKS),
        command,
        ...args,
      ],
      {
        cwd: run.cwd,
        env: run.env,
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
        ...(run.user === undefined ? {} : { uid: run.user.uid, gid: run.user.gid }),
      },
    );
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let killedFor: LimitedOutcome['killedFor'];
    const kill = (reason: NonNullable<LimitedOutcome['killedFor']>) => {
      killedFor ??= reason;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      kill('time');
    }, run.timeoutMs);
    const onAbort = () => {
      kill('abort');
    };
    if (run.signal?.aborted === true) onAbort();
    run.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_OUTPUT_BYTES) kill('output');
      else stdout.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    // A process that dies before reading all its input closes the pipe: not an error here.
    child.stdin.on('error', () => undefined);
    child.stdin.end(run.input);
    const settle = () => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      settle();
      reject(error);
    });
    child.on('close', (code, signal) => {
      settle();
      resolve({
        code,
        signal,
        ...(killedFor === undefined ? {} : { killedFor }),
        stdout: Buffer.concat(stdout),
        stderr: stderr.trim(),
      });
    });
  });
}

export interface ConversionLimits {
  /** One step in a conversion process. */
  stepTimeoutMs: number;
  /** A whole conversion, every step and LibreOffice together. */
  totalTimeoutMs: number;
  heapMb: number;
  addressSpaceMb: number;
}

const DEFAULT_LIMITS: ConversionLimits = {
  stepTimeoutMs: CONVERSION_STEP_TIMEOUT_MS,
  totalTimeoutMs: CONVERSION_TIME_LIMIT_MS,
  heapMb: CONVERSION_HEAP_MB,
  addressSpaceMb: CONVERSION_ADDRESS_SPACE_MB,
};

let sourceBuild: Promise<string> | undefined;

/**
 * convertProcess.ts bundled by esbuild (a devDependency) into node_modules/.cache, named by its
 * content, when the server runs from its TypeScript source (tests, benches), with the
 * workspace's packages bundled in as the server's own build does: a TypeScript loader in the conversion process would need WebAssembly, whose memory reservations do not
 * fit under the address-space limit. Its npm imports stay imports, resolved from there.
 */
async function buildFromSource(here: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./convertProcess.ts', here))],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // npm packages stay imports; the workspace's own (TypeScript sources) are bundled in.
    plugins: [
      {
        name: 'external-dependencies',
        setup(bundling) {
          bundling.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@admit/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  // In the server's node_modules: its imports resolve from there as the server's own do.
  const folder = fileURLToPath(new URL('../../node_modules/.cache/admit-server/', here));
  const script = join(
    folder,
    `convertProcess-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`,
  );
  await mkdir(folder, { recursive: true });
  // Written under a name of its own, then renamed: a process started meanwhile never reads half.
  const partial = `${script}.${process.pid}.partial`;
  await writeFile(partial, code);
  await rename(partial, script);
  return script;
}

/**
 * The script of a conversion process: the bundle's sibling `convertProcess.js` in production
 * (scripts/build.mjs bundles both), or the source built once by `buildFromSource`.
 */
function conversionProcessScript(): Promise<string> {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) {
    return Promise.resolve(fileURLToPath(new URL('./convertProcess.js', here)));
  }
  sourceBuild ??= buildFromSource(here);
  return sourceBuild;
}

/**
 * Runs one step in a conversion process of its own, within `limits` and the time given.
 * Killed on time, past its memory or for too much output: ConversionError (`tooDemanding`);
 * the file's own problem: ConversionError with its message; aborted, or the process failing
 * for another reason: a plain Error (the job may try again).
 */
async function runStep(
  step: ConversionStep,
  bytes: Uint8Array,
  settings: { limits: ConversionLimits; timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<Uint8Array> {
  if (settings.timeoutMs <= 0) throw new ConversionError(conversionMessages.tooDemanding);
  const outcome = await runLimited(
    process.execPath,
    [
      `--max-old-space-size=${settings.limits.heapMb}`,
      // WebAssembly (the WOFF2 decoder that unpacks some of the PDF's fonts) otherwise reserves
      // guard regions of many gigabytes, far past the address-space limit; bounds are checked
      // in code instead.
      '--disable-wasm-trap-handler',
      await conversionProcessScript(),
      step,
    ],
    {
      // Nothing of the server's environment (its database URL, its keys) reaches the process.
      // Two malloc arenas, not one per thread: glibc reserves 64 MB of address space for each,
      // and Typst typesets on several threads (without this, Node 24's conversions ran out of
      // address space at random).
      env: { MALLOC_ARENA_MAX: '2' },
      timeoutMs: settings.timeoutMs,
      addressSpaceMb: settings.limits.addressSpaceMb,
      signal: settings.signal,
      input: bytes,
    },
  );
  if (outcome.killedFor === 'abort') throw new Error(`the conversion (${step}) was stopped`);
  if (outcome.killedFor !== undefined) throw new ConversionError(conversionMessages.tooDemanding);
  if (outcome.code === 0) return new Uint8Array(outcome.stdout);
  if (outcome.code === EXIT_REFUSED) {
    // The process's own refusal, as its catalogue id; anything else it wrote is a failure of ours.
    const refusal = refusalText(outcome.stdout.toString('utf8').slice(0, 10_000));
    if (refusal !== undefined) throw new ConversionError(refusal);
    throw new Error(`the conversion process (${step}) refused the file without saying why`);
  }
  // Out of memory: V8 aborts (SIGABRT) or an allocation fails; the kernel may kill it too.
  if (outcome.code === EXIT_RESOURCES || outcome.signal !== null) {
    throw new ConversionError(conversionMessages.tooDemanding);
  }
  throw new Error(
    `the conversion process (${step}) exited with ${String(outcome.code)}: ${outcome.stderr}`,
  );
}

// ---------------------------------------------------------------- LibreOffice

/**
 * A fresh profile for every run: macros off, and links to content outside the document
 * blocked (BlockUntrustedRefererLinks: LibreOffice then neither reads a linked file nor fetches
 * a linked URL, whatever spelling led it there); proxies pointed nowhere as well.
 */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetProxyType" oor:op="fuse"><value>1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPProxyName" oor:op="fuse"><value>127.0.0.1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPProxyPort" oor:op="fuse"><value>9</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPSProxyName" oor:op="fuse"><value>127.0.0.1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPSProxyPort" oor:op="fuse"><value>9</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetFTPProxyName" oor:op="fuse"><value>127.0.0.1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetFTPProxyPort" oor:op="fuse"><value>9</value></prop></item>
</oor:items>
`;

export interface SofficeSettings {
  path: string;
  timeoutMs: number;
  addressSpaceMb: number;
  /** Run inside an empty network namespace (default: when `unshare -rn` works for its user). */
  noNetwork?: boolean | undefined;
}

/** Who LibreOffice runs as and whether it gets a network namespace; decided once. */
interface Sandbox {
  user?: { uid: number; gid: number };
  noNetwork: boolean;
}

async function decideSandbox(settings: SofficeSettings): Promise<Sandbox> {
  // As root, LibreOffice runs as nobody: it cannot read what only the server may.
  const user =
    process.getuid?.() === 0 ? { uid: UNPRIVILEGED_ID, gid: UNPRIVILEGED_ID } : undefined;
  let noNetwork = settings.noNetwork;
  if (noNetwork === undefined) {
    const probe = await runLimited('unshare', ['-rn', 'true'], {
      env: { PATH: '/usr/bin:/bin:/usr/sbin:/sbin' },
      timeoutMs: 5000,
      addressSpaceMb: settings.addressSpaceMb,
      user,
    }).catch(() => undefined);
    noNetwork = probe?.code === 0;
  }
  return { ...(user === undefined ? {} : { user }), noNetwork };
}

/** LibreOffice's work folders, in the system's temporary folder: `admit-soffice-XXXXXX`. */
export const SOFFICE_WORK_PREFIX = 'admit-soffice-';

/**
 * Removes LibreOffice work folders that a crash or a kill left behind (each holds a copy of an
 * applicant's document, and space): those last changed before `before`. A conversion lasts at
 * most `SOFFICE_TIMEOUT_MS`, so an hour-old folder belongs to none, on any instance sharing
 * the folder. Answers how many went.
 */
export async function sweepSofficeFolders(before: Date, folder = tmpdir()): Promise<number> {
  let removed = 0;
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(SOFFICE_WORK_PREFIX)) continue;
    const path = join(folder, name);
    const modifiedAt = await stat(path).then(
      (stats) => (stats.isDirectory() ? stats.mtime : undefined),
      () => undefined,
    );
    if (modifiedAt === undefined || modifiedAt >= before) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/**
 * LibreOffice for one document at a time per call: a fresh folder holding only the document
 * (already without external relationships), a fresh profile (PROFILE_SETTINGS), the folder
 * owned by the user it runs as, and nothing else of the server's environment. Exported for
 * the tests that prove LibreOffice itself reads nothing outside its input.
 */
export function createSoffice(settings: SofficeSettings) {
  let sandbox: Promise<Sandbox> | undefined;

  return {
    async convert(
      bytes: Uint8Array,
      options: { signal?: AbortSignal | undefined; timeoutMs?: number } = {},
    ): Promise<Uint8Array> {
      sandbox ??= decideSandbox(settings);
      const { user, noNetwork } = await sandbox;
      const work = await mkdtemp(join(tmpdir(), SOFFICE_WORK_PREFIX));
      try {
        const profile = join(work, 'profile');
        const outDir = join(work, 'out');
        const input = join(work, 'document.docx');
        await mkdir(join(profile, 'user'), { recursive: true });
        await mkdir(outDir);
        await writeFile(join(profile, 'user', 'registrymodifications.xcu'), PROFILE_SETTINGS);
        await writeFile(input, bytes);
        if (user !== undefined) {
          for (const path of [work, profile, join(profile, 'user'), outDir, input]) {
            await chown(path, user.uid, user.gid);
          }
          await chown(join(profile, 'user', 'registrymodifications.xcu'), user.uid, user.gid);
        }
        await chmod(work, 0o700);
        const args = [
          `-env:UserInstallation=${pathToFileURL(profile).href}`,
          '--headless',
          '--invisible',
          '--nologo',
          '--norestore',
          '--nolockcheck',
          '--nodefault',
          '--nofirststartwizard',
          '--convert-to',
          'pdf:writer_pdf_Export',
          '--outdir',
          outDir,
          input,
        ];
        const timeoutMs = Math.min(settings.timeoutMs, options.timeoutMs ?? settings.timeoutMs);
        const outcome = await runLimited(
          noNetwork ? 'unshare' : settings.path,
          noNetwork ? ['-rn', settings.path, ...args] : args,
          {
            cwd: work,
            env: {
              PATH: `${dirname(settings.path)}:/usr/bin:/bin`,
              HOME: work,
              TMPDIR: work,
              LANG: 'C.UTF-8',
              SAL_USE_VCLPLUGIN: 'svp',
            },
            timeoutMs,
            addressSpaceMb: settings.addressSpaceMb,
            signal: options.signal,
            user,
          },
        );
        if (outcome.killedFor === 'time') {
          throw new Error(`LibreOffice timed out after ${timeoutMs} ms`);
        }
        if (outcome.killedFor !== undefined) throw new Error(`LibreOffice was stopped`);
        if (outcome.code !== 0) {
          throw new Error(
            `LibreOffice exited with ${String(outcome.code ?? outcome.signal)}: ${outcome.stderr}`,
          );
        }
        const pdf = await readFile(join(outDir, 'document.pdf')).catch(() => {
          throw new Error('LibreOffice wrote no PDF');
        });
        return new Uint8Array(pdf);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

// ---------------------------------------------------------------- the converter

export interface ConverterOptions {
  /** The `soffice` executable (config.ts finds it on PATH); null: DOCX becomes a text rendering. */
  soffice: string | null;
  /** Run LibreOffice inside an empty network namespace (default: when `unshare -rn` works). */
  noNetwork?: boolean;
  /** LibreOffice's time (default SOFFICE_TIMEOUT_MS). */
  timeoutMs?: number;
  /** The conversion processes' limits (defaults: the constants above). */
  limits?: Partial<ConversionLimits>;
  log?: ConverterLog;
}

export function createConverter(options: ConverterOptions) {
  const limits: ConversionLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const soffice =
    options.soffice === null
      ? undefined
      : createSoffice({
          path: options.soffice,
          noNetwork: options.noNetwork,
          timeoutMs: options.timeoutMs ?? SOFFICE_TIMEOUT_MS,
          addressSpaceMb: limits.addressSpaceMb,
        });

  return {
    /** How DOCX files are converted on this machine. */
    docxEngine: soffice === undefined ? ('text' as const) : ('libreoffice' as const),

    /**
     * The PDF for a file of a sniffed type, made in conversion processes (never in this one);
     * ConversionError when the file itself is at fault or needs more than its limits.
     */
    async convert(
      input: Uint8Array,
      type: SniffedType,
      convertOptions: ConvertOptions = {},
    ): Promise<Uint8Array> {
      const { signal } = convertOptions;
      const deadline = performance.now() + limits.totalTimeoutMs;
      const remaining = () => Math.floor(deadline - performance.now());
      const step = (name: ConversionStep, bytes: Uint8Array, reserveMs = 0) =>
        runStep(name, bytes, {
          limits,
          timeoutMs: Math.min(limits.stepTimeoutMs, remaining() - reserveMs),
          signal,
        });
      if (type !== 'docx') return step(type, input);
      if (soffice !== undefined) {
        try {
          const clean = await step('docx-links', input);
          // LibreOffice leaves the text rendering a step's time, should it be needed.
          const timeoutMs = remaining() - limits.stepTimeoutMs;
          if (timeoutMs <= 0) throw new Error('no time left for LibreOffice');
          const pdf = await soffice.convert(clean, { signal, timeoutMs });
          return await step('soffice-pdf', pdf, limits.stepTimeoutMs);
        } catch (error) {
          if (error instanceof ConversionError || signal?.aborted === true) throw error;
          // Never lose the content: fall back to the text rendering.
          options.log?.warn({ err: error }, 'LibreOffice failed; using the text rendering');
        }
      }
      return step('docx-text', input);
    },

    /** Nothing is kept between conversions (each has its own folder and profile). */
    async dispose(): Promise<void> {
      // Kept so the jobs plugin's close hook stays the same.
    },
  };
}

export type Converter = ReturnType<typeof createConverter>;
