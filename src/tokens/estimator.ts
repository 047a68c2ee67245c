/**
 * The token estimator as the library uses it: a one-pass scan that stays at
 * or above the largest of o200k_base, cl100k_base and the Claude tokenizer
 * (_scan.ts; how it prices text: docs/tokens-design.md), its default
 * weights, and the bounds that prove a text fits without scanning it.
 *
 * @module
 */

import {
  BASE64URL_PER_CHAR,
  MAX_TOKENS_PER_ASCII_UNIT,
  MAX_TOKENS_PER_CODE_UNIT,
} from "./_ascii_weights.ts";

export { type Scan, scan } from "./_scan.ts";
export { DEFAULT_WEIGHTS, type Weights } from "./_weights.ts";

/**
 * A bound on the tokens `scan` (and so `estimateTokens`) counts per UTF-16
 * code unit, for every string: `estimateTokens(s) <= s.length *
 * MAX_TOKENS_PER_CODE_UNIT` (tools/ascii_bounds.ts proves it from the
 * weights and the table: 15 for U+FDFA, which NFKC spells out as 18
 * letters, the dearest of the BMP).
 */
export { MAX_TOKENS_PER_CODE_UNIT };

/**
 * A bound on the tokens `scan` counts per character of text that is all
 * ASCII (without what only a non-ASCII neighbour adds): what proves a short
 * ASCII text fits without estimating it.
 */
export { MAX_TOKENS_PER_ASCII_UNIT };

/**
 * The most tokens `estimateTokens` counts for any base64url string (letters,
 * digits, "-" and "_") of `length` characters: every run of such a string is
 * a letter run, a digit run or a run of "-" and "_", each priced at most
 * `length` times the dearest price per character of those classes.
 *
 * @example
 * ```ts
 * import { assert } from "@std/assert";
 * import { cursorTokens } from "./estimator.ts";
 * import { estimateTokens } from "./estimate_tokens.ts";
 *
 * const cursor = "AgSLAQAo-qniuew9FvONNJXWOA";
 * assert(estimateTokens(cursor) <= cursorTokens(cursor.length));
 * ```
 */
export function cursorTokens(length: number): number {
  return Math.ceil(length * BASE64URL_PER_CHAR);
}
