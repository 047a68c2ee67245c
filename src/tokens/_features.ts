/**
 * What the scan prices ASCII runs by: the fitted features (one weight each,
 * tools/calibrate.ts fits them), the run classes that get a floor, and where
 * the calibration counts go. Names and indices only: the scan reads the
 * indices, the calibration and the tests the names.
 *
 * @module
 */

import { GROUP_NAMES } from "./_code_point_prices.ts";

/** The tokenizers whose prices are summed apart, in the order of their sums. */
export const TOKENIZERS: readonly string[] = ["o200k", "cl100k", "claude"];

/**
 * The fitted features of ASCII runs; each has one weight. (Made by a call
 * marked pure: a bundle that does not use the names leaves them out.)
 */
export const FEATURES: readonly string[] = /* @__PURE__ */ featureNames();

function featureNames(): string[] {
  return [
    // letter runs, four case shapes, five features each
    ...["lower", "title", "upper", "mixed"].flatMap((shape) => [
      `${shape}.runs`,
      `${shape}.chars`,
      `${shape}.over4`,
      `${shape}.over10`,
      `${shape}.caseChanges`,
    ]),
    "digits.runs",
    "digits.chars",
    "digits.over3",
    "space.single",
    // runs of two or more spaces, line breaks (after a letter or digit, after
    // punctuation, after a space or tab), spaces right after a line break,
    // tabs: priced per tokenizer and summed with its table price, since the
    // three disagree there: o200k_base and cl100k_base put line breaks in the
    // piece of the punctuation before them ('",\n', encoded with it: no
    // weight) and not the indentation after, the Claude tokenizer the other
    // way round ('",', "\n   "), and keeps a space before a line break a token
    // of its own (" \n" is two)
    ...["space", "newline", "punctNewline", "spaceNewline", "indent", "tab"].flatMap((run) =>
      TOKENIZERS.filter((tokenizer) => run !== "punctNewline" || tokenizer === "claude")
        .flatMap((tokenizer) => [`${run}.runs.${tokenizer}`, `${run}.chars.${tokenizer}`])
    ),
    // letter runs that touch a non-ASCII code point: pieces of a word such as
    // "rozwi" and "zanie" in "rozwiązanie" merge less than whole words
    "fragment.runs",
    "fragment.chars",
    // runs of three adjacent letters that the vocabularies rarely merge
    // (src/tokens/_code_point_prices.ts): a word like "include" has none, an identifier like
    // "vsockmon" some, random letters many. (Rare pairs of letters and of
    // punctuation were features too; every fit priced them at 0.)
    "letters.rareTrigrams",
    // a whole word that is one token in all three vocabularies (src/tokens/_known_words.ts),
    // priced apart from the shapes: "include" and "vsockmon" have one shape
    "known.runs",
    // the same after punctuation, a tab or a control character that o200k_base
    // and cl100k_base put in the word's piece: "(include" is "(" and "include"
    // mostly, "(in" and "clude" at times
    "known.glued",
    // a camel-case run whose every piece o200k_base cuts it into ("get",
    // "Element", "By", "Id") is a known word: per piece
    "known.camel",
  ];
}

// The features' indices, for the scan: numbers rather than looked up in
// FEATURES, so that a bundle of the library leaves the names out
// (tests/tokens/estimator_test.ts holds each to its name). Letter runs:
// lower, title, upper, mixed case, five features each from SHAPE_BASE.
export const SHAPE_BASE = 0;
/** "digits.runs", then its chars and over3. */
export const DIGITS = 20;
/** "space.single". */
export const SPACE_SINGLE = 23;
// Whitespace runs: per tokenizer, its runs and chars weights (six features).
/** "space.runs.o200k". */
export const SPACE = 24;
/** "newline.runs.o200k". */
export const NEWLINE = 30;
/** "punctNewline.runs.claude": the Claude tokenizer's only (the other two encode those line breaks). */
export const PUNCT_NEWLINE = 36;
/** "spaceNewline.runs.o200k". */
export const SPACE_NEWLINE = 38;
/** "indent.runs.o200k". */
export const INDENT = 44;
/** "tab.runs.o200k". */
export const TAB = 50;
/** "fragment.runs", then its chars. */
export const FRAGMENT = 56;
/** "letters.rareTrigrams". */
export const RARE_TRIGRAMS = 58;
/** "known.runs". */
export const KNOWN = 59;
/** "known.glued". */
export const KNOWN_GLUED = 60;
/** "known.camel". */
export const KNOWN_CAMEL = 61;

/**
 * Where calibration counts go besides the fitted features (FEATURES.length):
 * per tokenizer the price of everything priced by the table, and of the
 * whitespace runs a floor priced (three counts from `FIXED`), then per
 * discount group and tokenizer the table price of the letters the discount
 * applies to (`FIXED + 3 * group + tokenizer`).
 */
export const FIXED = 62;

/**
 * Where calibration counts put the price of the runs other than whitespace
 * that a floor priced (rather than the fitted weights): after the groups'
 * counts (`FIXED + 3 * GROUP_NAMES.length`).
 */
export const FLOORED = 92;

/** The groups of letters that may get a discount, in the order of their counts. */
export { GROUP_NAMES };

/**
 * The ASCII run classes that get a floor: letter runs by case shape, digits,
 * runs of two or more spaces, line breaks, tabs, line breaks with a carriage
 * return, spaces after a line break. (Punctuation is priced by its own
 * encoding, src/tokens/_punctuation_bpe.ts: no floor.)
 */
export const RUN_CLASSES: readonly string[] = [
  "lower",
  "title",
  "upper",
  "mixed",
  "digits",
  "space",
  "newline",
  "tab",
  "return",
  "indent",
];
// The floor classes the scan names (letter runs are their case shape).
export const F_DIGITS = 4;
/** The first whitespace class: floors per tokenizer from here on. */
export const F_SPACE = 5;
export const F_NEWLINE = 6;
export const F_TAB = 7;
export const F_RETURN = 8;
export const F_INDENT = 9;

/** How many floors there are (FLOOR_NAMES.length). */
export const FLOORS = 20;

/**
 * The floors, in the order of `Weights.floor`: one per class of runs priced
 * with the ASCII runs (letters, digits), then per whitespace
 * class one per tokenizer, in the order of {@linkcode TOKENIZERS}, since
 * whitespace runs are priced per tokenizer (a line break and sixteen spaces
 * is one token in the Claude tokenizer, as the line break alone).
 */
export const FLOOR_NAMES: readonly string[] = /* @__PURE__ */ floorNames();

function floorNames(): string[] {
  return [
    ...RUN_CLASSES.slice(0, F_SPACE),
    ...RUN_CLASSES.slice(F_SPACE).flatMap((run) => TOKENIZERS.map((t) => `${run}.${t}`)),
  ];
}

/**
 * The index in {@linkcode FLOOR_NAMES} of the floor of run class `c` (an
 * index of {@linkcode RUN_CLASSES}) in tokenizer `t`'s sum.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { FLOOR_NAMES, floorIndex } from "./_features.ts";
 *
 * assertEquals(FLOOR_NAMES[floorIndex(6, 2)], "newline.claude");
 * ```
 */
export function floorIndex(c: number, t: number): number {
  return c < F_SPACE ? c : F_SPACE + (c - F_SPACE) * 3 + t;
}

/**
 * The shortest run each floor applies to, per class: below it the fitted
 * price holds on words, and a floor through the few-character alternations
 * (`"qz"` is two tokens) would price every word at one token a letter.
 */
export const FLOOR_FROM: readonly number[] = [16, 16, 4, 16, 16, 16, 16, 16, 2, 16];
