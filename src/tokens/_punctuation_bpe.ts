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
// token of rank r is 35 + r, and a pair of adjacent ids merges into the token
// their texts make together, `rank << 12 | id` (the lowest rank first, as by
// text), if the vocabulary keeps it.
const SYMBOL_IDS = 35;
const NO_PAIR = 0x7fffffff;
const PAIR_BITS = 13;
const PAIR_MASK = (1 << PAIR_BITS) - 1;

/**
 * A tokenizer's kept tokens, and the pairs of ids asked of them so far.
 * Each vocabulary's 1,400 tokens are 2,650 pairs that merge: made all at the
 * first run of punctuation, they took a cold isolate 30-60 ms; a page of JSON
 * or code asks a few hundred, each a lookup of two texts joined.
 */
interface Vocabulary {
  /** The tokens' letters, by rank. */
  tokens: string[];
  /** The rank of each token, by its letters. */
  ranks: Map<string, number>;
  /** The pairs looked up (`left << 12 | right`, -1: empty) and what each merges into. */
  keys: Int32Array;
  values: Int32Array;
  /** How many pairs `keys` holds (cleared at half full). */
  size: number;
}

// The vocabularies and what has been encoded: made on the first run of
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
  vocabularies: Vocabulary[];
  shortKey: Int32Array;
  shortCosts: Int32Array;
  long: Map<string, number>;
  ids: Int32Array;
  pairs: Int32Array;
}
let encoder: Encoder | undefined;

function encoderOf(): Encoder {
  return encoder ??= {
    vocabularies: PUNCTUATION_TOKENS.map(vocabularyOf),
    shortKey: new Int32Array(1 << SHORT_BITS).fill(-1),
    shortCosts: new Int32Array(1 << SHORT_BITS),
    long: new Map(),
    ids: new Int32Array(PIECE),
    pairs: new Int32Array(PIECE),
  };
}

// The letters that stand for the characters, by id.
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi";

function vocabularyOf(encoded: string): Vocabulary {
  const tokens = encoded === "" ? [] : encoded.split(" ");
  const ranks = new Map<string, number>();
  for (let rank = 0; rank < tokens.length; rank++) ranks.set(tokens[rank], rank);
  return {
    tokens,
    ranks,
    keys: new Int32Array(1 << PAIR_BITS).fill(-1),
    values: new Int32Array(1 << PAIR_BITS),
    size: 0,
  };
}

// The letters of the token or character of id `id`.
function lettersOf(vocabulary: Vocabulary, id: number): string {
  return id < SYMBOL_IDS ? LETTERS[id] : vocabulary.tokens[id - SYMBOL_IDS];
}

// What the pair of ids `left`, `right` merges into (`rank << 12 | id`), or
// NO_PAIR: asked of the vocabulary once, then remembered.
function mergeOf(vocabulary: Vocabulary, left: number, right: number): number {
  const key = left << 12 | right;
  const { keys, values } = vocabulary;
  let slot = Math.imul(key, 0x9e3779b1) >>> (32 - PAIR_BITS);
  for (;; slot = (slot + 1) & PAIR_MASK) {
    const k = keys[slot];
    if (k === key) return values[slot];
    if (k === -1) break;
  }
  const rank = vocabulary.ranks.get(lettersOf(vocabulary, left) + lettersOf(vocabulary, right));
  const value = rank === undefined ? NO_PAIR : rank << 12 | (SYMBOL_IDS + rank);
  if (vocabulary.size >= 1 << (PAIR_BITS - 1)) {
    // Half full (text made of every pair there is): start again.
    keys.fill(-1);
    vocabulary.size = 0;
    slot = Math.imul(key, 0x9e3779b1) >>> (32 - PAIR_BITS);
  }
  keys[slot] = key;
  values[slot] = value;
  vocabulary.size++;
  return value;
}

/**
 * Per tokenizer, every pair of ids the encoding merges, as `[left << 12 |
 * right, rank << 12 | id]` (see above): each kept token's every cut whose two
 * sides are tokens or characters. For tools/table_snapshot.ts.
 */
export function decodedMerges(): Array<Array<[number, number]>> {
  return encoderOf().vocabularies.map((vocabulary) => {
    const ids = new Map<string, number>();
    for (let id = 0; id < SYMBOL_IDS; id++) ids.set(LETTERS[id], id);
    vocabulary.tokens.forEach((token, rank) => ids.set(token, SYMBOL_IDS + rank));
    const pairs: Array<[number, number]> = [];
    vocabulary.tokens.forEach((token, rank) => {
      for (let cut = 1; cut < token.length; cut++) {
        const left = ids.get(token.slice(0, cut));
        const right = ids.get(token.slice(cut));
        if (left !== undefined && right !== undefined) {
          pairs.push([left << 12 | right, rank << 12 | (SYMBOL_IDS + rank)]);
        }
      }
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
// characters of SYMBOLS) with `vocabulary`: the encoding by text of
// dev/byte_pair.ts (which the tests hold this to), by ids, in the encoder's
// `ids` and `pairs`.
function encodedTokens(
  text: string,
  from: number,
  to: number,
  vocabulary: Vocabulary,
  encoder: Encoder,
): number {
  let n = to - from;
  const { ids, pairs } = encoder;
  for (let i = 0; i < n; i++) ids[i] = PUNCTUATION_CODE[text.charCodeAt(from + i)] - 1;
  for (let i = 0; i + 1 < n; i++) pairs[i] = mergeOf(vocabulary, ids[i], ids[i + 1]);
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
    if (at > 0) pairs[at - 1] = mergeOf(vocabulary, ids[at - 1], ids[at]);
    if (at + 1 < n) pairs[at] = mergeOf(vocabulary, ids[at], ids[at + 1]);
  }
  return n;
}

// Each tokenizer's tokens of text[from, to), packed eight bits each.
function packedCosts(text: string, from: number, to: number, encoder: Encoder): number {
  const [o200k, cl100k, claude] = encoder.vocabularies;
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
