/**
 * A page's drawing as PDF content-stream operators written directly, one string per page,
 * compressed with Node's zlib. pdf-lib's `drawText` adds a font resource, a graphics state
 * and dozens of objects per call and compresses in JavaScript; an application is a few
 * thousand runs of text, so writing the operators ourselves keeps a render in milliseconds.
 * pdf-lib still builds the document: fonts, pages, copied attachments, metadata, the file.
 */
import { deflateSync } from 'node:zlib';

import { type PDFDocument, type PDFFont, PDFName, type PDFPage, type RGB } from '@cantoo/pdf-lib';

import { ContentBytes } from './bytes.ts';
import {
  type DocumentFonts,
  type Face,
  type FontStyle,
  plainFace,
  type Run,
  runsOf,
} from './fonts.ts';
import { StructElement, type StructTree } from './tags.ts';

/**
 * What a drawing is in the tagged PDF: content of a structure element, a running header or
 * footer, or (undefined) any other artifact: rules, bands, marks for the eye.
 */
export type Mark = StructElement | 'Header' | 'Footer' | undefined;

/**
 * A text waiting for its fonts: encoded in `finish`, once every face it needs is embedded.
 * Kept as values, not operator strings: written straight into the stream's bytes.
 */
interface TextOp {
  /** Its marked content: an element's type and id, or a pagination artifact, or neither. */
  mark: Mark;
  mcid: number;
  /** The rendering mode and fill colour to set first (-1, undefined: unchanged). */
  mode: number;
  fill: string | undefined;
  x: number;
  y: number;
  size: number;
  /** All of the text in one face (`face`), or in several (`runs`). */
  face: Face | undefined;
  text: string;
  runs: Run[] | undefined;
}

/**
 * A number as PDF writes it: at most two decimals, no exponent. Written from integers: a
 * render writes some ten thousand numbers, and a fraction's shortest decimal form is slow.
 */
function num(value: number): string {
  const hundredths = Math.round(value * 100);
  const whole = Math.trunc(hundredths / 100);
  const fraction = Math.abs(hundredths - whole * 100);
  const sign = hundredths < 0 && whole === 0 ? '-' : '';
  if (fraction === 0) return `${sign}${whole}`;
  const digits =
    fraction % 10 === 0 ? `${fraction / 10}` : fraction < 10 ? `0${fraction}` : `${fraction}`;
  return `${sign}${whole}.${digits}`;
}

/** Each colour's operands, written once: the renderer's colours are a handful of constants. */
const colors = new WeakMap<RGB, string>();

function color(value: RGB): string {
  let written = colors.get(value);
  if (written === undefined) {
    written = `${num(value.red)} ${num(value.green)} ${num(value.blue)}`;
    colors.set(value, written);
  }
  return written;
}

/**
 * Where `finish` writes a page's stream before compressing it: one buffer per process, as
 * pages are finished one at a time and synchronously (zlib copies it out).
 */
const content = new ContentBytes();

/** One page's drawing; `finish` writes it into the page. */
export class PageCanvas {
  private readonly ops: (string | TextOp)[] = [];
  private readonly fontNames = new Map<PDFFont, string>();
  /**
   * The fill colour and text rendering mode the stream has set so far (undefined: not yet).
   * Both are graphics state, kept from one text to the next, so each is written only when it
   * changes: most texts repeat the last one's, and every byte is encoded and compressed.
   */
  private fill: string | undefined;
  private mode = 0;
  /** The figure an appended page's own content is (existing pages only). */
  private figure: StructElement | undefined;

