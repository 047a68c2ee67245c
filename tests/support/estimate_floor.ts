/**
 * The estimator's promise checked on slices of a text: never below the
 * largest count of three real tokenizers.
 */
import assert from "node:assert/strict";
import { estimateTokens } from "../../mod.ts";
import { max3 } from "../../dev/tokenizers.ts";

/**
 * Fails unless the estimate is at least every real tokenizer's count on each
 * whole slice of `text` of each of `sizes` characters (`label` names the text).
 */
export function assertEstimateCoversSlices(label: string, text: string, sizes: number[]): void {
  for (const size of sizes) {
    for (let start = 0; start + size <= text.length; start += size) {
      const page = text.slice(start, start + size);
      const real = max3(page);
      assert.ok(
        estimateTokens(page) >= real,
        `${label} at ${start}+${size}: ${estimateTokens(page)} < ${real}`,
      );
    }
  }
}
