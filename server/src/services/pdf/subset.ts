/**
 * A TrueType subset of a face for one document, assembled from bytes prepared once per glyph
 * and process. fontkit's subsetter re-reads and re-encodes every glyph, its metrics and every
 * table through its struct encoder for every document: a fifth of a render. What a subset
 * holds depends only on the glyphs, so each glyph's outline bytes (a view of the font file),
 * its components and its metrics are looked up once, and a subset is the tables laid end to end.
 *
 * The tables are those fontkit's subsetter writes and a PDF's embedded TrueType font needs
 * (head, hhea, maxp, loca, glyf, hmtx, and cvt, fpgm, prep when the font has them): the
 * document maps character codes to glyphs itself (Identity), so no cmap is needed.
 */
import type * as fontkit from 'fontkit';

/** A glyph as the subset copies it, looked up once per process. */
interface GlyphEntry {
  /** Its outline in the font file's glyf table (a view, not a copy); empty for a blank glyph. */
  readonly data: Uint8Array;
  /** Where a composite glyph names its components' ids, and which ids they are. */
  readonly components: readonly { readonly pos: number; readonly glyphId: number }[];
  readonly advance: number;
  readonly leftBearing: number;
}

/** What is read of a face once: its tables and each glyph used so far. */
interface FaceTables {
  readonly bytes: Uint8Array;
  readonly head: Uint8Array;
  readonly hhea: Uint8Array;
  readonly maxp: Uint8Array;
  /** Tables copied as they are (hinting: cvt, fpgm, prep), by tag. */
  readonly copied: ReadonlyMap<string, Uint8Array>;
  readonly glyfOffset: number;
  readonly locaOffsets: readonly number[];
  readonly glyphs: Map<number, GlyphEntry>;
}

interface TableRecord {
  offset: number;
  length: number;
}

/** The parts of fontkit's TrueType font this file reads. */
interface TrueTypeFont {
  directory: { tables: Readonly<Record<string, TableRecord | undefined>> };
  loca: { offsets: number[] };
  getGlyph: (id: number) => fontkit.Glyph;
}

interface DecodedGlyph {
  numberOfContours: number;
  components?: { pos: number; glyphID: number }[];
}

const faceTables = new WeakMap<object, FaceTables>();

function tablesOf(font: TrueTypeFont, bytes: Uint8Array): FaceTables {
  let tables = faceTables.get(font);
  if (tables === undefined) {
    const table = (tag: string): Uint8Array => {
      const record = font.directory.tables[tag];
      if (record === undefined) throw new Error(`The font has no ${tag} table`);
      return bytes.subarray(record.offset, record.offset + record.length);
    };
    const copied = new Map<string, Uint8Array>();
    for (const tag of ['cvt ', 'fpgm', 'prep']) {
      if (font.directory.tables[tag] !== undefined) copied.set(tag, table(tag));
    }
    const glyf = font.directory.tables.glyf;
    if (glyf === undefined) throw new Error('The font has no glyf table (not TrueType)');
    tables = {
      bytes,
      head: table('head'),
      hhea: table('hhea'),
      maxp: table('maxp'),
      copied,
      glyfOffset: glyf.offset,
      locaOffsets: font.loca.offsets,
      glyphs: new Map(),
    };
    faceTables.set(font, tables);
  }
  return tables;
}

function glyphEntry(font: TrueTypeFont, tables: FaceTables, id: number): GlyphEntry {
  let entry = tables.glyphs.get(id);
  if (entry === undefined) {
    const start = tables.glyfOffset + (tables.locaOffsets[id] ?? 0);
    const end = tables.glyfOffset + (tables.locaOffsets[id + 1] ?? 0);
    const glyph = font.getGlyph(id) as fontkit.Glyph & {
      _decode: () => DecodedGlyph | null;
      _getMetrics: () => { leftBearing: number };
    };
    const decoded = end > start ? glyph._decode() : null;
    entry = {
      data: tables.bytes.subarray(start, end),
      components:
        decoded !== null && decoded.numberOfContours < 0
          ? (decoded.components ?? []).map((component) => ({
              pos: component.pos,
              glyphId: component.glyphID,
            }))
          : [],
      advance: glyph.advanceWidth,
      leftBearing: glyph._getMetrics().leftBearing,
    };
    tables.glyphs.set(id, entry);
  }
  return entry;
}

