/**
 * The bounds the library proves a text fits with, without scanning it
 * (src/tokens/estimator.ts): the most tokens the scan counts per UTF-16 code
 * unit, per character of ASCII text and per character of a base64url
 * cursor, from the weights and the code-point table. tools/calibrate.ts
 * writes them into src/tokens/_ascii_weights.ts with the weights;
 * tests/tokens/estimator_test.ts holds the shipped ones to these.
 */

import { A_CONTROL, ASCII } from "../src/tokens/_characters.ts";
import { MAX_ALONE_ASTRAL, MAX_ALONE_BMP } from "../src/tokens/_code_point_prices.ts";
import { BMP, ensureBmp } from "../src/tokens/_code_points.ts";
import {
  DIGITS,
  F_DIGITS,
  F_INDENT,
  F_NEWLINE,
  F_RETURN,
  F_SPACE,
  F_TAB,
  FLOOR_FROM,
  floorIndex,
  FRAGMENT,
  INDENT,
  KNOWN,
  KNOWN_CAMEL,
  KNOWN_GLUED,
  NEWLINE,
  PUNCT_NEWLINE,
  RARE_TRIGRAMS,
  SPACE,
  SPACE_NEWLINE,
  SPACE_SINGLE,
  TAB,
} from "../src/tokens/_features.ts";
import type { Weights } from "../src/tokens/_weights.ts";
import { MIXED } from "../src/tokens/_word_tables.ts";
import { LETTER_RUN } from "../src/tokens/_words.ts";

// A digit run after one space costs at least 1 + (n + 2) / 3 (the scan's
// digit runs): 2 for one digit.
const SPACED_DIGITS = 2;