  /**
   * `existing`: a page with content of its own (an appended document): our font names cannot
   * meet its own, and its content is wrapped in q/Q so that a transformation it leaves behind
   * does not move what we draw.
   */
  constructor(
    readonly page: PDFPage,
    private readonly doc: PDFDocument,
    private readonly fonts: DocumentFonts,
    private readonly tree: StructTree,
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

  /**
   * `text` (sanitised: text.ts) with its baseline's left end at (x, y), in as many faces as its
   * scripts need. Invisible text is found, not seen.
   */
  text(
    text: string,
    x: number,
    y: number,
    style: FontStyle,
    size: number,
    fill: RGB,
    mark?: Mark,
    invisible = false,
  ): void {
    if (text === '') return;
    const face = plainFace(text, style);
    const runs = face === undefined ? runsOf(text, style) : undefined;
    if (face !== undefined) this.fonts.need(face);
    else if (runs !== undefined) for (const run of runs) this.fonts.need(run.face);
    const mode = invisible ? 3 : 0;
    const fillColor = color(fill);
    this.ops.push({
      mark,
      mcid: mark instanceof StructElement ? this.tree.mark(this.page, mark) : -1,
      mode: mode === this.mode ? -1 : mode,
      fill: fillColor === this.fill ? undefined : fillColor,
      x,
      y,
      size,
      face,
      text,
      runs,
    });
    this.mode = mode;
    this.fill = fillColor;
  }

  /** Opens the marked content of `op` (closed by EMC). */
  private begin(op: TextOp, out: ContentBytes): void {
    const { mark } = op;
    if (mark instanceof StructElement) {
      out.text(`/${mark.type} <</MCID `);
      out.number(op.mcid);
      out.text('>> BDC');
    } else if (mark === undefined) out.text('/Artifact BMC');
    else out.text(`/Artifact <</Type /Pagination /Subtype /${mark}>> BDC`);
  }

  /** Makes the existing page's own content one figure (an appended document's page). */
  markFigure(element: StructElement): void {
    this.figure = element;
  }

  /**
   * The font and size (in hundredths, as written) the stream has set so far (text state, kept
   * like the fill colour).
   */
  private font: PDFFont | undefined;
  private fontSize = 0;

  /** The text's marked content, its text object and EMC, each line ended. */
  private encode(op: TextOp, out: ContentBytes): void {
    this.begin(op, out);
    out.text('\nBT');
    if (op.mode !== -1) {
      out.text(' ');
      out.number(op.mode);
      out.text(' Tr');
    }
    if (op.fill !== undefined) {
      out.text(' ');
      out.text(op.fill);
      out.text(' rg');
    }
    // In a new text object the text matrix is the identity: Td moves it to (x, y).
    out.text(' ');
    out.number(op.x);
    out.text(' ');
    out.number(op.y);
    out.text(' Td');
    if (op.face !== undefined) this.encodeRun(op.face, op.text, op.size, out);
    else if (op.runs !== undefined)
      for (const run of op.runs) this.encodeRun(run.face, run.text, op.size, out);
    out.text(' ET\nEMC\n');
  }

  private encodeRun(face: Face, text: string, size: number, out: ContentBytes): void {
    const font = this.fonts.get(face);
    const hundredths = Math.round(size * 100);
    if (font !== this.font || hundredths !== this.fontSize) {
      out.text(' /');
      out.text(this.fontName(font));
      out.text(' ');
      out.number(size);
      out.text(' Tf');
      this.font = font;
      this.fontSize = hundredths;
    }
    out.text(' ');
    this.fonts.encode(face, text, out);
    out.text(' Tj');
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness: number, stroke: RGB): void {
    this.ops.push(
      `/Artifact BMC ${num(thickness)} w ${color(stroke)} RG ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S EMC`,
    );
  }

  rect(x: number, y: number, width: number, height: number, fill: RGB): void {
    const fillColor = color(fill);
    this.ops.push(
      `/Artifact BMC ${fillColor === this.fill ? '' : `${fillColor} rg `}${num(x)} ${num(y)} ${num(width)} ${num(height)} re f EMC`,
    );
    this.fill = fillColor;
  }

  /** Adds the drawing to the page as one compressed content stream (fonts embedded first). */
  finish(): void {
    const { context } = this.doc;
    if (this.existing) {
      const figure =
        this.figure === undefined
          ? ''
          : ` /Figure <</MCID ${this.tree.mark(this.page, this.figure)}>> BDC`;
      this.page.node.wrapContentStreams(
        context.register(context.stream(`q${figure}\n`)),
        context.register(context.stream(`\n${figure === '' ? '' : 'EMC '}Q\n`)),
      );
    }
    if (this.ops.length === 0) return;
    content.reset();
    content.text('q\n');
    for (const op of this.ops) {
      if (typeof op === 'string') {
        content.text(op);
        content.text('\n');
      } else this.encode(op, content);
    }
    content.text('Q\n');
    // Level 1: a page of operators compresses nearly as well, in a fraction of the time.
    const contents = deflateSync(content.bytes(), { level: 1 });
    const stream = context.stream(contents, { Filter: 'FlateDecode' });
    this.page.node.addContentStream(context.register(stream));
    this.ops.length = 0;
    // A later stream starts from the state this one's q/Q restores.
    this.fill = undefined;
    this.mode = 0;
    this.font = undefined;
    this.fontSize = 0;
  }
}
