/**
 * Runs of ASCII punctuation in the scan: each tokenizer's own encoding of
 * the run (_punctuation_bpe.ts), with the space before it that all three
 * pre-tokenizers put in its piece. A run every tokenizer gives the same count
 * goes with the ASCII runs; the rest into each tokenizer's sum, where the
 * line breaks after it add to its piece (_whitespace.ts).
 *
 * @module
 */

import { A_PUNCT as A_PUNCT_, ASCII as ASCII_ } from "./_characters.ts";
import { FIXED as FIXED_ } from "./_features.ts";
import { fitBySearch as fitBySearch_, type Scan } from "./_fit.ts";
import {
  PIECE as PIECE_,
  punctuationCosts as punctuationCosts_,
  punctuationPacked as punctuationPacked_,
} from "./_punctuation_bpe.ts";
import type { ScanState } from "./_scan_state.ts";

// What this module reads in the scan's loops, bound as its own constants:
// V8 compiles a module's own constant into the code, an import as a load
// through its binding at every use (src/tokens/_scan.ts).
const A_PUNCT = A_PUNCT_;
const ASCII = ASCII_;
const FIXED = FIXED_;
const fitBySearch = fitBySearch_;
const PIECE = PIECE_;
const punctuationCosts = punctuationCosts_;
const punctuationPacked = punctuationPacked_;

/** Packed costs of a run that every tokenizer gives the same: a multiple. */
export const SAME = 0x10101;

/**
 * Whether the space at `at` is a run of one that is not indentation: priced
 * as a single space where the priced text starts at `first`.
 */
export function singleSpaceAt(text: string, at: number, first: number): boolean {
  if (at - 1 < first) return true;
  const b = text.charCodeAt(at - 1);
  return b !== 32 && b !== 10 && b !== 13;
}

/**
 * Whether the run of line breaks that ends at `at` comes right after
 * punctuation, inside the priced text from `first`: o200k_base's piece of
 * that punctuation then goes on over the "/" at `at`.
 */
export function breaksAfterPunctuation(text: string, at: number, first: number): boolean {
  let k = at - 1;
  while (k >= first) {
    const b = text.charCodeAt(k);
    if (b !== 10 && b !== 13) return b < 128 && ASCII[b] === A_PUNCT;
    k--;
  }
  return false;
}

/**
 * Each tokenizer's tokens of the run of punctuation text[from, to) (its
 * packed costs, or -1 for a run longer than PIECE) into `state.piece0` to
 * `piece2`, and where its piece starts, for the line breaks after it.
 */
export function punctuationPiece(
  text: string,
  from: number,
  to: number,
  packed: number,
  state: ScanState,
): void {
  state.pieceFrom = from;
  if (packed < 0) {
    punctuationCosts(text, from, to, state);
    state.piece0 = state.o200k;
    state.piece1 = state.cl100k;
    state.piece2 = state.claude;
  } else {
    state.piece0 = packed & 255;
    state.piece1 = (packed >> 8) & 255;
    state.piece2 = packed >> 16;
  }
  state.o200kFrom = from;
  state.o200kPiece = state.piece0;
  // o200k_base's piece before takes the run's leading slashes (its pattern
  // goes on over "/" after the line breaks: ".\r/." is ".\r/" and "."):
  // apart from the rest of the run, as its own tokens.
  if (state.slashes === from) state.piece0 = slashesApart(text, from, to, state);
}

// o200k_base's tokens of a run of punctuation text[from, to) whose leading
// slashes go with the piece before it: the slashes' own and the rest's. The
// rest is o200k_base's piece for the line breaks after it (o200kFrom).
function slashesApart(text: string, from: number, to: number, state: ScanState): number {
  let cut = from;
  while (cut < to && text.charCodeAt(cut) === 47) cut++;
  punctuationCosts(text, from, cut, state);
  const slashes = state.o200k;
  if (cut === to) return slashes;
  punctuationCosts(text, cut, to, state);
  state.o200kFrom = cut;
  state.o200kPiece = state.o200k;
  return slashes + state.o200k;
}

/**
 * The calibration counts of a run of punctuation: each tokenizer's tokens,
 * at its fixed price.
 */
