import assert from "node:assert/strict";
import fc from "fast-check";
import { estimateTokens } from "../../mod.ts";
import {
  cursorTokens,
  DEFAULT_WEIGHTS,
  MAX_TOKENS_PER_ASCII_UNIT,
  MAX_TOKENS_PER_CODE_UNIT,
  scan,
  type Weights,
} from "../../src/tokens/estimator.ts";
import * as features from "../../src/tokens/_features.ts";
import { FEATURES, GROUP_NAMES } from "../../src/tokens/_features.ts";
import { makeWeights } from "../../src/tokens/_weights.ts";
import { categoryOf, categoryPrices } from "../../src/tokens/_code_points.ts";
import { camelPieces, isKnownWord, letterRepeats } from "../../dev/token_words.ts";
import { BASE64URL_PER_CHAR } from "../../src/tokens/_ascii_weights.ts";
import { asciiBounds } from "../../tools/ascii_bounds.ts";
import { isCoarse } from "../../tools/code_point_prices.ts";
import { codePointCost, TOKENIZERS } from "../../dev/code_point_cost.ts";
import { generate, random, type TextKind } from "../../dev/generate.ts";
import { FLOOR_KINDS } from "../../dev/data_text.ts";
import { max3 } from "../../dev/tokenizers.ts";
import { assertEstimateCoversSlices } from "../support/estimate_floor.ts";
import { asciiAlternations, REVIEWED_RUNS, SPACED_RUNS } from "../../dev/reviewed_runs.ts";

const UNMEASURED = /^[\p{Cn}\p{Co}]$/u;
const { alone: ALONE, start: START } = categoryPrices();
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Any string: code points of every plane, lone surrogates of both halves, and
// the code points that cost the most alone, in runs of every ASCII shape.
const anyText = fc.array(
  fc.oneof(
    fc.integer({ min: 0, max: 0x10ffff }).map((cp) =>
      cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp)
    ),
    fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)),
    fc.string({ unit: fc.constantFrom(...'aZ0 \n\t.-_{"') }),
    fc.constantFrom("\ufdfa", "\ufdfb", "\u3300", "\u2474", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "\u0301", " ", "aB"),
    // words priced as one token where they stand alone
    fc.constantFrom("include", "The", "HTTP", "function", "Nimbus", "get", "Element", "'", "("),
  ),
  { maxLength: 40 },
).map((parts) => parts.join(""));

Deno.test("the table gives sampled code points the tokenizers' own prices, alone and after a space", () => {
  const rng = random(2024);
  const sample = [0, 9, 32, 0x7f, 0xa0, 0xd800, 0xdfff, 0xfdfa, 0xfffd, 0x1f600, 0xe0067, 0x10ffff];
  for (let i = 0; i < 400; i++) sample.push(Math.floor(rng() * 0x10000));
  for (let i = 0; i < 200; i++) sample.push(0x10000 + Math.floor(rng() * 0x100000));
  for (const cp of sample) {
    const real = codePointCost(cp);
    const k = 3 * categoryOf(cp);
    TOKENIZERS.forEach((name, t) => {
      const at = `U+${cp.toString(16)} (${name})`;
      if (cp >= 0x10000 && UNMEASURED.test(String.fromCodePoint(cp))) {
        // Unassigned or private use beyond the BMP: the byte-level bound.
        assert.ok(ALONE[k + t] === 4 && real.alone[t] <= 4, `${at} alone`);
        assert.ok(ALONE[k + t] + START[k + t] >= real.afterSpace[t], `${at} spaced`);
        return;
      }
      if (isCoarse(cp)) {
        // Rare text: the dearest prices of the code point's 256-code-point page.
        assert.ok(ALONE[k + t] >= real.alone[t], `${at} alone`);
        assert.ok(ALONE[k + t] + START[k + t] >= real.afterSpace[t], `${at} spaced`);
        return;
      }
      assert.equal(ALONE[k + t], Math.min(255, real.alone[t]), `${at} alone`);
      assert.equal(START[k + t], Math.max(0, real.afterSpace[t] - real.alone[t]), `${at} spaced`);
    });
  }
});

