/**
 * What Admit itself says in its PDFs, whichever engine typesets them (typst/render.ts): what
 * the title block is told about the application, its own words in the reader's language (made
 * by chrome.ts from the catalogues), and the download's ASCII file name.
 */
import transliterate from '@sindresorhus/transliterate';

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
  /** The submitted application's reference number (services/reference.ts), beside the status. */
  reference?: string | null;
  /** Colour of bands and headings, `#RRGGBB` (the college's primary colour). */
  accentColor?: string;
  /** IANA time zone of the printed dates (default UTC). */
  timeZone?: string;
  /** The PDF's own words, in the reader's language (chrome.ts `pdfChrome`). */
  chrome: PdfChrome;
}

/**
 * The PDF's own words in one language, made from the server's catalogues (`server.pdf.…`). The
 * page texts keep `{page}`, `{total}`, `{from}` and `{to}` for the template to fill.
 */
export interface PdfChrome {
  /** The language tag, the PDF's `lang`. */
  language: string;
  defaultTitle: string;
  /** The logo's alternative text, with `{college}`. */
  logoAlt: string;
  applicant: string;
  nameNotGiven: string;
  account: string;
  status: string;
  /** "Submitted November 20, 2026 …" or "Not yet submitted …". */
  statusValue: string;
  copyMade: string;
  /** When this copy was made, as printed. */
  copyMadeValue: string;
  reference: string;
  draftMark: string;
  unreadableNote: string;
  selected: string;
  notSelected: string;
  /** "Page {page} of {total}". */
  pageOf: string;
  /** "Appended as page {from} of {total}". */
  appendedOne: string;
  /** "Appended as pages {from}-{to} of {total}". */
  appendedMany: string;
  /** "Attached document:", before the file's name. */
  attachedDocument: string;
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

/**
 * A file-name-safe ASCII spelling, for Content-Disposition's plain `filename` (the UTF-8
 * `filename*` carries the original): accents dropped (NFKD), the letters that have no
 * decomposition (ß, Ł, Ø, Æ) and the Greek, Cyrillic, Armenian, Georgian, Hebrew and Arabic
 * alphabets spelt in Latin by @sindresorhus/transliterate, whatever is left outside
 * letters and digits (Chinese, Korean) dropped; "-" between the pieces.
 *
 * @example asciiFileNamePart('Strauß / Łódź 王') // 'Strauss-Lodz'
 */
export function asciiFileNamePart(text: string): string {
  return transliterate(text.normalize('NFKD').replace(/\p{M}/gu, ''))
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