// The dearest price per character of an ASCII run of the given classes. A run
// price is a convex function of its length with a non-negative price at
// length 0 (all weights are non-negative), so its price per character is
// largest at length 1 or in the limit: both are checked, with case changes
// counted at their most (one per two letters).
function asciiPerChar(
  weights: Weights,
  letters: boolean,
  digits: boolean,
  other: boolean,
  nonAscii: boolean,
): number {
  // Next to non-ASCII code points, a letter run is a fragment and a space
  // carries the start price of the code point after it.
  const w = weights.ascii;
  const fl = weights.floor;
  const prices = weights.prices;
  // A floor is linear in the length: dearest per character at length 1 or
  // in the limit (its slope); a whitespace class's, in its dearest
  // tokenizer's sum.
  const floorPerChar = (c: number) => {
    let most = 0;
    for (let t = 0; t < 3; t++) {
      const i = floorIndex(c, t);
      most = Math.max(most, fl[2 * i] - fl[2 * i + 1] / FLOOR_FROM[c], fl[2 * i]);
    }
    return most;
  };
  const fragment = nonAscii ? 1 : 0;
  const start = nonAscii ? Math.max(...prices.start) : 0;
  let most = 0;
  const per = (f: (n: number) => number) => {
    for (let n = 1; n <= 64; n++) most = Math.max(most, f(n) / n);
  };
  const over = (n: number, k: number) => Math.max(0, n - k);
  if (letters) {
    for (let shape = 0; shape < 4; shape++) {
      const f = shape * 5;
      const changes = shape === MIXED ? 0.5 : 0;
      per((n) =>
        w[f] + w[f + 1] * n + w[f + 2] * over(n, 4) + w[f + 3] * over(n, 10) +
        w[f + 4] * changes * n + w[RARE_TRIGRAMS] * over(n, 2) +
        fragment * (w[FRAGMENT] + w[FRAGMENT + 1] * n)
      );
      most = Math.max(
        most,
        w[f + 1] + w[f + 2] + w[f + 3] + w[f + 4] * changes + w[RARE_TRIGRAMS] +
          fragment * w[FRAGMENT + 1],
      );
      // The floor replaces the fitted price; a fragment's price comes on top.
      most = Math.max(most, floorPerChar(shape) + fragment * (w[FRAGMENT] + w[FRAGMENT + 1]));
    }
    // Every letter run that is not a fragment costs at least one token and
    // one per case change: at most one a letter (a change needs two).
    most = Math.max(most, LETTER_RUN);
    // A known word or piece has two letters or more.
    most = Math.max(most, w[KNOWN] / 2, w[KNOWN_GLUED] / 2, w[KNOWN_CAMEL] / 2);
  }
  if (digits) {
    per((n) => w[DIGITS] + w[DIGITS + 1] * n + w[DIGITS + 2] * over(n, 3));
    // At least ⌈n / 3⌉: one token for one digit.
    most = Math.max(most, w[DIGITS + 1] + w[DIGITS + 2], floorPerChar(F_DIGITS), 1);
  }
  // Punctuation: every class has it ("-" and "_" of base64url); its
  // encoding is at most a token a character.
  most = Math.max(most, 1);
  if (other) {
    // Whitespace runs are summed per tokenizer: a run adds to the estimate
    // at most its dearest tokenizer's price.
    // After punctuation, the Claude tokenizer's line breaks have weights;
    // o200k_base and cl100k_base encode them, at most a token a character.
    const lineBreaks = [0, 2, 4].flatMap((t) => [NEWLINE + t, SPACE_NEWLINE + t]);
    for (const f of [...lineBreaks, PUNCT_NEWLINE]) {
      per((n) => w[f] + w[f + 1] * n);
      most = Math.max(most, w[f + 1]);
    }
    most = Math.max(most, floorPerChar(F_NEWLINE), floorPerChar(F_RETURN));
    // A tab or space run's floor with the start price after it.
    for (const c of [F_TAB, F_SPACE, F_INDENT]) {
      for (let t = 0; t < 3; t++) {
        const i = floorIndex(c, t);
        for (let n = FLOOR_FROM[c]; n <= 64; n++) {
          most = Math.max(most, (fl[2 * i] * n - fl[2 * i + 1] + start) / n);
        }
        most = Math.max(most, fl[2 * i]);
      }
    }
    // The start price of the code point after a space or tab run is counted
    // on the run's last character.
    most = Math.max(most, w[SPACE_SINGLE] + start);
    for (let t = 0; t < 6; t += 2) {
      for (let n = 1; n <= 64; n++) {
        most = Math.max(most, (w[TAB + t] + w[TAB + t + 1] * n + start) / n);
      }
      most = Math.max(most, w[TAB + t + 1]);
      for (const f of [SPACE + t, INDENT + t]) {
        for (let n = 1; n <= 64; n++) most = Math.max(most, (w[f] + w[f + 1] * n + start) / n);
        most = Math.max(most, w[f + 1]);
      }
    }
    // A control character: its table price, with the start price after a
    // space or tab counted on it rather than on the space.
    ensureBmp();
    for (let c = 0; c < 128; c++) {
      if (ASCII[c] !== A_CONTROL) continue;
      const k = 3 * BMP[c];
      for (let t = 0; t < 3; t++) most = Math.max(most, prices.alone[k + t] + prices.start[k + t]);
    }
    // A digit run after one space (dearest at 1 digit).
    if (digits) most = Math.max(most, SPACED_DIGITS);
  }
  return most;
}

/** The bounds of src/tokens/_ascii_weights.ts under `weights`. */
export interface AsciiBounds {
  /**
   * MAX_TOKENS_PER_CODE_UNIT: the price of a text is a sum of ASCII run
   * prices and non-ASCII code point prices. Each ASCII run costs at most its
   * length times the dearest ASCII price per character; a space run also
   * carries the start price of the code point after it. Each other code
   * point costs at most its table price alone (a discount only lowers it);
   * an astral code point is two code units. The largest of these per code
   * unit bounds the price per code unit; as a whole number, it also bounds
   * the estimate rounded up.
   */
  perCodeUnit: number;
  /** MAX_TOKENS_PER_ASCII_UNIT: the same for text that is all ASCII. */
  perAsciiUnit: number;
  /** BASE64URL_PER_CHAR: the same for letters, digits, "-" and "_" alone. */
  base64urlPerChar: number;
}

/** The bounds under `weights`. */
export function asciiBounds(weights: Weights): AsciiBounds {
  return {
    perCodeUnit: Math.ceil(
      Math.max(
        asciiPerChar(weights, true, true, true, true),
        MAX_ALONE_BMP,
        MAX_ALONE_ASTRAL / 2,
      ),
    ),
    perAsciiUnit: asciiPerChar(weights, true, true, true, false),
    base64urlPerChar: asciiPerChar(weights, true, true, false, false),
  };
}
