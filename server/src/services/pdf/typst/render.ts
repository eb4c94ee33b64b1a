/**
 * The application PDF typeset by Typst (through @myriaddreamin/typst-ts-node-compiler): the
 * print model and the college's look go in as JSON, template.ts lays them out, and Typst
 * does the rest (shaping every script, line breaking, pagination, font subsets, the tagged
 * structure, title and language). One compiler per process, made with the fonts on first use.
 */
import { printableLine, printableText, type PrintModel, PRINTED_BLANK } from '@admit/form-model';
import { type NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';

import { PDFDocument } from '@cantoo/pdf-lib';

import { type ApplicationPdfMeta, type AttachmentPdf } from '../meta.ts';
import { breakableText } from '../text.ts';
import { TYPST_WORKSPACE, typstCompiler } from './compiler.ts';
import { FONT_FAMILIES } from './fonts.ts';
import { APPLICATION_TEMPLATE } from './template.ts';

/** What the college gives the PDF besides its name: its logo (SVG text) and its colours. */
export interface TypstPdfLook {
  /** The college's logo.svg, printed at the title block's left with `logoAlt` as its text. */
  logoSvg?: string;
  /** The band and heading colour, `#RRGGBB` (default: `meta.accentColor`, else dark blue). */
  accent?: string;
  /** The facts panel's colour, `#RRGGBB`. */
  tint?: string;
  /** Body text and answers, `#RRGGBB` (default: near black). */
  ink?: string;
  /** Question labels, the footer and the panel's labels, `#RRGGBB` (default: dark grey). */
  muted?: string;
  /**
   * The footer's text, with `{college}`, `{title}` and `{applicant}` replaced (default:
   * `DEFAULT_PDF_FOOTER`). tenant-config refuses any other `{name}` in a college's footer.
   */
  footer?: string;
}

/** Every page's footer, at its left, unless the college words it otherwise. */
export const DEFAULT_PDF_FOOTER = '{college}  |  {title}  |  {applicant}';

export interface TypstPdfOptions {
  /**
   * Write PDF/UA-1 rather than plain tagged PDF. A document that breaks its rules (Typst
   * checks them; an appended document always does, in Typst 0.14) is written as plain tagged
   * PDF instead, and `onPdfUaRefused` is told why.
   */
  pdfUa?: boolean;
  /** Told why Typst refused PDF/UA-1 for this document (for the log). */
  onPdfUaRefused?: (reason: string) => void;
}

const DEFAULT_ACCENT = '#003875';
const DEFAULT_TINT = '#f3f4f6';
const DEFAULT_INK = '#171c24';
const DEFAULT_MUTED = '#5b616e';
const HEX = /^#[0-9a-f]{6}$/i;

/** The render under way, which the next one waits for. */
let queue: Promise<undefined> = Promise.resolve(undefined);

/** An appended document as the template gets it: its file in the compiler's memory, or none. */
interface TemplateAttachment {
  key: string;
  fileName: string;
  /** Where the compiler finds its bytes (`mapShadow`); null when it could not be read. */
  path: string | null;
  pages: number;
}

/** A PDF's page count; 0 when it cannot be read. Only the count: Typst draws the pages. */
async function pageCount(bytes: Uint8Array): Promise<number> {
  try {
    return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
  } catch {
    return 0;
  }
}

/**
 * Each appended document with its page count, its bytes put where the template reads them.
 * A converted file that cannot be read (or has gone missing) prints as a page saying so.
 */
async function prepareAttachments(
  compiler: NodeCompiler,
  attachments: readonly AttachmentPdf[],
): Promise<TemplateAttachment[]> {
  const prepared: TemplateAttachment[] = [];
  for (const [index, attachment] of attachments.entries()) {
    const key = attachment.answerKey ?? `document-${index + 1}`;
    const pages = await pageCount(attachment.bytes);
    if (pages === 0) {
      prepared.push({ key, fileName: printableLine(attachment.fileName), path: null, pages: 1 });
      continue;
    }
    const path = `/attachments/${index + 1}.pdf`;
    compiler.mapShadow(`${TYPST_WORKSPACE}${path}`, Buffer.from(attachment.bytes));
    prepared.push({ key, fileName: printableLine(attachment.fileName), path, pages });
  }
  return prepared;
}

/**
 * Every text of `value` as the PDF prints it (`printableText`: control characters out, tabs
 * as spaces, NFC): a character no font draws would print as an empty box, and PDF/UA-1
 * refuses the whole document for it. An answer's or a note's `text` may also break inside a
 * word longer than a line (`breakableText`), which would otherwise run off the page.
 */
function printable<T>(value: T, field = ''): T {
  if (typeof value === 'string') {
    const text = printableText(value);
    return (field === 'text' ? breakableText(text) : text) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => printable(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, printable(item, key)]),
    ) as T;
  }
  return value;
}

