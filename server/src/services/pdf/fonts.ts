/**
 * The PDF's fonts: Noto Sans from npm packages, embedded as subsets, with a face per script so
 * that every applicant's name prints as typed (issue 16). Noto Sans itself covers Latin with
 * every diacritic (Vietnamese, Polish, Turkish…), Cyrillic and Greek; Arabic, Hebrew,
 * Devanagari and Chinese/Japanese/Korean have faces of their own, read from disk and parsed
 * only when a text needs them, once per process. pdf-lib lays each run out with fontkit, which
 * joins Arabic letters and turns right-to-left runs around, and writes a ToUnicode map so the
 * text layer carries the characters that were typed.
 */
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { createRequire } from 'node:module';

import { type PDFDocument, type PDFFont } from '@cantoo/pdf-lib';
import * as fontkit from 'fontkit';

import { type ContentBytes } from './bytes.ts';
import { TrueTypeSubset } from './subset.ts';

/** The three looks the renderer uses. */
export type FontStyle = 'regular' | 'bold' | 'italic';

type Script = 'latin' | 'arabic' | 'hebrew' | 'devanagari' | 'cjk';

const packageRequire = createRequire(import.meta.url);

const NOTO = '@expo-google-fonts';
/**
 * The font file of each script and style. A script without an italic uses its regular; the
 * CJK face is ten megabytes a weight, so one weight serves all three styles.
 */
const FONT_FILES: Readonly<Record<Script, Readonly<Record<FontStyle, string>>>> = {
  latin: {
    regular: `${NOTO}/noto-sans/400Regular/NotoSans_400Regular.ttf`,
    bold: `${NOTO}/noto-sans/700Bold/NotoSans_700Bold.ttf`,
    italic: `${NOTO}/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf`,
  },
  arabic: {
    regular: `${NOTO}/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf`,
    bold: `${NOTO}/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf`,
    italic: `${NOTO}/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf`,
  },
  hebrew: {
    regular: `${NOTO}/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf`,
    bold: `${NOTO}/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf`,
    italic: `${NOTO}/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf`,
  },
  devanagari: {
    regular: `${NOTO}/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf`,
    bold: `${NOTO}/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf`,
    italic: `${NOTO}/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf`,
  },
  cjk: {
    regular: `${NOTO}/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf`,
    bold: `${NOTO}/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf`,
    italic: `${NOTO}/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf`,
  },
};

/**
 * Scripts whose letters are drawn one glyph per character (no joining, no reordering): their
 * faces skip OpenType layout, which would cost ten times the whole render for an essay.
 * Kerning is left out with it, so the widths that wrap a line are the widths it is drawn with.
 */
const DIRECT: ReadonlySet<Script> = new Set(['latin', 'cjk']);

/** Scripts written right to left: their runs keep the spaces between their words. */
const RIGHT_TO_LEFT: ReadonlySet<Script> = new Set(['arabic', 'hebrew']);

/** One font file, read and parsed once per process. */
export interface Face {
  readonly file: string;
  readonly script: Script;
  readonly bytes: Uint8Array;
  readonly font: fontkit.Font;
}

const faces = new Map<string, Face>();
/** The parsed font of each file's bytes: pdf-lib asks fontkit again for every document. */
const parsed = new WeakMap<Uint8Array, fontkit.Font>();

/** What fontkit's subsetter reads of a glyph: its decoded outline header. */
interface DecodableGlyph {
  _decode: () => unknown;
}

/**
 * `font` as pdf-lib gets it: the same font, except that each glyph's outline header is decoded
 * once per process (fontkit's subsetter decodes every glyph it copies, for every document:
 * most of a subset's cost), subsets assembled from bytes prepared once per glyph (subset.ts), and
 * for a DIRECT script a layout that maps each character to its glyph through the cmap.
 * Everything else (the metrics, the tables) is the font's own.
 */