export function countPunctuation(
  text: string,
  from: number,
  to: number,
  packed: number,
  state: ScanState,
  counts: Float64Array,
): void {
  const each = { o200k: packed & 255, cl100k: (packed >> 8) & 255, claude: packed >> 16 };
  if (packed < 0) punctuationCosts(text, from, to, each);
  // (What slashesApart sets of the state, punctuationPiece sets again.)
  if (state.slashes === from) each.o200k = slashesApart(text, from, to, state);
  counts[FIXED] += each.o200k;
  counts[FIXED + 1] += each.cl100k;
  counts[FIXED + 2] += each.claude;
}

/**
 * Where the prefixes of a run of punctuation longer than PIECE, its piece
 * text[from, to), first cost more than `limit`: the start of the first
 * piece of PIECE characters whose prefix to its end does (costed as
 * punctuationCosts costs it), or -1 when the whole run fits. `shared` is
 * what the run adds to the ASCII sum besides its tokens.
 */
export function longPunctuationOver(
  text: string,
  from: number,
  to: number,
  shared: number,
  limit: number,
  state: ScanState,
): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  for (let at = from, seams = 0; at < to; at += PIECE, seams++) {
    const end = Math.min(to, at + PIECE);
    const packed = punctuationPacked(text, at, end);
    s0 += packed & 255;
    s1 += (packed >> 8) & 255;
    s2 += packed >> 16;
    const n = end - from;
    const n0 = state.t0 + (n > PIECE ? Math.min(s0 + seams, n) : s0);
    const n1 = state.t1 + (n > PIECE ? Math.min(s1 + seams, n) : s1);
    const n2 = state.t2 + (n > PIECE ? Math.min(s2 + seams, n) : s2);
    // (The same sums, but summed as a scan sums the prefix only there.)
    if (
      (state.ascii + shared) + (n0 > n1 ? (n0 > n2 ? n0 : n2) : (n1 > n2 ? n1 : n2)) > limit &&
      punctuationPrefixCost(text, from, end, shared, state) > limit
    ) return at;
  }
  return -1;
}

// The cost of a scan that ends at `end` inside a run of punctuation whose
// piece starts at `from`, summed as the scan sums it, to the last bit.
function punctuationPrefixCost(
  text: string,
  from: number,
  end: number,
  shared: number,
  state: ScanState,
): number {
  const packed = end - from <= PIECE ? punctuationPacked(text, from, end) : -1;
  if (packed >= 0 && (packed & 255) * SAME === packed && state.slashes !== from) {
    return state.ascii + (shared + (packed & 255)) + state.table;
  }
  punctuationPiece(text, from, end, packed, state);
  const run0 = state.t0 + state.piece0;
  const run1 = state.t1 + state.piece1;
  const run2 = state.t2 + state.piece2;
  return (state.ascii + shared) +
    (run0 > run1 ? (run0 > run2 ? run0 : run2) : (run1 > run2 ? run1 : run2));
}

/**
 * The longest prefix of a punctuation run text[runStart, runEnd) that fits,
 * by binary search (a longer prefix can cost fewer tokens: "!-" is two,
 * "!--" one; the prefix found fits), each prefix summed as a scan that ends
 * there sums it. `from` is where the run's piece starts (the space before
 * it, or the run); `shared` what the run adds to the ASCII sum besides its
 * tokens: the single space before it comes off, a token after a blank line.
 * The sums before the run are the state's.
 */
export function fitInsidePunctuation(
  text: string,
  runStart: number,
  runEnd: number,
  from: number,
  shared: number,
  limit: number,
  state: ScanState,
  piece = from,
): Scan {
  const costOf = (end: number) => punctuationPrefixCost(text, from, end, shared, state);
  // In a long run, the search starts at the piece where the limit is passed
  // (piece), if the prefix that ends there fits as the scan sums it: each
  // cost is of the whole prefix, so a search over the whole run would
  // encode it again at every step.
  if (piece > runStart) {
    const end = Math.min(runEnd, piece + PIECE);
    const cost = costOf(piece);
    if (cost <= limit) return fitBySearch(piece, end, limit, cost, costOf);
  }
  return fitBySearch(runStart, runEnd, limit, state.ascii + state.table, costOf);
}