Deno.test("no string costs more than MAX_TOKENS_PER_CODE_UNIT per code unit", () => {
  fc.assert(
    fc.property(anyText, (text) => {
      assert.ok(
        estimateTokens(text) <= text.length * MAX_TOKENS_PER_CODE_UNIT,
        `${JSON.stringify(text)}: ${
          estimateTokens(text)
        } > ${text.length} x ${MAX_TOKENS_PER_CODE_UNIT}`,
      );
    }),
    { numRuns: 3_000 },
  );
});

Deno.test("no ASCII text costs more than MAX_TOKENS_PER_ASCII_UNIT per character", () => {
  const ascii = fc.string({
    unit: fc.oneof(
      fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)),
      fc.constantFrom(...'aZ0 \n\t.-_{"qX'),
    ),
    maxLength: 200,
  });
  fc.assert(
    fc.property(ascii, (text) => {
      const cost = scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
      assert.ok(cost <= text.length * MAX_TOKENS_PER_ASCII_UNIT + 1e-9, JSON.stringify(text));
    }),
    { numRuns: 3_000 },
  );
  for (const unit of ["\t", "\t ", "aB", "qX", "1", "1-", " \t", "\n "]) {
    const text = unit.repeat(50);
    const cost = scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
    assert.ok(cost <= text.length * MAX_TOKENS_PER_ASCII_UNIT + 1e-9, JSON.stringify(text));
  }
});

Deno.test("each feature index the scan uses is its feature's place in FEATURES", () => {
  const names: Record<string, string> = {
    DIGITS: "digits.runs",
    SPACE_SINGLE: "space.single",
    SPACE: "space.runs.o200k",
    NEWLINE: "newline.runs.o200k",
    PUNCT_NEWLINE: "punctNewline.runs.claude",
    SPACE_NEWLINE: "spaceNewline.runs.o200k",
    INDENT: "indent.runs.o200k",
    TAB: "tab.runs.o200k",
    FRAGMENT: "fragment.runs",
    RARE_TRIGRAMS: "letters.rareTrigrams",
    KNOWN: "known.runs",
    KNOWN_GLUED: "known.glued",
    KNOWN_CAMEL: "known.camel",
  };
  for (const [constant, name] of Object.entries(names)) {
    assert.equal(features[constant as keyof typeof features], FEATURES.indexOf(name), constant);
  }
  assert.equal(features.SHAPE_BASE, FEATURES.indexOf("lower.runs"));
  assert.equal(features.FIXED, FEATURES.length);
  assert.equal(features.FLOORED, FEATURES.length + 3 * GROUP_NAMES.length);
  assert.equal(features.FLOORS, features.FLOOR_NAMES.length);
});

Deno.test("the shipped bounds are the ones tools/ascii_bounds.ts proves from the weights and the table", () => {
  const bounds = asciiBounds(DEFAULT_WEIGHTS);
  assert.equal(MAX_TOKENS_PER_CODE_UNIT, bounds.perCodeUnit);
  assert.equal(MAX_TOKENS_PER_ASCII_UNIT, bounds.perAsciiUnit);
  assert.equal(BASE64URL_PER_CHAR, bounds.base64urlPerChar);
});

Deno.test("MAX_TOKENS_PER_CODE_UNIT is reached: one code unit costs that much", () => {
  // U+FDFA alone is 15 tokens for the Claude tokenizer (NFKC spells it out).
  assert.equal(estimateTokens("\ufdfa"), MAX_TOKENS_PER_CODE_UNIT);
  assert.equal(max3("\ufdfa"), MAX_TOKENS_PER_CODE_UNIT);
});

Deno.test("a base64url cursor of any length from 1 to 200 costs at most cursorTokens(length)", () => {
  fc.assert(
    fc.property(
      fc.string({ unit: fc.constantFrom(...B64URL), minLength: 1, maxLength: 200 }),
      (s) => {
        assert.ok(estimateTokens(s) <= cursorTokens(s.length), `${s}: ${estimateTokens(s)}`);
      },
    ),
    { numRuns: 5_000 },
  );
  // The worst shapes: one-character runs of every class, alternating.
  for (const unit of ["a-", "1-", "a1", "A1", "-1a", "aB", "_1A"]) {
    for (let n = 20; n <= 60; n++) {
      const s = unit.repeat(n).slice(0, n);
      assert.ok(estimateTokens(s) <= cursorTokens(n), `${s}: ${estimateTokens(s)}`);
    }
  }
});

