/**
 * The fonts Typst typesets the PDFs with: Noto (and Amiri for Arabic script, Baloo Da 2 for
 * Bengali, Battambang for Khmer) from npm packages, a face per script, read once per process and
 * handed to the compiler as blobs (no font folder is searched, so every server prints alike;
 * Typst's own fonts, New Computer Modern among them, stay behind them as its last fallback). The
 * @expo-google-fonts packages ship TrueType; the scripts they lack come from @fontsource
 * (@fontsource-variable where no static face is published), which ships only web fonts: those are
 * WOFF2, unpacked to TrueType once here, because Typst reads only TrueType and OpenType. Typst
 * picks, character by character, the first family of `FONT_FAMILIES` that has a glyph, and shapes
 * each run with that face. Typst subsets each face into the PDF: only the glyphs a document uses
 * are embedded.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const packageRequire = createRequire(import.meta.url);

/** wawoff2 (Google's WOFF2 decoder in WebAssembly) ships no types: a WOFF2 file in, TrueType out. */
const decompress = packageRequire('wawoff2/decompress.js') as (
  woff2: Uint8Array,
) => Promise<Uint8Array>;

/**
 * Every font file the PDF is typeset with, as a path inside its npm package: TrueType, or WOFF2
 * to unpack. Exported so that what the PDF can print is read from the very same files.
 */
export const FONT_FILES: readonly string[] = [
  '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  // Arabic, Persian and Urdu from Amiri, which draws each letter with its dots as one glyph.
  // Noto Sans Arabic (behind it, for what Amiri lacks) draws the dots as separate marks, and
  // Typst 0.14 gives a mark with a vertical offset its own text item, which the PDF maps to the
  // whole letter again: "پ" would be copied out of the PDF as "پپ".
  '@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf',
  '@expo-google-fonts/amiri/700Bold/Amiri_700Bold.ttf',
  '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
  '@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf',
  '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
  // Bengali, Thai, Lao and Khmer first from faces whose marks come back out of the PDF as typed
  // (for the same reason as Amiri above; each script's Noto face stays behind it): Noto Sans
  // Bengali writes the nukta of য় and the vowel signs below apart from their letter, Noto Sans
  // Lao and Khmer their vowel signs and Khmer its coeng, and Noto Sans Thai Bold its upper
  // vowels ("ใจดี" read back as "ใจดีดี"). Baloo Da 2, Noto Serif Lao, Battambang and Noto Sans
  // Thai Looped were each checked against names and sentences of their script, regular and bold.
  // Still read twice, with every Thai face tried: a tone mark that the face lifts or lowers
  // above an upper vowel (in Noto Sans Thai Looped after ั, ิ and ึ: กิ่ง, ตั้ง, ขึ้น; README,
  // "Scripts and fonts (Typst)").
  '@expo-google-fonts/baloo-da-2/BalooDa2_400Regular.ttf',
  '@expo-google-fonts/baloo-da-2/BalooDa2_700Bold.ttf',
  '@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf',
  '@expo-google-fonts/noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf',
  '@expo-google-fonts/noto-sans-gurmukhi/400Regular/NotoSansGurmukhi_400Regular.ttf',
  '@expo-google-fonts/noto-sans-gurmukhi/700Bold/NotoSansGurmukhi_700Bold.ttf',
  '@expo-google-fonts/noto-sans-gujarati/400Regular/NotoSansGujarati_400Regular.ttf',
  '@expo-google-fonts/noto-sans-gujarati/700Bold/NotoSansGujarati_700Bold.ttf',
  '@expo-google-fonts/noto-sans-thai-looped/400Regular/NotoSansThaiLooped_400Regular.ttf',
  '@expo-google-fonts/noto-sans-thai-looped/700Bold/NotoSansThaiLooped_700Bold.ttf',
  '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
  '@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf',
  '@fontsource/noto-serif-lao/files/noto-serif-lao-lao-400-normal.woff2',
  '@fontsource/noto-serif-lao/files/noto-serif-lao-lao-700-normal.woff2',
  '@expo-google-fonts/noto-sans-lao/400Regular/NotoSansLao_400Regular.ttf',
  '@expo-google-fonts/noto-sans-lao/700Bold/NotoSansLao_700Bold.ttf',
  '@expo-google-fonts/battambang/400Regular/Battambang_400Regular.ttf',
  '@expo-google-fonts/battambang/700Bold/Battambang_700Bold.ttf',
  '@expo-google-fonts/noto-sans-khmer/400Regular/NotoSansKhmer_400Regular.ttf',
  '@expo-google-fonts/noto-sans-khmer/700Bold/NotoSansKhmer_700Bold.ttf',
  '@expo-google-fonts/noto-sans-myanmar/400Regular/NotoSansMyanmar_400Regular.ttf',
  '@expo-google-fonts/noto-sans-myanmar/700Bold/NotoSansMyanmar_700Bold.ttf',
  '@expo-google-fonts/noto-sans-cherokee/400Regular/NotoSansCherokee_400Regular.ttf',
  '@expo-google-fonts/noto-sans-cherokee/700Bold/NotoSansCherokee_700Bold.ttf',
  '@fontsource/noto-sans-armenian/files/noto-sans-armenian-armenian-400-normal.woff2',
  '@fontsource/noto-sans-armenian/files/noto-sans-armenian-armenian-700-normal.woff2',
  '@fontsource/noto-sans-georgian/files/noto-sans-georgian-georgian-400-normal.woff2',
  '@fontsource/noto-sans-georgian/files/noto-sans-georgian-georgian-700-normal.woff2',
  '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2',
  '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff2',
  '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-400-normal.woff2',
  '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-400-normal.woff2',
  '@fontsource-variable/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-wght-normal.woff2',
  '@fontsource-variable/noto-sans-telugu/files/noto-sans-telugu-telugu-wght-normal.woff2',
  '@fontsource-variable/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-wght-normal.woff2',
  // Han in Simplified Chinese forms, kana too (Noto Sans SC has them); what it lacks from
  // Traditional Chinese (Hong Kong characters among them), then Japanese; Hangul from Korean.
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  // Colour emoji (COLR and SVG glyphs), the monochrome face for what it lacks.
  '@expo-google-fonts/noto-color-emoji/400Regular/NotoColorEmoji_400Regular.ttf',
  '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
];

