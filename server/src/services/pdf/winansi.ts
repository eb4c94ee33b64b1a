/**
 * Text for the PDF's standard fonts. Helvetica in a PDF (no embedded font file, so a PDF of
 * a few kilobytes that any reader shows alike) can draw only the WinAnsi character set:
 * pdf-lib throws on anything else. Applicants write "Zoë", "Łódź", "Ярослава" and "王", so
 * every text goes through `toWinAnsi` first: WinAnsi characters are kept as they are,
 * accented Latin letters lose only the accent WinAnsi lacks (Łódź → Lódz), Greek and
 * Cyrillic are transliterated, and what has no sensible Latin spelling (Chinese, emoji) is
 * printed as "?", which the document then says in a note.
 */

/** The characters of Windows-1252 beyond Latin-1 (0x80–0x9F) that WinAnsi draws. */
export const CP1252_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

const WIN_ANSI = new Set<string>();
for (let code = 0x20; code <= 0x7e; code += 1) WIN_ANSI.add(String.fromCharCode(code));
// 0xA0 (no-break space) and 0xAD (soft hyphen) are mapped below, never drawn.
for (let code = 0xa1; code <= 0xff; code += 1)
  if (code !== 0xad) WIN_ANSI.add(String.fromCharCode(code));
for (const character of CP1252_EXTRAS) WIN_ANSI.add(character);

/** Whether Helvetica (WinAnsi) can draw `character` (one code point). */
export function isWinAnsi(character: string): boolean {
  return WIN_ANSI.has(character);
}

/** The printed text for a character WinAnsi lacks; '' drops it. Checked before decomposing. */
// prettier-ignore
const SPELLED: Readonly<Record<string, string>> = {
  // Latin letters that do not decompose into a base letter and a mark.
  Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', ŉ: "'n", Ŋ: 'N',
  ŋ: 'n', ſ: 's', Ŧ: 'T', ŧ: 't', ƀ: 'b', Ɨ: 'I', ɨ: 'i', Ə: 'E', ə: 'e', Ɛ: 'E', ɛ: 'e',
  ẞ: 'SS', Ǝ: 'E', ǝ: 'e', Ʒ: 'Z', ʒ: 'z', Ɔ: 'O', ɔ: 'o',
  // Punctuation and spaces with a WinAnsi look-alike.
  '\u00a0': ' ', '\u00ad': '', '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2015': '—',
  '\u2212': '-', '\u2043': '-', '\u2032': "'", '\u2033': '"', '\u201b': "'", '\u201f': '"',
  '\u2039': '‹', '\u2190': '<-', '\u2192': '->', '\u2194': '<->', '\u21d2': '=>',
  '\u2264': '<=', '\u2265': '>=', '\u2260': '!=', '\u2248': '~', '\u2713': 'v', '\u2714': 'v',
  '\u2717': 'x', '\u2718': 'x', '\u25cf': '•', '\u25e6': '•', '\u2023': '•', '\u2219': '•',
  '\u2044': '/', '\u2215': '/', '\u2026': '…', '\u2116': 'No.',
  '\u2028': '\n', '\u2029': '\n', '\t': ' ', '\n': '\n',
  // Cyrillic (BGN/PCGN, simplified).
  А: 'A', Б: 'B', В: 'V', Г: 'G', Ґ: 'G', Д: 'D', Е: 'E', Ё: 'Yo', Є: 'Ye', Ж: 'Zh', З: 'Z',
  И: 'I', І: 'I', Ї: 'Yi', Й: 'Y', К: 'K', Л: 'L', М: 'M', Н: 'N', О: 'O', П: 'P', Р: 'R',
  С: 'S', Т: 'T', У: 'U', Ў: 'W', Ф: 'F', Х: 'Kh', Ц: 'Ts', Ч: 'Ch', Ш: 'Sh', Щ: 'Shch',
  Ъ: '', Ы: 'Y', Ь: '', Э: 'E', Ю: 'Yu', Я: 'Ya',
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', е: 'e', ё: 'yo', є: 'ye', ж: 'zh', з: 'z',
  и: 'i', і: 'i', ї: 'yi', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r',
  с: 's', т: 't', у: 'u', ў: 'w', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  // Greek (ELOT 743, simplified); accented letters reach here without their accent.
  Α: 'A', Β: 'V', Γ: 'G', Δ: 'D', Ε: 'E', Ζ: 'Z', Η: 'I', Θ: 'Th', Ι: 'I', Κ: 'K', Λ: 'L',
  Μ: 'M', Ν: 'N', Ξ: 'X', Ο: 'O', Π: 'P', Ρ: 'R', Σ: 'S', Τ: 'T', Υ: 'Y', Φ: 'F', Χ: 'Ch',
  Ψ: 'Ps', Ω: 'O',
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l',
  μ: 'm', ν: 'n', ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f',
  χ: 'ch', ψ: 'ps', ω: 'o',
};

