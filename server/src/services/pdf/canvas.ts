/**
 * A page's drawing as PDF content-stream operators written directly, one string per page,
 * compressed with Node's zlib. pdf-lib's `drawText` adds a font resource, a graphics state
 * and dozens of objects per call and compresses in JavaScript; an application is a few
 * thousand runs of text, so writing the operators ourselves keeps a render in milliseconds.
 * pdf-lib still builds the document: fonts, pages, copied attachments, metadata, the file.
 */
import { deflateSync } from 'node:zlib';

import { type PDFDocument, type PDFFont, PDFName, type PDFPage, type RGB } from 'pdf-lib';

import { CP1252_EXTRAS } from './winansi.ts';

/** WinAnsi byte codes of the Windows-1252 extras, in the order of `CP1252_EXTRAS`. */
const EXTRA_CODES = [
  0x80, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x8e, 0x91, 0x92, 0x93,
  0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0x9b, 0x9c, 0x9e, 0x9f,
];
const WIN_ANSI_HEX = new Map<string, string>();
for (let code = 0x20; code <= 0xff; code += 1)
  if (code < 0x7f || code >= 0xa0)
    WIN_ANSI_HEX.set(String.fromCharCode(code), code.toString(16).padStart(2, '0'));
Array.from(CP1252_EXTRAS).forEach((character, index) => {
  WIN_ANSI_HEX.set(character, (EXTRA_CODES[index] ?? 0x3f).toString(16));
});

/** A WinAnsi text as a PDF hex string; anything else (never reached: winansi.ts) as "?". */
function hexText(text: string): string {
  let hex = '<';
  for (const character of text) hex += WIN_ANSI_HEX.get(character) ?? '3f';
  return `${hex}>`;
}

/** A number as PDF writes it: at most two decimals, no exponent. */
function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}

const color = (value: RGB) => `${num(value.red)} ${num(value.green)} ${num(value.blue)}`;

/** One page's drawing; `finish` writes it into the page. */
export class PageCanvas {
  private readonly ops: string[] = [];
  private readonly fontNames = new Map<PDFFont, string>();

  /**
   * `existing`: a page with content of its own (an appended document): our font names cannot
   * meet its own, and its content is wrapped in q/Q so that a transformation it leaves behind
   * does not move what we draw.
   */
  constructor(
    readonly page: PDFPage,
    private readonly doc: PDFDocument,
    private readonly existing = false,
  ) {}

  private fontName(font: PDFFont): string {
    let name = this.fontNames.get(font);
    if (name === undefined) {
      name = `${this.existing ? 'AdmitF' : 'F'}${this.fontNames.size + 1}`;
      this.fontNames.set(font, name);
      this.page.node.setFontDictionary(PDFName.of(name), font.ref);
    }
    return name;
  }

  /** `text` (WinAnsi) with its baseline's left end at (x, y). Invisible text is found, not seen. */
  text(
    text: string,
    x: number,
    y: number,
    font: PDFFont,
    size: number,
    fill: RGB,
    invisible = false,
  ): void {
    if (text === '') return;
    const name = this.fontName(font);
    this.ops.push(
      `BT ${invisible ? 3 : 0} Tr /${name} ${num(size)} Tf ${color(fill)} rg ` +
        `1 0 0 1 ${num(x)} ${num(y)} Tm ${hexText(text)} Tj ET`,
    );
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness: number, stroke: RGB): void {
    this.ops.push(
      `${num(thickness)} w ${color(stroke)} RG ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`,
    );
  }

  rect(x: number, y: number, width: number, height: number, fill: RGB): void {
    this.ops.push(`${color(fill)} rg ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`);
  }

  /** Adds the drawing to the page as one compressed content stream. */
  finish(): void {
    if (this.ops.length === 0) return;
    const { context } = this.doc;
    if (this.existing) {
      this.page.node.wrapContentStreams(
        context.register(context.stream('q\n')),
        context.register(context.stream('\nQ\n')),
      );
    }
    const contents = deflateSync(Buffer.from(`q\n${this.ops.join('\n')}\nQ\n`, 'latin1'));
    const stream = context.stream(contents, { Filter: 'FlateDecode' });
    this.page.node.addContentStream(context.register(stream));
    this.ops.length = 0;
  }
}
