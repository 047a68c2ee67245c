/**
 * What the price of a run of ASCII letters, a word, is made of besides its
 * shape: whether it is a fragment of a longer word or glued to punctuation,
 * the known words it is made of, the letters it repeats, and the floors of
 * words of two or three letters. The scan prices a word in its loop
 * (src/tokens/_scan.ts) with these.
 *
 * @module
 */

import {
  A_PUNCT as A_PUNCT_,
  A_SPACE as A_SPACE_,
  ASCII as ASCII_,
  breaksWord as breaksWord_,
  NON_ASCII as NON_ASCII_,
} from "./_characters.ts";
import { SPACE_SINGLE as SPACE_SINGLE_ } from "./_features.ts";
import {
  isKnownText as isKnownText_,
  LOWER as LOWER_,
  MAX_KNOWN as MAX_KNOWN_,
  SHORT_FLOORS as SHORT_FLOORS_,
  TITLE as TITLE_,
  UPPER as UPPER_,
} from "./_word_tables.ts";

// What this module reads in the scan's loops, bound as its own constants:
// V8 compiles a module's own constant into the code, an import as a load
// through its binding at every use (src/tokens/_scan.ts).
const A_PUNCT = A_PUNCT_;
const A_SPACE = A_SPACE_;
const ASCII = ASCII_;
const breaksWord = breaksWord_;
const NON_ASCII = NON_ASCII_;
const SPACE_SINGLE = SPACE_SINGLE_;
const isKnownText = isKnownText_;
const LOWER = LOWER_;
const MAX_KNOWN = MAX_KNOWN_;
const SHORT_FLOORS = SHORT_FLOORS_;
const TITLE = TITLE_;
const UPPER = UPPER_;

// Every letter run is at least one token: the pre-tokenizers of all three
// put each run of letters in a piece of its own (with at most one space or
// punctuation character before it), and a piece is at least one token. A fit
// on words prices a short word below that (its space or punctuation carries
// the rest), which text made of one- and two-letter words ("a, b, c") shows.
export const LETTER_RUN = 1;

// How far back a repeated letter counts: runs of one to twelve letters
// repeated ("uqkch" × 50 is 0.8 tokens a letter, "etwesif" × 286 0.57) floor
// like "nnnn"; a word of up to 34 letters repeats fewer than 16.
const REPEAT_WINDOW = 12;

/**
 * What the floor of a letter run of lower or title case counts rather than
 * its length: its letters in text[from, to) equal (case folded) to one of
 * the twelve before them. A run of one to twelve letters repeated ("nnnn",
 * "gaga") has almost one per letter, a word few. One pass with where each
 * letter was last seen, not a look back per letter: a 50 MB run of the
 * alphabet took 2.3 s that way, against 0.3 s for the whole scan before the
 * floor counted repeats.
 */
export function repeatsIn(text: string, from: number, to: number): number {
  const lastSeen = new Int32Array(32).fill(from - REPEAT_WINDOW - 1);
  let repeats = 0;
  for (let i = from; i < to; i++) {
    const x = text.charCodeAt(i) & 31; // case folded
    if (i - lastSeen[x] <= REPEAT_WINDOW) repeats++;
    lastSeen[x] = i;
  }
  return repeats;
}

/**
 * The pieces of the camel-case run text[from, to) when each is a known word
 * (of two to MAX_KNOWN letters), or else 0: the pieces o200k_base cuts it
 * into, before each capital that follows a lower-case letter.
 */
export function knownPieces(text: string, from: number, to: number): number {
  let pieces = 0;
  let start = from;
  let lower = 0;
  for (let j = from; j < to; j++) {
    const upper = ((text.charCodeAt(j) >> 5) & 1) ^ 1;
    // A piece of lower case or one capital and lower case: cl100k_base does
    // not cut at case changes, and capitals together merge as they please
    // there ("plyDWORD" is "ply", "DW", "ORD").
    if (upper && j > start && !lower) return 0;
    if (lower & upper) {
      if (j - start < 2 || j - start > MAX_KNOWN || !isKnownText(text, start, j)) return 0;
      pieces++;
      start = j;
    }
    lower = upper ^ 1;
  }
  if (to - start < 2 || to - start > MAX_KNOWN || !isKnownText(text, start, to)) return 0;
  return pieces + 1;
}

