/**
 * Real files made by the tests themselves: PNG (zlib + CRC), a baseline JPEG (one Huffman code
 * per table, mid-grey blocks), PDF (pdf-lib), DOCX (fflate), zip bombs, and the multipart body
 * a browser posts to the storage endpoint.
 */
import { deflateRawSync, deflateSync } from 'node:zlib';

import { zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of `width` × `height`, a colour gradient. */
export function makePng(width = 4, height = 3): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0); // filter: none
    for (let x = 0; x < width; x += 1) rows.push((x * 60) % 256, (y * 80) % 256, 128);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/**
 * A decompression bomb: a valid PNG declaring `width` × `height` one-bit grey pixels, all
 * zero. 20000 × 20000 is a 50 MB zlib stream of zeros, ~50 KB stored; decoded as RGBA (as
 * pdf-lib does) it is 1.6 GB.
 */
export function bombPng(width = 20_000, height = 20_000): Buffer {
  return zeroPng(width, height, 'grey1');
}

/** A valid RGBA PNG of `width` × `height`, every pixel zero (4 bytes a pixel decoded). */
export function bombPngRgba(width: number, height: number): Buffer {
  return zeroPng(width, height, 'rgba');
}

function zeroPng(width: number, height: number, kind: 'grey1' | 'rgba'): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = kind === 'grey1' ? 1 : 8; // bit depth
  header[9] = kind === 'grey1' ? 0 : 6; // greyscale, or RGB with alpha
  const rowBytes = kind === 'grey1' ? Math.ceil(width / 8) : width * 4;
  const rows = Buffer.alloc((rowBytes + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

function segment(marker: number, body: number[]): number[] {
  const length = body.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...body];
}

/**
 * A valid baseline greyscale JPEG of `blocksWide` × `blocksHigh` 8×8 blocks, every block
 * mid-grey (DC difference 0, then end-of-block), optionally with an EXIF orientation.
 */
export function makeJpeg(blocksWide = 2, blocksHigh = 1, orientation?: number): Buffer {
  const width = blocksWide * 8;
  const height = blocksHigh * 8;
  const exif =
    orientation === undefined
      ? []
      : segment(0xe1, [
          ...Array.from('Exif\0\0', (c) => c.charCodeAt(0)),
          // TIFF header, big-endian ("MM"), IFD0 at offset 8 with one entry: Orientation (SHORT).
          0x4d,
          0x4d,
          0x00,
          0x2a,
          0x00,
          0x00,
          0x00,
          0x08,
          0x00,
          0x01,
          0x01,
          0x12,
          0x00,
          0x03,
          0x00,
          0x00,
          0x00,
          0x01,
          0x00,
          orientation,
          0x00,
          0x00,
          0x00,
          0x00,
          0x00,
          0x00,
        ]);
  const blocks = blocksWide * blocksHigh;
  // Two one-bit codes per block ("0" DC category 0, "0" EOB), padded with 1s.
  const bits = '00'.repeat(blocks);
  const padded = bits.padEnd(Math.ceil(bits.length / 8) * 8, '1');
  const scan: number[] = [];
  for (let at = 0; at < padded.length; at += 8) scan.push(parseInt(padded.slice(at, at + 8), 2));
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(
      0xe0,
      [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00],
    ),
    ...exif,
    ...segment(0xdb, [0x00, ...Array.from({ length: 64 }, () => 1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    // DC table 0: one code of length 1 for category 0. AC table 0: one code of length 1 for EOB.
    ...segment(0xc4, [0x00, 1, ...Array.from({ length: 15 }, () => 0), 0x00]),
    ...segment(0xc4, [0x10, 1, ...Array.from({ length: 15 }, () => 0), 0x00]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ]);
}

/** A one-page PDF holding `text`. */
export async function makePdf(text = 'A supporting document.'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 12, font });
  return Buffer.from(await pdf.save());
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;

function documentXml(paragraphs: readonly string[]): string {
  const body = paragraphs
    .map((text) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
}

const encode = (text: string) => new TextEncoder().encode(text);

/** A minimal valid .docx with one paragraph per string. */
export function makeDocx(
  paragraphs: readonly string[] = ['My essay about Gallatin Valley.'],
  extra: Record<string, string> = {},
): Buffer {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': encode(CONTENT_TYPES),
      '_rels/.rels': encode(ROOT_RELS),
      'word/document.xml': encode(documentXml(paragraphs)),
      ...Object.fromEntries(Object.entries(extra).map(([name, text]) => [name, encode(text)])),
    }),
  );
}

/** A .docx whose body is one word of `length` letters (5,000,000: ~6 KB zipped). */
export function oneWordDocx(length = 5_000_000): Buffer {
  return Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': encode(CONTENT_TYPES),
        '_rels/.rels': encode(ROOT_RELS),
        'word/document.xml': encode(documentXml(['a'.repeat(length)])),
      },
      { level: 9 },
    ),
  );
}

const RELATIONSHIP_TYPES = {
  image: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image',
  hyperlink: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink',
} as const;

/** document.xml with one paragraph of text and one picture whose `a:blip` carries `blip`. */
function pictureDocumentXml(blip: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body><w:p><w:r><w:t>A picture follows.</w:t></w:r></w:p><w:p><w:r><w:drawing><wp:inline><wp:extent cx="1828800" cy="1828800"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="picture"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip ${blip}/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1828800" cy="1828800"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p></w:body></w:document>`;
}

