/**
 * Whitespace runs (runs of two or more spaces, line breaks, tabs, spaces
 * after a line break), priced per tokenizer and summed with that
 * tokenizer's table prices, since the three cut line breaks and indentation
 * differently: o200k_base and cl100k_base put line breaks in the piece of
 * the punctuation before them ('",\n', encoded with it) and the indentation
 * after in a token of its own, the Claude tokenizer the other way round
 * ('",', "\n   "), and it keeps a space before a line break a token of its
 * own (" \n" is two).
 *
 * @module
 */

import {
  A_NEWLINE as A_NEWLINE_,
  A_PUNCT as A_PUNCT_,
  A_SPACE as A_SPACE_,
  A_TAB as A_TAB_,
} from "./_characters.ts";
import {
  F_INDENT as F_INDENT_,
  F_NEWLINE as F_NEWLINE_,
  F_RETURN as F_RETURN_,
  F_SPACE as F_SPACE_,
  F_TAB as F_TAB_,
  FIXED as FIXED_,
  FLOOR_FROM as FLOOR_FROM_,
  INDENT as INDENT_,
  NEWLINE as NEWLINE_,
  PUNCT_NEWLINE as PUNCT_NEWLINE_,
  SPACE as SPACE_,
  SPACE_NEWLINE as SPACE_NEWLINE_,
  TAB as TAB_,
} from "./_features.ts";
import { punctuationCosts as punctuationCosts_ } from "./_punctuation_bpe.ts";
import type { ScanState } from "./_scan_state.ts";

// What this module reads in the scan's loops, bound as its own constants:
// V8 compiles a module's own constant into the code, an import as a load
// through its binding at every use (src/tokens/_scan.ts).
const A_NEWLINE = A_NEWLINE_;
const A_PUNCT = A_PUNCT_;
const A_SPACE = A_SPACE_;
const A_TAB = A_TAB_;
const F_INDENT = F_INDENT_;
const F_NEWLINE = F_NEWLINE_;
const F_RETURN = F_RETURN_;
const F_SPACE = F_SPACE_;
const F_TAB = F_TAB_;
const FIXED = FIXED_;
const FLOOR_FROM = FLOOR_FROM_;
const INDENT = INDENT_;
const NEWLINE = NEWLINE_;
const PUNCT_NEWLINE = PUNCT_NEWLINE_;
const SPACE = SPACE_;
const SPACE_NEWLINE = SPACE_NEWLINE_;
const TAB = TAB_;
const punctuationCosts = punctuationCosts_;

// The cases of whitespace runs, each priced by a feature (at `f + 2 * t` per
// tokenizer, but the Claude tokenizer's only for PUNCT_NEWLINE) and a floor
// class: spaces after a line break (indentation), other runs of spaces,
// tabs; line breaks after punctuation, after a space or tab, after anything
// else, each without and with a carriage return.
const WHITESPACE_FEATURES = [
  INDENT,
  SPACE,
  TAB,
  PUNCT_NEWLINE,
  PUNCT_NEWLINE,
  SPACE_NEWLINE,
  SPACE_NEWLINE,
  NEWLINE,
  NEWLINE,
];
const WHITESPACE_FLOORS = [
  F_INDENT,
  F_SPACE,
  F_TAB,
  F_NEWLINE,
  F_RETURN,
  F_NEWLINE,
  F_RETURN,
  F_NEWLINE,
  F_RETURN,
];
const SPACES = 1; // not after a line break
const AFTER_PUNCTUATION = 3; // and 4, with a carriage return

/** The whitespace runs whose prices a table holds (`Prices.whitespace`): shorter than this. */
export const WHITESPACE_TABLE = 64;

// The case of the whitespace run text[from, to) of ASCII class `kind` after
// `before` (see WHITESPACE_FEATURES).
function whitespaceCase(
  text: string,
  from: number,
  to: number,
  kind: number,
  before: number,
): number {
  if (kind === A_SPACE) return before === A_NEWLINE ? 0 : 1;
  if (kind === A_TAB) return 2;
  // Runs of "\n" merge into a few tokens ("\n" × 16 is one to three); with
  // a "\r" in them, one token per two to four.
  let cr = 0;
  for (let j = from; j < to; j++) {
    if (text.charCodeAt(j) === 13) {
      cr = 1;
      break;
    }
  }
  return (before === A_PUNCT ? 3 : before === A_SPACE || before === A_TAB ? 5 : 7) + cr;
}

