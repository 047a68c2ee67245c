/**
 * A later page of a 50 MB run of one letter with no character limit: the
 * page reads at most 256 characters a token of its budget, not the whole
 * rest of the run (src/limits/measure.ts). The floor is hashing the 50 MB text.
 * Also the estimate of a 50 MB run of the alphabet repeated, whose floor
 * counts the letters repeated within twelve: one pass, not a look back per
 * letter. And the estimate of 50 MB of blank lines between one-letter
 * lines, and of one 50 MB run of line breaks: whitespace is priced per
 * tokenizer, once per run. And 1 MB of random punctuation, one run encoded in
 * pieces of 128 characters: its estimate, and a later page of it, which
 * encodes the pieces the page holds, not the rest of the run.
 *
 *     deno bench bench/huge_run_bench.ts
 */
import { createPager, estimateTokens } from "../mod.ts";

const text = "a".repeat(50_000_000);
const pager = createPager({ maxTokens: 20_000, maxChars: Infinity });
const first = await pager.page(text, { scope: "bench" });

Deno.bench("a later page of a 50 MB run of one letter, maxChars Infinity", async () => {
  await pager.page(text, { scope: "bench", cursor: first.nextCursor });
});

const bytes = new TextEncoder().encode(text);
Deno.bench("floor: SHA-256 of the 50 MB text", async () => {
  await crypto.subtle.digest("SHA-256", bytes);
});

const alphabet = "abcdefghijklmnopqrstuvwxyz".repeat(2_000_000);
Deno.bench("estimateTokens of a 52 MB run of the alphabet repeated", () => {
  estimateTokens(alphabet);
});

const blankLines = "\n\nx".repeat(50_000_000 / 3);
Deno.bench("estimateTokens of 50 MB of blank lines between one-letter lines", () => {
  estimateTokens(blankLines);
});

const lineBreaks = "\n".repeat(50_000_000);
Deno.bench("estimateTokens of a 50 MB run of line breaks", () => {
  estimateTokens(lineBreaks);
});

const marks = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
let seed = 7;
const punctuation = Array.from({ length: 1 << 20 }, () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return marks[seed % 32];
}).join("");
Deno.bench("estimateTokens of a 1 MB run of random punctuation", () => {
  estimateTokens(punctuation);
});

const firstMarks = await pager.page(punctuation, { scope: "bench" });
Deno.bench("a later page of a 1 MB run of random punctuation", async () => {
  await pager.page(punctuation, { scope: "bench", cursor: firstMarks.nextCursor });
});