/**
 * The five spellings of an external picture relationship that a regular expression missed and
 * LibreOffice reads, each as the whole relationships part for `target`.
 */
export function externalPictureSpellings(target: string): Record<string, string> {
  const part = (relationship: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationship}</Relationships>`;
  const { image, hyperlink } = RELATIONSHIP_TYPES;
  return {
    'TargetMode="&#69;xternal"': part(
      `<Relationship Id="rId9" Type="${image}" Target="${target}" TargetMode="&#69;xternal"/>`,
    ),
    '</Relationship >': part(
      `<Relationship Id="rId9" Type="${image}" Target="${target}" TargetMode="External"></Relationship >`,
    ),
    'a comment inside the element': part(
      `<Relationship Id="rId9" Type="${image}" Target="${target}" TargetMode="External"><!-- a note --></Relationship>`,
    ),
    'a hyperlink relationship used by a:blip r:link': part(
      `<Relationship Id="rId9" Type="${hyperlink}" Target="${target}" TargetMode="External"/>`,
    ),
    'a ">" inside another attribute': part(
      `<Relationship Id="rId9" Type="${image}" Note="a>b" Target="${target}" TargetMode="External"/>`,
    ),
  };
}

/**
 * A .docx with one picture: linked (`a:blip r:link="rId9"`, the relationship given as the
 * whole `word/_rels/document.xml.rels`), or embedded from `word/media/picture.png` when `rels`
 * is undefined.
 */
export function pictureDocx(rels?: string, picture: Uint8Array = makePng(8, 8)): Buffer {
  const embedded = rels === undefined;
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': encode(
      CONTENT_TYPES.replace(
        '<Default Extension="xml"',
        '<Default Extension="png" ContentType="image/png"/><Default Extension="xml"',
      ),
    ),
    '_rels/.rels': encode(ROOT_RELS),
    'word/document.xml': encode(pictureDocumentXml(embedded ? 'r:embed="rId9"' : 'r:link="rId9"')),
    'word/_rels/document.xml.rels': encode(
      rels ??
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId9" Type="${RELATIONSHIP_TYPES.image}" Target="media/picture.png"/></Relationships>`,
    ),
  };
  if (embedded) files['word/media/picture.png'] = picture;
  return Buffer.from(zipSync(files));
}

interface RawEntry {
  name: string;
  /** The bytes as stored (deflated by node:zlib when `size` differs from their length). */
  stored: Uint8Array;
  /** The unpacked size the archive declares. */
  declaredSize: number;
  deflated: boolean;
}

/** A ZIP written byte by byte, so a test can make it declare whatever it likes. */
function rawZip(entries: readonly RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.deflated ? 8 : 0, 8);
    local.writeUInt32LE(entry.stored.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.deflated ? 8 : 0, 10);
    central.writeUInt32LE(entry.stored.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(entry.stored));
    directory.push(central, name);
    offset += local.length + name.length + entry.stored.length;
  }
  const size = directory.reduce((total, part) => total + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

function docxEntries(padding: { megabytes: number; declaredSize?: number }): RawEntry[] {
  const text = (name: string, body: string): RawEntry => {
    const bytes = encode(body);
    return { name, stored: bytes, declaredSize: bytes.length, deflated: false };
  };
  const huge = padding.megabytes * 1024 * 1024;
  return [
    text('[Content_Types].xml', CONTENT_TYPES),
    text('_rels/.rels', ROOT_RELS),
    text('word/document.xml', documentXml(['x'])),
    {
      name: 'word/media/padding.xml',
      stored: deflateRawSync(Buffer.alloc(huge, 0x20), { level: 9 }),
      declaredSize: padding.declaredSize ?? huge,
      deflated: true,
    },
  ];
}

/** A .docx whose padding part unpacks to `megabytes` MB (honestly declared in the zip). */
export function zipBombDocx(megabytes = 64): Buffer {
  return rawZip(docxEntries({ megabytes }));
}

/**
 * A .docx whose central directory lies: an entry declared as 1 KB that unpacks to `megabytes`
 * MB (the zip-bomb trick that fools a reader trusting the declared sizes).
 */
export function lyingZipBombDocx(megabytes = 64): Buffer {
  return rawZip(docxEntries({ megabytes, declaredSize: 1024 }));
}

/** A .docx with `count` tiny entries. */
export function manyEntriesDocx(count = 5000): Buffer {
  const entries: Record<string, Uint8Array> = {
    '[Content_Types].xml': encode(CONTENT_TYPES),
    '_rels/.rels': encode(ROOT_RELS),
    'word/document.xml': encode(documentXml(['x'])),
  };
  for (let index = 0; index < count; index += 1) entries[`word/parts/${index}.xml`] = encode('x');
  return Buffer.from(zipSync(entries, { level: 0 }));
}

export const BOUNDARY = '----AdmitTestBoundary7MA4YWxkTrZu0gW';

/** The multipart body a browser sends for a form of text fields followed by one file. */
export function multipartBody(
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Uint8Array } | undefined,
): { body: Buffer; contentType: string } {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file !== undefined) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    body: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  };
}