function forDocuments(font: fontkit.Font, bytes: Uint8Array, direct: boolean): fontkit.Font {
  const decoded = new Set<number>();
  const getGlyph = (id: number, codePoints?: number[]): fontkit.Glyph => {
    const glyph = font.getGlyph(id, codePoints);
    if (!decoded.has(id)) {
      decoded.add(id);
      const decodable = glyph as unknown as DecodableGlyph;
      const decode = decodable._decode.bind(glyph);
      let header: unknown;
      let done = false;
      decodable._decode = () => {
        if (!done) {
          header = decode();
          done = true;
        }
        return header;
      };
    }
    return glyph;
  };
  const wrapped: fontkit.Font = Object.create(font, {
    getGlyph: { value: getGlyph },
    createSubset: {
      value: () =>
        new TrueTypeSubset(
          wrapped as unknown as ConstructorParameters<typeof TrueTypeSubset>[0],
          bytes,
        ),
    },
  }) as fontkit.Font;
  if (!direct) return wrapped;
  const glyphs = new Map<number, fontkit.Glyph>();
  const layout = (text: string) => ({
    glyphs: Array.from(text, (character) => {
      const code = character.codePointAt(0) ?? 0;
      let glyph = glyphs.get(code);
      if (glyph === undefined) {
        // The glyph as drawn for this character: fontkit keeps one glyph object per id, and
        // one first made as a component of another (Greek "Ε" is drawn with Latin "E") has no
        // characters, so pdf-lib's ToUnicode map would leave it out and every later PDF of
        // the process would lose that letter from its text layer.
        glyph = Object.create(font.glyphForCodePoint(code), {
          codePoints: { value: [code] },
        }) as fontkit.Glyph;
        glyphs.set(code, glyph);
      }
      return glyph;
    }),
  });
  return Object.create(wrapped, { layout: { value: layout } }) as fontkit.Font;
}

function face(script: Script, style: FontStyle): Face {
  const file = FONT_FILES[script][style];
  let loaded = faces.get(file);
  if (loaded === undefined) {
    const bytes = readFileSync(packageRequire.resolve(file));
    const font = fontkit.create(bytes);
    // Every file above is one font, never a collection.
    if ('fonts' in font) throw new Error(`${file} is a font collection`);
    parsed.set(bytes, forDocuments(font, bytes, DIRECT.has(script)));
    loaded = { file, script, bytes, font };
    faces.set(file, loaded);
  }
  return loaded;
}

/** What pdf-lib is given as fontkit: the fonts parsed above are handed back, not parsed again. */
const cachingFontkit = {
  create: (bytes: Uint8Array, postscriptName?: string) =>
    parsed.get(bytes) ?? fontkit.create(Buffer.from(bytes), postscriptName),
};

const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
const ARABIC = /\p{Script=Arabic}/u;
const HEBREW = /\p{Script=Hebrew}/u;
const DEVANAGARI = /\p{Script=Devanagari}/u;
/** Marks that belong to the letter before them, whatever font that letter is in. */
const MARK = /[\p{Script=Inherited}\p{M}]/u;
/** Spaces and punctuation between two words of a right-to-left run stay in that run. */
const NEUTRAL = /[\p{Zs}\p{P}]/u;

function scriptOf(character: string): Script {
  const code = character.codePointAt(0) ?? 0;
  // Most text is Latin: skip the property tests for it.
  if (code < 0x0590) return 'latin';
  if (CJK.test(character)) return 'cjk';
  if (ARABIC.test(character)) return 'arabic';
  if (HEBREW.test(character)) return 'hebrew';
  if (DEVANAGARI.test(character)) return 'devanagari';
  return 'latin';
}

/** Each character's face per style (null: none has it): a cmap look-up per character is slow. */
const faceCache: Readonly<Record<FontStyle, Map<string, Face | null>>> = {
  regular: new Map(),
  bold: new Map(),
  italic: new Map(),
};

/** The face that draws `character` in `style`, or undefined when none has a glyph for it. */
function faceFor(character: string, style: FontStyle): Face | undefined {
  const cache = faceCache[style];
  let found = cache.get(character);
  if (found === undefined) {
    found = lookUpFace(character, style) ?? null;
    cache.set(character, found);
  }
  return found ?? undefined;
}

function lookUpFace(character: string, style: FontStyle): Face | undefined {
  const code = character.codePointAt(0) ?? 0;
  const script = scriptOf(character);
  const own = face(script, style);
  if (own.font.hasGlyphForCodePoint(code)) return own;
  if (script !== 'latin') {
    const latin = face('latin', style);
    if (latin.font.hasGlyphForCodePoint(code)) return latin;
  }
  return undefined;
}

/** Most answers: Noto Sans has every one of these characters. */
const PLAIN_ASCII = /^[\x20-\x7e\n]*$/;

/** Printed where a character has no glyph in any face (the document says so: render.ts). */
export const MISSING_GLYPH = '?';

/** The face that draws all of `text` when it is plain ASCII (most texts); else see `runsOf`. */
export function plainFace(text: string, style: FontStyle): Face | undefined {
  return PLAIN_ASCII.test(text) ? face('latin', style) : undefined;
}

/** A run of text drawn in one face. */
export interface Run {
  face: Face;
  text: string;
}

