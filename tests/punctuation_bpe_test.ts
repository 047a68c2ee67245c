import assert from "node:assert/strict";
import fc from "fast-check";
import {
  bytePairTokens,
  encodeTokens,
  punctuationCosts,
  punctuationRanks,
} from "../src/_punctuation_bpe.ts";
import { PUNCTUATION_TOKENS } from "../src/_punctuation.ts";
import { KEPT, punctuationTokens } from "../bench/punctuation.ts";
import { DEFAULT_WEIGHTS, scan } from "../src/_estimator.ts";
import { cl100k, claude2, o200k } from "../dev/tokenizers.ts";

const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const TOKENIZERS = [o200k, cl100k, claude2];

// What each tokenizer gives a run of punctuation between a letter and a
// digit, which neither merges with it.
function realCosts(run: string): number[] {
  return TOKENIZERS.map((count) => count("x" + run + "0") - count("x") - count("0"));
}

function costsOf(run: string): number[] {
  const out = new Float64Array(3);
  punctuationCosts(run, 0, run.length, out);
  return [...out];
}

Deno.test("the stored punctuation tokens are the tokenizers' lowest-ranked ones today", () => {
  const today = punctuationTokens().map((tokens) => {
    const list = tokens.slice(0, KEPT);
    const ranks = new Map(list.map((token, rank) => [token, rank]));
    return encodeTokens(list.filter((token) => bytePairTokens(token, ranks) === 1));
  });
  assert.deepEqual(today, [...PUNCTUATION_TOKENS]);
});

Deno.test("tokens are stored as letters and read back as punctuation", () => {
  const tokens = [PUNCTUATION, " {", "\\\\", '"`'];
  const ranks = punctuationRanks(encodeTokens(tokens));
  assert.deepEqual([...ranks], tokens.map((token, rank) => [token, rank]));
  assert.match(encodeTokens(tokens), /^[A-Za-z ]+$/);
});

Deno.test("byte-pair encoding merges the lowest-ranked pair first", () => {
  const ranks = new Map([["=!", 0], ["!=", 1], ["==", 2], ["!==", 3]]);
  // "=!" first leaves "=!", "=", "=" and then "==": two tokens, where "!=="
  // would be one if "!=" went first.
  assert.equal(bytePairTokens("=!==", ranks), 2);
  assert.equal(bytePairTokens("!==", ranks), 1);
  assert.equal(bytePairTokens("", ranks), 0);
});

// Runs whose merges are all among the kept tokens: exact. Others whose last
// merge is dearer than the kept ones (",,," is one token in o200k_base) come
// out a token or two over, never under (the property below).
Deno.test("common runs of punctuation cost exactly what each tokenizer counts", () => {
  const runs = [
    "&&",
    "||",
    "#{",
    "}-#{",
    '":"',
    "-->",
    "*/",
    " {",
    ");",
    "});",
    "|---|---|",
    "\\\\",
    '\\"',
    "://",
    "...",
    "??=",
    "===",
    "${",
    "}}",
    "]]",
    '"])',
    "));",
    "/**",
    "<!--",
    "/>",
    "###",
    "**",
    "->",
    "::",
    "++",
    "#!/",
    "../",
  ];
  for (const run of runs) {
    assert.deepEqual(costsOf(run), realCosts(run), JSON.stringify(run));
  }
});

Deno.test("a run of punctuation never costs fewer tokens than any tokenizer counts", () => {
  const run = fc.tuple(
    fc.boolean(),
    fc.oneof(
      fc.string({ unit: fc.constantFrom(...PUNCTUATION), minLength: 1, maxLength: 40 }),
      // Few distinct marks, as real runs have them ("-->", ",,,,", "*/").
      fc.constantFrom(...PUNCTUATION).chain((a) =>
        fc.constantFrom(...PUNCTUATION).chain((b) =>
          fc.string({ unit: fc.constantFrom(a, b), minLength: 1, maxLength: 300 })
        )
      ),
    ),
  ).map(([spaced, body]) => (spaced ? " " : "") + body);
  fc.assert(
    fc.property(run, (text) => {
      const costs = costsOf(text);
      const real = realCosts(text);
      for (let t = 0; t < 3; t++) {
        if (costs[t] < real[t]) return false;
        if (costs[t] > text.length) return false;
      }
      return true;
    }),
    { numRuns: 600, seed: 17 },
  );
});

Deno.test("a long run of punctuation is encoded in pieces, each seam a token more at most", () => {
  const run = "-".repeat(1_000);
  const costs = costsOf(run);
  const real = realCosts(run);
  for (let t = 0; t < 3; t++) {
    assert.ok(costs[t] >= real[t], `${costs[t]} < ${real[t]}`);
    // Eight pieces of 128 or fewer, each a few tokens, and seven seams.
    assert.ok(costs[t] <= real[t] + 7 + 8 * 2, `${costs[t]} vs ${real[t]}`);
  }
});

Deno.test("a single space before punctuation is priced with it, as the pre-tokenizers cut it", () => {
  // " {" is one token in all three: the text costs the letter and that token.
  const spaced = scan("x {", 0, 3, DEFAULT_WEIGHTS, Infinity).cost;
  const bare = scan("x{", 0, 2, DEFAULT_WEIGHTS, Infinity).cost;
  assert.ok(Math.abs(spaced - bare) < 1e-9, `${spaced} vs ${bare}`);
});

Deno.test("a budgeted scan stops inside a run of punctuation at a prefix that fits", () => {
  const text = "x " + ",,,;;;:::".repeat(50);
  const whole = scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
  for (const share of [0.1, 0.37, 0.5, 0.93]) {
    const limit = whole * share;
    const { end, cost } = scan(text, 0, text.length, DEFAULT_WEIGHTS, limit);
    assert.ok(cost <= limit, `${cost} > ${limit}`);
    assert.equal(cost, scan(text, 0, end, DEFAULT_WEIGHTS, Infinity).cost);
    assert.ok(end > 2 && end < text.length, `${end}`);
  }
});
