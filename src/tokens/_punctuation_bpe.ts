/**
 * Byte-pair encoding of runs of ASCII punctuation, per tokenizer, from the
 * punctuation tokens of each vocabulary (src/tokens/_punctuation_tokens.ts). All three
 * pre-tokenizers put a run of punctuation, with the space before it, in a
 * piece of its own, and a piece's merges stay inside it: the run's tokens are
 * the byte-pair encoding of that piece with the vocabulary's tokens made of
 * punctuation (and a leading space) alone.
 *
 * The vocabularies keep only their lowest-ranked such tokens. That never
 * counts fewer: the encoding merges the lowest-ranked pair first, so with the
 * dearer tokens left out it makes the same merges up to the first one it no
 * longer knows and stops there, where the whole vocabulary would only go on
 * merging.
 *
 * @module
 */
import { PUNCTUATION_TOKENS } from "./_punctuation_tokens.ts";

/**
 * The characters of punctuation tokens in the order of their ids (0 to 34):
 * src/tokens/_punctuation_tokens.ts writes the character of id i as the i-th
 * letter of "A" to "Z" then "a" to "i" (no character there needs escaping).
 */
export const SYMBOLS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \n\r";

/** Each tokenizer's tokens of a text, as {@linkcode punctuationCosts} writes them. */
export interface Tokens {
  o200k: number;
  cl100k: number;
  claude: number;
}

/** The longest run of punctuation encoded whole (see {@linkcode punctuationCosts}). */
export const PIECE = 128;

/** The six-bit code of the space. */
export const SPACE_CODE = 33;
/**
 * The six-bit code of each ASCII punctuation character (1 to 32) for the keys
 * of {@linkcode shortPacked}; the space's is {@linkcode SPACE_CODE}. A
 * character's id is its code less one.
 */
export const PUNCTUATION_CODE: Uint8Array = punctuationCodes();

function punctuationCodes(): Uint8Array {
  const codes = new Uint8Array(128);
  for (let c = 33, code = 1; c < 127; c++) {
    const alphanumeric = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!alphanumeric) codes[c] = code++;
  }
  codes[32] = SPACE_CODE;
  codes[10] = 34;
  codes[13] = 35;
  return codes;
}

/** The longest run {@linkcode shortPacked} takes: five characters, thirty bits. */
export const SHORT = 5;

// The encoding by token ids: a character is its code less one (0 to 34), the
// token of rank r is 35 + r, and a pair of adjacent ids merges into the value
// of its key `left << 12 | right` in the tokenizer's table of merges, which is
// `rank << 12 | id` (the lowest rank first, as by text).
const SYMBOL_IDS = 35;
const NO_PAIR = 0x7fffffff;
const MERGE_BITS = 13;
const MERGE_MASK = (1 << MERGE_BITS) - 1;

/** A tokenizer's merges: open addressing by `left << 12 | right` (-1: empty). */
interface Merges {
  keys: Int32Array;
  values: Int32Array;
}

// The tables of merges and what has been encoded: made on the first run of
// punctuation to encode (a text without any pays nothing for them), then
// kept. Costs of short pieces (up to five characters with the space) are
// direct-mapped by their characters packed six bits each: a page of JSON or
// code repeats a few dozen runs ('":"', '},{', ' = '). Longer pieces are
// remembered by their text, up to LONG_MEMO of them: caches of what
// encoding a piece gives. And room for an encoding's ids and pairs, made once
// (a typed array costs more to make than a short run to encode): no other
// state lives here.
const SHORT_BITS = 12;
const LONG_MEMO = 4096;
interface Encoder {
  merges: Merges[];
  shortKey: Int32Array;
  shortCosts: Int32Array;
  long: Map<string, number>;
  ids: Int32Array;
  pairs: Int32Array;
}
let encoder: Encoder | undefined;

function encoderOf(): Encoder {
  return encoder ??= {
    merges: PUNCTUATION_TOKENS.map(mergesOf),
    shortKey: new Int32Array(1 << SHORT_BITS).fill(-1),
    shortCosts: new Int32Array(1 << SHORT_BITS),
    long: new Map(),
    ids: new Int32Array(PIECE),
    pairs: new Int32Array(PIECE),
  };
}

// The id of a letter of src/tokens/_punctuation_tokens.ts.
function idOfLetter(letter: number): number {
  return letter <= 90 ? letter - 65 : letter - 97 + 26;
}

// A token of up to five characters as a number: its ids plus one, six bits
// each (never 0, so its length is in it too), a small integer (V8 keeps it
// unboxed even in its interpreter, where this runs at a cold start); longer
// tokens (one in twenty) by their text.
const NUMBERED = 5;
const ID_BITS = 12;
const ID_MASK = (1 << ID_BITS) - 1;