Deno.test("cursorTokens bounds the real tokenizers too", () => {
  const rng = random(99);
  for (let i = 0; i < 200; i++) {
    const n = 20 + Math.floor(rng() * 41);
    let s = "";
    for (let j = 0; j < n; j++) s += B64URL[Math.floor(rng() * 64)];
    assert.ok(max3(s) <= cursorTokens(n), s);
  }
});

// Weights whose whitespace prices differ by tokenizer as far as they can:
// o200k_base dear on line breaks, the Claude tokenizer on spaces, cl100k_base
// on tabs; every other ASCII price 0.1.
function splitWhitespaceWeights(): Weights {
  const ascii = FEATURES.map((name) =>
    /^(newline\.\w+\.o200k|space\.\w+\.claude|indent\.\w+\.claude|tab\.\w+\.cl100k)$/.test(name)
      ? 2
      : /\.(o200k|cl100k|claude)$/.test(name)
      ? 0
      : 0.1
  );
  return makeWeights(ascii, {});
}

Deno.test("whitespace runs are summed per tokenizer with its table prices, the largest sum counting", () => {
  const weights = splitWhitespaceWeights();
  const priceOf = (text: string) => scan(text, 0, text.length, weights, Infinity).cost;
  // Two letter runs at their floor of one token each; the line break costs
  // 2 + 2 in o200k_base's sum, nothing in the others.
  assert.equal(priceOf("a\nb"), 2 + 4);
  // Line breaks in o200k_base's sum, tabs in cl100k_base's: the larger sum.
  assert.equal(priceOf("a\n\tb"), 2 + 4);
  assert.equal(priceOf("a\n\t\t\t\tb"), 2 + 2 + 2 * 4);
  // A code point after the run adds its own price to each sum.
  const k = 3 * categoryOf(0x4e2d);
  const sums = [4 + ALONE[k], ALONE[k + 1], ALONE[k + 2]];
  assert.equal(priceOf("a\n\u4e2d") - 1, Math.max(...sums));
});

Deno.test("two spaces or more cost each tokenizer's sum a token at least, whatever the fitted prices", () => {
  // All three put every space but the last in a piece of their own. The fit
  // had left cl100k_base's sum 0.46 for such a run, and "  中文文本" × n at
  // 0.948 of its count; these weights price all ASCII at 0.
  const weights = makeWeights(new Float64Array(FEATURES.length), {});
  const k = 3 * categoryOf(0x4e2d);
  const alone = Math.max(
    ALONE[k] + START[k],
    ALONE[k + 1] + START[k + 1],
    ALONE[k + 2] + START[k + 2],
  );
  for (let n = 2; n <= 70; n++) {
    const text = " ".repeat(n) + "\u4e2d";
    assert.ok(scan(text, 0, text.length, weights, Infinity).cost >= 1 + alone, `${n} spaces`);
  }
  assert.equal(scan(" \u4e2d", 0, 2, weights, Infinity).cost, alone);
});

for (
  const [name, weights] of [["default", DEFAULT_WEIGHTS], [
    "split",
    splitWhitespaceWeights(),
  ]] as const
) {
  Deno.test(`a budgeted scan stops where the next code point would go over the budget (${name} weights)`, () => {
    fc.assert(
      fc.property(anyText, fc.double({ min: 0, max: 60, noNaN: true }), (text, budget) => {
        const { end, cost } = scan(text, 0, text.length, weights, budget);
        assert.ok(cost <= budget);
        assert.equal(cost, scan(text, 0, end, weights, Infinity).cost);
        assert.equal(cost, scan(text.slice(0, end), 0, end, weights, Infinity).cost);
        if (end < text.length) {
          const c = text.charCodeAt(end);
          const next = end + (c >= 0xd800 && c <= 0xdbff && end + 1 < text.length ? 2 : 1);
          assert.ok(scan(text, 0, next, weights, Infinity).cost > budget, `${end}`);
        }
      }),
      { numRuns: 3_000 },
    );
  });
}