/**
 * The families in the order Typst tries them for each character: Latin, Greek and Cyrillic
 * from Noto Sans, then each script's own face.
 */
export const FONT_FAMILIES: readonly string[] = [
  'Noto Sans',
  'Amiri',
  'Noto Sans Arabic',
  'Noto Sans Hebrew',
  'Noto Sans Devanagari',
  'Baloo Da 2',
  'Noto Sans Bengali',
  'Noto Sans Gurmukhi',
  'Noto Sans Gujarati',
  'Noto Sans Tamil',
  'Noto Sans Kannada',
  'Noto Sans Malayalam',
  'Noto Sans Thai Looped',
  'Noto Sans Thai',
  'Noto Serif Lao',
  'Noto Sans Lao',
  'Battambang',
  'Noto Sans Khmer',
  'Noto Sans Myanmar',
  'Noto Sans Armenian',
  'Noto Sans Georgian',
  'Noto Sans Ethiopic',
  'Noto Sans Telugu',
  'Noto Sans Sinhala',
  'Noto Sans Cherokee',
  'Noto Sans SC',
  'Noto Sans TC',
  'Noto Sans JP',
  'Noto Sans KR',
  'Noto Color Emoji',
  'Noto Emoji',
];

const WOFF2_SIGNATURE = 0x774f4632; // "wOF2"

async function fontBytes(file: string): Promise<Buffer> {
  const bytes = await readFile(packageRequire.resolve(file));
  if (bytes.byteLength < 4 || bytes.readUInt32BE(0) !== WOFF2_SIGNATURE) return bytes;
  // The decoder answers with a view of its own memory, which its next call overwrites: copied
  // at once, before any other file is unpacked.
  return Buffer.from(await decompress(bytes));
}

/** One file after the other: the decoder's answer is valid only until its next call. */
async function loadAll(): Promise<Buffer[]> {
  const blobs: Buffer[] = [];
  for (const file of FONT_FILES) blobs.push(await fontBytes(file));
  return blobs;
}

let loading: Promise<Buffer[]> | undefined;

/** Every font file's TrueType bytes, read (and unpacked) once per process. */
export function fontBlobs(): Promise<Buffer[]> {
  loading ??= loadAll();
  return loading;
}