// The merges of one vocabulary from its tokens, in two passes over the
// list, read where it is (no string per token): every token's id by its
// number, then each token's every cut whose two sides are tokens (or
// characters) is a pair that merges into it, each side looked up by number
// (its prefixes' and suffixes' numbers, made as the token is read).
function mergesOf(encoded: string): Merges {
  // The ids by number, open addressing (0: empty); the long tokens by text.
  const numbers = new Int32Array(1 << ID_BITS);
  const ids = new Int32Array(1 << ID_BITS);
  const longIds = new Map<string, number>();
  for (let id = 0; id < SYMBOL_IDS; id++) addId(numbers, ids, id + 1, id);
  const end = encoded.length;
  for (let from = 0, rank = 0; from < end; rank++) {
    let to = from;
    let number = 0;
    for (let c = encoded.charCodeAt(to); to < end && c !== 32; c = encoded.charCodeAt(++to)) {
      number = number << 6 | (idOfLetter(c) + 1);
    }
    if (to - from > NUMBERED) longIds.set(encoded.slice(from, to), SYMBOL_IDS + rank);
    else addId(numbers, ids, number, SYMBOL_IDS + rank);
    from = to + 1;
  }
  const keys = new Int32Array(1 << MERGE_BITS).fill(-1);
  const values = new Int32Array(1 << MERGE_BITS);
  const prefix = new Int32Array(NUMBERED + 1);
  const suffix = new Int32Array(PIECE + 1);
  for (let from = 0, rank = 0; from < end; rank++) {
    let to = from;
    while (to < end && encoded.charCodeAt(to) !== 32) to++;
    const n = to - from;
    if (n > PIECE) throw new Error(`a punctuation token over ${PIECE} characters`);
    for (let j = 1; j <= n && j <= NUMBERED; j++) {
      prefix[j] = prefix[j - 1] << 6 | (idOfLetter(encoded.charCodeAt(from + j - 1)) + 1);
    }
    suffix[n] = 0;
    for (let j = n - 1; j >= 0 && n - j <= NUMBERED; j--) {
      suffix[j] = suffix[j + 1] | (idOfLetter(encoded.charCodeAt(from + j)) + 1) << 6 * (n - 1 - j);
    }
    for (let cut = 1; cut < n; cut++) {
      const left = cut <= NUMBERED
        ? idOf(numbers, ids, prefix[cut])
        : longIds.get(encoded.slice(from, from + cut)) ?? -1;
      if (left < 0) continue;
      const right = n - cut <= NUMBERED
        ? idOf(numbers, ids, suffix[cut])
        : longIds.get(encoded.slice(from + cut, to)) ?? -1;
      if (right < 0) continue;
      const key = left << 12 | right;
      let slot = Math.imul(key, 0x9e3779b1) >>> (32 - MERGE_BITS);
      while (keys[slot] !== -1 && keys[slot] !== key) slot = (slot + 1) & MERGE_MASK;
      keys[slot] = key;
      values[slot] = rank << 12 | (SYMBOL_IDS + rank);
    }
    from = to + 1;
  }
  return { keys, values };
}

function addId(numbers: Int32Array, ids: Int32Array, number: number, id: number): void {
  let slot = Math.imul(number, 0x85ebca6b) >>> (32 - ID_BITS);
  while (numbers[slot] !== 0) slot = (slot + 1) & ID_MASK;
  numbers[slot] = number;
  ids[slot] = id;
}

// The id of the token whose number is `number`, or -1.
function idOf(numbers: Int32Array, ids: Int32Array, number: number): number {
  for (let slot = Math.imul(number, 0x85ebca6b) >>> (32 - ID_BITS);; slot = (slot + 1) & ID_MASK) {
    const at = numbers[slot];
    if (at === number) return ids[slot];
    if (at === 0) return -1;
  }
}

// What the pair of ids `left`, `right` merges into (`rank << 12 | id`), or NO_PAIR.
function mergeOf(merges: Merges, left: number, right: number): number {
  const key = left << 12 | right;
  const { keys, values } = merges;
  for (
    let slot = Math.imul(key, 0x9e3779b1) >>> (32 - MERGE_BITS);;
    slot = (slot + 1) & MERGE_MASK
  ) {
    const k = keys[slot];
    if (k === key) return values[slot];
    if (k === -1) return NO_PAIR;
  }
}

/**
 * Per tokenizer, the merges of the encoding by ids, as `[left << 12 | right,
 * rank << 12 | id]` (see above), made from src/tokens/_punctuation_tokens.ts:
 * for tools/table_snapshot.ts.
 */
export function decodedMerges(): Array<Array<[number, number]>> {
  return encoderOf().merges.map(({ keys, values }) => {
    const pairs: Array<[number, number]> = [];
    keys.forEach((key, slot) => {
      if (key !== -1) pairs.push([key, values[slot]]);
    });
    return pairs;
  });
}

/**
 * {@linkcode punctuationPacked} of a run of at most {@linkcode SHORT}
 * characters whose codes ({@linkcode PUNCTUATION_CODE}) make `key`, first
 * character highest.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { PUNCTUATION_CODE, punctuationPacked, shortPacked } from "./_punctuation_bpe.ts";
 *
 * const key = PUNCTUATION_CODE[0x7d] << 6 | PUNCTUATION_CODE[0x3b]; // "};"
 * assertEquals(shortPacked(key, "};", 0, 2), punctuationPacked("};", 0, 2));
 * ```
 */
