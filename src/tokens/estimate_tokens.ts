/**
 * Token counting. The default is a one-pass estimate that stays at or above
 * the largest of three real tokenizers (o200k_base, cl100k_base and the
 * Claude tokenizer); an exact tokenizer can be plugged in.
 *
 * @module
 */

import { DEFAULT_WEIGHTS, scan } from "./estimator.ts";

/**
 * Counts the tokens of a text. Must return a finite, non-negative number;
 * a counter that throws or returns anything else is replaced by
 * {@linkcode estimateTokens} for that call.
 *
 * @example Plug in an exact tokenizer (one line)
 * ```ts
 * import { assert } from "@std/assert";
 * import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
 * import { createPager } from "@pagewise/mcp";
 *
 * const pager = createPager({ countTokens, maxTokens: 1_000 });
 * const page = await pager.page("word ".repeat(5_000), { scope: "read {}" });
 * assert(page.cut && countTokens(page.text) <= 1_000);
 * ```
 */
export type TokenCounter = (text: string) => number;

/**
 * Estimates the tokens of `text` without a tokenizer, in one pass (45 to 185
 * million characters a second, by kind of text; bench/README.md), never fewer
 * than the largest of o200k_base, cl100k_base and the Claude tokenizer count
 * on any text measured: prose in 47 writing systems, data-like text (hex,
 * UUIDs, base64, JWTs, numbers, CSV, minified code, paths, URLs, emoji),
 * random text of every Unicode block, and real tool output. Non-ASCII code points are priced from the
 * tokenizers' own counts for each code point; ASCII runs with weights
 * fitted on text. The Claude tokenizer that is public is the legacy one
 * (`@anthropic-ai/tokenizer`); current Claude models' tokenizer is not
 * published, so plug in a counter for it if you need exact counts. See
 * bench/README.md for the measured ratios.
 *
 * @example
 * ```ts
 * import { assert, assertEquals } from "@std/assert";
 * import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
 * import { estimateTokens } from "@pagewise/mcp";
 *
 * const text = '{"id": 1, "title": "Hello"}';
 * assert(estimateTokens(text) >= countTokens(text)); // at or above a real tokenizer
 * assertEquals(estimateTokens(""), 0);
 * ```
 */
export function estimateTokens(text: string): number {
  return Math.ceil(scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost);
}