// The contract of a budgeted scan: within the budget, the cost of its prefix
// as a text of its own, and the prefix one code unit longer over the budget.
function assertBudgetedScan(text: string, budget: number): void {
  const { end, cost } = scan(text, 0, text.length, DEFAULT_WEIGHTS, budget);
  const at = `${JSON.stringify(text)} at ${budget}`;
  assert.ok(cost <= budget, at);
  assert.equal(cost, scan(text, 0, end, DEFAULT_WEIGHTS, Infinity).cost, at);
  if (end < text.length) {
    // (Within the last bits: a prefix that fits only by the rounding of
    // another order of its sums may be left out, a page a code unit shorter,
    // never over: "   \n777 \r" at 4.835 less an ulp ended before the space.)
    assert.ok(scan(text, 0, end + 1, DEFAULT_WEIGHTS, Infinity).cost > budget - 1e-9, at);
  }
}

Deno.test("a budgeted scan that ends between a carriage return and its line feed prices the lone carriage return", () => {
  // A sixth review: the prefix " \r" was priced as inside " \r\n" (2.0003),
  // not as a text of its own, where the space before a lone carriage return
  // is a token apart (2.5504).
  for (const text of [" \r\n", "  \r\n", "1 \r\n\r\n\u0308", "x\t\r\nx", "a \r\n\r\n\r\nb"]) {
    const whole = scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
    for (let budget = 0; budget <= whole + 1; budget += 0.01) assertBudgetedScan(text, budget);
  }
});

Deno.test("a budgeted scan that ends before a lone carriage return prices the spaces before it as a text of its own", () => {
  // A seventh review: " \r" at 2.5504 came out 1.5501 (its prefix " " costs
  // 1), and at 1 ended before the space; "  \r" at 1.0854 held one space.
  const texts = [" \r", "x \rx", "  \r", "\r \r", "\n \rx", "  45%  |###   |  12 kB/s   \r  46%"];
  for (const text of texts) {
    const whole = scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
    for (let budget = 0; budget <= whole + 1; budget += 0.0013) assertBudgetedScan(text, budget);
  }
});

Deno.test("a budgeted scan that stops at a code point after a letter run keeps within the limit where the run is floored", () => {
  // Before a non-ASCII letter a run is a piece of a word; where the page ends
  // there it is a word of its own, and a short word's floor may take it over
  // the limit ("  abab中" at 3.0854 less an ulp came out 3.0854).
  for (const text of ["  abab中\r\n", "xqz中", "-Xqzé", "\\nHVE中", "ABCd中文", "qz\u0301x"]) {
    const whole = scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
    for (let budget = 0; budget <= whole + 1; budget += 0.0013) assertBudgetedScan(text, budget);
    for (let end = 1; end <= text.length; end++) {
      const cost = scan(text, 0, end, DEFAULT_WEIGHTS, Infinity).cost;
      for (const budget of [cost, cost - 1e-12, cost + 1e-12]) assertBudgetedScan(text, budget);
    }
  }
});

Deno.test("a budgeted scan keeps its contract on text of spaces, tabs and line breaks of every kind", () => {
  const piece = fc.constantFrom(" ", "  ", "\t", "\r", "\n", "\r\n", "x", "ab", ".", "\u4e2d", "7");
  // Budgets near the cost of a prefix, where a page ends.
  const near = fc.tuple(fc.nat(), fc.double({ min: -0.6, max: 1.2, noNaN: true }));
  fc.assert(
    fc.property(fc.array(piece, { minLength: 1, maxLength: 30 }), near, (parts, [k, delta]) => {
      const text = parts.join("");
      const cut = k % (text.length + 1);
      const budget = Math.max(0, scan(text, 0, cut, DEFAULT_WEIGHTS, Infinity).cost + delta);
      assertBudgetedScan(text, budget);
    }),
    { numRuns: 5_000 },
  );
});

