/**
 * Converts an uploaded document to PDF (ARCHITECTURE "Documents and PDFs"):
 * - PNG/JPEG → one Letter page, the image scaled to fit inside the margins (JPEG EXIF
 *   orientation honoured, so a phone photo of an essay is upright);
 * - PDF → loaded with pdf-lib (encrypted or damaged → refused with a message), forms
 *   flattened, then re-saved page by page without document scripts, page actions or
 *   annotations;
 * - DOCX → LibreOffice headless when `soffice` is on PATH (a private profile, external
 *   references removed, no network when a network namespace can be made, killed on timeout);
 *   otherwise, or if LibreOffice fails, the document's text (mammoth) laid out with pdf-lib,
 *   so the content is never lost.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { zipSync } from 'fflate';
import mammoth from 'mammoth';
import {
  degrees,
  PDFDocument,
  PDFName,
  type PDFFont,
  PageSizes,
  rgb,
  StandardFonts,
} from 'pdf-lib';

import { type SniffedType } from '../db/schema.ts';
import { unpackZip } from './sniff.ts';

/** A problem with the file itself: trying again cannot help; the message is for the applicant. */
export class ConversionError extends Error {
  override name = 'ConversionError';
}

export const conversionMessages = {
  image: 'This image could not be read. Please save it again as PNG or JPEG, or upload a PDF.',
  encrypted:
    'This PDF is protected by a password or encryption. Please upload a copy without protection.',
  damagedPdf: 'This PDF is damaged and could not be read. Please save it again and re-upload it.',
  emptyPdf: 'This PDF has no pages.',
  tooManyPages: (max: number) =>
    `This PDF has more than ${max} pages. Please upload a shorter one.`,
  docx: 'This Word document could not be read. Please save it again in Word, or upload a PDF.',
} as const;

/** A PDF may have at most this many pages (a supporting document, not a book). */
export const MAX_PDF_PAGES = 100;
/** LibreOffice gets this long per document before it is killed. */
export const SOFFICE_TIMEOUT_MS = 60_000;

const PAGE = PageSizes.Letter;
/** Half an inch of margin around an image; three quarters around text. */
const IMAGE_MARGIN = 36;
const TEXT_MARGIN = 54;
const TEXT_SIZE = 11;
const LINE_HEIGHT = 14;

export interface ConvertOptions {
  signal?: AbortSignal;
}

export interface ConverterLog {
  warn: (object: object, message: string) => void;
}

/** True when this machine lets an unprivileged process make an empty network namespace. */
function networkNamespaceAvailable(): boolean {
  const probe = spawnSync('unshare', ['-rn', 'true'], { timeout: 5000, stdio: 'ignore' });
  return probe.status === 0;
}

// ---------------------------------------------------------------- images

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

/** One Letter page holding the image, scaled down to fit inside the margins. */
export async function imageToPdf(input: Uint8Array, type: 'png' | 'jpeg'): Promise<Uint8Array> {
  // pdf-lib's JPEG reader ignores byteOffset: give it bytes of its own.
  const bytes = new Uint8Array(input);
  const pdf = await PDFDocument.create();
  let image;
  try {
    image = type === 'png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  } catch {
    throw new ConversionError(conversionMessages.image);
  }
  const orientation = type === 'jpeg' ? jpegOrientation(bytes) : 1;
  // 5–8 turn the picture a quarter: it shows with width and height swapped.
  const quarter = orientation >= 5;
  const [pageWidth, pageHeight] = PAGE;
  const boxWidth = pageWidth - 2 * IMAGE_MARGIN;
  const boxHeight = pageHeight - 2 * IMAGE_MARGIN;
  const shownWidth = quarter ? image.height : image.width;
  const shownHeight = quarter ? image.width : image.height;
  const scale = Math.min(1, boxWidth / shownWidth, boxHeight / shownHeight);
  const width = image.width * scale;
  const height = image.height * scale;
  // Centred horizontally, at the top of the page.
  const left = (pageWidth - shownWidth * scale) / 2;
  const bottom = pageHeight - IMAGE_MARGIN - shownHeight * scale;
  const page = pdf.addPage(PAGE);
  // pdf-lib rotates counter-clockwise about (x, y): place that corner so the turned image
  // lands in its box. Mirrored orientations (2, 4, 5, 7) are shown unmirrored.
  if (orientation === 3 || orientation === 4) {
    page.drawImage(image, {
      x: left + width,
      y: bottom + height,
      width,
      height,
      rotate: degrees(180),
    });
  } else if (orientation === 6 || orientation === 5) {
    page.drawImage(image, { x: left, y: bottom + width, width, height, rotate: degrees(-90) });
  } else if (orientation === 8 || orientation === 7) {
    page.drawImage(image, { x: left + height, y: bottom, width, height, rotate: degrees(90) });
  } else {
    page.drawImage(image, { x: left, y: bottom, width, height });
  }
  return pdf.save();
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
  } catch {
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
  } catch {
    throw new ConversionError(conversionMessages.damagedPdf);
  }
}

