/**
 * A page's content stream written as bytes: operators as Latin-1 text, glyph codes straight
 * into literal strings. Building the stream as JavaScript strings (a piece per character,
 * then joined and converted) made more garbage than the rest of a render.
 */

const INITIAL_SIZE = 1 << 16;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const BACKSLASH = 0x5c;
const CARRIAGE_RETURN = 0x0d;
const LETTER_R = 0x72;
const MINUS = 0x2d;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
/** Up to this many characters, a text is copied a character at a time. */
const SHORT_TEXT = 24;

export class ContentBytes {
  private buffer: Buffer;
  private length = 0;

  constructor(initialSize = INITIAL_SIZE) {
    this.buffer = Buffer.allocUnsafe(initialSize);
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  /** Starts a new stream (the buffer is kept: pages are written one after the other). */
  reset(): void {
    this.length = 0;
  }

  /** Operators, names, numbers: ASCII text. */
  text(value: string): void {
    this.room(value.length);
    if (value.length > SHORT_TEXT) {
      this.length += this.buffer.write(value, this.length, 'latin1');
      return;
    }
    // Most pieces are a few characters (" Tj", a font switch): copied here, they cost less
    // than a call into Buffer.write.
    for (let index = 0; index < value.length; index += 1)
      this.buffer[this.length++] = value.charCodeAt(index);
  }

  /**
   * A number as PDF writes it: at most two decimals, no exponent (canvas.ts `num`), written
   * digit by digit from integers: a render writes some ten thousand numbers, and making each a
   * string first was a good part of its garbage.
   */
  number(value: number): void {
    const hundredths = Math.round(value * 100);
    this.room(24);
    let magnitude = hundredths;
    if (hundredths < 0) {
      this.buffer[this.length++] = MINUS;
      magnitude = -hundredths;
    }
    const fraction = magnitude % 100;
    this.digits((magnitude - fraction) / 100);
    if (fraction === 0) return;
    this.buffer[this.length++] = DOT;
    this.buffer[this.length++] = DIGIT_0 + Math.trunc(fraction / 10);
    if (fraction % 10 !== 0) this.buffer[this.length++] = DIGIT_0 + (fraction % 10);
  }

  /** A whole number ≥ 0 in decimal. */
  private digits(value: number): void {
    if (value < 10) {
      this.buffer[this.length++] = DIGIT_0 + value;
      return;
    }
    let divisor = 10;
    while (divisor * 10 <= value) divisor *= 10;
    let rest = value;
    for (; divisor >= 1; divisor /= 10) {
      const digit = Math.trunc(rest / divisor);
      this.buffer[this.length++] = DIGIT_0 + digit;
      rest -= digit * divisor;
    }
  }

  /** A literal string's delimiter, "(" or ")". */
  open(): void {
    this.room(1);
    this.buffer[this.length++] = OPEN_PAREN;
  }

  close(): void {
    this.room(1);
    this.buffer[this.length++] = CLOSE_PAREN;
  }

  /**
   * A two-byte glyph code inside a literal string: the delimiters and the backslash escaped,
   * a carriage return as "\r" (a reader would take a bare one for a line end, a line feed).
   */
  glyph(code: number): void {
    this.room(4);
    this.byte(code >> 8);
    this.byte(code & 0xff);
  }

  private byte(value: number): void {
    if (value === OPEN_PAREN || value === CLOSE_PAREN || value === BACKSLASH) {
      this.buffer[this.length++] = BACKSLASH;
      this.buffer[this.length++] = value;
    } else if (value === CARRIAGE_RETURN) {
      this.buffer[this.length++] = BACKSLASH;
      this.buffer[this.length++] = LETTER_R;
    } else {
      this.buffer[this.length++] = value;
    }
  }

  /** The stream so far: a view of the buffer, valid until the next write or reset. */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  /** How many bytes are written since the last reset. */
  get size(): number {
    return this.length;
  }
}