/**
 * The families with `face` tried before the other Han faces, so that an answer whose kana or
 * Hangul tells its language prints its Han characters (kanji, hanja) in that language's forms.
 */
function hanFrom(face: string): string[] {
  const others = FONT_FAMILIES.filter((family) => family !== face);
  const han = others.indexOf('Noto Sans SC');
  return [...others.slice(0, han), face, ...others.slice(han)];
}

/** The JSON the template reads from `sys.inputs.data`. */
export function templateData(
  model: PrintModel,
  meta: ApplicationPdfMeta,
  look: TypstPdfLook,
  attachments: readonly TemplateAttachment[] = [],
) {
  // The college's texts as any other: a lone surrogate would make the template's JSON invalid.
  const college = printableLine(meta.college);
  const { chrome } = meta;
  const title = printableLine(meta.title ?? chrome.defaultTitle);
  // One line wherever it prints (the panel, the footer, the title): a stored name may hold a
  // line break.
  const name = printableLine(meta.applicant.name).trim();
  const who = name === '' ? printableLine(meta.applicant.username) : name;
  const submittedAt = meta.submittedAt ?? null;
  const submitted = submittedAt !== null;
  const facts = [
    { label: chrome.applicant, value: name === '' ? chrome.nameNotGiven : name, strong: true },
    { label: chrome.account, value: printableLine(meta.applicant.username), strong: false },
    { label: chrome.status, value: chrome.statusValue, strong: false },
    { label: chrome.copyMade, value: chrome.copyMadeValue, strong: false },
  ];
  if (submitted && meta.reference != null)
    facts.push({ label: chrome.reference, value: meta.reference, strong: false });
  const accent = [look.accent, meta.accentColor].find((colour) => HEX.test(colour ?? ''));
  const colour = (value: string | undefined, fallback: string) =>
    value !== undefined && HEX.test(value) ? value : fallback;
  const fields: Record<string, string> = { college, title, applicant: who };
  const footer = printableLine(
    (look.footer ?? DEFAULT_PDF_FOOTER).replace(
      /\{(college|title|applicant)\}/g,
      (_, field: string) => fields[field] ?? '',
    ),
  );
  return {
    lang: chrome.language.split('-')[0] ?? 'en',
    documentTitle: `${college}: ${title}, ${who}`,
    college,
    title,
    contact: (meta.collegeContact ?? []).map(printableLine),
    logo: look.logoSvg ?? null,
    logoAlt: chrome.logoAlt.replace('{college}', college),
    colors: {
      accent: accent ?? DEFAULT_ACCENT,
      tint: colour(look.tint, DEFAULT_TINT),
      ink: colour(look.ink, DEFAULT_INK),
      muted: colour(look.muted, DEFAULT_MUTED),
    },
    fonts: FONT_FAMILIES,
    fontsJapanese: hanFrom('Noto Sans JP'),
    fontsKorean: hanFrom('Noto Sans KR'),
    facts,
    footer,
    who,
    attachments,
    unreadableNote: chrome.unreadableNote,
    chrome: {
      selected: chrome.selected,
      notSelected: chrome.notSelected,
      pageOf: chrome.pageOf,
      appendedOne: chrome.appendedOne,
      appendedMany: chrome.appendedMany,
      attachedDocument: chrome.attachedDocument,
    },
    blank: PRINTED_BLANK,
    draft: !submitted,
    draftMark: chrome.draftMark,
    steps: printable(model.steps),
  };
}

