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

// The characters of punctuation tokens, and the letters that stand for them
// in src/tokens/_punctuation_tokens.ts (no character there needs escaping).
const SYMBOLS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \n\r";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi";

/**
 * Tokens as src/tokens/_punctuation_tokens.ts stores them: each character as a letter, a
 * space between tokens.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { encodeTokens } from "./_punctuation_bpe.ts";
 *
 * assertEquals(encodeTokens(["!=", " {"]), "AS gc");
 * ```
 */
export function encodeTokens(tokens: readonly string[]): string {
  return tokens.map((token) => Array.from(token, (c) => LETTERS[SYMBOLS.indexOf(c)]).join(""))
    .join(" ");
}

/**
 * The ranks of the tokens in `encoded` (see {@linkcode encodeTokens}), from 0.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { punctuationRanks } from "./_punctuation_bpe.ts";
 *
 * assertEquals(punctuationRanks("AS gc"), new Map([["!=", 0], [" {", 1]]));
 * ```
 */
export function punctuationRanks(encoded: string): Map<string, number> {
  const ranks = new Map<string, number>();
  if (encoded === "") return ranks;
  encoded.split(" ").forEach((token, rank) => {
    ranks.set(Array.from(token, (c) => SYMBOLS[LETTERS.indexOf(c)]).join(""), rank);
  });
  return ranks;
}

/** The longest run of punctuation encoded whole (see {@linkcode punctuationCosts}). */
export const PIECE = 128;

// Costs of short pieces (up to five characters with the space), direct-mapped
// by their characters packed six bits each: a page of JSON or code repeats a
// few dozen runs ('":"', '},{', ' = '). Longer pieces are remembered by their
// text, up to LONG_MEMO of them.
const SHORT_BITS = 12;
const SHORT_KEY = new Int32Array(1 << SHORT_BITS).fill(-1);
const SHORT_COSTS = new Int32Array(1 << SHORT_BITS);
const LONG_MEMO = 4096;
const long = new Map<string, number>();

/**
 * The six-bit code of each ASCII punctuation character (1 to 32) for the keys
 * of {@linkcode shortPacked}; the space's is {@linkcode SPACE_CODE}.
 */
export const PUNCTUATION_CODE: Uint8Array = new Uint8Array(128);
for (let c = 33, code = 1; c < 127; c++) {
  if (!/[\p{L}\p{N}]/u.test(String.fromCharCode(c))) PUNCTUATION_CODE[c] = code++;
}
/** The six-bit code of the space. */
export const SPACE_CODE = 33;
PUNCTUATION_CODE[32] = SPACE_CODE;
PUNCTUATION_CODE[10] = 34;
PUNCTUATION_CODE[13] = 35;
const CODE = PUNCTUATION_CODE;

/** The longest run {@linkcode shortPacked} takes: five characters, thirty bits. */
export const SHORT = 5;

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
  const slot = (key ^ key >>> SHORT_BITS ^ key >>> 24) & ((1 << SHORT_BITS) - 1);
  if (SHORT_KEY[slot] !== key) {
    SHORT_KEY[slot] = key;
    SHORT_COSTS[slot] = packedCosts(text, from, to);
  }
  return SHORT_COSTS[slot];
}

// The encoding by token ids: a character is its code less one (0 to 34), the
// token of rank r is 35 + r, and a pair of adjacent ids merges into
// `pairs.get(left << 12 | right)`, which is `rank << 12 | id` (the lowest
// rank first, as by text). Made on the first run of punctuation to encode:
// a text without any pays nothing for it.
const SYMBOL_IDS = 35;
const NO_PAIR = 0x7fffffff;
let merges: Array<Map<number, number>> | undefined;

