/**
 * The application PDF, drawn with pdf-lib from form-model's print lines (ARCHITECTURE
 * "Documents and PDFs": the same content as the service view, rendered in milliseconds, not
 * by a browser). US Letter, Noto Sans subsets embedded by script (fonts.ts), a title block, a band per form page and a heading per section, each question beside its
 * answer, [X]/[ ] choices, underlined blanks, and the converted documents appended after the
 * application's pages.
 */
import {
  type PrintAnswer,
  type PrintBlock,
  PRINTED_BLANK,
  type PrintModel,
} from '@admit/form-model';
import { PDFDocument, type PDFPage, type RGB, rgb } from '@cantoo/pdf-lib';

import { type Mark, PageCanvas } from './canvas.ts';
import { Flow, type FlowLine, type Segment, spacer } from './flow.ts';
import { DocumentFonts, type FontStyle, MISSING_GLYPH, missingCharacters } from './fonts.ts';
import { type StructElement, StructTree } from './tags.ts';
import { printableLine, printableText, widthOf, wrapText } from './text.ts';

/** What the title block says about the application. */
export interface ApplicationPdfMeta {
  /** The college, the document's first line. */
  college: string;
  /** The document's title under the college (default "Application for Admission"). */
  title?: string;
  /** Lines at the title block's right: the admissions office's address, phone and e-mail. */
  collegeContact?: readonly string[];
  /** The applicant's name as answered (may be empty) and the account's username. */
  applicant: { name: string; username: string };
  /** When this copy was made. */
  generatedAt: Date;
  /** When the application was submitted; absent or null while it is not. */
  submittedAt?: Date | null;
  /** The submitted application's reference number (issue 15 #17), printed beside the status. */
  reference?: string | null;
  /** Colour of bands and headings, `#RRGGBB` (the college's primary colour). */
  accentColor?: string;
  /** IANA time zone of the printed dates (default UTC). */
  timeZone?: string;
}

/** A converted document to append after the application's pages. */
export interface AttachmentPdf {
  /** The file question it answers: that question's line then names the pages it fills. */
  answerKey?: string;
  /** The name the applicant uploaded it under (display only). */
  fileName: string;
  /** The converted PDF. */
  bytes: Uint8Array;
}

export const DEFAULT_PDF_TITLE = 'Application for Admission';

/**
 * Printed at the foot of every page (the appended documents' too) while the application is
 * not submitted: a copy of saved answers is a draft, and must not pass for the record.
 */
export const DRAFT_MARK = 'DRAFT: not submitted';

/**
 * Said under the title block when some character has no glyph in any of the PDF's fonts: it
 * prints as "?", and the note names every answer affected and the characters (never silently).
 */
export const MISSING_CHARACTERS_NOTE = `Some characters have no printable form in this document and are shown as "${MISSING_GLYPH}"; the application itself keeps the original text. Affected:`;

