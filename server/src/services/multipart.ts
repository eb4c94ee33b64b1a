/**
 * A small multipart/form-data reader for the storage endpoint's body, which Fastify has already
 * read under a hard byte limit (so the whole body is at most about 1 MB). Browsers send exactly
 * this shape for a form of text fields and one file; anything else is refused, not guessed at.
 */

export interface MultipartPart {
  /** The field name (Content-Disposition name). */
  name: string;
  /** Present for a file part (Content-Disposition filename). */
  fileName: string | undefined;
  /** The part's own Content-Type header, lower-cased, without parameters ("" when none). */
  contentType: string;
  data: Buffer;
}

export class MultipartError extends Error {
  override name = 'MultipartError';
}

/** A form needs a handful of fields and one file; more parts than this is not a browser form. */
const MAX_PARTS = 32;
const MAX_HEADER_BYTES = 8 * 1024;

/** The boundary of a `multipart/form-data; boundary=…` content type, or undefined. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (contentType === undefined || !/^multipart\/form-data\s*;/i.test(contentType))
    return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

function headerParam(header: string, param: string): string | undefined {
  const match = new RegExp(`;\\s*${param}="([^"]*)"`, 'i').exec(header);
  return match?.[1];
}

/** Splits a multipart body into its parts; throws MultipartError when it is malformed. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw new MultipartError('no boundary');
  for (;;) {
    at += delimiter.length;
    // "--" after a delimiter closes the form.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts;
    if (body[at] !== 0x0d || body[at + 1] !== 0x0a) throw new MultipartError('bad delimiter line');
    at += 2;
    const headerEnd = body.indexOf('\r\n\r\n', at);
    if (headerEnd < 0 || headerEnd - at > MAX_HEADER_BYTES) throw new MultipartError('bad headers');
    const headers = new Map<string, string>();
    for (const line of body.subarray(at, headerEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new MultipartError('bad header line');
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const dataStart = headerEnd + 4;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), dataStart);
    if (next < 0) throw new MultipartError('unterminated part');
    const disposition = headers.get('content-disposition') ?? '';
    const name = headerParam(disposition, 'name');
    if (!/^form-data\s*;/i.test(disposition) || name === undefined) {
      throw new MultipartError('part without a form-data name');
    }
    parts.push({
      name,
      fileName: headerParam(disposition, 'filename'),
      contentType: (headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
      data: body.subarray(dataStart, next),
    });
    if (parts.length > MAX_PARTS) throw new MultipartError('too many parts');
    at = next + 2;
  }
}