// ---------------------------------------------------------------- text

/** Latin letters that have no decomposition to a base letter the standard font can draw. */
const LATIN_FALLBACKS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
};

/**
 * Replaces what the standard font cannot draw: accents it lacks are dropped (ź → z), a few
 * Latin letters become their base letter (Ł → L), anything else becomes "?".
 */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (supported.has(code)) {
      out += char;
      continue;
    }
    const base = Array.from(char.normalize('NFKD'))
      .filter((part) => supported.has(part.codePointAt(0) ?? -1))
      .join('');
    out += base === '' ? (LATIN_FALLBACKS[char] ?? '?') : base;
  }
  return out;
}

/** Breaks a paragraph into lines no wider than `width`. */
function wrap(font: PDFFont, paragraph: string, width: number): string[] {
  const measure = (text: string) => font.widthOfTextAtSize(text, TEXT_SIZE);
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/ +/)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    // A word wider than the line is cut where it must be.
    let rest = word;
    while (measure(rest) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && measure(rest.slice(0, cut)) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  lines.push(line);
  return lines;
}

/** Lays plain text out on Letter pages, wrapping lines and starting new pages as needed. */
export async function textToPdf(text: string, note?: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const [pageWidth, pageHeight] = PAGE;
  const width = pageWidth - 2 * TEXT_MARGIN;
  let page = pdf.addPage(PAGE);
  let y = pageHeight - TEXT_MARGIN;
  const newLine = () => {
    y -= LINE_HEIGHT;
    if (y < TEXT_MARGIN) {
      page = pdf.addPage(PAGE);
      y = pageHeight - TEXT_MARGIN - LINE_HEIGHT;
    }
  };
  if (note !== undefined) {
    newLine();
    page.drawText(drawable(font, note), {
      x: TEXT_MARGIN,
      y,
      size: 8,
      font,
      color: rgb(0.4, 0.4, 0.4),
    });
    newLine();
  }
  const body = text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').trim();
  const paragraphs = body === '' ? ['(This document has no text.)'] : body.split('\n');
  for (const paragraph of paragraphs) {
    for (const line of wrap(font, drawable(font, paragraph.trimEnd()), width)) {
      newLine();
      if (line !== '') page.drawText(line, { x: TEXT_MARGIN, y, size: TEXT_SIZE, font });
    }
  }
  return pdf.save();
}

/** DOCX → its text, laid out (mammoth). */
export async function docxTextToPdf(bytes: Uint8Array): Promise<Uint8Array> {
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
  } catch {
    throw new ConversionError(conversionMessages.docx);
  }
  return textToPdf(
    text,
    'Text of the uploaded Word document (its layout and pictures are not shown).',
  );
}

// ---------------------------------------------------------------- LibreOffice