/** The sum of a table's big-endian 32-bit words, as the OpenType directory wants it. */
function checksum(data: Uint8Array, offset: number, length: number): number {
  let sum = 0;
  const view = new DataView(data.buffer, data.byteOffset);
  const whole = length & ~3;
  for (let index = 0; index < whole; index += 4) {
    sum = (sum + view.getUint32(offset + index)) >>> 0;
  }
  if (whole < length) {
    let last = 0;
    for (let index = whole; index < whole + 4; index += 1) {
      last = (last << 8) | (index < length ? (data[offset + index] ?? 0) : 0);
    }
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

const padded = (length: number) => (length + 3) & ~3;

/**
 * The subset pdf-lib asks for (`font.createSubset()`): glyph 0 first, then each glyph in the
 * order it is included, components after the glyphs that use them, as fontkit numbers them.
 */
export class TrueTypeSubset {
  readonly cff = false;
  private readonly order: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(
    private readonly font: TrueTypeFont,
    private readonly bytes: Uint8Array,
  ) {
    this.includeGlyph(0);
  }

  /** The glyph's id in the subset (it is added at the end when new). */
  includeGlyph(glyph: number | { id: number }): number {
    const id = typeof glyph === 'number' ? glyph : glyph.id;
    let subsetId = this.mapping.get(id);
    if (subsetId === undefined) {
      subsetId = this.order.length;
      this.order.push(id);
      this.mapping.set(id, subsetId);
    }
    return subsetId;
  }

  /** The subset as a TrueType font file. */
  encode(): Uint8Array {
    const tables = tablesOf(this.font, this.bytes);
    const entries: GlyphEntry[] = [];
    // Components are included as they are met: the list grows while it is walked, and an
    // array's iterator goes on to what was pushed.
    for (const id of this.order) {
      const entry = glyphEntry(this.font, tables, id);
      for (const component of entry.components) this.includeGlyph(component.glyphId);
      entries.push(entry);
    }
    const count = entries.length;
    let glyfLength = 0;
    for (const entry of entries) glyfLength += padded(entry.data.length);

    const tags = ['cvt ', 'fpgm', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'prep'].filter(
      (tag) => !['cvt ', 'fpgm', 'prep'].includes(tag) || tables.copied.has(tag),
    );
    const lengths: Record<string, number> = {
      glyf: glyfLength,
      head: tables.head.length,
      hhea: tables.hhea.length,
      hmtx: count * 4,
      loca: (count + 1) * 4,
      maxp: tables.maxp.length,
    };
    for (const [tag, data] of tables.copied) lengths[tag] = data.length;

    const headerLength = 12 + 16 * tags.length;
    const offsets: Record<string, number> = {};
    let size = headerLength;
    for (const tag of tags) {
      offsets[tag] = size;
      size += padded(lengths[tag] ?? 0);
    }
    const out = new Uint8Array(size);
    const view = new DataView(out.buffer);
    const at = (tag: string) => offsets[tag] ?? 0;

    // glyf and loca (long offsets), hmtx: every glyph with its own advance.
    let glyfAt = at('glyf');
    const locaAt = at('loca');
    const hmtxAt = at('hmtx');
    let glyphOffset = 0;
    for (const [index, entry] of entries.entries()) {
      view.setUint32(locaAt + index * 4, glyphOffset);
      out.set(entry.data, glyfAt);
      for (const component of entry.components) {
        view.setUint16(glyfAt + component.pos, this.mapping.get(component.glyphId) ?? 0);
      }
      const length = padded(entry.data.length);
      glyfAt += length;
      glyphOffset += length;
      view.setUint16(hmtxAt + index * 4, entry.advance);
      view.setInt16(hmtxAt + index * 4 + 2, entry.leftBearing);
    }
    view.setUint32(locaAt + count * 4, glyphOffset);

    out.set(tables.head, at('head'));
    view.setUint32(at('head') + 8, 0); // checkSumAdjustment, set last
    view.setInt16(at('head') + 50, 1); // indexToLocFormat: long
    out.set(tables.hhea, at('hhea'));
    view.setUint16(at('hhea') + 34, count); // numberOfHMetrics
    out.set(tables.maxp, at('maxp'));
    view.setUint16(at('maxp') + 4, count); // numGlyphs
    for (const [tag, data] of tables.copied) out.set(data, at(tag));

    // The table directory, then the whole font's checksum adjustment in head.
    view.setUint32(0, 0x00010000);
    view.setUint16(4, tags.length);
    const power = 2 ** Math.floor(Math.log2(tags.length));
    view.setUint16(6, power * 16);
    view.setUint16(8, Math.log2(power));
    view.setUint16(10, tags.length * 16 - power * 16);
    for (const [index, tag] of tags.entries()) {
      const record = 12 + index * 16;
      for (let char = 0; char < 4; char += 1) out[record + char] = tag.charCodeAt(char);
      view.setUint32(record + 4, checksum(out, at(tag), lengths[tag] ?? 0));
      view.setUint32(record + 8, at(tag));
      view.setUint32(record + 12, lengths[tag] ?? 0);
    }
    view.setUint32(at('head') + 8, (0xb1b0afba - checksum(out, 0, size)) >>> 0);
    return out;
  }
}
