import assert from "node:assert/strict";
import fc from "fast-check";
import { DEFAULT_WEIGHTS, scan } from "../../src/tokens/estimator.ts";
import { FEATURES } from "../../src/tokens/_features.ts";
import { makeWeights } from "../../src/tokens/_weights.ts";
import { camelPieces, inWordList, isKnownWord } from "../../dev/token_words.ts";
import { ASCII_WEIGHTS, DISCOUNTS, RUN_FLOORS } from "../../src/tokens/_ascii_weights.ts";
import { knownWords } from "../../tools/known_words.ts";
import { random } from "../../dev/generate.ts";
import { max3 } from "../../dev/tokenizers.ts";

// The same weights but for one feature's price: a text prices a word by that
// feature exactly where its cost moves with that price.
function weightsWith(feature: string, price: number) {
  const ascii = [...ASCII_WEIGHTS];
  ascii[FEATURES.indexOf(feature)] = price;
  return makeWeights(ascii, DISCOUNTS, RUN_FLOORS);
}
const PROBED = ["known.runs", "known.glued", "known.camel"].map((feature) =>
  [feature, weightsWith(feature, 0), weightsWith(feature, 50)] as const
);
// How `text` prices its one letter run: as a known word, a known word glued
// to punctuation, or by its shape.
function pricedAs(text: string): string {
  for (const [feature, cheap, dear] of PROBED) {
    const low = scan(text, 0, text.length, cheap, Infinity).cost;
    if (scan(text, 0, text.length, dear, Infinity).cost > low + 40) return feature;
  }
  return "shape";
}
// How many pieces `text` prices by known.camel.
function camelPiecesIn(text: string): number {
  const [, cheap, dear] = PROBED[2];
  const low = scan(text, 0, text.length, cheap, Infinity).cost;
  return Math.round((scan(text, 0, text.length, dear, Infinity).cost - low) / 50);
}

const WORDS = knownWords();

Deno.test("src/tokens/_known_words.ts holds every word that is one token in all three tokenizers", () => {
  assert.ok(WORDS.length > 5_000, `${WORDS.length} words`);
  const missing = WORDS.filter((word) => !inWordList(word));
  assert.deepEqual(missing, [], "run `deno task words`");
});

Deno.test("no other letter string is taken for a known word", () => {
  const rng = random(11);
  const words = new Set(WORDS);
  let tried = 0;
  let passed = 0;
  while (tried < 100_000) {
    let word = "";
    const length = 4 + Math.floor(rng() * 9);
    for (let i = 0; i < length; i++) word += String.fromCharCode(97 + Math.floor(rng() * 26));
    if (rng() < 0.3) word = word[0].toUpperCase() + word.slice(1);
    if (words.has(word)) continue;
    tried++;
    if (isKnownWord(word)) passed++;
  }
  assert.equal(passed, 0, `${passed} of ${tried}`);
});

Deno.test("a letter string one case or one letter away from a known word is not taken for one", () => {
  const words = new Set(WORDS);
  const taken: string[] = [];
  for (const word of WORDS) {
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      for (const other of [c ^ 32, c === 122 ? 121 : c === 90 ? 89 : c + 1]) {
        const near = word.slice(0, i) + String.fromCharCode(other) + word.slice(i + 1);
        if (!words.has(near) && inWordList(near)) taken.push(near);
      }
    }
  }
  assert.deepEqual(taken.slice(0, 10), []);
});

Deno.test("a known word of mixed case, capitals first, is priced as known", () => {
  const mixed = WORDS.filter((word) =>
    /[A-Z]/.test(word) && /[a-z]/.test(word) && !/^[A-Z][a-z]*$/.test(word)
  );
  assert.ok(mixed.length > 0);
  for (const word of mixed) assert.equal(pricedAs(` ${word} `), "known.runs", word);
});

Deno.test("a known word is priced as one where the tokenizers keep it a piece of its own", () => {
  for (
    const text of [
      "include",
      " include",
      "   include",
      "\ninclude",
      "\r\ninclude",
      "12include",
      '":"include',
      " (include",
      "include’s",
      "include—",
      "include ",
      "HTTP",
      "The",
    ]
  ) {
    assert.equal(pricedAs(text), "known.runs", JSON.stringify(text));
  }
});

Deno.test("a known word glued to punctuation before it is priced apart", () => {
  for (
    const text of [
      "(include", // o200k_base and cl100k_base: one piece "(include"
      "x(include",
      "\tinclude", // "\tinclude" is one piece
      "\u0000include",
    ]
  ) {
    assert.equal(pricedAs(text), "known.glued", JSON.stringify(text));
  }
});

Deno.test("a known word after an apostrophe is priced by its shape", () => {
  // cl100k_base and the Claude tokenizer cut "'s", "'d", "'t" off it.
  for (const text of ["'should", "\":'should", "x'decorate", "u'status"]) {
    assert.equal(pricedAs(text), "shape", JSON.stringify(text));
  }
});