/** What an export error says. */
function reasonOf(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : String(error);
}

/** Typst's diagnostics, one sentence each ("failed to parse SVG (…)", hints after), for the log. */
function diagnosticsText(diagnostics: unknown[]): string {
  return diagnostics
    .map((item) => {
      const { message, hints } = item as { message?: string; hints?: string[] };
      const hint = hints !== undefined && hints.length > 0 ? ` (hint: ${hints.join('; ')})` : '';
      return `${message ?? JSON.stringify(item)}${hint}.`;
    })
    .join(' ');
}

/**
 * The application PDF of `model` (form-model's print model) with `attachments` appended:
 * tagged, with its title and language; PDF/UA-1 when asked.
 */
export async function renderTypstApplicationPdf(
  model: PrintModel,
  meta: ApplicationPdfMeta,
  attachments: readonly AttachmentPdf[] = [],
  look: TypstPdfLook = {},
  options: TypstPdfOptions = {},
): Promise<Uint8Array> {
  const compiler = await typstCompiler();
  // One render at a time per process: the compiler's memory files are shared.
  const rendering = queue.then(() => typeset(compiler, model, meta, attachments, look, options));
  queue = rendering.then(
    () => undefined,
    () => undefined,
  );
  return rendering;
}

async function typeset(
  compiler: NodeCompiler,
  model: PrintModel,
  meta: ApplicationPdfMeta,
  attachments: readonly AttachmentPdf[],
  look: TypstPdfLook,
  options: TypstPdfOptions,
): Promise<Uint8Array> {
  try {
    const prepared = await prepareAttachments(compiler, attachments);
    const data = JSON.stringify(templateData(model, meta, look, prepared));
    const compiled = compiler.compile({ mainFileContent: APPLICATION_TEMPLATE, inputs: { data } });
    const document = compiled.result;
    if (document === null || compiled.hasError()) {
      const error = compiled.takeDiagnostics() ?? compiled.takeError();
      const diagnostics = error === null ? [] : compiler.fetchDiagnostics(error);
      throw new Error(
        `The application PDF could not be typeset: ${diagnosticsText(diagnostics) || 'Typst gave no reason.'}`,
      );
    }
    const creationTimestamp = Math.floor(meta.generatedAt.getTime() / 1000);
    let pdf: Buffer | undefined;
    // PDF/UA-1 has rules of its own, which Typst checks: a character no font draws, or an
    // appended document (Typst 0.14 embeds no PDF in PDF/UA-1), fails it. The applicant's PDF
    // is then written as plain tagged PDF rather than not at all.
    if (options.pdfUa === true && attachments.length > 0) {
      options.onPdfUaRefused?.('Typst 0.14 cannot embed the appended documents in PDF/UA-1.');
    } else if (options.pdfUa === true) {
      try {
        pdf = compiler.pdf(document, { creationTimestamp, pdfStandard: 'ua-1' });
      } catch (error) {
        options.onPdfUaRefused?.(reasonOf(error));
      }
    }
    try {
      pdf ??= compiler.pdf(document, { creationTimestamp });
    } catch (error) {
      throw new Error(`The application PDF could not be written: ${reasonOf(error)}`, {
        cause: error,
      });
    }
    return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  } finally {
    compiler.resetShadow();
    // Typst memoizes layouts across compilations; old entries go, recent ones speed the next.
    compiler.evictCache(10);
  }
}