/**
 * Characters of `text` (already sanitised) that no face can draw, in order, each once.
 *
 * @example missingCharacters('Ada 😀', 'regular') // ['😀']
 */
export function missingCharacters(text: string, style: FontStyle = 'regular'): string[] {
  if (PLAIN_ASCII.test(text)) return [];
  const missing = new Set<string>();
  for (const character of text) {
    if (character === '\n' || MARK.test(character)) continue;
    if (faceFor(character, style) === undefined) missing.add(character);
  }
  return [...missing];
}

/**
 * `text` cut into runs of one face each. A mark stays with its letter; spaces and punctuation
 * between two right-to-left letters stay in their run (so "محمد علي" is laid out as one), and
 * a character no face has is drawn as "?".
 */
export function runsOf(text: string, style: FontStyle): Run[] {
  const latin = face('latin', style);
  if (PLAIN_ASCII.test(text)) return [{ face: latin, text }];
  const runs: Run[] = [];
  let current: Run | undefined;
  /** Neutrals after a right-to-left run, waiting to learn whether the run goes on. */
  let held = '';
  const push = (runFace: Face, value: string) => {
    if (current?.face === runFace) current.text += value;
    else {
      current = { face: runFace, text: value };
      runs.push(current);
    }
  };
  const flushHeld = () => {
    if (held !== '') push(latin, held);
    held = '';
  };
  for (const character of text) {
    if (current !== undefined && MARK.test(character) && held === '') {
      current.text += character;
      continue;
    }
    if (
      current !== undefined &&
      RIGHT_TO_LEFT.has(current.face.script) &&
      NEUTRAL.test(character)
    ) {
      held += character;
      continue;
    }
    const found = faceFor(character, style);
    if (found === undefined) {
      flushHeld();
      push(latin, MISSING_GLYPH);
      continue;
    }
    if (held !== '') {
      if (found === current?.face) current.text += held;
      else push(latin, held);
      held = '';
    }
    push(found, character);
  }
  flushHeld();
  return runs;
}

/** Each character's width by code point, per style (beyond Latin-1: `basicWidths`). */
const characterWidths: Readonly<Record<FontStyle, Map<number, number>>> = {
  regular: new Map(),
  bold: new Map(),
  italic: new Map(),
};

/**
 * Widths of the first 256 characters by code (NaN: not yet looked up). Wrapping measures every
 * word of every answer, mostly in these characters: an array read instead of a map's.
 */
const BASIC_LIMIT = 0x100;
const basicWidths: Readonly<Record<FontStyle, Float64Array>> = {
  regular: new Float64Array(BASIC_LIMIT).fill(Number.NaN),
  bold: new Float64Array(BASIC_LIMIT).fill(Number.NaN),
  italic: new Float64Array(BASIC_LIMIT).fill(Number.NaN),
};

/** The advance width of one character (by code point) at size 1, in the face that draws it. */
function characterWidth(codePoint: number, style: FontStyle): number {
  const widths = characterWidths[style];
  let width = widths.get(codePoint);
  if (width === undefined) {
    const character = String.fromCodePoint(codePoint);
    const found = MARK.test(character) ? undefined : faceFor(character, style);
    const drawn = found ?? face('latin', style);
    const code = (found === undefined ? MISSING_GLYPH : character).codePointAt(0) ?? 0;
    width = MARK.test(character)
      ? 0
      : drawn.font.glyphForCodePoint(code).advanceWidth / drawn.font.unitsPerEm;
    widths.set(codePoint, width);
  }
  return width;
}

/**
 * The advance width of `text` (of its code units from `start` to `end`) at size 1: each glyph
 * as drawn alone, which is what Latin text prints and close enough to wrap joined Arabic by.
 */
export function widthAtOne(text: string, style: FontStyle, start = 0, end = text.length): number {
  const table = basicWidths[style];
  let total = 0;
  for (let index = start; index < end; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= BASIC_LIMIT) {
      // Beyond Latin-1 (or a surrogate pair): each character by code point, from its map.
      while (index < end) {
        let code = text.codePointAt(index) ?? 0;
        // A pair that `end` cuts in two is its first half alone.
        if (code > 0xffff && index + 1 >= end) code = text.charCodeAt(index);
        index += code > 0xffff ? 2 : 1;
        total += characterWidth(code, style);
      }
      return total;
    }
    let width = table[unit] ?? Number.NaN;
    if (Number.isNaN(width)) {
      width = characterWidth(unit, style);
      table[unit] = width;
    }
    total += width;
  }
  return total;
}

