/**
 * A page's drawing as PDF content-stream operators written directly, one string per page,
 * compressed with Node's zlib. pdf-lib's `drawText` adds a font resource, a graphics state
 * and dozens of objects per call and compresses in JavaScript; an application is a few
 * thousand runs of text, so writing the operators ourselves keeps a render in milliseconds.
 * pdf-lib still builds the document: fonts, pages, copied attachments, metadata, the file.
 */
import { deflateSync } from 'node:zlib';

import { type PDFDocument, type PDFFont, PDFName, type PDFPage, type RGB } from '@cantoo/pdf-lib';

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

/** A number as PDF writes it: at most two decimals, no exponent. */
function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}

const color = (value: RGB) => `${num(value.red)} ${num(value.green)} ${num(value.blue)}`;

/** One page's drawing; `finish` writes it into the page. */
export class PageCanvas {
  private readonly ops: (string | TextOp)[] = [];
  private readonly fontNames = new Map<PDFFont, string>();
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
    this.ops.push(
      this.begin(mark),
      {
        prefix: `BT ${invisible ? 3 : 0} Tr ${color(fill)} rg 1 0 0 1 ${num(x)} ${num(y)} Tm`,
        size,
        runs,
      },
      'EMC',
    );
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

  private encode(op: TextOp): string {
    let out = op.prefix;
    for (const run of op.runs) {
      const font = this.fonts.get(run.face);
      out += ` /${this.fontName(font)} ${num(op.size)} Tf ${this.fonts.encode(run)} Tj`;
    }
    return `${out} ET`;
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness: number, stroke: RGB): void {
    this.ops.push(
      `/Artifact BMC ${num(thickness)} w ${color(stroke)} RG ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S EMC`,
    );
  }

  rect(x: number, y: number, width: number, height: number, fill: RGB): void {
    this.ops.push(
      `/Artifact BMC ${color(fill)} rg ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f EMC`,
    );
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
    const body = this.ops.map((op) => (typeof op === 'string' ? op : this.encode(op))).join('\n');
    // Level 1: a page of operators compresses nearly as well, in a fraction of the time.
    const contents = deflateSync(Buffer.from(`q\n${body}\nQ\n`, 'latin1'), { level: 1 });
    const stream = context.stream(contents, { Filter: 'FlateDecode' });
    this.page.node.addContentStream(context.register(stream));
    this.ops.length = 0;
  }
}
