/**
 * The application PDF's own words (its print chrome: the panel's labels, the status, the
 * dates, the draft mark, the page numbers), made in the reader's language from the server's
 * catalogues before the PDF is typeset: the render thread gets them as data and loads no
 * catalogue of its own.
 */
import { format, SOURCE_LANGUAGE, text } from '../texts.ts';
import { type PdfChrome } from './meta.ts';

/**
 * The locale a language's dates are written in: the language as the United States writes it
 * (Admit's colleges are American), so `es` is `es-US`: "10:30 a.m." as US Spanish writes the
 * time, where Spain's Spanish writes "10:30". A tag with a region of its own is kept.
 */
function dateLocale(language: string): string {
  try {
    const locale = new Intl.Locale(language);
    return locale.region === undefined ? `${locale.language}-US` : language;
  } catch {
    return language;
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time as the PDF and the mails print them, in the college's time zone:
 * "November 20, 2026 at 5:30 PM MST"; in Spanish "20 de noviembre de 2026 a las 5:30 p.m.
 * hora estándar de las Montañas Rocosas". The zone's short names (MST, PDT) are English
 * abbreviations, and where a language has none Node prints an offset ("GMT-7") no reader
 * knows as the college's time: every language but English names the zone in full.
 */
export function printedDate(language: string, date: Date, timeZone = 'UTC'): string {
  const key = `${language} ${timeZone}`;
  let formatter = dateFormats.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(dateLocale(language), {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: language === SOURCE_LANGUAGE ? 'short' : 'long',
    });
    dateFormats.set(key, formatter);
  }
  return formatter.format(date);
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
