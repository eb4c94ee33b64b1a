/**
 * The application PDF's own words (its print chrome: the panel's labels, the status, the
 * dates, the draft mark, the page numbers), made in the reader's language from the server's
 * catalogues before the PDF is typeset: the render thread gets them as data and loads no
 * catalogue of its own.
 */
import { format, SOURCE_LANGUAGE, text } from '../texts.ts';
import { type PdfChrome } from './meta.ts';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time as the PDF and the mails print them, in the college's time zone:
 * "November 20, 2026 at 5:30 PM MST"; in Spanish "20 de noviembre de 2026 a las 5:30 p. m.
 * hora estándar de las Montañas Rocosas". On a 12-hour clock in every language, as US
 * colleges write the time (docs/glossary-es.md: "5 p. m."; Spanish's own default is 17:30).
 * The zone's short names (MST, PDT) are English abbreviations, and where a language has none
 * Node prints an offset ("GMT-7") no reader knows as the college's time: every language but
 * English names the zone in full.
 */
export function printedDate(language: string, date: Date, timeZone = 'UTC'): string {
  const key = `${language} ${timeZone}`;
  let formatter = dateFormats.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZone,
      timeZoneName: language === SOURCE_LANGUAGE ? 'short' : 'long',
    });
    dateFormats.set(key, formatter);
  }
  // "p. m." (Spanish) is one word to a reader: never broken across two lines. Elsewhere a
  // narrow no-break space is a space, as V8's `format` writes it (formatToParts keeps U+202F).
  return formatter
    .formatToParts(date)
    .map((part) =>
      part.type === 'dayPeriod'
        ? part.value.replace(/[ \u202f]/g, '\u00a0')
        : part.value.replace(/\u202f/g, ' '),
    )
    .join('');
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
