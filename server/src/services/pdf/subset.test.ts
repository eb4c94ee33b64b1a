import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';

import { TrueTypeSubset } from './subset.ts';

const packageRequire = createRequire(import.meta.url);

function openFont(file: string): { bytes: Uint8Array; font: fontkit.Font } {
  const bytes = readFileSync(packageRequire.resolve(`@expo-google-fonts/${file}`));
  const font = fontkit.create(bytes);
  if ('fonts' in font) throw new Error('a collection');
  return { bytes, font };
}

type SubsetFont = ConstructorParameters<typeof TrueTypeSubset>[0];

/** The subset of `text`'s glyphs, read back by fontkit, beside the original font. */
function subsetOf(file: string, text: string) {
  const { bytes, font } = openFont(file);
  const subset = new TrueTypeSubset(font as unknown as SubsetFont, bytes);
  const glyphs = font.layout(text).glyphs;
  const ids = glyphs.map((glyph) => subset.includeGlyph(glyph));
  const encoded = subset.encode();
  const read = fontkit.create(Buffer.from(encoded));
  if ('fonts' in read) throw new Error('a collection');
  // fontkit's own subsetter, for the glyph count it arrives at.
  const theirs = font.createSubset();
  for (const glyph of glyphs) theirs.includeGlyph(glyph);
  const theirFont = fontkit.create(Buffer.from(theirs.encode()));
  if ('fonts' in theirFont) throw new Error('a collection');
  return { font, glyphs, ids, read, encoded, theirCount: theirFont.numGlyphs };
}

describe('TrueTypeSubset', () => {
  it.each([
    [
      'noto-sans/400Regular/NotoSans_400Regular.ttf',
      'Ánh Thị Nguyễn-Łukasiewicz, Şükrü Öztürk, Ярослав, Ελένη 0123',
    ],
    ['noto-sans/700Bold/NotoSans_700Bold.ttf', 'Zürich ǅ fi ﬁ À ậ'],
    ['noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf', 'דוד שָׁלוֹם'],
  ])(
    'draws every glyph of %s exactly as the font does, with its advance, components included',
    (file, text) => {
      const { font, glyphs, ids, read, theirCount } = subsetOf(file, text);
      expect(read.numGlyphs).toBe(theirCount);
      for (const [index, glyph] of glyphs.entries()) {
        const copy = read.getGlyph(ids[index] ?? 0);
        expect(copy.advanceWidth, `advance of glyph ${String(glyph.id)}`).toBe(glyph.advanceWidth);
        expect(copy.path.toSVG(), `outline of glyph ${String(glyph.id)}`).toBe(
          font.getGlyph(glyph.id).path.toSVG(),
        );
      }
      // .notdef is glyph 0, as PDF viewers expect.
      expect(read.getGlyph(0).path.toSVG()).toBe(font.getGlyph(0).path.toSVG());
    },
  );

  it('writes a font whose tables sum to the OpenType checksum constant, and whose head says long offsets', () => {
    const { encoded, read } = subsetOf('noto-sans/400Regular/NotoSans_400Regular.ttf', 'Ada é');
    const view = new DataView(encoded.buffer, encoded.byteOffset, encoded.byteLength);
    let sum = 0;
    for (let offset = 0; offset < encoded.length; offset += 4) {
      sum = (sum + view.getUint32(offset)) >>> 0;
    }
    expect(sum).toBe(0xb1b0afba);
    const tables = read as unknown as {
      head: { indexToLocFormat: number };
      hhea: { numberOfMetrics: number };
    };
    expect(tables.head.indexToLocFormat).toBe(1);
    expect(tables.hhea.numberOfMetrics).toBe(read.numGlyphs);
  });

  it('numbers glyphs as it includes them, once each, with .notdef first', () => {
    const { bytes, font } = openFont('noto-sans/400Regular/NotoSans_400Regular.ttf');
    const subset = new TrueTypeSubset(font as unknown as SubsetFont, bytes);
    const a = font.glyphForCodePoint(0x41);
    const b = font.glyphForCodePoint(0x42);
    expect(subset.includeGlyph(a)).toBe(1);
    expect(subset.includeGlyph(b)).toBe(2);
    expect(subset.includeGlyph(a.id)).toBe(1);
    expect(subset.includeGlyph(0)).toBe(0);
  });
});