Deno.test("a budgeted scan keeps a known word whole where a non-ASCII letter after it does not fit", () => {
  for (const text of ["The\ud800", "Theé", "The中", "includeé", "Hellóx"]) {
    const word = /^[A-Za-z]+/.exec(text)![0];
    const alone = scan(word, 0, word.length, DEFAULT_WEIGHTS, Infinity).cost;
    const { end, cost } = scan(text, 0, text.length, DEFAULT_WEIGHTS, alone + 0.25);
    assert.deepEqual([end, cost], [word.length, alone], text);
  }
});

// A prefix that ends a known word ("includ" + "e") or camel-case run of them
// ("getElem" + "ent") may cost less than the one before, and the one after it
// may cost less than the words: the whole word is one token, its start and
// its continuation not. So may one inside a run of punctuation or the line
// breaks after it (its encoding merges: "!-" is two tokens, "!--" one;
// '".\n' two in cl100k_base's kept tokens, '".\n\n' one) and one after a
// single space at the end (a whole token there, half one or less before more
// text).
function endsInKnownWords(text: string): boolean {
  const word = /[A-Za-z]+$/.exec(text)?.[0];
  return word !== undefined && (isKnownWord(word) || camelPieces(word) > 0);
}
function mayCostLess(prefix: string, longer: string): boolean {
  return endsInKnownWords(prefix) || endsInKnownWords(longer) ||
    /[!-/:-@[-`{-~]{2}$/.test(longer) || /[!-/:-@[-`{-~][\r\n]+$/.test(longer) ||
    /(^|[^ \n\r]) $/.test(prefix);
}
function assertPrefixPricesNeverFall(text: string): void {
  let last = 0;
  for (let end = 1; end <= text.length; end++) {
    const cost = scan(text, 0, end, DEFAULT_WEIGHTS, Infinity).cost;
    if (!mayCostLess(text.slice(0, end - 1), text.slice(0, end))) {
      assert.ok(cost >= last - 1e-9, `${JSON.stringify(text.slice(0, end))}: ${cost} < ${last}`);
    }
    last = cost;
  }
}

Deno.test("a longer prefix never costs less, but after a known word, a merge of punctuation (line breaks after it too) or a trailing space", () => {
  fc.assert(fc.property(anyText, assertPrefixPricesNeverFall), { numRuns: 1_000 });
});

Deno.test("the prefix check exempts line breaks that merge into the punctuation before them", () => {
  // A failing draw of the property above: '".\n\n' is fewer of cl100k_base's
  // kept tokens than '".\n', and the estimate follows them down.
  assertPrefixPricesNeverFall('\u{10350}".\n\n');
});

Deno.test("capitals that go on into lower case never cost less than the capitals alone", () => {
  const capitals = fc.string({
    unit: fc.constantFrom(..."QXZJVKWPMBAEIOU"),
    minLength: 1,
    maxLength: 30,
  });
  const lower = fc.string({
    unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"),
    maxLength: 12,
  });
  fc.assert(
    fc.property(capitals, lower, (a, b) => assertPrefixPricesNeverFall(a + b)),
    { numRuns: 2_000 },
  );
});

Deno.test("a scan from an offset prices the slice as a text of its own", () => {
  fc.assert(
    fc.property(anyText, anyText, anyText, (a, b, c) => {
      const text = a + b + c;
      const from = a.length;
      const to = a.length + b.length;
      assert.equal(
        scan(text, from, to, DEFAULT_WEIGHTS, Infinity).cost,
        scan(b, 0, b.length, DEFAULT_WEIGHTS, Infinity).cost,
      );
    }),
    { numRuns: 1_000 },
  );
});

Deno.test("a scan without a limit sums what one with room to spare and one with counts sum, to the bit", () => {
  // (Words of scripts with their own fast paths too: an accented letter
  // between ASCII letters, CJK and full-width forms, spaces that merge with
  // nothing, and "中文" and "ﬁ" that end a run of CJK in a group of discounted
  // code points, "é" one that goes on in the group of "ﬁ".)
  const prose = fc.array(
    fc.constantFrom(
      ...["the", "Include", "x", "HTTP", "42", " ", "  ", "\n", ",\n  ", ". "],
      ...[
        "é",
        "ệ",
        "日本語",
        "の",
        "、",
        "中文",
        "ﬁ",
        "한국어",
        "Ｔｅｓｔ",
        "ﾃｽﾄ",
        "\u3000",
        "\u00a0",
        "😀",
      ],
      ...["Привет", "नमस्ते", "x\u0301"],
    ),
  );
  fc.assert(
    fc.property(fc.oneof(anyText, prose.map((parts) => parts.join(""))), (text) => {
      const free = scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity);
      const roomy = scan(text, 0, text.length, DEFAULT_WEIGHTS, 1e12);
      const counted = scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity, new Float64Array(4096));
      assert.deepEqual(roomy, free);
      assert.deepEqual(counted, free);
    }),
    { numRuns: 2_000 },
  );
});

