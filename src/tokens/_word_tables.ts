/**
 * The tables of ASCII words, decoded on first use: the known words
 * (src/tokens/_known_words.ts, one token in all three tokenizers), the
 * floors of the other words of two or three letters
 * (src/tokens/_short_word_floors.ts), and the letter trigrams the
 * vocabularies rarely merge (src/tokens/_code_point_prices.ts).
 *
 * A word of up to 15 ASCII letters is three int32 keys, five letters each,
 * the last five in the first: a letter is its low six bits (A–Z 1–26, a–z
 * 33–58), never 0, so the keys are the word, its case and length included.
 * The scan builds them as it reads the letters, and a table of the known
 * words' keys compares a word in a load or three (a table that compared the
 * letters one by one took a fifth of the time of English prose). Exact: a
 * word is known when it is in the list (a Bloom filter let "noviembre", four
 * tokens, through; a hash alone could be made to collide).
 *
 * @module
 */

import { COMMON_TRIGRAMS } from "./_code_point_prices.ts";
import { KNOWN_MIXED, KNOWN_WORDS } from "./_known_words.ts";
import { SHORT_WORD_FLOORS, SHORT_WORD_GAPS } from "./_short_word_floors.ts";
import { DIGIT } from "./_code_points.ts";

/** The longest word, in letters, that the set of known words holds. */
export const MAX_KNOWN = 15;

/** The bits of a key: five letters of six bits. */
export const KEY_BITS = 0x3fffffff;

// The case shapes of a letter run.
export const LOWER = 0;
export const TITLE = 1;
export const UPPER = 2;
export const MIXED = 3;

const SHORT_BITS = 14;
const SHORT_MASK = (1 << SHORT_BITS) - 1;
const LONG_BITS = 14;
const LONG_MASK = (1 << LONG_BITS) - 1;

// The tables are made empty at load and filled on the first letter run the
// scan prices (ensureWordTables), then never change: tables the module
// holds, not ones the scan gets from an object, because V8 compiles a loop
// over a module's own table with its address and length known (English
// prose 1.4x faster, measured against the tables as an object's fields).
// Empty, they cost the memory of their zeroes, not their decoding.

/**
 * The known words of up to five letters by their first key, in an
 * open-addressing table about a third full (0: empty): 64 KiB, where most
 * lookups of prose end.
 */
export const SHORT_WORDS: Int32Array = new Int32Array(1 << SHORT_BITS);
/** The longer known words by all three keys, three int32s a slot. */
export const LONG_WORDS: Int32Array = new Int32Array(3 << LONG_BITS);
/**
 * The floor of a word of two or three letters, in lower case, title case
 * or capitals, that is not a known word, at its shape << 15 | its letters'
 * low five bits (shortIndex): the most tokens the three tokenizers give it
 * after a space (bits 2 and 3) and bare or glued to punctuation (bits 0
 * and 1), from tools/short_word_floors.ts; 0 for a known word. The fitted
 * price of a short word is a mean over words the vocabularies mostly
 * hold; random ones are two tokens or three ("xqv-brt-kpd" was 0.86 of its
 * count, `"XQV", "BRT"` 0.91).
 */
export const SHORT_FLOORS: Uint8Array = new Uint8Array(3 << 15);
/**
 * 1 at `a << 10 | b << 5 | c` when the letters abc (either case) are rare
 * together in the vocabularies (a, b, c from 1: a letter's low five bits).
 */
export const RARE_TRIGRAM: Uint8Array = new Uint8Array(1 << 15);
let filled = false;

/** Fills the word tables, once: before any lookup (a check V8 inlines; the work apart). */
export function ensureWordTables(): void {
  if (!filled) fillWordTables();
}

function fillWordTables(): void {
  filled = true;
  decodeShortFloors();
  decodeRareTrigrams();
  decodeKnownWords();
}

/** The slot of a word's keys in a table of `bits` bits. */
export function slotOf(k0: number, k1: number, k2: number, bits: number): number {
  return Math.imul(k0 ^ Math.imul(k1 ^ Math.imul(k2, 0x85ebca6b), 0xc2b2ae35), 0x9e3779b1) >>>
    (32 - bits);
}