export function shortPacked(key: number, text: string, from: number, to: number): number {
  const encoder = encoderOf();
  const slot = (key ^ key >>> SHORT_BITS ^ key >>> 24) & ((1 << SHORT_BITS) - 1);
  if (encoder.shortKey[slot] !== key) {
    encoder.shortKey[slot] = key;
    encoder.shortCosts[slot] = packedCosts(text, from, to, encoder);
  }
  return encoder.shortCosts[slot];
}

// The tokens of the byte-pair encoding of text[from, to) (at most PIECE
// characters of SYMBOLS) with `merges`: the encoding by text of
// dev/byte_pair.ts (which the tests hold this to), by ids, in the encoder's
// `ids` and `pairs`.
function encodedTokens(
  text: string,
  from: number,
  to: number,
  merges: Merges,
  encoder: Encoder,
): number {
  let n = to - from;
  const { ids, pairs } = encoder;
  for (let i = 0; i < n; i++) ids[i] = PUNCTUATION_CODE[text.charCodeAt(from + i)] - 1;
  for (let i = 0; i + 1 < n; i++) pairs[i] = mergeOf(merges, ids[i], ids[i + 1]);
  while (n > 1) {
    let best = NO_PAIR;
    let at = -1;
    for (let i = 0; i + 1 < n; i++) {
      if (pairs[i] < best) {
        best = pairs[i];
        at = i;
      }
    }
    if (at < 0) break;
    ids[at] = best & 4095;
    ids.copyWithin(at + 1, at + 2, n);
    pairs.copyWithin(at + 1, at + 2, n - 1);
    n--;
    if (at > 0) pairs[at - 1] = mergeOf(merges, ids[at - 1], ids[at]);
    if (at + 1 < n) pairs[at] = mergeOf(merges, ids[at], ids[at + 1]);
  }
  return n;
}

// Each tokenizer's tokens of text[from, to), packed eight bits each.
function packedCosts(text: string, from: number, to: number, encoder: Encoder): number {
  const [o200k, cl100k, claude] = encoder.merges;
  return encodedTokens(text, from, to, o200k, encoder) |
    encodedTokens(text, from, to, cl100k, encoder) << 8 |
    encodedTokens(text, from, to, claude, encoder) << 16;
}

/**
 * The tokens of a run of at most {@linkcode PIECE} characters, as
 * {@linkcode punctuationCosts} gives them, packed eight bits each
 * (o200k_base's lowest).
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { punctuationPacked } from "./_punctuation_bpe.ts";
 *
 * assertEquals(punctuationPacked("});", 0, 3).toString(16), "10101");
 * ```
 */
export function punctuationPacked(text: string, from: number, to: number): number {
  if (to - from <= SHORT) {
    let key = 0;
    for (let i = from; i < to; i++) key = key << 6 | PUNCTUATION_CODE[text.charCodeAt(i)];
    return shortPacked(key, text, from, to);
  }
  const encoder = encoderOf();
  const long = encoder.long;
  const piece = text.slice(from, to);
  let costs = long.get(piece);
  if (costs === undefined) {
    costs = packedCosts(text, from, to, encoder);
    if (long.size >= LONG_MEMO) long.clear();
    long.set(piece, costs);
  }
  return costs;
}

/**
 * Writes to `out` the tokens of the run of ASCII punctuation
 * `text[from, to)` in o200k_base, cl100k_base and the Claude tokenizer;
 * `from` may be a space, the one the pre-tokenizers put with the run. A run
 * longer than 128 characters is encoded in pieces of 128, and a token is
 * added at each seam, where the whole run could merge otherwise; never more
 * than one token a character.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { punctuationCosts } from "./_punctuation_bpe.ts";
 *
 * const out = { o200k: 0, cl100k: 0, claude: 0 };
 * punctuationCosts('a":"b', 1, 4, out);
 * assertEquals(out, { o200k: 1, cl100k: 1, claude: 1 });
 * ```
 */
export function punctuationCosts(text: string, from: number, to: number, out: Tokens): void {
  const n = to - from;
  if (n <= PIECE) {
    const costs = punctuationPacked(text, from, to);
    out.o200k = costs & 255;
    out.cl100k = (costs >> 8) & 255;
    out.claude = costs >> 16;
    return;
  }
  const seams = Math.ceil(n / PIECE) - 1;
  let o200k = seams;
  let cl100k = seams;
  let claude = seams;
  for (let at = from; at < to; at += PIECE) {
    const costs = punctuationPacked(text, at, Math.min(to, at + PIECE));
    o200k += costs & 255;
    cl100k += (costs >> 8) & 255;
    claude += costs >> 16;
  }
  out.o200k = Math.min(o200k, n);
  out.cl100k = Math.min(cl100k, n);
  out.claude = Math.min(claude, n);
}
