import assert from "node:assert/strict";
import fc from "fast-check";
import { DEFAULT_WEIGHTS, scan } from "../../src/tokens/estimator.ts";
import { shortWordFloors } from "../../dev/token_words.ts";
import { shortWords, storedFloors } from "../../tools/short_word_floors.ts";
import { max3 } from "../../dev/tokenizers.ts";

const SHORT = shortWords();
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

function estimate(text: string): number {
  return scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
}

// A random word of two or three letters in one of the three shapes.
const shortWord = fc.tuple(
  fc.string({ unit: fc.constantFrom(...LETTERS), minLength: 2, maxLength: 3 }),
  fc.constantFrom("lower", "title", "upper"),
).map(([word, shape]) =>
  shape === "lower"
    ? word
    : shape === "title"
    ? word[0].toUpperCase() + word.slice(1)
    : word.toUpperCase()
);

Deno.test("src/tokens/_short_word_floors.ts holds what the tokenizers give a sample of short words", () => {
  // (All 55,000 take minutes: `deno task short-words` makes the file.)
  let seed = 5;
  for (let i = 0; i < 400; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const word = SHORT[seed % SHORT.length];
    const expected = storedFloors(word);
    assert.deepEqual(shortWordFloors(word), expected, `${word}: run \`deno task short-words\``);
  }
});

Deno.test("a known word, a longer word and mixed case have no short-word floor", () => {
  for (const word of ["the", "API", "Get", "a", "X", "abcd", "aB", "aBc", "ABc", "x1"]) {
    assert.equal(shortWordFloors(word), undefined, word);
  }
});

Deno.test("a short word that is three tokens bare costs three between hyphens", () => {
  const word = SHORT.find((w) => w === w.toLowerCase() && shortWordFloors(w)?.bare === 3)!;
  assert.ok(word, "a lower-case word three tokens bare");
  const text = Array.from({ length: 50 }, () => word).join("-");
  // Each word costs three, each hyphen one (o200k_base glues it to the word).
  assert.ok(estimate(text) >= 50 * 3 + 49, `${word}: ${estimate(text)}`);
  assert.ok(estimate(text) >= max3(text));
});

Deno.test("a short word after a space costs what the tokenizers give it with the space", () => {
  const word = SHORT.find((w) => shortWordFloors(w)?.spaced === 3)!;
  const text = `x ${word}`;
  // "x", then " " + word: three tokens, whatever the space alone is priced.
  assert.ok(estimate(text) >= 1 + 3, `${word}: ${estimate(text)}`);
});

Deno.test("text of random short words between any separators is never under the tokenizers", () => {
  // Codes in JSON arrays, kebab-case and dotted names, paths, columns: a
  // fitted shape priced such words as the vocabularies' common ones (random
  // three-letter words between hyphens were 0.86 of their count, quoted
  // capitals 0.94, quoted title case of two letters 0.92).
  const separators = fc.constantFrom(
    " ",
    "  ",
    "\n",
    "\n ",
    "-",
    ".",
    "/",
    "_",
    ":",
    ": ",
    ", ",
    '", "',
    ") (",
    "\t",
    "=",
    "7",
  );
  fc.assert(
    fc.property(
      fc.array(shortWord, { minLength: 200, maxLength: 400 }),
      separators,
      fc.constantFrom("", '"', "(", "["),
      (words, separator, open) => {
        const text = open + words.join(separator);
        const real = max3(text);
        assert.ok(estimate(text) >= real, `${estimate(text)} < ${real}: ${text.slice(0, 120)}`);
      },
    ),
    { numRuns: 120 },
  );
});