Deno.test("a code point goes on in the group of the CJK run before it, whatever the weights discount", () => {
  // The loop for CJK hands the group it ended on to the loop for the other
  // code points: "ﬁ" (U+FB01) and "é" share the Latin group, which the
  // default weights do not discount; these weights discount every group.
  const discounts = Object.fromEntries(GROUP_NAMES.map((name) => [name, 0.5]));
  const weights = makeWeights(DEFAULT_WEIGHTS.ascii, discounts, DEFAULT_WEIGHTS.floor);
  for (const text of ["\ufb01\u00e9", "x\ufb01\u00e9\u00e9", "\u4e2d\ufb01\u00e9 \ufb01\u00e9"]) {
    const free = scan(text, 0, text.length, weights, Infinity);
    assert.deepEqual(free, scan(text, 0, text.length, weights, 1e12), text);
    assert.deepEqual(
      free,
      scan(text, 0, text.length, weights, Infinity, new Float64Array(4096)),
      text,
    );
  }
  // ("é" after "ﬁ" is discounted, as after "ﬁ" priced by the other loop.)
  const none = makeWeights(DEFAULT_WEIGHTS.ascii, {}, DEFAULT_WEIGHTS.floor);
  assert.ok(
    scan("\ufb01\u00e9", 0, 2, weights, Infinity).cost <
      scan("\ufb01\u00e9", 0, 2, none, Infinity).cost,
  );
});

for (const [name, text] of Object.entries(REVIEWED_RUNS)) {
  Deno.test(`the estimate is at least every real tokenizer's count on ${name}`, () => {
    const real = max3(text);
    assert.ok(estimateTokens(text) >= real, `${estimateTokens(text)} < ${real}`);
  });
}

Deno.test("a single space at the end of a text costs a whole token, as it does in every tokenizer", () => {
  const priceOf = (text: string) => scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
  for (
    const [text, trailing] of [["word", "word "], ["x!", "x! "], ["7", "7 "], ["\u4e2d", "\u4e2d "]]
  ) {
    assert.ok(
      Math.abs(priceOf(trailing) - priceOf(text) - 1) < 1e-9,
      `${JSON.stringify(trailing)}: ${priceOf(trailing)} vs ${priceOf(text)}`,
    );
    assert.ok(max3(trailing) - max3(text) <= 1);
  }
  // Inside a text the space goes with what follows it and keeps its price.
  assert.ok(priceOf("word x") < priceOf("word ") + priceOf("x"));
});

Deno.test("a budgeted scan that cannot pay the whole token of a trailing space ends before it", () => {
  const text = "word word word";
  const priceOf = (end: number) => scan(text, 0, end, DEFAULT_WEIGHTS, Infinity).cost;
  // A budget that pays the space's fitted price but not its whole token.
  const budget = priceOf(4) + (priceOf(5) - priceOf(4)) / 2;
  const { end, cost } = scan(text, 0, text.length, DEFAULT_WEIGHTS, budget);
  assert.equal(end, 4);
  assert.equal(cost, priceOf(4));
});

Deno.test("text after two line breaks costs a token more: the Claude tokenizer cuts the last one off", () => {
  const priceOf = (text: string) => scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
  for (const next of ["x", "7", "(", "\u4e2d"]) {
    const extra = priceOf(`a\n\n${next}`) - priceOf("a\n\n");
    const once = priceOf(`a\n${next}`) - priceOf("a\n");
    assert.ok(Math.abs(extra - once - 1) < 1e-9, `${JSON.stringify(next)}: ${extra} vs ${once}`);
  }
  // Not before indentation: "\n\n   " is one token there.
  const afterIndent = (breaks: string) => priceOf(`a${breaks}    b`) - priceOf(`a${breaks}    `);
  assert.ok(Math.abs(afterIndent("\n\n") - afterIndent("\n")) < 1e-9);
});

