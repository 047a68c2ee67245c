/**
 * Classes of characters as the tokenizers' pre-tokenizers see them: the
 * ASCII run classes the scan splits text into, and which non-ASCII code
 * units end a word or break one.
 *
 * @module
 */

// ASCII classes
export const A_LETTER = 1;
export const A_DIGIT = 2;
export const A_SPACE = 3;
export const A_NEWLINE = 4;
export const A_PUNCT = 5;
export const A_CONTROL = 6;
export const A_TAB = 7;

// What comes before a run, for the prices that look back at it: the ASCII
// class of the code unit before it (A_LETTER to A_TAB), or one of these.
/** The start of the priced text. */
export const NOTHING = 0;
/** A code unit that is not ASCII. */
export const NON_ASCII = 8;

/** The ASCII class of each code unit below 128. */
export const ASCII: Uint8Array = asciiClasses();

function asciiClasses(): Uint8Array {
  const classes = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    classes[c] = (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
      ? A_LETTER
      : c >= 48 && c <= 57
      ? A_DIGIT
      : c === 32
      ? A_SPACE
      : c === 9
      ? A_TAB
      : c === 10 || c === 13
      ? A_NEWLINE
      : c < 32 || c === 127
      ? A_CONTROL
      : A_PUNCT;
  }
  return classes;
}

/**
 * Whether the code unit after a word ends it for the tokenizers: ASCII, or a
 * non-ASCII space, dash, quote or mark of punctuation that no tokenizer
 * puts in a word's piece (U+00A0 to U+00BF but for ª µ º, General
 * Punctuation, CJK punctuation).
 */
export function endsWord(c: number): boolean {
  return c < 128 ||
    (c >= 0xa0 && c <= 0xbf && c !== 0xaa && c !== 0xb5 && c !== 0xba) ||
    (c >= 0x2000 && c <= 0x206f) || (c >= 0x3000 && c <= 0x303f);
}

/**
 * Whether a letter run after the code unit `c` (not ASCII) is a word of its
 * own rather than a fragment of a word that merges with it: after what ends a
 * word (endsWord), × and ÷, currency signs, letterlike symbols and number
 * forms (™, ℃, №, Ⅻ), arrows, mathematical and technical symbols, box
 * drawing, shapes, dingbats, kana, CJK, Hangul, astral code points (emoji;
 * `c` is then a low surrogate), the specials (U+FFFD, what a binary file
 * read as UTF-8 is full of: "y\ufffd" × 1000 was 0.835, a review found), and
 * the combining marks that strike, underline or overline a letter, which
 * compose with none ("s̶t̶" is four tokens). "x•x•" is "x", "•", "x", "•".
 */
export function breaksWord(c: number): boolean {
  return endsWord(c) || c === 0xd7 || c === 0xf7 ||
    (c >= 0x20a0 && c <= 0x20cf) ||
    (c >= 0x2100 && c <= 0x2bff) || (c >= 0x3040 && c <= 0x9fff) ||
    (c >= 0xac00 && c <= 0xdfff) || c >= 0xfff0 || c === 0x305 || (c >= 0x332 && c <= 0x338) ||
    (c >= 0x300 && isMarkOrFormat(c)); // (no mark below U+0300 but U+00AD, above)
}

// Whether the BMP code unit `c` is a combining mark or a format character:
// not a letter to cl100k_base's and the Claude tokenizer's pre-tokenizers,
// so a letter run after it starts a piece ("x\u0308" × 100 is 300 tokens in
// cl100k_base: a review found it priced as fragments, 0.89, and text with a
// mark or U+FE0F after every letter 5 % over at the default budget). A bit a
// code unit, from the regular expression's tables a page of 256 at a time,
// on first use (the whole BMP at once took 10 ms: a Worker's budget): a
// cache of what the regular expression says, filled as pages are asked for.
const MARKS = new Uint8Array(0x10000 >> 3);
const MARK_PAGES = new Uint8Array(0x100);
function isMarkOrFormat(c: number): boolean {
  const page = c >> 8;
  if (MARK_PAGES[page] === 0) {
    MARK_PAGES[page] = 1;
    const units = String.fromCharCode(...Array.from({ length: 0x100 }, (_, j) => page << 8 | j));
    for (const match of units.matchAll(/[\p{M}\p{Cf}]/gu)) {
      const unit = match[0].charCodeAt(0);
      MARKS[unit >> 3] |= 1 << (unit & 7);
    }
  }
  return (MARKS[c >> 3] >> (c & 7) & 1) === 1;
}

/** Whether text[at] is a carriage return not before a line feed, inside text[, end). */
export function loneReturnAt(text: string, at: number, end: number): boolean {
  return at < end && text.charCodeAt(at) === 13 &&
    (at + 1 >= end || text.charCodeAt(at + 1) !== 10);
}

/**
 * Whether the line-break run that ends at `at` (the code unit before is a
 * line break) has two "\n" at its end, inside the priced text from `context`.
 */
export function afterBlankLine(text: string, at: number, context: number): boolean {
  return at - 2 >= context && text.charCodeAt(at - 1) === 10 && text.charCodeAt(at - 2) === 10;
}