/**
 * The zlib level of the embedded font files and their ToUnicode maps. Compressing them is
 * most of embedding a subset; level 1 makes the application's PDF a few percent larger
 * (bench/README.md) in a fraction of the time of zlib's default 6.
 */
const FONT_ZLIB_LEVEL = 1;

/**
 * A document's glyph codes of one face (subset glyph ids): by code unit below 256 (0: not yet
 * encoded; the subset's glyph 0 is .notdef, never a character's), by character above.
 */
interface FaceCodes {
  basic: Uint16Array;
  other: Map<string, number>;
}

/**
 * One document's embedded fonts: a subset of each face the pages draw with. Drawing is
 * synchronous and embedding is not, so pages say which faces they need (`need`), `embedNeeded`
 * embeds them, and only then are the pages' texts encoded (`get`).
 */
export class DocumentFonts {
  private readonly embedded = new Map<Face, PDFFont>();
  private readonly needed = new Set<Face>();

  constructor(private readonly doc: PDFDocument) {
    doc.registerFontkit(cachingFontkit);
    // The embedded font files compressed by Node's zlib rather than pdf-lib's JavaScript one.
    const { context } = doc;
    context.flateStream = (contents, dict = {}) =>
      context.stream(deflateSync(contents, { level: FONT_ZLIB_LEVEL }), {
        ...dict,
        Filter: 'FlateDecode',
      });
  }

  need(runFace: Face): void {
    if (!this.embedded.has(runFace)) this.needed.add(runFace);
  }

  /** Embeds every face needed since the last call. */
  async embedNeeded(): Promise<void> {
    for (const runFace of this.needed) {
      const font = await this.doc.embedFont(runFace.bytes, { subset: true });
      this.embedded.set(runFace, font);
    }
    this.needed.clear();
  }

  /** The embedded font of a face; throws when `embedNeeded` has not embedded it (a bug). */
  get(runFace: Face): PDFFont {
    const font = this.embedded.get(runFace);
    if (font === undefined) throw new Error(`Font ${runFace.file} was drawn but not embedded`);
    return font;
  }

  /** Each character's glyph code in this document's subset, for the faces drawn directly. */
  private readonly codes = new Map<Face, FaceCodes>();

  /**
   * Writes a run as a PDF string of glyph codes. A directly drawn script is encoded a
   * character at a time, each once per document (pdf-lib's `encodeText` is most of a render
   * otherwise), as a literal string: two bytes a glyph where hex takes four.
   */
  encode(runFace: Face, text: string, out: ContentBytes): void {
    const font = this.get(runFace);
    if (!DIRECT.has(runFace.script)) {
      out.text(font.encodeText(text).toString());
      return;
    }
    let codes = this.codes.get(runFace);
    if (codes === undefined) {
      codes = { basic: new Uint16Array(BASIC_LIMIT), other: new Map() };
      this.codes.set(runFace, codes);
    }
    out.open();
    for (let index = 0; index < text.length; index += 1) {
      const unit = text.charCodeAt(index);
      let code: number | undefined;
      if (unit < BASIC_LIMIT) {
        code = codes.basic[unit];
        if (code === 0) {
          this.encodeNew(font, codes, text);
          code = codes.basic[unit];
        }
      } else {
        const character = String.fromCodePoint(text.codePointAt(index) ?? unit);
        index += character.length - 1;
        code = codes.other.get(character);
        if (code === undefined) {
          this.encodeNew(font, codes, text);
          code = codes.other.get(character);
        }
      }
      out.glyph(code ?? 0);
    }
    out.close();
  }

  /**
   * Adds the glyph code of every character of `text` not yet in `codes`, in one `encodeText`
   * call: a direct layout is one glyph per character, so the i-th code (four hex digits) is
   * the i-th character's. A call per character cost a millisecond a render.
   */
  private encodeNew(font: PDFFont, codes: FaceCodes, text: string): void {
    const known = (character: string) => {
      const unit = character.charCodeAt(0);
      return unit < BASIC_LIMIT ? codes.basic[unit] !== 0 : codes.other.has(character);
    };
    const fresh = new Set<string>();
    for (const character of text) if (!known(character)) fresh.add(character);
    const hex = font.encodeText([...fresh].join('')).asString();
    let index = 0;
    for (const character of fresh) {
      const code = parseInt(hex.slice(index * 4, index * 4 + 4), 16);
      const unit = character.charCodeAt(0);
      if (unit < BASIC_LIMIT) codes.basic[unit] = code;
      else codes.other.set(character, code);
      index += 1;
    }
  }
}
