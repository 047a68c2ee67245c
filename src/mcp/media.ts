/**
 * What media blocks cost on a page.
 *
 * @module
 */

/**
 * Tokens an image or audio block counts for: about what a model pays for a
 * 1,092 × 1,092 image (pixels ÷ 750). Media data never counts as text.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { MEDIA_TOKENS } from "@pagewise/mcp";
 *
 * // Room left for text beside two screenshots on a 20,000-token page:
 * assertEquals(20_000 - 2 * MEDIA_TOKENS, 16_800);
 * ```
 */
export const MEDIA_TOKENS = 1_600;
