/**
 * The page flow: lines placed top to bottom, a new page when one is full. Headings wait for
 * the content under them, so a band or a section heading never ends a page alone, and a
 * group that fits on a page (a question with its choices) is never split.
 */
import { type RGB } from '@cantoo/pdf-lib';

import { type Mark, type PageCanvas } from './canvas.ts';
import { type FontStyle } from './fonts.ts';

/** A run of text, a blank, or text known only once every page exists, on one line. */
export type Segment =
  | {
      kind: 'text';
      x: number;
      text: string;
      font: FontStyle;
      size: number;
      color: RGB;
      mark?: Mark;
    }
  | { kind: 'blank'; x: number; width: number; mark?: Mark }
  | {
      kind: 'late';
      x: number;
      text: () => string;
      font: FontStyle;
      size: number;
      color: RGB;
      mark?: Mark;
    };

/** One line of the flow. */
export interface FlowLine {
  height: number;
  segments: Segment[];
  /** From the line's top down to the text's baseline (default: `height - 3.6`). */
  baseline?: number;
  /** Extra drawing (a band, a rule) given the page and the line's top. */
  decorate?: (page: PageCanvas, top: number) => void;
  /** Space only: dropped at the top of a page. */
  spacer?: boolean;
}

export interface FlowOptions {
  /** Adds a page (with its running header and whatever else every page carries). */
  newPage: () => PageCanvas;
  /** The lowest a line may reach. */
  bottom: number;
  /** Where lines start on the first page and on every later one. */
  firstTop: number;
  top: number;
  drawSegment: (page: PageCanvas, segment: Segment, baseline: number) => void;
}

export interface PlaceOptions {
  /** How many of the lines must share a page with the headings before them (default all). */
  keep?: number;
  /** Repeated at the top of a page when the lines run over onto it ("… (continued)"). */
  continuation?: FlowLine;
}

export const spacer = (height: number): FlowLine => ({ height, segments: [], spacer: true });

export class Flow {
  page: PageCanvas;
  y: number;
  private pageTop: number;
  private pending: FlowLine[] = [];

  constructor(private readonly options: FlowOptions) {
    this.page = options.newPage();
    this.y = options.firstTop;
    this.pageTop = options.firstTop;
  }

  private newPage(): void {
    this.page = this.options.newPage();
    this.y = this.options.top;
    this.pageTop = this.options.top;
  }

  /** Height available on an empty continuation page. */
  get pageHeight(): number {
    return this.options.top - this.options.bottom;
  }

  /** Moves the cursor down by `height` from outside the flow (the title block). */
  skip(height: number): void {
    this.y -= height;
  }

  /** Lines (headings, spaces) that wait for the next placed content and go with it. */
  hold(...lines: FlowLine[]): void {
    this.pending.push(...lines);
  }

  /** Places the waiting lines and then `lines`, keeping what `options.keep` asks together. */
  place(lines: readonly FlowLine[], options: PlaceOptions = {}): void {
    const held = this.pending;
    this.pending = [];
    const sum = (list: readonly FlowLine[]) => list.reduce((total, line) => total + line.height, 0);
    const kept = sum(held) + sum(lines.slice(0, options.keep ?? lines.length));
    if (kept <= this.pageHeight && this.y - kept < this.options.bottom) this.newPage();
    for (const line of held) this.draw(line);
    for (const line of lines) this.draw(line, options.continuation);
  }

  private draw(line: FlowLine, continuation?: FlowLine): void {
    if (line.spacer === true) {
      if (this.y === this.pageTop) return;
      if (this.y - line.height < this.options.bottom) this.newPage();
      else this.y -= line.height;
      return;
    }
    if (this.y - line.height < this.options.bottom) {
      this.newPage();
      if (continuation !== undefined) this.draw(continuation);
    }
    const top = this.y;
    line.decorate?.(this.page, top);
    const baseline = top - (line.baseline ?? line.height - 3.6);
    for (const segment of line.segments) this.options.drawSegment(this.page, segment, baseline);
    this.y -= line.height;
  }
}
