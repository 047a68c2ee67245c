/**
 * Token counting. The default is a one-pass estimate calibrated to stay at or
 * above the largest of three real tokenizers (o200k_base, cl100k_base and the
 * Claude tokenizer) on real tool output; an exact tokenizer can be plugged in.
 *
 * @module
 */

import { DEFAULT_WEIGHTS, scan } from "./_estimator.ts";

/**
 * Counts the tokens of a text. Must return a finite, non-negative number;
 * a counter that throws or returns anything else is replaced by
 * {@linkcode estimateTokens} for that call.
 *
 * @example Plug in an exact tokenizer (one line)
 * ```ts ignore
 * import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
 * import { createPager } from "@pagewise/mcp";
 *
 * const pager = createPager({ countTokens });
 * ```
 */
export type TokenCounter = (text: string) => number;

/**
 * Estimates the tokens of `text` without a tokenizer: about 100 million
 * characters a second, and calibrated to count no fewer tokens than
 * o200k_base, cl100k_base or the Claude tokenizer on real tool output
 * (JSON, code, logs, CJK, Indic scripts, emoji, base64, hex ids). See
 * bench/README.md for the measured ratios.
 *
 * @example
 * ```ts
 * import { estimateTokens } from "@pagewise/mcp";
 *
 * const tokens = estimateTokens('{"id": 1, "title": "Hello"}');
 * console.log(tokens > 0); // true
 * ```
 */
export function estimateTokens(text: string): number {
  return Math.ceil(scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost);
}
