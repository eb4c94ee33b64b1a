/**
 * A file's real type, from its bytes (ARCHITECTURE "Documents and PDFs": the extension alone
 * proves nothing). PNG, JPEG and PDF by their signatures; DOCX as a ZIP whose central directory
 * is read here and whose every entry is unpacked with fflate under hard limits (entries, total
 * unpacked size, each entry no larger than it declares), so a zip bomb is refused before
 * LibreOffice or mammoth ever open it.
 */
import { Inflate } from 'fflate';

import { type SniffedType } from '../db/schema.ts';

/** At most this many entries in a DOCX (Word writes a dozen or two). */
export const MAX_ZIP_ENTRIES = 1000;
/** At most this many bytes unpacked from a DOCX, all entries together (the file is ≤ 1 MB). */
export const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
/** Compressed bytes pushed per step: deflate expands at most ~1032×, so ≤ ~1 MiB per step. */
const INFLATE_STEP = 1024;

export const DOCX_MAIN_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

export type SniffResult =
  | { type: SniffedType; entries?: ReadonlyMap<string, Uint8Array> }
  | { type: undefined; problem: 'unknown' | 'zip-too-large' | 'zip-damaged' | 'not-docx' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

function ascii(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0));
}

class ZipRefused extends Error {
  constructor(readonly problem: 'zip-too-large' | 'zip-damaged') {
    super(problem);
  }
}

/** Inflates `data`, refusing output beyond `cap` bytes without ever producing much more. */
function inflateCapped(data: Uint8Array, cap: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total <= cap) chunks.push(chunk);
  });
  if (data.length === 0) inflater.push(data, true);
  for (let offset = 0; offset < data.length; offset += INFLATE_STEP) {
    inflater.push(
      data.subarray(offset, offset + INFLATE_STEP),
      offset + INFLATE_STEP >= data.length,
    );
    if (total > cap) throw new ZipRefused('zip-too-large');
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * Reads a ZIP's central directory and unpacks every entry within the limits. Refuses ZIP64,
 * multi-disk archives, encryption, methods other than stored/deflate, duplicate names, and any
 * entry that unpacks to more than it declares.
 */
export function unpackZip(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => {
    if (at + 2 > bytes.length) throw new ZipRefused('zip-damaged');
    return view.getUint16(at, true);
  };
  const u32 = (at: number) => {
    if (at + 4 > bytes.length) throw new ZipRefused('zip-damaged');
    return view.getUint32(at, true);
  };
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at -= 1) {
    if (u32(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipRefused('zip-damaged');
  const count = u16(end + 10);
  const directoryOffset = u32(end + 16);
  if (
    u16(end + 4) !== 0 ||
    u16(end + 6) !== 0 ||
    count === 0xffff ||
    directoryOffset === 0xffffffff
  ) {
    throw new ZipRefused('zip-damaged');
  }
  if (count > MAX_ZIP_ENTRIES) throw new ZipRefused('zip-too-large');

  const decoder = new TextDecoder('utf-8', { fatal: false });
  const entries = new Map<string, Uint8Array>();
  let declaredTotal = 0;
  let unpackedTotal = 0;
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (u32(at) !== 0x02014b50) throw new ZipRefused('zip-damaged');
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const compressedSize = u32(at + 20);
    const size = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    const localOffset = u32(at + 42);
    if (at + 46 + nameLength > bytes.length) throw new ZipRefused('zip-damaged');
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;

    if ((flags & 0x1) !== 0 || (method !== 0 && method !== 8) || entries.has(name)) {
      throw new ZipRefused('zip-damaged');
    }
    declaredTotal += size;
    if (declaredTotal > MAX_UNPACKED_BYTES) throw new ZipRefused('zip-too-large');
    if (u32(localOffset) !== 0x04034b50) throw new ZipRefused('zip-damaged');
    const dataStart = localOffset + 30 + u16(localOffset + 26) + u16(localOffset + 28);
    if (dataStart + compressedSize > bytes.length) throw new ZipRefused('zip-damaged');
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    let unpacked: Uint8Array;
    try {
      unpacked = method === 0 ? data : inflateCapped(data, size);
    } catch (error) {
      if (error instanceof ZipRefused) throw error;
      throw new ZipRefused('zip-damaged');
    }
    if (unpacked.length !== size) throw new ZipRefused('zip-damaged');
    unpackedTotal += unpacked.length;
    if (unpackedTotal > MAX_UNPACKED_BYTES) throw new ZipRefused('zip-too-large');
    entries.set(name, unpacked);
  }
  return entries;
}

/** The real type of `bytes`, or why it is none we accept. */
export function sniffFile(bytes: Uint8Array): SniffResult {
  if (startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes, ascii('IHDR'), 12)) {
    return { type: 'png' };
  }
  // SOI then the first marker (APPn, DQT, SOF…): FF D8 FF.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { type: 'jpeg' };
  if (startsWith(bytes, ascii('%PDF-'))) return { type: 'pdf' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    let entries: Map<string, Uint8Array>;
    try {
      entries = unpackZip(bytes);
    } catch (error) {
      if (error instanceof ZipRefused) return { type: undefined, problem: error.problem };
      throw error;
    }
    const contentTypes = entries.get('[Content_Types].xml');
    if (
      contentTypes === undefined ||
      !entries.has('word/document.xml') ||
      !new TextDecoder().decode(contentTypes).includes(DOCX_MAIN_CONTENT_TYPE)
    ) {
      return { type: undefined, problem: 'not-docx' };
    }
    return { type: 'docx', entries };
  }
  return { type: undefined, problem: 'unknown' };
}