/** Whether the word of keys k0, k1, k2 is a known word. */
export function isKnown(k0: number, k1: number, k2: number): boolean {
  if (k1 === 0) {
    const words = SHORT_WORDS;
    for (let slot = slotOf(k0, 0, 0, SHORT_BITS);; slot = (slot + 1) & SHORT_MASK) {
      const key = words[slot];
      if (key === k0) return true;
      if (key === 0) return false;
    }
  }
  const words = LONG_WORDS;
  for (let slot = slotOf(k0, k1, k2, LONG_BITS);; slot = (slot + 1) & LONG_MASK) {
    const at = 3 * slot;
    const first = words[at];
    if (first === k0 && words[at + 1] === k1 && words[at + 2] === k2) return true;
    if (first === 0) return false;
  }
}

/** Whether text[from, to), of one to MAX_KNOWN ASCII letters, is a known word. */
export function isKnownText(text: string, from: number, to: number): boolean {
  let k0 = 0;
  let k1 = 0;
  let k2 = 0;
  for (let i = from; i < to; i++) {
    k2 = k2 << 6 | k1 >>> 24;
    k1 = (k1 << 6 | k0 >>> 24) & KEY_BITS;
    k0 = (k0 << 6 | (text.charCodeAt(i) & 63)) & KEY_BITS;
  }
  return isKnown(k0, k1, k2);
}

// COMMON_TRIGRAMS holds a bit per trigram, abc in order, six to a base64
// digit, "1" for common: a table of digit values, not an indexOf and a
// division per trigram, and one loop (nested loops, V8 entered and left
// again and again on the stack: eleven deoptimizations at a cold start).
function decodeRareTrigrams(): void {
  const value = new Uint8Array(128);
  const base64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let v = 0; v < 64; v++) value[base64.charCodeAt(v)] = v;
  let bits = 0;
  for (let t = 0, a = 1, b = 1, c = 1; t < 26 * 26 * 26; t++) {
    if (t % 6 === 0) bits = value[COMMON_TRIGRAMS.charCodeAt(t / 6)];
    RARE_TRIGRAM[a << 10 | b << 5 | c] = (bits >> (t % 6) & 1) ^ 1;
    if (++c > 26) {
      c = 1;
      if (++b > 26) {
        b = 1;
        a++;
      }
    }
  }
}

// Every word of two or three letters is two tokens both ways (floor 2 << 2 |
// 2) but those listed, as gaps (the words between, per shape, two letters
// then three: a, b, c from 0) and floors; known words are set to 0 as they
// are decoded. (Entries at indices no letters make are never read.)
function decodeShortFloors(): void {
  const floors = SHORT_FLOORS.fill(2 << 2 | 2);
  const forms = 676 + 17576;
  for (let i = 0, at = 0, word = -1; i < SHORT_WORD_FLOORS.length; i++) {
    let gap = 0;
    for (let scale = 1;; scale *= 10) {
      const digit = DIGIT[SHORT_WORD_GAPS.charCodeAt(at++)];
      if (digit < 80) {
        gap += digit * scale;
        break;
      }
      gap += (digit - 80) * scale;
    }
    word += gap + 1;
    const code = SHORT_WORD_FLOORS.charCodeAt(i) - 48;
    const shape = (word / forms) | 0;
    const form = word - shape * forms;
    let letters;
    if (form < 676) {
      const a = (form / 26) | 0;
      letters = (a + 1) << 5 | (form - 26 * a + 1);
    } else {
      const ab = ((form - 676) / 26) | 0;
      const a = (ab / 26) | 0;
      letters = (a + 1) << 10 | (ab - 26 * a + 1) << 5 | (form - 676 - 26 * ab + 1);
    }
    if (shape > UPPER || code < 0 || code > 8) throw new Error(`a short word's floor at ${i}`);
    const spaced = (code / 3) | 0;
    floors[shape << 15 | letters] = (spaced + 1) << 2 | (code - 3 * spaced + 1);
  }
}

// The bit 5 of each of the first m letters of a key (case folded: set in
// lower case), for capitals.
const CASE_BITS = [0, 0x20, 0x820, 0x20820, 0x820820, 0x20820820];