/** A relationship that makes Word (or LibreOffice) fetch something from outside the file. */
const EXTERNAL_RELATIONSHIP =
  /<Relationship\b(?=[^>]*\bTargetMode\s*=\s*["']External["'])(?![^>]*\bType\s*=\s*["'][^"']*\/hyperlink["'])[^>]*?(?:\/>|>\s*<\/Relationship>)/g;

/**
 * The DOCX with every external, non-hyperlink relationship removed (linked pictures,
 * attached templates, remote frames), so opening it fetches nothing.
 */
export function withoutExternalReferences(bytes: Uint8Array): Uint8Array {
  const entries = unpackZip(bytes);
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let changed = false;
  for (const [name, data] of entries) {
    if (!name.endsWith('.rels')) continue;
    const xml = decoder.decode(data);
    const cleaned = xml.replace(EXTERNAL_RELATIONSHIP, '');
    if (cleaned !== xml) {
      entries.set(name, encoder.encode(cleaned));
      changed = true;
    }
  }
  return changed ? zipSync(Object.fromEntries(entries)) : bytes;
}

const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
</oor:items>
`;

interface SofficeSettings {
  path: string;
  noNetwork: boolean;
  timeoutMs: number;
}

function runProcess(
  command: string,
  args: string[],
  settings: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  return new Promise((resolve, reject) => {
    // Its own process group, so the kill reaches soffice.bin and whatever it started.
    const child = spawn(command, args, {
      cwd: settings.cwd,
      env: settings.env,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    let killedFor: string | undefined;
    const kill = (reason: string) => {
      killedFor ??= reason;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      kill(`timed out after ${settings.timeoutMs} ms`);
    }, settings.timeoutMs);
    const onAbort = () => {
      kill('aborted');
    };
    settings.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      settings.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      settings.signal?.removeEventListener('abort', onAbort);
      if (killedFor !== undefined) reject(new Error(`LibreOffice ${killedFor}`));
      else if (code !== 0)
        reject(new Error(`LibreOffice exited with ${String(code)}: ${stderr.trim()}`));
      else resolve();
    });
  });
}

function createSoffice(settings: SofficeSettings) {
  let profile: string | undefined;
  // One conversion at a time per profile: LibreOffice does not share a profile between runs.
  let queue: Promise<unknown> = Promise.resolve();

  async function convertOnce(bytes: Uint8Array, signal?: AbortSignal): Promise<Uint8Array> {
    profile ??= await mkdtemp(join(tmpdir(), 'admit-soffice-profile-'));
    const userDir = join(profile, 'user');
    await mkdir(userDir, { recursive: true });
    await writeFile(join(userDir, 'registrymodifications.xcu'), PROFILE_SETTINGS, {
      flag: 'wx',
    }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
    const work = await mkdtemp(join(tmpdir(), 'admit-soffice-'));
    try {
      const input = join(work, 'document.docx');
      const outDir = join(work, 'out');
      await writeFile(input, withoutExternalReferences(bytes));
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
      const [command, commandArgs] = settings.noNetwork
        ? ['unshare', ['-rn', settings.path, ...args]]
        : [settings.path, args];
      await runProcess(command, commandArgs, {
        cwd: work,
        env: {
          PATH: `${dirname(settings.path)}:/usr/bin:/bin`,
          HOME: work,
          LANG: 'C.UTF-8',
          SAL_USE_VCLPLUGIN: 'svp',
        },
        timeoutMs: settings.timeoutMs,
        signal,
      }).catch(async (error: unknown) => {
        // A killed LibreOffice may leave its profile locked or half-written: start afresh.
        const stale = profile;
        profile = undefined;
        if (stale !== undefined) await rm(stale, { recursive: true, force: true });
        throw error;
      });
      const pdf = await readFile(join(outDir, 'document.pdf')).catch(() => {
        throw new Error('LibreOffice wrote no PDF');
      });
      // What LibreOffice wrote must itself be a PDF we can read.
      await PDFDocument.load(pdf, { updateMetadata: false });
      return new Uint8Array(pdf);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return {
    convert(bytes: Uint8Array, signal?: AbortSignal): Promise<Uint8Array> {
      const run = queue.then(() => convertOnce(bytes, signal));
      queue = run.catch(() => undefined);
      return run;
    },
    async dispose(): Promise<void> {
      if (profile !== undefined) await rm(profile, { recursive: true, force: true });
      profile = undefined;
    },
  };
}

// ---------------------------------------------------------------- the converter

export interface ConverterOptions {
  /** The `soffice` executable (config.ts finds it on PATH); null: DOCX becomes a text rendering. */
  soffice: string | null;
  /** Run LibreOffice inside an empty network namespace (default: when `unshare -rn` works). */
  noNetwork?: boolean;
  timeoutMs?: number;
  log?: ConverterLog;
}

export function createConverter(options: ConverterOptions) {
  const soffice =
    options.soffice === null
      ? undefined
      : createSoffice({
          path: options.soffice,
          noNetwork: options.noNetwork ?? networkNamespaceAvailable(),
          timeoutMs: options.timeoutMs ?? SOFFICE_TIMEOUT_MS,
        });

  return {
    /** How DOCX files are converted on this machine. */
    docxEngine: soffice === undefined ? ('text' as const) : ('libreoffice' as const),

    /** The PDF for a file of a sniffed type; ConversionError when the file itself is at fault. */
    async convert(
      input: Uint8Array,
      type: SniffedType,
      convertOptions: ConvertOptions = {},
    ): Promise<Uint8Array> {
      // A copy at offset 0: pdf-lib's JPEG reader ignores a view's byteOffset (a Node Buffer
      // is often a slice of a larger pool) and would read the wrong bytes.
      const bytes = new Uint8Array(input);
      switch (type) {
        case 'png':
        case 'jpeg':
          return imageToPdf(bytes, type);
        case 'pdf':
          return normalisePdf(bytes);
        case 'docx': {
          if (soffice !== undefined) {
            try {
              return await soffice.convert(bytes, convertOptions.signal);
            } catch (error) {
              if (convertOptions.signal?.aborted === true) throw error;
              // Never lose the content: fall back to the text rendering.
              options.log?.warn({ err: error }, 'LibreOffice failed; using the text rendering');
            }
          }
          return docxTextToPdf(bytes);
        }
      }
    },

    /** Removes LibreOffice's private profile. */
    async dispose(): Promise<void> {
      await soffice?.dispose();
    },
  };
}

export type Converter = ReturnType<typeof createConverter>;
