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
import { type DocumentFonts, type FontStyle, type Run, runsOf } from './fonts.ts';
import { StructElement, type StructTree } from './tags.ts';

/**
 * What a drawing is in the tagged PDF: content of a structure element, a running header or
 * footer, or (undefined) any other artifact: rules, bands, marks for the eye.
 */
export type Mark = StructElement | 'Header' | 'Footer' | undefined;

/** A text waiting for its fonts: encoded in `finish`, once every face it needs is embedded. */
interface TextOp {
  /** The operators before the text (rendering mode, colour, position). */
  prefix: string;
  size: number;
  runs: Run[];
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
    const runs = runsOf(text, style);
    for (const run of runs) this.fonts.need(run.face);
    let prefix = 'BT';
    const mode = invisible ? 3 : 0;
    if (mode !== this.mode) {
      prefix += ` ${mode} Tr`;
      this.mode = mode;
    }
    const fillColor = color(fill);
    if (fillColor !== this.fill) {
      prefix += ` ${fillColor} rg`;
      this.fill = fillColor;
    }
    // In a new text object the text matrix is the identity: Td moves it to (x, y).
    prefix += ` ${num(x)} ${num(y)} Td`;
    this.ops.push(this.begin(mark), { prefix, size, runs }, 'EMC');
  }

  /** Opens the marked content of `mark` (closed by EMC). */
  private begin(mark: Mark): string {
    if (mark instanceof StructElement)
      return `/${mark.type} <</MCID ${this.tree.mark(this.page, mark)}>> BDC`;
    if (mark === undefined) return '/Artifact BMC';
    return `/Artifact <</Type /Pagination /Subtype /${mark}>> BDC`;
  }

  /** Makes the existing page's own content one figure (an appended document's page). */
  markFigure(element: StructElement): void {
    this.figure = element;
  }

  /** The font and size the stream has set so far (text state, kept like the fill colour). */
  private font = '';

  private encode(op: TextOp, out: ContentBytes): void {
    out.text(op.prefix);
    for (const run of op.runs) {
      const font = `/${this.fontName(this.fonts.get(run.face))} ${num(op.size)} Tf`;
      if (font !== this.font) {
        out.text(` ${font}`);
        this.font = font;
      }
      out.text(' ');
      this.fonts.encode(run, out);
      out.text(' Tj');
    }
    out.text(' ET');
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
      if (typeof op === 'string') content.text(op);
      else this.encode(op, content);
      content.text('\n');
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
    this.font = '';
  }
}