/** "First Name (U+1F600)": an answer and the code points it lost. */
function missingText(label: string, characters: readonly string[]): string {
  const codes = characters.map(
    (character) =>
      `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
  return `${label} (${codes.join(', ')})`;
}

/** Printed on the page that stands in for a document that could not be read. */
export const UNREADABLE_DOCUMENT_NOTE =
  'This document could not be added to this PDF. The file the applicant uploaded is kept with the application.';

// US Letter, in points: the colleges are American.
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN_X = 54;
const MARGIN_TOP = 54;
const MARGIN_BOTTOM = 58;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
/** Where lines start under the running header of the pages after the first. */
const CONTINUATION_TOP = PAGE_HEIGHT - 64;
const FOOTER_RULE_Y = 40;
const FOOTER_BASELINE = 28;

const LABEL_WIDTH = 200;
const COLUMN_GAP = 16;
const ANSWER_X = MARGIN_X + LABEL_WIDTH + COLUMN_GAP;
const ANSWER_WIDTH = PAGE_WIDTH - MARGIN_X - ANSWER_X;
/** Room for "[X] " so that the labels of checked and unchecked choices line up. */
const MARK_WIDTH = 19;
const INLINE_CHOICE_GAP = 18;
const MAX_INLINE_CHOICES = 4;
const BLANK_WIDTH = 190;
/** An answer longer than this many lines beside its question is printed under it instead. */
const MAX_SIDE_LINES = 4;
const LONG_ANSWER_INDENT = 12;
/** A long answer's question and at least this many of its lines share a page. */
const LONG_ANSWER_KEEP = 3;

const BODY_SIZE = 9.5;
const LINE_HEIGHT = 13;
const INFO_SIZE = 8.8;
const INFO_LINE_HEIGHT = 12;
const SMALL_SIZE = 8;

const INK = rgb(0.09, 0.11, 0.14);
const LABEL_INK = rgb(0.3, 0.33, 0.38);
const MUTED_INK = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.8, 0.82, 0.86);
const BLANK_RULE = rgb(0.35, 0.37, 0.41);
const PANEL = rgb(0.955, 0.962, 0.972);
const WHITE = rgb(1, 1, 1);
const DEFAULT_ACCENT = rgb(0, 0.22, 0.46);

const fonts: Readonly<Record<FontStyle, FontStyle>> = {
  regular: 'regular',
  bold: 'bold',
  italic: 'italic',
};

interface Choice {
  label: string;
  checked: boolean;
}

interface PageRange {
  first: number;
  last: number;
}

function hexColor(hex: string | undefined): RGB {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  if (match === null) return DEFAULT_ACCENT;
  const [, red = '0', green = '0', blue = '0'] = match;
  return rgb(parseInt(red, 16) / 255, parseInt(green, 16) / 255, parseInt(blue, 16) / 255);
}

// Building a DateTimeFormat costs more than a page of text: one per time zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "November 20, 2026 at 5:30 PM UTC": the PDF's dates, and the receipt mail's (services/receipts.ts). */
export function formatDate(date: Date, timeZone = 'UTC'): string {
  let format = dateFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(date);
}

/**
 * The college's own texts wrapped (question labels, choices, headings, info texts), per
 * process: they are the same for every applicant's PDF, and wrapping them was a tenth of a
 * render. Answers are never cached: each render wraps them anew. Cleared when full.
 */
const formTextLines = new Map<string, readonly string[]>();
const MAX_FORM_TEXTS = 5000;

function wrapFormText(
  text: string,
  font: FontStyle,
  size: number,
  width: number,
): readonly string[] {
  const key = `${font} ${size} ${width} ${text}`;
  let lines = formTextLines.get(key);
  if (lines === undefined) {
    if (formTextLines.size >= MAX_FORM_TEXTS) formTextLines.clear();
    lines = wrapText(text, font, size, width);
    formTextLines.set(key, lines);
  }
  return lines;
}

/**
 * The model as printed: every text through `printableText` (text.ts), an answer of spaces only
 * as a blank, and the answers with characters no font can draw ("First Name (U+1F600)").
 */
function printable(model: PrintModel): { model: PrintModel; missing: string[] } {
  const missing: string[] = [];
  const clean = (text: string) => printableText(text);
  const note = (label: string, ...texts: string[]) => {
    const lost = missingCharacters(`${label}${texts.join('')}`);
    if (lost.length > 0) missing.push(missingText(label, lost));
  };
  const block = (item: PrintBlock): PrintBlock => {
    switch (item.kind) {
      case 'group':
        return { ...item, heading: clean(item.heading) };
      case 'info': {
        const title = item.title === undefined ? undefined : clean(item.title);
        const text = clean(item.text);
        note(title ?? text.slice(0, 40), text);
        return { kind: 'info', ...(title === undefined ? {} : { title }), text };
      }
      case 'checkbox': {
        const label = clean(item.label);
        note(label);
        return { ...item, label };
      }
      case 'question': {
        const label = clean(item.label);
        const answer = ((): PrintAnswer => {
          switch (item.answer.kind) {
            case 'text': {
              const text = clean(item.answer.text).trim();
              return text === '' ? { kind: 'blank' } : { kind: 'text', text };
            }
            case 'choices':
              return {
                kind: 'choices',
                choices: item.answer.choices.map((choice) => ({
                  ...choice,
                  label: clean(choice.label),
                })),
              };
            case 'document':
              return { kind: 'document', fileName: clean(item.answer.fileName) };
            case 'blank':
              return item.answer;
          }
        })();
        note(
          label,
          answer.kind === 'text'
            ? answer.text
            : answer.kind === 'document'
              ? answer.fileName
              : answer.kind === 'choices'
                ? answer.choices.map((choice) => choice.label).join('')
                : '',
        );
        return { ...item, label, answer };
      }
    }
  };
  const steps = model.steps.map((step) => ({
    title: clean(step.title),
    sections: step.sections.map((section) => ({
      title: clean(section.title),
      blocks: section.blocks.map(block),
    })),
  }));
  return { model: { steps }, missing };
}

/**
 * Renders the application as a PDF: a title block, a band for each page of the form, a heading
 * for each section, every question beside its answer (an underlined blank when there is none),
 * choices as [X]/[ ], info texts, documents by name, then every attachment's pages. "Page N of
 * M" counts the appended pages too. No text fails the render (text.ts sanitises it, fonts.ts
 * draws every script it can and the document names what it could not); an attachment that cannot be read is replaced by a page that says so.
 *
 * @example
 * const pdf = await renderApplicationPdf(
 *   printModel(tenant.pages, answers, documents, { tabs, addAnother }, { maskSsn: true }),
 *   { college: 'Gallatin College', applicant: { name: 'Ada Lovelace', username: 'ada@example.com' },
 *     generatedAt: new Date() },
 *   [{ answerKey: 'decision_essay_file', fileName: 'essay.pdf', bytes: convertedPdf }],
 * );
 */
export async function renderApplicationPdf(
  printModel: PrintModel,
  meta: ApplicationPdfMeta,
  attachments: readonly AttachmentPdf[] = [],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const documentFonts = new DocumentFonts(doc);
  const tree = new StructTree();
  const root = tree.root;
  const accent = hexColor(meta.accentColor);
  const timeZone = meta.timeZone ?? 'UTC';
  const title = meta.title ?? DEFAULT_PDF_TITLE;

  const { model, missing } = printable(printModel);
  const college = printableLine(meta.college);
  const titleText = printableLine(title);
  const name = printableLine(meta.applicant.name);
  const username = printableLine(meta.applicant.username);
  const who = name === '' ? username : name;
  const nameLost = missingCharacters(who);
  if (nameLost.length > 0) missing.unshift(missingText('Applicant', nameLost));

  const drawText = (
    page: PageCanvas,
    text: string,
    x: number,
    baseline: number,
    font: FontStyle,
    size: number,
    color: RGB,
    mark?: Mark,
  ) => {
    page.text(text, x, baseline, font, size, color, mark);
  };
  const drawRightAligned = (
    page: PageCanvas,
    text: string,
    right: number,
    baseline: number,
    font: FontStyle,
    size: number,
    color: RGB,
    mark?: Mark,
  ) => {
    drawText(page, text, right - widthOf(text, font, size), baseline, font, size, color, mark);
  };

  /** Pages that carry our header and footer (not the appended documents' own pages). */
  const ownPages: PageCanvas[] = [];
  const pageNumbers = new Map<PageCanvas | PDFPage, number>();
  const drawRunningHeader = (page: PageCanvas) => {
    const baseline = PAGE_HEIGHT - 40;
    drawText(page, college, MARGIN_X, baseline, fonts.bold, 8.5, accent, 'Header');
    drawRightAligned(
      page,
      `${titleText}  |  ${who}`,
      PAGE_WIDTH - MARGIN_X,
      baseline,
      fonts.regular,
      SMALL_SIZE,
      MUTED_INK,
      'Header',
    );
    page.line(MARGIN_X, baseline - 7, PAGE_WIDTH - MARGIN_X, baseline - 7, 0.6, RULE);
  };
  const addOwnPage = (): PageCanvas => {
    const page = new PageCanvas(doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]), doc, documentFonts, tree);
    const number = doc.getPageCount();
    ownPages.push(page);
    pageNumbers.set(page, number);
    if (number > 1) drawRunningHeader(page);
    return page;
  };

  /** Drawing that waits until the number of pages is known. */
  const lateDrawings: (() => void)[] = [];
  let totalPages = 0;

  const drawSegment = (page: PageCanvas, segment: Segment, baseline: number) => {
    switch (segment.kind) {
      case 'text':
        drawText(
          page,
          segment.text,
          segment.x,
          baseline,
          segment.font,
          segment.size,
          segment.color,
          segment.mark,
        );
        return;
      case 'blank':
        // SPEC §1: an underlined blank. The invisible text under the line lets a screen
        // reader, a search or a copy find the blank the eye sees.
        page.line(
          segment.x,
          baseline - 2,
          segment.x + segment.width,
          baseline - 2,
          0.75,
          BLANK_RULE,
        );
        page.text(
          PRINTED_BLANK,
          segment.x,
          baseline,
          fonts.regular,
          BODY_SIZE,
          INK,
          segment.mark,
          true,
        );
        return;
      case 'late':
        lateDrawings.push(() => {
          drawText(
            page,
            segment.text(),
            segment.x,
            baseline,
            segment.font,
            segment.size,
            segment.color,
            segment.mark,
          );
        });
    }
  };

  const flow = new Flow({
    newPage: addOwnPage,
    bottom: MARGIN_BOTTOM,
    firstTop: PAGE_HEIGHT - MARGIN_TOP,
    top: CONTINUATION_TOP,
    drawSegment,
  });

  // ---- building blocks ----
  const text = (
    x: number,
    value: string,
    font: FontStyle = fonts.regular,
    size = BODY_SIZE,
    color: RGB = INK,
    mark?: Mark,
  ): Segment => ({ kind: 'text', x, text: value, font, size, color, mark });

  const line = (segments: Segment[], height = LINE_HEIGHT): FlowLine => ({ height, segments });

  /** A label in the question column; `formText`: the college's own wording (cached). */
  const labelSegments = (
    value: string,
    mark: Mark,
    width = LABEL_WIDTH,
    formText = true,
  ): Segment[] =>
    (formText ? wrapFormText : wrapText)(value, fonts.regular, BODY_SIZE, width).map((part) =>
      text(MARGIN_X, part, fonts.regular, BODY_SIZE, LABEL_INK, mark),
    );

  /**
   * The structure of the question rows: consecutive questions are the rows of one table, a
   * header cell (the question) and a data cell (the answer) each; a heading ends the table.
   */
  let table: StructElement | undefined;
  const row = (): { th: StructElement; td: StructElement } => {
    table ??= root.add('Table');
    const tr = table.add('TR');
    return { th: tr.add('TH', { scope: 'Row' }), td: tr.add('TD') };
  };
  /** A block outside the tables (a heading, a text): the next question starts a new table. */
  const block = (type: 'H1' | 'H2' | 'H3' | 'H4' | 'P'): StructElement => {
    table = undefined;
    return root.add(type);
  };

  /** A question beside its answer, line by line: the label column and the answer column. */
  const sideBySide = (label: Segment[], answer: Segment[][]): FlowLine[] =>
    Array.from({ length: Math.max(label.length, answer.length, 1) }, (_, index) =>
      line([...(label[index] === undefined ? [] : [label[index]]), ...(answer[index] ?? [])]),
    );

  /**
   * One choice, "[X] label", its label wrapped under itself (a hanging indent). The mark is
   * for the eye; a screen reader hears "Selected: label" or "Not selected: label".
   */
  const choiceLines = (
    choice: Choice,
    x: number,
    width: number,
    parent: StructElement,
  ): Segment[][] => {
    const font = choice.checked ? fonts.bold : fonts.regular;
    const mark = choice.checked
      ? text(x, '[X]', fonts.bold, BODY_SIZE, INK)
      : text(x, '[ ]', fonts.regular, BODY_SIZE, MUTED_INK);
    const span = parent.add('Span', {
      actualText: `${choice.checked ? 'Selected' : 'Not selected'}: ${choice.label}`,
    });
    return wrapFormText(choice.label, font, BODY_SIZE, width - MARK_WIDTH).map((part, index) => [
      ...(index === 0 ? [mark] : []),
      text(x + MARK_WIDTH, part, font, BODY_SIZE, choice.checked ? INK : LABEL_INK, span),
    ]);
  };

  /** Few short choices share one line ("[X] Yes   [ ] No"); otherwise one a line. */
  const choiceBlock = (choices: Choice[], cell: StructElement): Segment[][] => {
    const widths = choices.map(
      (choice) =>
        MARK_WIDTH + widthOf(choice.label, choice.checked ? fonts.bold : fonts.regular, BODY_SIZE),
    );
    const inline =
      widths.reduce((sum, width) => sum + width, 0) + INLINE_CHOICE_GAP * (choices.length - 1);
    if (choices.length > MAX_INLINE_CHOICES || inline > ANSWER_WIDTH)
      return choices.flatMap((choice) => choiceLines(choice, ANSWER_X, ANSWER_WIDTH, cell));
    let x = ANSWER_X;
    const segments: Segment[] = [];
    choices.forEach((choice, index) => {
      segments.push(...(choiceLines(choice, x, ANSWER_WIDTH, cell)[0] ?? []));
      x += (widths[index] ?? 0) + INLINE_CHOICE_GAP;
    });
    return [segments];
  };

  const pageRanges = new Map<string, PageRange>();
  const attachmentRanges: PageRange[] = [];
  const rangeText = (range: PageRange | undefined): string =>
    range === undefined
      ? ''
      : range.first === range.last
        ? `Appended as page ${range.first} of ${totalPages}`
        : `Appended as pages ${range.first}-${range.last} of ${totalPages}`;

  /** "Attached document: name" and, when the document is appended, the pages it fills. */
  const documentLines = (
    key: string,
    fileName: string,
    x: number,
    width: number,
    mark: StructElement,
  ) => {
    const result = wrapText(`Attached document: ${fileName}`, fonts.regular, BODY_SIZE, width).map(
      (part) => [text(x, part, fonts.regular, BODY_SIZE, INK, mark)],
    );
    if (attachments.some((attachment) => attachment.answerKey === key)) {
      result.push([
        {
          kind: 'late',
          x,
          text: () => rangeText(pageRanges.get(key)),
          font: fonts.italic,
          size: SMALL_SIZE,
          color: MUTED_INK,
          mark,
        },
      ]);
    }
    return result;
  };

  const pageBand = (value: string): FlowLine => ({
    height: 24,
    baseline: 14.3,
    segments: [text(MARGIN_X + 9, value, fonts.bold, 12, WHITE, block('H2'))],
    decorate: (page, top) => {
      page.rect(MARGIN_X, top - 20, CONTENT_WIDTH, 20, accent);
    },
  });

  const sectionHeading = (value: string, level: 'H2' | 'H3' = 'H3'): FlowLine[] => {
    const parts = wrapFormText(value, fonts.bold, 11, CONTENT_WIDTH);
    const heading = block(level);
    return parts.map((part, index) => ({
      height: 16,
      baseline: 12,
      segments: [text(MARGIN_X, part, fonts.bold, 11, accent, heading)],
      ...(index === parts.length - 1
        ? {
            decorate: (page: PageCanvas, top: number) => {
              page.line(MARGIN_X, top - 16, PAGE_WIDTH - MARGIN_X, top - 16, 0.6, RULE);
            },
          }
        : {}),
    }));
  };

  // ---- the title block ----
  {
    const page = flow.page;
    const top = flow.y;
    drawText(page, college, MARGIN_X, top - 18, fonts.bold, 19, accent, block('H1'));
    drawText(page, titleText, MARGIN_X, top - 38, fonts.regular, 13, INK, block('P'));
    const contact = (meta.collegeContact ?? []).map(printableLine);
    const contactBlock = contact.length > 0 ? block('P') : undefined;
    contact.forEach((part, index) => {
      drawRightAligned(
        page,
        part,
        PAGE_WIDTH - MARGIN_X,
        top - 9 - index * 10.5,
        fonts.regular,
        SMALL_SIZE,
        MUTED_INK,
        contactBlock,
      );
    });
    let y = top - Math.max(50, 14 + contact.length * 10.5);
    page.rect(MARGIN_X, y - 2, CONTENT_WIDTH, 2, accent);
    y -= 12;

    const status =
      meta.submittedAt === undefined || meta.submittedAt === null
        ? 'Not yet submitted (a copy of the saved answers)'
        : `Submitted ${formatDate(meta.submittedAt, timeZone)}`;
    const facts: [string, string][] = [
      ['APPLICANT', name === '' ? 'Name not yet given' : name],
      ['ACCOUNT', username],
      ['STATUS', status],
      ['COPY MADE', formatDate(meta.generatedAt, timeZone)],
    ];
    if (meta.reference != null && meta.submittedAt != null)
      facts.push(['REFERENCE NUMBER', meta.reference]);
    const columnWidth = (CONTENT_WIDTH - 36) / 2;
    const rowHeight = 28;
    const panelHeight = 12 + rowHeight * Math.ceil(facts.length / 2);
    page.rect(MARGIN_X, y - panelHeight, CONTENT_WIDTH, panelHeight, PANEL);
    facts.forEach(([label, value], index) => {
      const x = MARGIN_X + 12 + (index % 2) * (columnWidth + 12);
      const rowTop = y - 8 - Math.floor(index / 2) * rowHeight;
      const fact = block('P');
      drawText(page, label, x, rowTop - 7, fonts.bold, 6.8, MUTED_INK, fact);
      const font = index === 0 ? fonts.bold : fonts.regular;
      const [first = ''] = wrapText(value, font, 10, columnWidth);
      drawText(page, first, x, rowTop - 20, font, 10, INK, fact);
    });
    y -= panelHeight;
    if (missing.length > 0) {
      y -= 4;
      const note = `${MISSING_CHARACTERS_NOTE} ${missing.join('; ')}.`;
      const noteBlock = block('P');
      for (const part of wrapText(note, fonts.italic, 7.8, CONTENT_WIDTH)) {
        y -= 10;
        drawText(page, part, MARGIN_X, y + 2.5, fonts.italic, 7.8, MUTED_INK, noteBlock);
      }
    }
    flow.skip(top - y + 10);
  }

  // ---- the application, step by step ----
  /** A question beside its answer, or a long answer under it over as many pages as it needs. */
  const questionRows = (label: string, answer: PrintAnswer, key: string) => {
    const { th, td } = row();
    switch (answer.kind) {
      case 'blank':
        flow.place(
          sideBySide(labelSegments(label, th), [
            [{ kind: 'blank', x: ANSWER_X, width: BLANK_WIDTH, mark: td }],
          ]),
        );
        return;
      case 'choices':
        flow.place(sideBySide(labelSegments(label, th), choiceBlock(answer.choices, td)));
        return;
      case 'document':
        flow.place(
          sideBySide(
            labelSegments(label, th),
            documentLines(key, answer.fileName, ANSWER_X, ANSWER_WIDTH, td),
          ),
        );
        return;
      case 'text':
        break;
    }
    // Wrapped only as far as it takes to know that it is too long to go beside its question.
    const beside = wrapText(answer.text, fonts.regular, BODY_SIZE, ANSWER_WIDTH, MAX_SIDE_LINES);
    if (beside.length <= MAX_SIDE_LINES && !beside.includes('')) {
      flow.place(
        sideBySide(
          labelSegments(label, th),
          beside.map((part) => [text(ANSWER_X, part, fonts.regular, BODY_SIZE, INK, td)]),
        ),
      );
      return;
    }
    // A long answer (an essay of up to 7000 characters) takes the page's full width under its
    // question, and says whose answer it is on every page it runs onto.
    const labelLines = labelSegments(label, th, CONTENT_WIDTH).map((segment) => line([segment]));
    const answerLines = wrapText(
      answer.text,
      fonts.regular,
      BODY_SIZE,
      CONTENT_WIDTH - LONG_ANSWER_INDENT,
    ).map((part) =>
      line([text(MARGIN_X + LONG_ANSWER_INDENT, part, fonts.regular, BODY_SIZE, INK, td)]),
    );
    const [firstLabel = ''] = wrapFormText(
      `${label} (continued)`,
      fonts.italic,
      SMALL_SIZE,
      CONTENT_WIDTH,
    );
    flow.place([...labelLines, ...answerLines], {
      keep: labelLines.length + LONG_ANSWER_KEEP,
      continuation: line([text(MARGIN_X, firstLabel, fonts.italic, SMALL_SIZE, MUTED_INK)]),
    });
  };

  for (const step of model.steps) {
    flow.hold(spacer(10), pageBand(step.title), spacer(2));
    for (const section of step.sections) {
      flow.hold(spacer(8), ...sectionHeading(section.title), spacer(6));
      for (const item of section.blocks) {
        switch (item.kind) {
          case 'group': {
            // "College 2": a heading under the section's.
            const heading = block('H4');
            flow.hold(
              spacer(4),
              line([text(MARGIN_X, item.heading, fonts.bold, BODY_SIZE, accent, heading)]),
            );
            break;
          }
          case 'info': {
            if (item.title !== undefined) {
              const title = block('P');
              flow.hold(
                spacer(3),
                line([text(MARGIN_X, item.title, fonts.bold, BODY_SIZE, INK, title)]),
              );
            }
            const info = block('P');
            const parts = wrapFormText(item.text, fonts.italic, INFO_SIZE, CONTENT_WIDTH).map(
              (part) =>
                line(
                  [text(MARGIN_X, part, fonts.italic, INFO_SIZE, MUTED_INK, info)],
                  INFO_LINE_HEIGHT,
                ),
            );
            flow.place(parts, { keep: parts.length <= 6 ? parts.length : 2 });
            flow.hold(spacer(5));
            break;
          }
          case 'checkbox':
            // A lone checkbox ("I certify that…") takes the whole width.
            flow.place(
              choiceLines(item, MARGIN_X, CONTENT_WIDTH, block('P')).map((segments) =>
                line(segments),
              ),
            );
            flow.hold(spacer(4));
            break;
          case 'question':
            questionRows(item.label, item.answer, item.key);
            flow.hold(spacer(4));
            break;
        }
      }
    }
  }

  if (attachments.length > 0) {
    flow.hold(spacer(10), ...sectionHeading('Attached Documents', 'H2'), spacer(6));
    attachments.forEach((attachment, position) => {
      const { th, td } = row();
      flow.place(
        sideBySide(
          labelSegments(
            `${position + 1}. ${printableLine(attachment.fileName)}`,
            th,
            LABEL_WIDTH,
            false,
          ),
          [
            [
              {
                kind: 'late',
                x: ANSWER_X,
                text: () => rangeText(attachmentRanges[position]),
                font: fonts.regular,
                size: BODY_SIZE,
                color: INK,
                mark: td,
              },
            ],
          ],
        ),
      );
      flow.hold(spacer(4));
    });
  }

  // ---- the documents, appended ----
  const appendedPages: { page: PDFPage; fileName: string; figure: StructElement }[] = [];
  for (const attachment of attachments) {
    const first = doc.getPageCount() + 1;
    const fileName = printableLine(attachment.fileName);
    let copied: PDFPage[];
    try {
      const source = await PDFDocument.load(attachment.bytes, { updateMetadata: false });
      copied = await doc.copyPages(source, source.getPageIndices());
    } catch {
      copied = [];
    }
    if (copied.length === 0) {
      // One unreadable document never costs the applicant the application: a page says so.
      const placeholder = addOwnPage();
      const heading = `Attached document: ${fileName}`;
      const headingMark = block('H2');
      drawText(
        placeholder,
        heading,
        MARGIN_X,
        CONTINUATION_TOP - 16,
        fonts.bold,
        12,
        INK,
        headingMark,
      );
      const note = block('P');
      wrapText(UNREADABLE_DOCUMENT_NOTE, fonts.regular, BODY_SIZE, CONTENT_WIDTH).forEach(
        (part, line) => {
          const baseline = CONTINUATION_TOP - 36 - line * LINE_HEIGHT;
          drawText(placeholder, part, MARGIN_X, baseline, fonts.regular, BODY_SIZE, INK, note);
        },
      );
    }
    copied.forEach((page, position) => {
      doc.addPage(page);
      pageNumbers.set(page, doc.getPageCount());
      // Each page of the document is one figure to a screen reader, with what it is.
      const figure = root.add('Figure', {
        alt: `Attached: ${fileName}, page ${position + 1} of ${copied.length}`,
      });
      appendedPages.push({ page, fileName, figure });
    });
    const range = { first, last: doc.getPageCount() };
    attachmentRanges.push(range);
    if (attachment.answerKey !== undefined && !pageRanges.has(attachment.answerKey))
      pageRanges.set(attachment.answerKey, range);
  }

  // ---- page numbers, and everything that waited for them ----
  totalPages = doc.getPageCount();
  for (const draw of lateDrawings) draw();
  const draft = meta.submittedAt === undefined || meta.submittedAt === null;
  const footer = `${college}  |  ${titleText}  |  ${who}`;
  for (const page of ownPages) {
    page.line(MARGIN_X, FOOTER_RULE_Y, PAGE_WIDTH - MARGIN_X, FOOTER_RULE_Y, 0.6, RULE);
    drawText(page, footer, MARGIN_X, FOOTER_BASELINE, fonts.regular, 7.5, MUTED_INK, 'Footer');
    if (draft) {
      // Above the footer rule, centred, in the college's colour: seen on every printed page.
      const width = widthOf(DRAFT_MARK, fonts.bold, SMALL_SIZE);
      drawText(
        page,
        DRAFT_MARK,
        (PAGE_WIDTH - width) / 2,
        FOOTER_RULE_Y + 6,
        fonts.bold,
        SMALL_SIZE,
        accent,
        'Footer',
      );
    }
    drawRightAligned(
      page,
      `Page ${pageNumbers.get(page) ?? 0} of ${totalPages}`,
      PAGE_WIDTH - MARGIN_X,
      FOOTER_BASELINE,
      fonts.regular,
      SMALL_SIZE,
      INK,
      'Footer',
    );
  }
  // An appended page keeps its own layout; a small stamp at its foot says whose it is.
  const stamps: PageCanvas[] = [];
  for (const { page, fileName, figure } of appendedPages) {
    const canvas = new PageCanvas(page, doc, documentFonts, tree, true);
    canvas.markFigure(figure);
    stamps.push(canvas);
    if (page.getRotation().angle % 360 !== 0) continue;
    const box = page.getCropBox();
    const stamp = `Attachment: ${fileName}  |  ${who}  |  Page ${pageNumbers.get(page) ?? 0} of ${totalPages}`;
    const width = widthOf(stamp, fonts.regular, 7);
    const x = box.x + (box.width - width) / 2;
    canvas.text(stamp, x, box.y + 10, fonts.regular, 7, MUTED_INK, 'Footer');
    if (draft) {
      const draftWidth = widthOf(DRAFT_MARK, fonts.bold, 7);
      canvas.text(
        DRAFT_MARK,
        box.x + (box.width - draftWidth) / 2,
        box.y + 19,
        fonts.bold,
        7,
        accent,
        'Footer',
      );
    }
  }
  // Every text is drawn: embed the faces it needs, then write the pages.
  await documentFonts.embedNeeded();
  for (const page of [...ownPages, ...stamps]) page.finish();
  tree.write(doc);

  // Metadata in Unicode (the original spelling of the name); the title shows in the reader's
  // window rather than the file name (PDF/UA asks for that).
  // One line each, every character whole (a lone surrogate cannot be written as UTF-16BE).
  const author = name === '' ? username : name;
  doc.setTitle(`${college}: ${titleText}, ${author}`, { showInWindowTitleBar: true });
  doc.setSubject(titleText);
  doc.setAuthor(author);
  doc.setCreator(college);
  doc.setProducer('Admit (@cantoo/pdf-lib)');
  doc.setLanguage('en-US');
  doc.setCreationDate(meta.generatedAt);
  doc.setModificationDate(meta.generatedAt);
  // The structure tree is a thousand small objects: packing them into compressed object
  // streams (in JavaScript) and yielding to the event loop every 50 cost more than the pages.
  return doc.save({ useObjectStreams: false, objectsPerTick: Infinity });
}