function loadMerges(): Array<Map<number, number>> {
  return PUNCTUATION_TOKENS.map((encoded) => {
    const ranks = punctuationRanks(encoded);
    const ids = new Map<string, number>();
    for (const symbol of SYMBOLS) ids.set(symbol, CODE[symbol.charCodeAt(0)] - 1);
    for (const [token, rank] of ranks) ids.set(token, SYMBOL_IDS + rank);
    const pairs = new Map<number, number>();
    for (const [token, rank] of ranks) {
      for (let cut = 1; cut < token.length; cut++) {
        const left = ids.get(token.slice(0, cut));
        const right = ids.get(token.slice(cut));
        if (left !== undefined && right !== undefined) {
          pairs.set(left << 12 | right, rank << 12 | (SYMBOL_IDS + rank));
        }
      }
    }
    return pairs;
  });
}

/**
 * Per tokenizer, the merges of the encoding by ids (`left << 12 | right` to
 * `rank << 12 | id`), as made from src/tokens/_punctuation_tokens.ts: for
 * tests/tokens/tables_test.ts.
 */
export function decodedMerges(): ReadonlyArray<ReadonlyMap<number, number>> {
  return merges ??= loadMerges();
}

const IDS = new Int32Array(PIECE);
const PAIRS = new Int32Array(PIECE);

// The tokens of the byte-pair encoding of text[from, to) (at most PIECE
// characters of SYMBOLS) with the merges `pairs`: the encoding by text of
// dev/byte_pair.ts (which the tests hold this to), by ids.
function encodedTokens(text: string, from: number, to: number, pairs: Map<number, number>): number {
  let n = to - from;
  for (let i = 0; i < n; i++) IDS[i] = CODE[text.charCodeAt(from + i)] - 1;
  for (let i = 0; i + 1 < n; i++) PAIRS[i] = pairs.get(IDS[i] << 12 | IDS[i + 1]) ?? NO_PAIR;
  while (n > 1) {
    let best = NO_PAIR;
    let at = -1;
    for (let i = 0; i + 1 < n; i++) {
      if (PAIRS[i] < best) {
        best = PAIRS[i];
        at = i;
      }
    }
    if (at < 0) break;
    IDS[at] = best & 4095;
    IDS.copyWithin(at + 1, at + 2, n);
    PAIRS.copyWithin(at + 1, at + 2, n - 1);
    n--;
    if (at > 0) PAIRS[at - 1] = pairs.get(IDS[at - 1] << 12 | IDS[at]) ?? NO_PAIR;
    if (at + 1 < n) PAIRS[at] = pairs.get(IDS[at] << 12 | IDS[at + 1]) ?? NO_PAIR;
  }
  return n;
}

// Each tokenizer's tokens of text[from, to), packed eight bits each.
function packedCosts(text: string, from: number, to: number): number {
  const [o200k, cl100k, claude] = merges ??= loadMerges();
  return encodedTokens(text, from, to, o200k) | encodedTokens(text, from, to, cl100k) << 8 |
    encodedTokens(text, from, to, claude) << 16;
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
    for (let i = from; i < to; i++) key = key << 6 | CODE[text.charCodeAt(i)];
    return shortPacked(key, text, from, to);
  }
  const piece = text.slice(from, to);
  let costs = long.get(piece);
  if (costs === undefined) {
    costs = packedCosts(text, from, to);
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
 * const out = new Float64Array(3);
 * punctuationCosts('a":"b', 1, 4, out);
 * assertEquals([...out], [1, 1, 1]);
 * ```
 */
export function punctuationCosts(text: string, from: number, to: number, out: Float64Array): void {
  const n = to - from;
  if (n <= PIECE) {
    const costs = punctuationPacked(text, from, to);
    out[0] = costs & 255;
    out[1] = (costs >> 8) & 255;
    out[2] = costs >> 16;
    return;
  }
  out[0] = out[1] = out[2] = Math.ceil(n / PIECE) - 1;
  for (let at = from; at < to; at += PIECE) {
    const costs = punctuationPacked(text, at, Math.min(to, at + PIECE));
    out[0] += costs & 255;
    out[1] += (costs >> 8) & 255;
    out[2] += costs >> 16;
  }
  for (let t = 0; t < 3; t++) out[t] = Math.min(out[t], n);
}
