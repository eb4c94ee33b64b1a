import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';

import {
  lyingZipBombDocx,
  makeDocx,
  makeJpeg,
  makePdf,
  makePng,
  manyEntriesDocx,
  zipBombDocx,
} from '../test/files.ts';
import { MAX_ZIP_ENTRIES, sniffFile, unpackZip } from './sniff.ts';

describe('sniffFile: the real type, from the bytes', () => {
  it('recognises PNG, JPEG, PDF and DOCX made by the test', async () => {
    expect(sniffFile(makePng()).type).toBe('png');
    expect(sniffFile(makeJpeg()).type).toBe('jpeg');
    expect(sniffFile(await makePdf()).type).toBe('pdf');
    const docx = sniffFile(makeDocx(['Hello']));
    expect(docx.type).toBe('docx');
    expect(docx.type === 'docx' ? [...(docx.entries?.keys() ?? [])] : []).toContain(
      'word/document.xml',
    );
  });

  it('calls HTML, text and an empty file unknown, whatever their names would say', () => {
    const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
    expect(sniffFile(html)).toEqual({ type: undefined, problem: 'unknown' });
    expect(sniffFile(new TextEncoder().encode('just text'))).toEqual({
      type: undefined,
      problem: 'unknown',
    });
    expect(sniffFile(new Uint8Array())).toEqual({ type: undefined, problem: 'unknown' });
  });

  it('needs the whole PNG signature and an IHDR chunk, not only the first bytes', () => {
    const png = makePng();
    expect(sniffFile(png.subarray(0, 8)).type).toBeUndefined();
    const broken = Buffer.from(png);
    broken.write('XXXX', 12, 'ascii');
    expect(sniffFile(broken).type).toBeUndefined();
  });

  it('tells a ZIP that is not a Word document apart from a DOCX', () => {
    const zip = zipSync({ 'hello.txt': new TextEncoder().encode('hi') });
    expect(sniffFile(zip)).toEqual({ type: undefined, problem: 'not-docx' });
    // A spreadsheet-like package: content types without Word's main part.
    const xlsx = zipSync({
      '[Content_Types].xml': new TextEncoder().encode('<Types>spreadsheetml</Types>'),
      'word/document.xml': new TextEncoder().encode('<w:document/>'),
    });
    expect(sniffFile(xlsx)).toEqual({ type: undefined, problem: 'not-docx' });
  });

  it('refuses a zip bomb whose entries declare their huge size (64 MB from ~64 KB)', () => {
    const bomb = zipBombDocx(64);
    expect(bomb.length).toBeLessThan(200_000);
    expect(sniffFile(bomb)).toEqual({ type: undefined, problem: 'zip-too-large' });
  });

  it('refuses a zip bomb that lies about its size, having unpacked only a little of it', () => {
    const bomb = lyingZipBombDocx(64);
    const before = process.memoryUsage().arrayBuffers;
    expect(sniffFile(bomb)).toEqual({ type: undefined, problem: 'zip-too-large' });
    // Stopped after about the declared kilobyte plus one step: nowhere near 64 MB held.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024);
  });

  it(`refuses a DOCX of more than ${MAX_ZIP_ENTRIES} entries`, () => {
    expect(sniffFile(manyEntriesDocx(MAX_ZIP_ENTRIES + 1))).toEqual({
      type: undefined,
      problem: 'zip-too-large',
    });
  });

  it('refuses a truncated or encrypted ZIP as damaged', () => {
    const docx = makeDocx();
    expect(sniffFile(docx.subarray(0, docx.length - 30))).toEqual({
      type: undefined,
      problem: 'zip-damaged',
    });
    const encrypted = Buffer.from(docx);
    // Set the "encrypted" flag of the first central-directory entry.
    const cd = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(encrypted.readUInt16LE(cd + 8) | 1, cd + 8);
    expect(sniffFile(encrypted)).toEqual({ type: undefined, problem: 'zip-damaged' });
  });

  it('unpacks every entry of an honest DOCX', () => {
    const entries = unpackZip(makeDocx(['Known text']));
    expect(new TextDecoder().decode(entries.get('word/document.xml'))).toContain('Known text');
  });
});