// The list holds lower-case forms, sorted, each as the number of letters it
// shares with the one before ("0" + n) and the rest of its letters, then "A"
// + shapes - 2 when it is known in title case (shapes 2) or in capitals (4)
// too, and in lower case (1) or not; the words of mixed case apart. One pass:
// the keys after each letter of the form are kept, so a form's keys start
// from the shared letters', and its title case and capitals are its keys
// with bit 5 of the first or of every letter cleared.
function decodeKnownWords(): void {
  const k0s = new Int32Array(MAX_KNOWN + 1);
  const k1s = new Int32Array(MAX_KNOWN + 1);
  const k2s = new Int32Array(MAX_KNOWN + 1);
  const letters = new Int32Array(MAX_KNOWN + 1); // low five bits, for the floors
  const words = KNOWN_WORDS;
  for (let i = 0; i < words.length;) {
    const shared = words.charCodeAt(i++) - 48;
    let length = shared;
    for (let c = words.charCodeAt(i); c >= 97 && c <= 122; c = words.charCodeAt(++i)) {
      if (length === MAX_KNOWN) throw new Error(`a known word over ${MAX_KNOWN} letters at ${i}`);
      const k0 = k0s[length];
      const k1 = k1s[length];
      k2s[length + 1] = k2s[length] << 6 | k1 >>> 24;
      k1s[length + 1] = (k1 << 6 | k0 >>> 24) & KEY_BITS;
      k0s[length + 1] = (k0 << 6 | (c & 63)) & KEY_BITS;
      letters[length + 1] = letters[length] << 5 | (c & 31);
      length++;
    }
    if (shared < 0 || length <= shared || length < 1) {
      throw new Error(`a known word's form is not letters at ${i}`);
    }
    const mark = words.charCodeAt(i) - 63; // "A" to "F": shapes 2 to 7
    const shapes = mark >= 2 && mark <= 7 ? (i++, mark) : 1;
    const k0 = k0s[length];
    const k1 = k1s[length];
    const k2 = k2s[length];
    const short = length === 2 || length === 3;
    if (shapes & 1) {
      addKnown(k0, k1, k2);
      if (short) SHORT_FLOORS[LOWER << 15 | letters[length]] = 0;
    }
    if (shapes & 2) {
      // The first letter, `length - 1` from the end, in capitals.
      const d = length - 1;
      const bit = 32 << 6 * (d % 5);
      const at = (d / 5) | 0;
      addKnown(
        at === 0 ? k0 - bit : k0,
        at === 1 ? k1 - bit : k1,
        at === 2 ? k2 - bit : k2,
      );
      if (short) SHORT_FLOORS[TITLE << 15 | letters[length]] = 0;
    }
    if (shapes & 4) {
      addKnown(
        k0 & ~CASE_BITS[Math.min(length, 5)],
        k1 & ~CASE_BITS[Math.max(0, Math.min(length - 5, 5))],
        k2 & ~CASE_BITS[Math.max(0, length - 10)],
      );
      if (short) SHORT_FLOORS[UPPER << 15 | letters[length]] = 0;
    }
  }
  for (const word of KNOWN_MIXED === "" ? [] : KNOWN_MIXED.split(" ")) {
    if (!/^[A-Z]{2,}[a-z]+$/.test(word) || word.length > MAX_KNOWN) {
      throw new Error(`a known word of mixed case is up to 15 letters, capitals first: "${word}"`);
    }
    let k0 = 0;
    let k1 = 0;
    let k2 = 0;
    for (let j = 0; j < word.length; j++) {
      k2 = k2 << 6 | k1 >>> 24;
      k1 = (k1 << 6 | k0 >>> 24) & KEY_BITS;
      k0 = (k0 << 6 | (word.charCodeAt(j) & 63)) & KEY_BITS;
    }
    addKnown(k0, k1, k2);
  }
}

function addKnown(k0: number, k1: number, k2: number): void {
  if (k1 === 0) {
    const words = SHORT_WORDS;
    let slot = slotOf(k0, 0, 0, SHORT_BITS);
    while (words[slot] !== 0) slot = (slot + 1) & SHORT_MASK;
    words[slot] = k0;
  } else {
    const words = LONG_WORDS;
    let slot = slotOf(k0, k1, k2, LONG_BITS);
    while (words[3 * slot] !== 0) slot = (slot + 1) & LONG_MASK;
    words[3 * slot] = k0;
    words[3 * slot + 1] = k1;
    words[3 * slot + 2] = k2;
  }
}