// The price for tokenizer `t` of a whitespace run of `n` characters of case
// `c`, at least its floor; with `counts`, its calibration counts added.
function whitespacePrice(
  w: ArrayLike<number>,
  floor: ArrayLike<number>,
  c: number,
  n: number,
  t: number,
  counts: Float64Array | undefined,
): number {
  const r = WHITESPACE_FLOORS[c];
  const at = 2 * (F_SPACE + (r - F_SPACE) * 3 + t); // floorIndex(r, t), twice
  const g = WHITESPACE_FEATURES[c] === PUNCT_NEWLINE
    ? PUNCT_NEWLINE
    : WHITESPACE_FEATURES[c] + 2 * t;
  const price = w[g] + w[g + 1] * n;
  let least = n < FLOOR_FROM[r] ? 0 : floor[at] * n - floor[at + 1];
  // Two spaces or more, not after a line break, are a token in each
  // tokenizer at least: all three put every space but the last in a piece
  // of their own. The fit needs only the largest sum to hold on ASCII text,
  // which left cl100k_base's at 0.46 a run; where its code points cost most
  // ("  中文文本" × n was 0.948 of cl100k_base's count), its sum counts.
  if (c === SPACES && n >= 2 && least < 1) least = 1;
  if (least > price) {
    if (counts) counts[FIXED + t] += least;
    return least;
  }
  if (counts) {
    counts[g]++;
    counts[g + 1] += n;
  }
  return price;
}

/**
 * The price per tokenizer of every case and length of whitespace run below
 * {@linkcode WHITESPACE_TABLE}, at `3 * (case * WHITESPACE_TABLE + n) + t`,
 * under the fitted weights `ascii` and `floors`.
 */
export function whitespaceTable(ascii: ArrayLike<number>, floors: ArrayLike<number>): Float64Array {
  const table = new Float64Array(3 * WHITESPACE_TABLE * WHITESPACE_FEATURES.length);
  for (let c = 0; c < WHITESPACE_FEATURES.length; c++) {
    for (let n = 1; n < WHITESPACE_TABLE; n++) {
      for (let t = 0; t < 3; t++) {
        table[3 * (c * WHITESPACE_TABLE + n) + t] = whitespacePrice(
          ascii,
          floors,
          c,
          n,
          t,
          undefined,
        );
      }
    }
  }
  return table;
}

/**
 * Prices the whitespace run text[from, to) of ASCII class `kind` (spaces,
 * but one space not after a line break; line breaks; tabs) that comes after
 * `before`, per tokenizer, into `state.run0` to `run2`, each at least the
 * run's floor; adds the calibration counts to `counts`. `table` is the
 * weights' {@linkcode whitespaceTable}, `ascii` and `floor` their fitted
 * weights.
 */
export function whitespacePrices(
  text: string,
  from: number,
  to: number,
  kind: number,
  before: number,
  ascii: Float64Array,
  floor: Float64Array,
  table: Float64Array,
  state: ScanState,
  counts: Float64Array | undefined,
): void {
  const n = to - from;
  const c = whitespaceCase(text, from, to, kind, before);
  let t = 0;
  if (c === AFTER_PUNCTUATION || c === AFTER_PUNCTUATION + 1) {
    // o200k_base and cl100k_base encode the line breaks with the
    // punctuation before them, in one piece: what they add to its tokens.
    punctuationCosts(text, state.pieceFrom, to, state);
    state.run1 = state.cl100k - state.piece1;
    if (state.o200kFrom !== state.pieceFrom) punctuationCosts(text, state.o200kFrom, to, state);
    state.run0 = state.o200k - state.o200kPiece;
    if (counts) {
      counts[FIXED] += state.run0;
      counts[FIXED + 1] += state.run1;
    }
    t = 2;
  }
  if (!counts && n < WHITESPACE_TABLE) {
    const at = 3 * (c * WHITESPACE_TABLE + n);
    if (t === 0) {
      state.run0 = table[at];
      state.run1 = table[at + 1];
    }
    state.run2 = table[at + 2];
    return;
  }
  if (t === 0) {
    state.run0 = whitespacePrice(ascii, floor, c, n, 0, counts);
    state.run1 = whitespacePrice(ascii, floor, c, n, 1, counts);
  }
  state.run2 = whitespacePrice(ascii, floor, c, n, 2, counts);
}
