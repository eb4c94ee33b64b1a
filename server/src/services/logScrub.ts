/**
 * No log line holds a Social Security number (SPEC §9): every line the server writes passes
 * through `ssnSafeStream`, which replaces anything shaped like one (`123-45-6789`, and as an
 * applicant may type it, `123456789` or `123 45 6789`) by `XXX-XX-XXXX`, wherever it sits (a
 * message, a URL's query string, an error's stack). A number of nine digits that is not an
 * SSN (a byte count) is masked too: a log line loses a figure rather than risk an SSN. The
 * answers themselves are never logged; `SSN_SAFE_REDACT` removes an answers object that a
 * future line might carry, before it is even written.
 */

/**
 * 3-2-4 digits, with dashes, spaces (one per gap, the same in both: `123 45-6789` is kept as is)
 * or nothing between them; not inside a longer run of letters or digits (a UUID, a hash, a
 * timestamp in milliseconds).
 */
const SSN_SHAPE = /(?<![\dA-Za-z])\d{3}([- ]?)\d{2}\1\d{4}(?![\dA-Za-z])/g;

/** The text with anything shaped like an SSN masked. */
export function scrubSsn(text: string): string {
  return text.replace(SSN_SHAPE, 'XXX-XX-XXXX');
}

/** pino's `redact`: an answers object (or a patch of them) is never written in a log line. */
export const SSN_SAFE_REDACT = {
  paths: ['answer', 'answers', 'patch', '*.answer', '*.answers', '*.patch'],
  censor: '[answers not logged]',
};

interface LineSink {
  write: (line: string) => unknown;
  flush?: (callback?: (error?: Error | null) => void) => void;
  flushSync?: () => void;
}

/** A pino destination that writes each line to `target` with SSNs masked. */
export function ssnSafeStream(target: LineSink): LineSink {
  return {
    write: (line: string) => target.write(scrubSsn(line)),
    ...(target.flush === undefined
      ? {}
      : {
          flush: (callback?: (error?: Error | null) => void) => {
            target.flush?.(callback);
          },
        }),
    ...(target.flushSync === undefined
      ? {}
      : {
          flushSync: () => {
            target.flushSync?.();
          },
        }),
  };
}
