/**
 * A strict reader of JSON tokens over one line of text, for the packed fold (scan.ts): it answers
 * null or NaN for anything it does not read exactly as `JSON.parse` would, and the caller then leaves
 * the line to `parseLine`. Strings with escapes or control characters and numbers it cannot convert
 * exactly are among those: rare on the wire, and always handled by the slower path.
 */

export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COMMA = 0x2c;
export const COLON = 0x3a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

/** Powers of ten a double holds exactly: a mantissa below 2^53 divided by one is correctly rounded. */
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
const MAX_EXACT_DIGITS = 15;

const isDigit = (code: number): boolean => code >= ZERO && code <= NINE;

export class JsonCursor {
  at = 0;

  constructor(readonly text: string) {}

  /** The next character code past JSON whitespace, not taken; -1 at the end. */
  peek(): number {
    const text = this.text;
    let at = this.at;
    for (; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) {
        this.at = at;
        return code;
      }
    }
    this.at = at;
    return -1;
  }

  /** Takes the next character when it is `code`. */
  eat(code: number): boolean {
    // Lines on the wire hold no whitespace: look at the next character before skipping any.
    if (this.text.charCodeAt(this.at) !== code && this.peek() !== code) return false;
    this.at += 1;
    return true;
  }

  /** A string without escapes or control characters, else null. */
  string(): string | null {
    if (!this.eat(QUOTE)) return null;
    const text = this.text;
    const start = this.at;
    for (let at = start; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        this.at = at + 1;
        return text.slice(start, at);
      }
      if (code === BACKSLASH || code < 0x20) return null;
    }
    return null;
  }

  /** A string, or null for JSON null; undefined for anything else. */
  stringOrNull(): string | null | undefined {
    if (this.peek() === 0x6e) return this.#word('null') ? null : undefined;
    return this.string() ?? undefined;
  }

  /** true or false; null for anything else. */
  boolean(): boolean | null {
    const code = this.peek();
    if (code === 0x74) return this.#word('true') ? true : null;
    if (code === 0x66) return this.#word('false') ? false : null;
    return null;
  }

  /** A string, number, boolean or null, skipped; false when the value is none of those. */
  scalar(): boolean {
    const code = this.peek();
    if (code === QUOTE) return this.string() !== null;
    if (code === 0x6e) return this.#word('null');
    if (code === 0x74 || code === 0x66) return this.boolean() !== null;
    return !Number.isNaN(this.number());
  }

  /** A JSON number with the value `JSON.parse` gives it; NaN when the text is not one. */
  number(): number {
    const code = this.text.charCodeAt(this.at);
    if (code !== MINUS && !isDigit(code)) this.peek();
    const value = numberAt(this.text, this.at);
    this.at = numberEnd[0]!;
    return value;
  }

  /**
   * The text of the object starting here, braces matched past strings, for `JSON.parse` to read (and
   * to check: this only finds where it ends). Null when it does not close on this line.
   */
  objectText(): string | null {
    if (this.peek() !== OPEN_BRACE) return null;
    const text = this.text;
    const start = this.at;
    let depth = 0;
    for (let at = start; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        for (at += 1; at < text.length; at += 1) {
          const inner = text.charCodeAt(at);
          if (inner === BACKSLASH) at += 1;
          else if (inner === QUOTE) break;
        }
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 0) {
          this.at = at + 1;
          return text.slice(start, at + 1);
        }
      }
    }
    return null;
  }

  #word(word: string): boolean {
    if (!this.text.startsWith(word, this.at)) return false;
    this.at += word.length;
    return true;
  }
}

/**
 * Where the last `numberAt` stopped: one shared slot, so reading a number allocates nothing (a
 * reader binds it locally: an imported binding may be a getter).
 */
export const numberEnd = new Int32Array(1);

/**
 * The JSON number at `start` with the value `JSON.parse` gives it, its end in `numberEnd`; NaN when
 * the text there is not one.
 */
export function numberAt(text: string, start: number): number {
  let at = start;
  let code = text.charCodeAt(at);
  const negative = code === MINUS;
  if (negative) code = text.charCodeAt(++at);
  let mantissa = 0;
  let digits = 0;
  let decimals = 0;
  if (code === ZERO) {
    digits = 1;
    code = text.charCodeAt(++at);
  } else if (isDigit(code)) {
    do {
      mantissa = mantissa * 10 + (code - ZERO);
      digits += 1;
      code = text.charCodeAt(++at);
    } while (isDigit(code));
  } else return NaN;
  if (code === DOT) {
    code = text.charCodeAt(++at);
    if (!isDigit(code)) return NaN;
    do {
      mantissa = mantissa * 10 + (code - ZERO);
      digits += 1;
      decimals += 1;
      code = text.charCodeAt(++at);
    } while (isDigit(code));
  }
  let exact = digits <= MAX_EXACT_DIGITS;
  if (code === 0x65 || code === 0x45) {
    exact = false;
    code = text.charCodeAt(++at);
    if (code === PLUS || code === MINUS) code = text.charCodeAt(++at);
    if (!isDigit(code)) return NaN;
    do code = text.charCodeAt(++at);
    while (isDigit(code));
  }
  numberEnd[0] = at;
  // The text is a JSON number here, so Number reads it as JSON.parse does.
  if (!exact) return Number(text.slice(start, at));
  const value = mantissa / POW10[decimals]!;
  return negative ? -value : value;
}