/** Characters that carry nothing visible: zero-width spaces and joiners, controls, marks left alone (variation selectors too). */
const INVISIBLE = /[\u200b-\u200f\u2060-\u2064\ufeff]|\p{Cc}|\p{M}/u;
const SPACE = /\p{Zs}/u;
const COMBINING_MARKS = /\p{M}/gu;
const PLAIN_ASCII = /^[\x20-\x7e\n]*$/;

/** The printable form of a text and whether anything in it had to become "?". */
export interface WinAnsiText {
  text: string;
  /** True when a character had no sensible WinAnsi spelling and was printed as "?". */
  lossy: boolean;
}

function spell(character: string): string | undefined {
  if (WIN_ANSI.has(character)) return character;
  const spelled = SPELLED[character];
  if (spelled !== undefined) return spelled;
  if (SPACE.test(character)) return ' ';
  if (INVISIBLE.test(character)) return '';
  return undefined;
}

/**
 * `text` in characters Helvetica can draw: kept, spelled without an accent, transliterated,
 * or "?" (then `lossy`). Line breaks are kept as "\n"; tabs become spaces.
 *
 * @example toWinAnsi('Zoë, Łódź, 王') // { text: 'Zoë, Lódz, ?', lossy: true }
 */
export function toWinAnsi(text: string): WinAnsiText {
  // Most answers are plain ASCII: nothing to do.
  if (PLAIN_ASCII.test(text)) return { text, lossy: false };
  let out = '';
  let lossy = false;
  const prepared = text
    .replace(/\r\n?/g, '\n')
    .normalize('NFC')
    // Greek without its accents, and ου as one sound: Παπαδοπούλου → Papadopoulou.
    .replace(/[\u0370-\u03ff\u1f00-\u1fff]+/g, (greek) =>
      greek
        .normalize('NFD')
        .replace(COMBINING_MARKS, '')
        .replace(/ΟΥ/g, 'OU')
        .replace(/Ου/g, 'Ou')
        .replace(/ου/g, 'ou'),
    );
  for (const character of prepared) {
    const direct = spell(character);
    if (direct !== undefined) {
      out += direct;
      continue;
    }
    // ź → z + ◌́ → z; ﬁ → fi; Ａ → A; ά → α → a.
    const parts = character.normalize('NFKD').replace(COMBINING_MARKS, '');
    let decomposed = '';
    for (const part of parts) {
      const spelled = spell(part);
      if (spelled === undefined) {
        decomposed = '?';
        break;
      }
      decomposed += spelled;
    }
    if (parts === '' || decomposed === '?') {
      out += '?';
      lossy = true;
    } else out += decomposed;
  }
  return { text: out, lossy };
}

/**
 * `toWinAnsi` for a text printed on one line (a name in the header, a file name): line breaks
 * and runs of spaces become one space. A stored name may hold a line break (accepted before
 * one-line answers refused them); a line of a PDF cannot.
 *
 * @example toWinAnsiLine('Line\nBreak') // { text: 'Line Break', lossy: false }
 */
export function toWinAnsiLine(text: string): WinAnsiText {
  const result = toWinAnsi(text);
  return { ...result, text: result.text.replace(/[\n ]+/g, ' ').trim() };
}

// prettier-ignore
const ASCII_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', þ: 'th', Þ: 'Th', ð: 'd', Ð: 'D', œ: 'oe', Œ: 'OE',
};

/**
 * A file-name-safe ASCII spelling: letters, digits and "-" only, for Content-Disposition's
 * plain `filename` (the UTF-8 `filename*` carries the original).
 */
export function asciiFileNamePart(text: string): string {
  return toWinAnsi(text)
    .text.replace(/[ßæÆøØþÞðÐœŒ]/g, (letter) => ASCII_LETTERS[letter] ?? '')
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