// Whether the punctuation run that ends at `at`, where letters start, is one
// that o200k_base and cl100k_base put in one piece with the letters: one
// character not after a space ("(include" is two or three tokens there), or
// any run ending in an apostrophe ("'should" is "'s" and "hould"). A word
// after it is not a word of its own (after an apostrophe, not whole either).
// Asked by a letter run that may be a known word, looking back from it,
// rather than at the end of every punctuation run: most are followed by no
// such word.
export function gluedAt(text: string, at: number, context: number): boolean {
  if (text.charCodeAt(at - 1) === 39) return true;
  // One character: the first of the priced text, or after a code unit that
  // is neither punctuation (the run would be longer) nor a space.
  if (at - 2 < context) return true;
  const b = text.charCodeAt(at - 2);
  return b !== 32 && (b >= 128 || ASCII[b] !== A_PUNCT);
}

/**
 * Whether the letter run that starts at `at` after `before` is a fragment
 * of a word: it follows a non-ASCII code unit that does not break words.
 */
export function isFragment(text: string, at: number, before: number): boolean {
  return before === NON_ASCII && !breaksWord(text.charCodeAt(at - 1));
}

/**
 * The short-word floor entry that floors a letter run of `n` letters from
 * `at` that is longer than three or of mixed case: its first three letters',
 * or for capitals then lower case the capitals' two ("ABc" after "AB"), so
 * that a longer run never costs less than the word it starts with. 0: none.
 */
export function firstLettersFloor(text: string, at: number, n: number): number {
  if (n === 2) return 0; // mixed case: a case change, two tokens already
  const a = text.charCodeAt(at);
  const b = text.charCodeAt(at + 1);
  const c = text.charCodeAt(at + 2);
  const two = (a & 31) << 5 | (b & 31);
  const floors = SHORT_FLOORS;
  // (Bit 5 is set in lower case.)
  if (b & c & 32) return floors[(a & 32 ? LOWER : TITLE) << 15 | two << 5 | (c & 31)];
  if (((a | b) & 32) === 0) return floors[UPPER << 15 | (c & 32 ? two : two << 5 | (c & 31))];
  // A case change in the first three: two tokens already, as much as a
  // word of two letters costs.
  return 0;
}

// A mixed-case run of a lower-case letter then a capital ("nHVE", after the
// backslash of an escaped line break in JSON text): o200k_base cuts the
// letter off and the rest is a word of its own, bare ("\\nHVE" was 0.91 of
// its count, a ninth review): a token and the rest's floor, or 0.
export function afterOneLetter(text: string, at: number, n: number): number {
  if (n < 3) return 0;
  const b = text.charCodeAt(at + 1);
  const c = text.charCodeAt(at + 2);
  // The rest: two letters, a capital then a capital or lower case; or more.
  const rest = n > 3
    ? firstLettersFloor(text, at + 1, n - 1)
    : SHORT_FLOORS[(c & 32 ? TITLE : UPPER) << 15 | (b & 31) << 5 | (c & 31)];
  return rest === 0 ? 0 : 1 + (rest & 3);
}

// The least a short word costs (its short-word floor entry `short`) where it
// starts at `at`: after a space, the space's piece (" xqz") less the single
// space's price, which the space or the word pays apart; after one space
// after a line break, bare too (the Claude tokenizer puts that space in the
// line break's token); anywhere else, bare or glued to what is before it.
export function shortWordFloor(
  short: number,
  text: string,
  at: number,
  before: number,
  context: number,
  w: Float64Array,
): number {
  const bare = short & 3;
  if (before !== A_SPACE) return bare;
  const spaced = short >> 2;
  const b = at - 2 < context ? 0 : text.charCodeAt(at - 2);
  return b === 10 || b === 13 ? Math.max(spaced, bare) : spaced - w[SPACE_SINGLE];
}

/**
 * The index of the short-word floor of the word of `n` (2 or 3) letters at
 * `at`, or -1 for mixed case.
 */
export function shortIndex(text: string, at: number, n: number): number {
  let key = 0;
  let lowers = 0;
  for (let j = at; j < at + n; j++) {
    const c = text.charCodeAt(j);
    key = key << 5 | (c & 31);
    lowers = lowers << 1 | ((c >> 5) & 1);
  }
  const all = (1 << n) - 1;
  const shape = lowers === all ? LOWER : lowers === all >> 1 ? TITLE : lowers === 0 ? UPPER : -1;
  return shape < 0 ? -1 : shape << 15 | key;
}