Deno.test("a capitalised known word glued to punctuation is priced by its shape", () => {
  // o200k_base and cl100k_base take the capital into the punctuation's token:
  // "x_Beautiful" is "x", "_B", "e", "aut", "iful".
  for (const text of ["x_Beautiful", "obj.America", "x=Amazon", "(HTTP"]) {
    assert.equal(pricedAs(text), "shape", JSON.stringify(text));
  }
});

Deno.test("a word that is part of a longer one is priced by its shape", () => {
  for (
    const text of [
      "includeé", // a word that goes on in a non-ASCII letter
      "éinclude",
      "the", // short lower-case words are not in the set
    ]
  ) {
    assert.equal(pricedAs(text), "shape", JSON.stringify(text));
  }
});

Deno.test("a camel-case run of known words is priced by the pieces o200k_base cuts it into", () => {
  assert.equal(camelPieces("getElementById"), 4);
  for (
    const [text, pieces] of [["getElementById", 4], [" parseJson", 2], [
      "\nsetTimeout(",
      2,
    ]] as const
  ) {
    assert.equal(camelPiecesIn(text), pieces, JSON.stringify(text));
  }
});

Deno.test("a single space before a known word is priced with the word", () => {
  const priceOf = (text: string) => scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
  const space = DEFAULT_WEIGHTS.ascii[FEATURES.indexOf("space.single")];
  assert.ok(space > 0, "the fit prices a single space");
  // " include" is one token in all three tokenizers, as "include" is.
  for (const word of ["include", "Server", "HTTP", "getElementById"]) {
    assert.ok(Math.abs(priceOf(`x ${word}`) - priceOf("x") - priceOf(word)) < 1e-9, word);
  }
  // Not after two spaces, a line break and a space, or before a word that
  // is not known.
  assert.ok(priceOf("x  include") > priceOf("x include"));
  assert.ok(Math.abs(priceOf("x vsockmon") - priceOf("x") - space - priceOf("vsockmon")) < 1e-9);
});

Deno.test("a camel-case run with a piece that is not a known word is priced by its shape", () => {
  for (
    const text of ["getElemntById", "xQzvKpwm", "YQmVYQmV", "(getElementById", "getElementByIdé"]
  ) {
    assert.equal(camelPiecesIn(text), 0, JSON.stringify(text));
  }
});

Deno.test("a scan stopped inside a word after punctuation prices it as the whole scan would", () => {
  // The stop is found by scanning the word from its start, with the text
  // before it as context: whether the punctuation glues must come out alike.
  for (
    const text of ["x(include", " (include", "'(include", "a'include", '":include', "(Include"]
  ) {
    for (let limit = 0; limit <= 8; limit += 0.125) {
      const { end, cost } = scan(text, 0, text.length, DEFAULT_WEIGHTS, limit);
      assert.equal(cost, scan(text, 0, end, DEFAULT_WEIGHTS, Infinity).cost, `${text} at ${limit}`);
      if (end < text.length) {
        assert.ok(
          scan(text, 0, end + 1, DEFAULT_WEIGHTS, Infinity).cost > limit,
          `${text} at ${limit}`,
        );
      }
    }
  }
});

Deno.test("a scan stopped at the code point after a word prices the word as the end of the text", () => {
  // "include" before "é" is not a known word; at the end of the prefix it is.
  const text = "x include\u00e9";
  const alone = scan(text, 0, 9, DEFAULT_WEIGHTS, Infinity).cost;
  const whole = scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
  const { end, cost } = scan(text, 0, text.length, DEFAULT_WEIGHTS, whole - 0.01);
  assert.equal(end, 9);
  assert.equal(cost, alone);
  assert.ok(alone < whole - 1, "the word costs less as the end of the text");
  fc.assert(
    fc.property(
      fc.array(
        fc.constantFrom("include", "getElementById", "The", " ", "(", "é", "中", "\u0301", "1"),
      ),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (parts, share) => {
        const text = parts.join("");
        const limit = share * scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
        const stop = scan(text, 0, text.length, DEFAULT_WEIGHTS, limit);
        assert.equal(stop.cost, scan(text, 0, stop.end, DEFAULT_WEIGHTS, Infinity).cost);
        assert.ok(stop.cost <= limit);
      },
    ),
    { numRuns: 3_000 },
  );
});

Deno.test("text of known words in any context is never under the tokenizers", () => {
  const separators = [
    " ",
    "\n",
    "(",
    ")",
    "_",
    "-",
    ".",
    "/",
    "'",
    '"',
    ", ",
    '":"',
    "\t",
    "::",
    "1",
  ];
  fc.assert(
    fc.property(
      fc.array(
        fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...separators)),
        { minLength: 300, maxLength: 600 },
      ),
      (parts) => {
        const text = parts.map(([word, separator]) => word + separator).join("");
        const estimate = scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
        const real = max3(text);
        assert.ok(estimate >= real, `${estimate} < ${real}: ${text.slice(0, 200)}`);
      },
    ),
    { numRuns: 60 },
  );
});