Deno.test("a letter after a symbol, an ideograph, U+FFFD, a combining mark or a format character is a word of its own", () => {
  const priceOf = (text: string) => scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
  for (
    const before of [
      "\u2022",
      "\u2192",
      "\u20ac",
      "\u4e2d",
      "\u3042",
      "\u{1f600}",
      "s\u0336",
      // What a binary file read as UTF-8 is full of, and symbols that are
      // not letters: "y\ufffd" × 1000 was 0.835 (a third review).
      "\ufffd",
      "\ufffc",
      "\u00d7",
      "\u00f7",
      "\u2122",
      "\u2103",
      "\u2116",
      // Combining marks and format characters are no letters to cl100k_base
      // and the Claude tokenizer ("x\u0308" × 4,000 was 0.89: a fifth review).
      "x\u0308",
      "x\u0902",
      "x\u0e49",
      "x\ufe0f",
      "x\u20dd",
      "x\ufeff",
      "x\u0600",
    ]
  ) {
    assert.ok(priceOf(`${before}x`) - priceOf(before) >= 1, before);
  }
});

Deno.test("binary bytes read as UTF-8 between letters are priced as the tokenizers count them", () => {
  const bytes = new Uint8Array(60_000).map((_, i) =>
    i % 2 ? 97 + (i >> 8) % 26 : 0x80 + (i >> 1) % 128
  );
  const text = new TextDecoder().decode(bytes);
  assert.ok(estimateTokens(text) >= max3(text));
});

Deno.test("letterRepeats counts the letters equal, case folded, to one of the twelve before", () => {
  const byDefinition = (run: string) => {
    let repeats = 0;
    for (let i = 0; i < run.length; i++) {
      const seen = run.slice(Math.max(0, i - 12), i).toLowerCase();
      if (seen.includes(run[i].toLowerCase())) repeats++;
    }
    return repeats;
  };
  fc.assert(
    fc.property(
      fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCXYZ"), maxLength: 80 }),
      (run) => assert.equal(letterRepeats(run), byDefinition(run), run),
    ),
    { numRuns: 2_000 },
  );
});

Deno.test("a long word is priced by its letters, not at a token a letter", () => {
  // The floor of lower and title case counts repeated letters: a long word
  // has few, "nnnn" one a letter.
  const word = "internationalization";
  assert.ok(estimateTokens(word) >= max3(word));
  assert.ok(estimateTokens(word) < word.length / 2, `${estimateTokens(word)}`);
  assert.ok(estimateTokens("n".repeat(20)) > estimateTokens(word));
});

// Generated with a seed used neither to fit (1), to report (7) nor in
// tests/tokens/estimate_tokens_test.ts (11); every page of 500 to 4,000 characters.
for (const kind of FLOOR_KINDS) {
  Deno.test(`the estimate is at least every real tokenizer's count on ${kind} pages`, () => {
    assertEstimateCoversSlices(kind, generate(kind as TextKind, 8_000, 13), [500, 4_000]);
  });
}

for (const [name, text] of Object.entries(SPACED_RUNS)) {
  Deno.test(`the estimate is at least every real tokenizer's count on ${name}`, () => {
    const real = max3(text);
    assert.ok(estimateTokens(text) >= real, `${estimateTokens(text)} < ${real}`);
  });
}

// Every ASCII character repeated and alternating with a lowercase letter, a
// capital, a digit, a space and a line break: a letter run is never cheaper
// than the one token the tokenizers give it, whatever is around it.
Deno.test("every ASCII character, repeated or alternating with letters, digits and spaces, is covered", () => {
  const under: string[] = [];
  for (const text of asciiAlternations()) {
    const real = max3(text);
    if (estimateTokens(text) < real) {
      under.push(`${JSON.stringify(text.slice(0, 2))}: ${estimateTokens(text)} < ${real}`);
    }
  }
  assert.deepEqual(under, []);
});
