/**
 * The application PDF's own words (its print chrome: the panel's labels, the status, the
 * dates, the draft mark, the page numbers), made in the reader's language from the server's
 * catalogues before the PDF is typeset: the render thread gets them as data and loads no
 * catalogue of its own.
 */
import { format, intlFor, text } from '../texts.ts';
import { type PdfChrome } from './meta.ts';

/** A date and time as the PDF prints them: "November 20, 2026 at 5:30 PM MST", per language. */
export function printedDate(language: string, date: Date, timeZone = 'UTC'): string {
  return intlFor(language).formatDate(date, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
}

/** The PDF's words in `language`, its dates in the college's `timeZone`. */
export function pdfChrome(
  language: string,
  dates: { generatedAt: Date; submittedAt?: Date | null; timeZone?: string },
): PdfChrome {
  const say = (id: string, values?: Record<string, string>) =>
    format(language, text(`server.pdf.${id}`, values));
  const submittedAt = dates.submittedAt ?? null;
  return {
    language,
    defaultTitle: say('defaultTitle'),
    logoAlt: say('logoAlt'),
    applicant: say('applicant'),
    nameNotGiven: say('nameNotGiven'),
    account: say('account'),
    status: say('status'),
    statusValue:
      submittedAt === null
        ? say('notSubmitted')
        : say('submitted', { date: printedDate(language, submittedAt, dates.timeZone) }),
    copyMade: say('copyMade'),
    copyMadeValue: printedDate(language, dates.generatedAt, dates.timeZone),
    reference: say('reference'),
    draftMark: say('draftMark'),
    unreadableNote: say('unreadableNote'),
    selected: say('selected'),
    notSelected: say('notSelected'),
    pageOf: say('pageOf'),
    appendedOne: say('appendedOne'),
    appendedMany: say('appendedMany'),
    attachedDocument: say('attachedDocument'),
  };
}
