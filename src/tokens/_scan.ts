/**
 * The scan: one pass over a text that prices it run by run and code point by
 * code point, and stops where a limit would be passed.
 *
 * ASCII is split into runs the way BPE pre-tokenizers split it (letter runs
 * by case shape, digit runs, punctuation, whitespace, newlines) and each run
 * is priced with weights fitted on text (tools/calibrate.ts): ASCII is where
 * the vocabularies merge most, so pricing it character by character would
 * count English at four times its cost. Letter runs are priced in _words.ts,
 * punctuation in _punctuation.ts, whitespace in _whitespace.ts, per
 * tokenizer and summed with that tokenizer's table prices, since the three
 * disagree most there. Every other code point is priced from the table
 * (_code_points.ts): per tokenizer, the tokens it gives the code point
 * alone, plus, after an ASCII space or tab, what the space costs when it
 * cannot merge with it. These prices are summed per tokenizer and the
 * largest sum counts. Letters of a few merge-rich scripts get a discount
 * when they follow a letter of the same script (_weights.ts).
 *
 * Pricing is a sum over runs and code points, so a prefix is priced while it
 * is scanned.
 *
 * @module
 */

import {
  A_CONTROL as A_CONTROL_,
  A_DIGIT as A_DIGIT_,
  A_LETTER as A_LETTER_,
  A_NEWLINE as A_NEWLINE_,
  A_PUNCT as A_PUNCT_,
  A_SPACE as A_SPACE_,
  A_TAB as A_TAB_,
  afterBlankLine as afterBlankLine_,
  ASCII as ASCII_,
  breaksWord as breaksWord_,
  endsWord as endsWord_,
  loneReturnAt as loneReturnAt_,
  NON_ASCII as NON_ASCII_,
  NOTHING as NOTHING_,
} from "./_characters.ts";
import {
  type AstralTable,
  astralTable as astralTable_,
  BMP as BMP_,
  ensureBmp as ensureBmp_,
} from "./_code_points.ts";
import {
  DIGITS as DIGITS_,
  F_DIGITS as F_DIGITS_,
  FIXED as FIXED_,
  FLOOR_FROM as FLOOR_FROM_,
  FLOORED as FLOORED_,
  FRAGMENT as FRAGMENT_,
  KNOWN as KNOWN_,
  KNOWN_CAMEL as KNOWN_CAMEL_,
  KNOWN_GLUED as KNOWN_GLUED_,
  RARE_TRIGRAMS as RARE_TRIGRAMS_,
  SHAPE_BASE as SHAPE_BASE_,
  SPACE_SINGLE as SPACE_SINGLE_,
} from "./_features.ts";
import { fitBySearch as fitBySearch_, type Scan } from "./_fit.ts";
import {
  breaksAfterPunctuation as breaksAfterPunctuation_,
  countPunctuation as countPunctuation_,
  fitInsidePunctuation as fitInsidePunctuation_,
  longPunctuationOver as longPunctuationOver_,
  punctuationPiece as punctuationPiece_,
  SAME as SAME_,
  singleSpaceAt as singleSpaceAt_,
} from "./_punctuation.ts";
import {
  PIECE as PIECE_,
  PUNCTUATION_CODE as PUNCTUATION_CODE_,
  punctuationPacked as punctuationPacked_,
  SHORT as SHORT_,
  shortPacked as shortPacked_,
  SPACE_CODE as SPACE_CODE_,
} from "./_punctuation_bpe.ts";
import { ScanState } from "./_scan_state.ts";
import type { Weights } from "./_weights.ts";
import { whitespacePrices as whitespacePrices_ } from "./_whitespace.ts";
import {
  ensureWordTables as ensureWordTables_,
  isKnown as isKnown_,
  KEY_BITS as KEY_BITS_,
  LOWER as LOWER_,
  MAX_KNOWN as MAX_KNOWN_,
  MIXED as MIXED_,
  RARE_TRIGRAM as RARE_TRIGRAM_,
  SHORT_FLOORS as SHORT_FLOORS_,
  TITLE as TITLE_,
  UPPER as UPPER_,
} from "./_word_tables.ts";
import {
  afterOneLetter as afterOneLetter_,
  firstLettersFloor as firstLettersFloor_,
  gluedAt as gluedAt_,
  isFragment as isFragment_,
  knownPieces as knownPieces_,
  LETTER_RUN as LETTER_RUN_,
  repeatsIn as repeatsIn_,
  shortWordFloor as shortWordFloor_,
} from "./_words.ts";

// The loops below read these (and call these) as constants of this module:
// V8 compiles a module's own `const` into the code as its value, and an
// imported binding as a load through it at every use (measured on source
// modules: English prose and base64 1.2x to 1.4x faster this way, the calls
// a few percent more; a bundle has no imports).
const A_CONTROL = A_CONTROL_;
const A_DIGIT = A_DIGIT_;
const A_LETTER = A_LETTER_;
const A_NEWLINE = A_NEWLINE_;
const A_PUNCT = A_PUNCT_;
const A_SPACE = A_SPACE_;
const A_TAB = A_TAB_;
const ASCII = ASCII_;
const NON_ASCII = NON_ASCII_;
const BMP = BMP_;
const DIGITS = DIGITS_;
const F_DIGITS = F_DIGITS_;
const FIXED = FIXED_;
const FLOOR_FROM = FLOOR_FROM_;
const FLOORED = FLOORED_;
const FRAGMENT = FRAGMENT_;
const KNOWN = KNOWN_;
const KNOWN_CAMEL = KNOWN_CAMEL_;
const KNOWN_GLUED = KNOWN_GLUED_;
const RARE_TRIGRAMS = RARE_TRIGRAMS_;
const SHAPE_BASE = SHAPE_BASE_;
const SPACE_SINGLE = SPACE_SINGLE_;
const SAME = SAME_;
const PIECE = PIECE_;
const PUNCTUATION_CODE = PUNCTUATION_CODE_;
const SHORT = SHORT_;
const SPACE_CODE = SPACE_CODE_;
const KEY_BITS = KEY_BITS_;
const LOWER = LOWER_;
const MAX_KNOWN = MAX_KNOWN_;
const MIXED = MIXED_;
const RARE_TRIGRAM = RARE_TRIGRAM_;
const SHORT_FLOORS = SHORT_FLOORS_;
const TITLE = TITLE_;
const UPPER = UPPER_;
const LETTER_RUN = LETTER_RUN_;
const afterBlankLine = afterBlankLine_;
const breaksWord = breaksWord_;
const endsWord = endsWord_;
const loneReturnAt = loneReturnAt_;
const NOTHING = NOTHING_;
const astralTable = astralTable_;
const ensureBmp = ensureBmp_;
const fitBySearch = fitBySearch_;
const breaksAfterPunctuation = breaksAfterPunctuation_;
const countPunctuation = countPunctuation_;
const fitInsidePunctuation = fitInsidePunctuation_;
const longPunctuationOver = longPunctuationOver_;
const punctuationPiece = punctuationPiece_;
const singleSpaceAt = singleSpaceAt_;
const punctuationPacked = punctuationPacked_;
const shortPacked = shortPacked_;
const whitespacePrices = whitespacePrices_;
const ensureWordTables = ensureWordTables_;
const isKnown = isKnown_;
const afterOneLetter = afterOneLetter_;
const firstLettersFloor = firstLettersFloor_;
const gluedAt = gluedAt_;
const isFragment = isFragment_;
const knownPieces = knownPieces_;
const repeatsIn = repeatsIn_;
const shortWordFloor = shortWordFloor_;

export type { Scan };

/**
 * Prices `text.slice(start, end)` as if it were a text of its own and stops
 * before the first run or code point that would take the cost over `limit`
 * (a run of ASCII that straddles the limit is cut inside, so the result is
 * the longest priced prefix that fits).
 * When `counts` is given, calibration counts are added to it: one per
 * feature, then from FIXED three per tokenizer sum and three per group.
 */
export function scan(
  text: string,
  start: number,
  end: number,
  weights: Weights,
  limit: number,
  counts?: Float64Array,
): Scan {
  return scanFrom(text, start, end, weights, limit, counts, start);
}

// Code units a chunk starts runs in.
const CHUNK = 4096;

// `context` is where the priced text begins: a run's price looks at the code
// unit before it only from there on. Only fitInsideRun starts after
// `context`, on a prefix of one ASCII run (never a control character), so
// what `before` says there matters only to that run's price.
//
// The scan goes a chunk at a time: V8 compiles a function that returns often
// far better than one long loop it enters by on-stack replacement, which
// keeps the loop's numbers boxed (measured on the corpus: a third slower).
function scanFrom(
  text: string,
  start: number,
  end: number,
  weights: Weights,
  limit: number,
  counts: Float64Array | undefined,
  context: number,
): Scan {
  let before = NOTHING;
  if (start > context) {
    const b = text.charCodeAt(start - 1);
    before = b < 128 ? ASCII[b] : NON_ASCII;
  }
  const state = new ScanState(start, before, weights.prices);
  for (;;) {
    const scanned = scanRuns(text, end, weights, limit, counts, context, state);
    if (scanned) {
      if (
        scanned.end > start && text.charCodeAt(scanned.end - 1) === 32 &&
        loneReturnAt(text, scanned.end, end)
      ) return beforeLoneReturn(text, start, scanned.end, weights, limit, context);
      return scanned.end > start && endsInSingleSpace(text, start, scanned.end, context)
        ? withTrailingSpace(text, start, scanned, weights, limit, counts, context)
        : scanned;
    }
  }
}

// A budgeted scan that stopped after a space and before a lone carriage
// return priced the space as a token apart for a return the prefix does not
// hold (a seventh review: " \r" at 2.5504 came out 1.5501 where the prefix
// " " costs 1, and at 1 ended before the space): the prefix priced as a text
// of its own, once a page, or else the prefix before its last space.
function beforeLoneReturn(
  text: string,
  start: number,
  stop: number,
  weights: Weights,
  limit: number,
  context: number,
): Scan {
  const own = scanFrom(text, start, stop, weights, Infinity, undefined, context);
  return own.cost <= limit
    ? own
    : scanFrom(text, start, stop - 1, weights, limit, undefined, context);
}

// Whether text[start, end) ends in a space that its scan priced as a single
// space (one space, not after a line break).
function endsInSingleSpace(text: string, start: number, end: number, context: number): boolean {
  if (text.charCodeAt(end - 1) !== 32) return false;
  if (end - 1 > start) {
    const b = text.charCodeAt(end - 2);
    return b !== 32 && b !== 10 && b !== 13;
  }
  if (start <= context) return true;
  const b = text.charCodeAt(start - 1);
  return b !== 10 && b !== 13;
}

// A single space at the end of a text is a token of its own in all three
// tokenizers, where inside it goes with what comes after it (" word", " {"):
// the space's fitted price comes up to one token. Where that passes the
// limit, the text ends before the space. ("! " × 500 is 501 tokens: the
// fitted price of a single space was raised to 1 by it once every run of
// punctuation had its exact price.)
function withTrailingSpace(
  text: string,
  start: number,
  scanned: Scan,
  weights: Weights,
  limit: number,
  counts: Float64Array | undefined,
  context: number,
): Scan {
  const extra = 1 - weights.ascii[SPACE_SINGLE];
  if (extra <= 0) return scanned;
  const cost = scanned.cost + extra;
  if (cost <= limit) {
    if (counts) {
      counts[SPACE_SINGLE]--;
      counts[FLOORED]++;
    }
    return { end: scanned.end, cost };
  }
  return scanFrom(text, start, scanned.end - 1, weights, Infinity, undefined, context);
}

// Prices the runs that start in the chunk at `state.at` (the last may go on
// to `end`): the Scan when it stopped, at the limit or at `end`, or else
// undefined with the state where the next chunk starts.
//
// One loop over every kind of run, its letter runs read in it: measured
// split into a function per kind, English prose ran ...
function scanRuns(
  text: string,
  end: number,
  weights: Weights,
  limit: number,
  counts: Float64Array | undefined,
  context: number,
  state: ScanState,
): Scan | undefined {
  let i = state.at | 0; // an index of a string, so an int32
  let ascii = state.ascii;
  // The table prices per tokenizer (code points, control characters,
  // punctuation, whitespace) and the largest of them: the cost so far is
  // ascii + table. Kept here, and in the state only where another part
  // reads them (fields of an object cost French 1.3x the time of locals).
  let t0 = state.t0;
  let t1 = state.t1;
  let t2 = state.t2;
  let table = state.table;
  let before = state.before | 0;
  let letters = state.letters | 0;
  const w = weights.ascii;
  const floor = weights.floor;
  const { alone, start: startCost, whitespace } = state.prices;
  ensureWordTables();
  const stop = Math.min(end, i + CHUNK);
  // `limit` is mostly Infinity (estimateTokens), which no cost exceeds.
  const bounded = limit !== Infinity;
  // The code unit at `i`: a run ends on reading the one after it, and the
  // next run starts from that, so each code unit is read once.
  let c = i < end ? text.charCodeAt(i) : 0;
  while (i < stop) {
    const runStart = i;
    let price: number;
    if (c < 128) {
      const kind = ASCII[c];
      letters = 0;
      if (kind === A_LETTER) {
        let uppers = 0;
        let changes = 0;
        let rareTri = 0;
        let lower = 0; // 1 after a lower-case letter
        // The last three letters, five bits each: the index of rareTrigrams.
        let tri = 0;
        let k0 = 0; // the word's keys (see _word_tables.ts)
        let k1 = 0;
        let k2 = 0;
        const firstUpper = c < 97;
        // Case and the rare trigrams without a branch per letter: bit 5 of a
        // letter is set in lower case, its low five bits are its place in the
        // alphabet (from 1), whatever the case. The sums are `| 0`: no check
        // for an overflow they cannot have (measured: English 3 % faster).
        do {
          const upper = ((c >> 5) & 1) ^ 1;
          uppers = (uppers + upper) | 0;
          changes = (changes + (lower & upper)) | 0;
          lower = upper ^ 1;
          tri = (tri << 5 | (c & 31)) & 0x7fff;
          rareTri = (rareTri + RARE_TRIGRAM[tri]) | 0;
          k2 = k2 << 6 | k1 >>> 24;
          k1 = (k1 << 6 | k0 >>> 24) & KEY_BITS;
          k0 = (k0 << 6 | (c & 63)) & KEY_BITS;
          if (++i >= end) break;
          c = text.charCodeAt(i);
        } while (((c | 32) - 97) >>> 0 < 26);
        const n = i - runStart;
        // A lone capital is a title-case word, so that extending a run never
        // lowers its price (the calibration keeps each shape's successors dearer).
        const shape = uppers === 0
          ? LOWER
          : uppers === 1 && firstUpper
          ? TITLE
          : uppers === n
          ? UPPER
          : MIXED;
        // A run after a non-ASCII code point is a fragment of a word, which
        // merges with its neighbours; one before it is charged when that code
        // point comes (a prefix may end first).
        const fragment = isFragment(text, runStart, before);
        const f = SHAPE_BASE + shape * 5;
        const over4 = n > 4 ? n - 4 : 0;
        const over10 = n > 10 ? n - 10 : 0;
        // A whole word the vocabularies hold as one token (not a fragment,
        // not going on into a non-ASCII letter), priced apart where it is in
        // a piece of its own: after nothing, a space, a line break, a digit
        // or punctuation that does not glue to it. A lower-case word of
        // three letters or fewer is not looked up (its shape prices it about
        // one token; the list holds it for camel-case pieces). The cheap
        // conditions come first: the lookup, whether punctuation glues and
        // the camel pieces only where they can decide.
        let known = false;
        let k = KNOWN;
        let pieces = 0;
        if (!fragment && (i >= end || endsWord(c))) {
          if (
            n >= 2 && n <= MAX_KNOWN && (n > 3 || shape !== LOWER) &&
            (shape !== MIXED || changes === 0) && isKnown(k0, k1, k2)
          ) {
            known = true;
            if (before >= A_CONTROL || (before === A_PUNCT && gluedAt(text, runStart, context))) {
              // Glued to punctuation, a capital goes into its token ("_B",
              // "e", "aut", "iful"): only a lower-case word stays whole.
              k = KNOWN_GLUED;
              // After an apostrophe, cl100k_base and the Claude tokenizer cut
              // "'d", "'s", "'t" off the word ("x'decorate" is "x", "'d",
              // "ecorate"): not whole either.
              known = shape === LOWER && text.charCodeAt(runStart - 1) !== 39;
            }
          } else if (
            // (Each piece at least two letters and one capital at most: random
            // capitals and lower case, such as base64, are not even looked up.)
            changes > 0 && uppers <= changes + 1 && n >= 2 * (changes + 1) &&
            before < A_CONTROL &&
            !(before === A_PUNCT && gluedAt(text, runStart, context))
          ) {
            // A camel-case run of known words in a piece of its own: per piece.
            pieces = knownPieces(text, runStart, i);
          }
        }
        price = known
          ? w[k]
          : pieces
          ? w[KNOWN_CAMEL] * pieces
          : w[f] + w[f + 1] * n + w[f + 2] * over4 + w[f + 3] * over10 +
            w[f + 4] * changes + w[RARE_TRIGRAMS] * rareTri;
        // A run of a few repeated letters ("nnnn", "gaga", "qXqX") is what
        // the fitted weights never saw: never under what the tokenizers give
        // it. Such a run repeats a letter of the twelve before at almost every
        // letter, a long word at few ("internationalization" at none), so the
        // floor of lower and title case counts repeated letters
        // (repeatsIn): a long word is priced by the fitted weights.
        // Capitals keep a floor by length: "ABCDEFGH" is a token a letter or two.
        // Mixed case keeps a floor by length too, but for known pieces:
        // random capitals and lower case ("YQmVYQmV", base64) cost up to a
        // token a letter with nothing repeated.
        // (Counted only where a floor can apply: a second pass over the run.)
        const m = shape === UPPER || (shape === MIXED && !pieces)
          ? n
          : n < FLOOR_FROM[shape]
          ? 0
          : repeatsIn(text, runStart, i);
        // A known word is one piece, whatever its letters: no floor by
        // length ("HTTP" is one token).
        let least = known || m < FLOOR_FROM[shape]
          ? 0
          : floor[2 * shape] * m - floor[2 * shape + 1];
        // Capitals that go on into lower case ("QXZJVKWPMBa") cost no less
        // than the capitals alone: a longer prefix never costs less.
        if (shape === MIXED && uppers >= FLOOR_FROM[UPPER]) {
          least = Math.max(least, floor[2 * UPPER] * uppers - floor[2 * UPPER + 1]);
        }
        // o200k_base starts a piece at every capital after a lower-case
        // letter ("jZ" is two tokens): one more token per case change.
        if (!fragment) least = Math.max(least, LETTER_RUN + changes);
        // A word of two or three letters the vocabularies do not hold whole:
        // what the tokenizers give it in its place (SHORT_FLOORS); a longer
        // run no less than its first letters (firstLettersFloor); a lower-case
        // letter then capitals, no less than the letter and the rest
        // (afterOneLetter). (Four tokens at most: looked up only below; not
        // for a run that goes on into a non-ASCII letter, a piece of a word,
        // but before a symbol, an ideograph or an emoji: breaksWord. Codes
        // before "·", "→", NBSP or "中" were 0.954-0.971, a ninth review.)
        if (
          !known && !fragment && n >= 2 &&
          (price < 3 || (shape === MIXED && !firstUpper && price < 4)) &&
          least < 4 && (i >= end || c < 128 || breaksWord(c))
        ) {
          if (shape !== MIXED && n <= 3) {
            const short = SHORT_FLOORS[shape << 15 | tri];
            if (short !== 0) {
              least = Math.max(least, shortWordFloor(short, text, runStart, before, context, w));
            }
          } else if (shape === MIXED && !firstUpper && (text.charCodeAt(runStart + 1) & 32) === 0) {
            // (Its first letters' floor is a mixed word's: none.)
            least = Math.max(least, afterOneLetter(text, runStart, n));
          } else {
            const short = firstLettersFloor(text, runStart, n);
            if (short !== 0) {
              least = Math.max(least, shortWordFloor(short, text, runStart, before, context, w));
            }
          }
        }
        const floored = least > price;
        if (floored) price = least;
        if (fragment) price += w[FRAGMENT] + w[FRAGMENT + 1] * n;
        // A known word (or camel-case run of them) after one space priced as
        // a single space is one token with the space in all three tokenizers
        // (" include": the list holds words that are): the space's price
        // comes back. (Folded into the word's price, so that a scan of the
        // word alone, after the space, sums the same.)
        let spaced = 0;
        if (before === A_SPACE) {
          const b = runStart - 2 < context ? 0 : text.charCodeAt(runStart - 2);
          if (!(known || pieces > 0)) {
            // After two spaces or more, the last space goes with a word as
            // one space does ("  rnx" is " ", " rnx"; "\n  rnx" "\n", " ",
            // " rnx" in o200k_base and cl100k_base; the run's price is its
            // other spaces'): a single space more, where the word is priced
            // by its shape (a seventh review: random three-letter words in
            // columns two spaces apart were 0.90, pages 2.4 % over budget; an
            // eighth, rows of them after two spaces of indentation 0.957).
            if (b === 32) {
              spaced = -1;
              price += w[SPACE_SINGLE];
            }
          } else if (b !== 32 && b !== 10 && b !== 13) {
            spaced = 1;
            price -= w[SPACE_SINGLE];
          }
        }
        if (counts) {
          counts[SPACE_SINGLE] -= spaced;
          if (floored) counts[FLOORED] += least;
          else if (known) counts[k]++;
          else if (pieces) counts[KNOWN_CAMEL] += pieces;
          else {
            counts[f]++;
            counts[f + 1] += n;
            counts[f + 2] += over4;
            counts[f + 3] += over10;
            counts[f + 4] += changes;
            counts[RARE_TRIGRAMS] += rareTri;
          }
          if (fragment) {
            counts[FRAGMENT]++;
            counts[FRAGMENT + 1] += n;
          }
        }
        letters = fragment ? 0 : n;
      } else if (kind === A_DIGIT) {
        do {
          if (++i >= end) break;
          c = text.charCodeAt(i);
        } while (c >= 48 && c <= 57);
        const n = i - runStart;
        const over3 = n > 3 ? n - 3 : 0;
        price = w[DIGITS] + w[DIGITS + 1] * n + w[DIGITS + 2] * over3;
        // o200k_base and cl100k_base split digits into pieces of one to
        // three, each a token of its own: at least ⌈n / 3⌉.
        let least = n < FLOOR_FROM[F_DIGITS]
          ? 0
          : floor[2 * F_DIGITS] * n - floor[2 * F_DIGITS + 1];
        least = Math.max(least, n <= 3 ? 1 : Math.ceil(n / 3));
        // After any run of spaces or tabs, the last space or tab before a
        // digit is a piece of its own ("  7" is " ", " ", "7"): a token, and
        // the digits one per three.
        if ((before === A_SPACE || before === A_TAB) && least < 1 + (n + 2) / 3) {
          least = 1 + (n + 2) / 3;
        }
        if (least > price) {
          price = least;
          if (counts) counts[FLOORED] += least;
        } else if (counts) {
          counts[DIGITS]++;
          counts[DIGITS + 1] += n;
          counts[DIGITS + 2] += over3;
        }
      } else if (kind === A_CONTROL) {
        // Control characters merge with nothing: their table price, one each,
        // and after a space or tab what the space costs when it cannot merge.
        ensureBmp();
        const k = BMP[c] * 3;
        const s = before === A_SPACE || before === A_TAB ? 1 : 0;
        const n0 = t0 + (alone[k] + s * startCost[k]);
        const n1 = t1 + (alone[k + 1] + s * startCost[k + 1]);
        const n2 = t2 + (alone[k + 2] + s * startCost[k + 2]);
        const most = n0 > n1 ? (n0 > n2 ? n0 : n2) : (n1 > n2 ? n1 : n2);
        if (ascii + most > limit) return { end: runStart, cost: ascii + table };
        t0 = n0;
        t1 = n1;
        t2 = n2;
        table = most;
        if (counts) {
          counts[FIXED] += alone[k] + s * startCost[k];
          counts[FIXED + 1] += alone[k + 1] + s * startCost[k + 1];
          counts[FIXED + 2] += alone[k + 2] + s * startCost[k + 2];
        }
        before = A_CONTROL;
        if (++i < end) c = text.charCodeAt(i);
        continue;
      } else if (kind === A_PUNCT) {
        // Punctuation: its own encoding per tokenizer, with the space
        // before it that all three pre-tokenizers put in its piece (a
        // single space is then priced here, not on its own). Most runs
        // cost each tokenizer the same: that goes with the ASCII runs,
        // the rest into the sums per tokenizer. The run's characters, six
        // bits each, make the key of the cache of short runs.
        let key = PUNCTUATION_CODE[c];
        for (;;) {
          if (++i >= end) break;
          c = text.charCodeAt(i);
          if (c >= 128 || ASCII[c] !== A_PUNCT) break;
          key = key << 6 | PUNCTUATION_CODE[c];
        }
        let from = runStart;
        let shared = 0;
        if (before === A_SPACE) {
          if (runStart > state.start) {
            from--;
            key |= SPACE_CODE << (6 * (i - runStart));
            if (singleSpaceAt(text, from, state.start)) {
              shared = -w[SPACE_SINGLE];
              if (counts) counts[SPACE_SINGLE]--;
            }
          }
        } else if (before === A_NEWLINE) {
          if (afterBlankLine(text, runStart, context)) {
            // (As after two line breaks below.)
            shared = 1;
            if (counts) counts[FLOORED]++;
          }
          if (
            text.charCodeAt(runStart) === 47 &&
            breaksAfterPunctuation(text, runStart, state.start)
          ) state.slashes = runStart;
        }
        // (One character alone is one token in every vocabulary.)
        const packed = i - from === 1
          ? SAME
          : i - from <= SHORT
          ? shortPacked(key, text, from, i)
          : i - from <= PIECE
          ? punctuationPacked(text, from, i)
          : -1;
        if (counts) countPunctuation(text, from, i, packed, state, counts);
        if (packed >= 0 && (packed & 255) * SAME === packed && state.slashes !== from) {
          // (What line breaks after it add to is asked only of such a run.)
          if (c === 10 || c === 13) {
            state.pieceFrom = state.o200kFrom = from;
            state.piece0 =
              state.piece1 =
              state.piece2 =
              state.o200kPiece =
                packed & 255;
          }
          price = shared + (packed & 255);
          if (bounded && ascii + price + table > limit) {
            state.sums(ascii, table, t0, t1, t2);
            return fitInsidePunctuation(text, runStart, i, from, shared, limit, state);
          }
          ascii += price;
          before = kind;
          continue;
        }
        if (packed < 0 && bounded) {
          // A long run with a limit: piece by piece, so that a page of it
          // costs what the page holds, not what the rest of the run does.
          state.sums(ascii, table, t0, t1, t2);
          const over = longPunctuationOver(text, from, i, shared, limit, state);
          if (over >= 0) {
            const to = Math.min(i, over + PIECE);
            return fitInsidePunctuation(text, runStart, to, from, shared, limit, state, over);
          }
        }
        punctuationPiece(text, from, i, packed, state);
        const run0 = t0 + state.piece0;
        const run1 = t1 + state.piece1;
        const run2 = t2 + state.piece2;
        const most = run0 > run1 ? (run0 > run2 ? run0 : run2) : (run1 > run2 ? run1 : run2);
        if (bounded && (ascii + shared) + most > limit) {
          state.sums(ascii, table, t0, t1, t2);
          return fitInsidePunctuation(text, runStart, i, from, shared, limit, state);
        }
        ascii += shared;
        t0 = run0;
        t1 = run1;
        t2 = run2;
        table = most;
        before = kind;
        continue;
      } else {
        do {
          if (++i >= end) break;
          c = text.charCodeAt(i);
        } while (c < 128 && ASCII[c] === kind);
        const n = i - runStart;
        // (One space after a line break is indentation: the Claude tokenizer
        // puts it in the line break's token.)
        if (n === 1 && kind === A_SPACE && before !== A_NEWLINE) {
          if (loneReturnAt(text, i, end)) {
            // Before a lone carriage return the space is a token of its own
            // (cl100k_base: "x \r\r\r" is five; a fifth review found such
            // text 0.875, pages 1.12x their budget), and so is the last of a
            // run of spaces, below.
            price = 1;
            if (counts) counts[FLOORED]++;
          } else {
            price = w[SPACE_SINGLE];
            if (counts) counts[SPACE_SINGLE]++;
          }
        } else {
          // Whitespace: into the sums per tokenizer, as a code point is.
          whitespacePrices(text, runStart, i, kind, before, w, floor, whitespace, state, counts);
          // The last space before a lone carriage return: a token apart.
          // (What the run costs without it, too: where the page ends before
          // the return, the run may fit without it, and the page is priced as
          // a text of its own then: beforeLoneReturn.)
          let plain = -1;
          if (kind === A_SPACE && loneReturnAt(text, i, end)) {
            if (bounded) {
              const p0 = t0 + state.run0;
              const p1 = t1 + state.run1;
              const p2 = t2 + state.run2;
              plain = p0 > p1 ? (p0 > p2 ? p0 : p2) : (p1 > p2 ? p1 : p2);
            }
            state.run0++;
            state.run1++;
            state.run2++;
            if (counts) counts[FLOORED]++;
          }
          const n0 = t0 + state.run0;
          const n1 = t1 + state.run1;
          const n2 = t2 + state.run2;
          const most = n0 > n1 ? (n0 > n2 ? n0 : n2) : (n1 > n2 ? n1 : n2);
          if (bounded && ascii + most > limit) {
            if (plain >= 0 && ascii + plain <= limit) return { end: i, cost: ascii + plain };
            state.sums(ascii, table, t0, t1, t2);
            return fitInsideWhitespace(
              text,
              runStart,
              i,
              kind,
              before,
              weights,
              limit,
              context,
              state,
            );
          }
          t0 = n0;
          t1 = n1;
          t2 = n2;
          table = most;
          before = kind;
          continue;
        }
      }
      // After two line breaks or more, the Claude tokenizer cuts the last one
      // off into a token of its own before text (";\n\nx" is ";", "\n",
      // "\n", "x"; a run with a carriage return has its floor): a token
      // more, with what follows.
      if (before === A_NEWLINE && afterBlankLine(text, runStart, context)) {
        price += 1;
        if (counts) counts[FLOORED]++;
      }
      // Summed as the cost is at the end, (ascii + price) + table, so that
      // what passed the limit is what comes out, to the last bit.
      if (bounded && ascii + price + table > limit) {
        return fitInsideRun(text, runStart, i, weights, limit, ascii, table, context);
      }
      ascii += price;
      before = kind;
      // A single space between words, the commonest run of prose: priced
      // here rather than by a turn of the loop (as there, to the bit).
      if (c === 32 && kind === A_LETTER && !bounded && !counts && i + 1 < end) {
        const d = text.charCodeAt(i + 1);
        if (((d | 32) - 97) >>> 0 < 26) {
          ascii += w[SPACE_SINGLE];
          i++;
          c = d;
          before = A_SPACE;
        }
      }
    } else if (
      !bounded && !counts && (c & 0xf800) !== 0xd800 && oneCodePointAt(text, i + 1, end)
    ) {
      // One code point between ASCII runs, such as an accented letter of
      // French or Vietnamese, priced here as scanCodePoints prices it (to the
      // bit), without a call: French 8 % faster.
      ensureBmp();
      const k = BMP[c] * 3;
      let p0 = alone[k];
      let p1 = alone[k + 1];
      let p2 = alone[k + 2];
      if (before === A_SPACE || before === A_TAB) {
        p0 += startCost[k];
        p1 += startCost[k + 1];
        p2 += startCost[k + 2];
      }
      const first = leadPrice(w, letters, blankBefore(text, i, before, context));
      if (first) ascii += first;
      t0 += p0;
      t1 += p1;
      t2 += p2;
      table = t0 > t1 ? (t0 > t2 ? t0 : t2) : (t1 > t2 ? t1 : t2);
      letters = 0;
      before = NON_ASCII;
      if (++i < end) c = text.charCodeAt(i);
    } else {
      state.group = 0;
      if (
        !bounded && !counts && c > 0x3000 && (c & 0xf800) !== 0xd800 && before !== A_SPACE &&
        before !== A_TAB
      ) {
        // CJK and the like, without a limit or counts: a loop of its own,
        // priced as scanCodePoints prices it (to the bit); where a code point
        // below U+3001 or astral follows, scanCodePoints goes on from it with
        // the group scanWide ended on (in the state: as an argument, it cost
        // Hindi 8 %).
        const first = leadPrice(w, letters, blankBefore(text, i, before, context));
        if (first) ascii += first;
        state.sums(ascii, table, t0, t1, t2);
        i = scanWide(text, i, end, state);
        t0 = state.t0;
        t1 = state.t1;
        t2 = state.t2;
        table = t0 > t1 ? (t0 > t2 ? t0 : t2) : (t1 > t2 ? t1 : t2);
        letters = 0;
        before = NON_ASCII;
        if (i >= end) continue;
        c = text.charCodeAt(i);
        if (c < 128) continue;
      }
      state.sums(ascii, table, t0, t1, t2);
      const stopped = scanCodePoints(
        text,
        i,
        c,
        end,
        weights,
        limit,
        counts,
        bounded,
        before === A_SPACE || before === A_TAB,
        letters,
        blankBefore(text, i, before, context),
        state,
      );
      if (stopped) {
        // Stopped at the code point right after a letter run: the run was
        // priced as going on into it (not a known word), and ends the prefix
        // instead. The prefix priced as a text of its own (a scan again,
        // once a page).
        if (stopped.end === i && letters > 0) {
          const own = scanFrom(text, state.start, i, weights, Infinity, undefined, context);
          // Where the run, a word of its own there, is floored over the
          // limit: a prefix of it (a scan of the prefix with the limit).
          return own.cost <= limit
            ? own
            : scanFrom(text, state.start, i, weights, limit, undefined, context);
        }
        return stopped;
      }
      i = state.at | 0;
      ascii = state.ascii;
      table = state.table;
      t0 = state.t0;
      t1 = state.t1;
      t2 = state.t2;
      letters = 0; // an ASCII run comes next, or the end
      if (i < end) c = text.charCodeAt(i);
      before = NON_ASCII;
    }
  }
  if (i >= end) return { end: i, cost: ascii + table };
  state.at = i;
  state.sums(ascii, table, t0, t1, t2);
  state.before = before;
  state.letters = letters;
  return undefined;
}

// 1 where the code point at `at` comes after two line breaks or more (the
// Claude tokenizer cuts the last off into a token of its own), else 0.
function blankBefore(text: string, at: number, before: number, context: number): number {
  return before === A_NEWLINE && afterBlankLine(text, at, context) ? 1 : 0;
}

// What the first code point after ASCII runs brings besides its own price:
// a letter run's fragment price (`letters` long, or 0) and a blank line's token.
function leadPrice(w: Float64Array, letters: number, blank: number): number {
  return (letters > 0 ? w[FRAGMENT] + w[FRAGMENT + 1] * letters : 0) + blank;
}

// Whether a code point that ends before `at` stands alone between ASCII runs:
// not before another code point, nor before one space and a code point, which
// scanCodePoints prices in its loop ("中 中 " × n ran at a third of its speed
// through scanRuns, a sixth review found).
function oneCodePointAt(text: string, at: number, end: number): boolean {
  if (at >= end) return true;
  const c = text.charCodeAt(at);
  return c < 128 && (c !== 32 || at + 1 >= end || text.charCodeAt(at + 1) < 128);
}

// Prices the code points from `i` (`c` the code unit there) to the next
// ASCII code unit, from and into the sums of the state: the Scan when it
// stopped at the limit, or else undefined with the sums and where it ended
// in the state. A function of its own: compiled apart from the ASCII runs,
// its loop keeps its numbers in registers (measured after the corpus:
// Chinese and Japanese a quarter faster).
function scanCodePoints(
  text: string,
  i: number,
  c: number,
  end: number,
  weights: Weights,
  limit: number,
  counts: Float64Array | undefined,
  bounded: boolean,
  spaced: boolean, // after a space or tab
  letters: number, // the length of a letter run just before, not yet a fragment
  blank: number, // 1 after two line breaks (see scanRuns), else 0
  state: ScanState,
): Scan | undefined {
  // The group of a code point just before (scanWide's), or else 0.
  let group = state.group | 0;
  let ascii = state.ascii;
  let t0 = state.t0;
  let t1 = state.t1;
  let t2 = state.t2;
  let table = state.table;
  const w = weights.ascii;
  const { alone, continued, start: startCost, group: groupOf, discountable } = state.prices;
  ensureBmp();
  let astral: AstralTable | undefined;
  // Code point by code point until the next ASCII code unit. A letter run
  // just before is a fragment of a word: its extra price comes with the
  // first code point, and so does the token after a blank line.
  let first = leadPrice(w, letters, blank);
  do {
    let k: number;
    let units = 1;
    if ((c & 0xfc00) === 0xd800 && i + 1 < end) {
      const e = text.charCodeAt(i + 1);
      if ((e & 0xfc00) === 0xdc00) {
        // (The lookup written out: V8 did not inline it.)
        astral ??= astralTable();
        const a = ((c - 0xd800) << 10) + (e - 0xdc00);
        k = astral.pages[astral.pageOf[a >> 8] + (a & 255)];
        units = 2;
      } else k = BMP[c];
    } else k = BMP[c];
    const g = groupOf[k];
    const onGroup = g !== 0 && g === group;
    k *= 3;
    const prices = onGroup ? continued : alone;
    let p0 = prices[k];
    let p1 = prices[k + 1];
    let p2 = prices[k + 2];
    if (spaced) {
      p0 += startCost[k];
      p1 += startCost[k + 1];
      p2 += startCost[k + 2];
    }
    const n0 = t0 + p0;
    const n1 = t1 + p1;
    const n2 = t2 + p2;
    if (bounded) {
      // The largest sum is needed only to stop at the limit (or else
      // once, after the last code point).
      const most = n0 > n1 ? (n0 > n2 ? n0 : n2) : (n1 > n2 ? n1 : n2);
      if (ascii + first + most > limit) return { end: i, cost: ascii + table };
      table = most;
    }
    if (first) {
      ascii += first;
      if (counts) {
        if (letters > 0) {
          counts[FRAGMENT]++;
          counts[FRAGMENT + 1] += letters;
        }
        counts[FLOORED] += blank;
      }
      first = 0;
      letters = 0;
      blank = 0;
    }
    t0 = n0;
    t1 = n1;
    t2 = n2;
    if (counts) {
      const s = spaced ? 1 : 0;
      counts[FIXED] += alone[k] + s * startCost[k];
      counts[FIXED + 1] += alone[k + 1] + s * startCost[k + 1];
      counts[FIXED + 2] += alone[k + 2] + s * startCost[k + 2];
      if (onGroup) {
        counts[FIXED + 3 * g] += discountable[k];
        counts[FIXED + 3 * g + 1] += discountable[k + 1];
        counts[FIXED + 3 * g + 2] += discountable[k + 2];
      }
    }
    group = g;
    // The Claude tokenizer's NFKC makes these spaces an ASCII space, which
    // then cannot merge with the code point after it either.
    // (One comparison for CJK and everything above U+3000.)
    spaced = c <= 0x3000 &&
      (c === 0x3000 || c === 0xa0 ||
        (c >= 0x2000 && (c <= 0x200a || c === 0x202f || c === 0x205f)));
    i += units;
    if (i >= end) break;
    c = text.charCodeAt(i);
    // One space between two code points (words of Hindi, Russian) is priced
    // here as scanRuns would price it: a return to it per word costs more
    // than the word (measured: Hindi a tenth faster).
    if (c === 32 && i + 1 < end) {
      const d = text.charCodeAt(i + 1);
      if (d >= 128) {
        const price = w[SPACE_SINGLE];
        if (counts) counts[SPACE_SINGLE]++;
        if (bounded && ascii + table + price > limit) return { end: i, cost: ascii + table };
        ascii += price;
        spaced = true;
        group = 0;
        i++;
        c = d;
      }
    }
  } while (c >= 128);
  state.at = i;
  state.ascii = ascii;
  state.table = t0 > t1 ? (t0 > t2 ? t0 : t2) : (t1 > t2 ? t1 : t2);
  state.t0 = t0;
  state.t1 = t1;
  state.t2 = t2;
  return undefined;
}

// The code points from `i` on above U+3000 (CJK, kana, Hangul, full-width
// forms), surrogates aside, priced as scanCodePoints prices them after a
// code point of the state's group, from and into the sums of the state:
// where they end. A loop of its own, compiled for them alone: V8 compiles
// scanCodePoints' loop for the text it saw first (Japanese ran at 134 M
// characters/s alone, 90 after the corpus; 1.5x faster with it, Chinese 1.6x).
function scanWide(text: string, i: number, end: number, state: ScanState): number {
  const { alone, continued, group: groupOf } = state.prices;
  ensureBmp();
  let t0 = state.t0;
  let t1 = state.t1;
  let t2 = state.t2;
  let group = state.group;
  let c = text.charCodeAt(i);
  do {
    let k = BMP[c];
    const g = groupOf[k];
    const prices = g !== 0 && g === group ? continued : alone;
    k *= 3;
    t0 += prices[k];
    t1 += prices[k + 1];
    t2 += prices[k + 2];
    group = g;
    if (++i >= end) break;
    c = text.charCodeAt(i);
  } while (c > 0x3000 && (c & 0xf800) !== 0xd800);
  state.t0 = t0;
  state.t1 = t1;
  state.t2 = t2;
  state.group = group;
  return i;
}

// A prefix of one ASCII run that fits, by binary search on the run priced in
// its context: the prefix one code unit longer does not fit. Prices grow with
// length inside a run but where a prefix is a known word ("includ" costs more
// than "include"), so a shorter prefix than the longest may come out there.
// `ascii` and `table` are the sums before the run.
function fitInsideRun(
  text: string,
  runStart: number,
  runEnd: number,
  weights: Weights,
  limit: number,
  ascii: number,
  table: number,
  context: number,
): Scan {
  // Summed in the order of a scan that ends at `end`, to the last bit.
  const costOf = (end: number) =>
    ascii + scanFrom(text, runStart, end, weights, Infinity, undefined, context).cost + table;
  // A letter run priced as going on into a non-ASCII letter may fit where it
  // ends the text instead: "The" is a known word before "é" only there.
  if (runEnd < text.length && text.charCodeAt(runEnd) >= 128) {
    const whole = costOf(runEnd);
    if (whole <= limit) return { end: runEnd, cost: whole };
  }
  return fitBySearch(runStart, runEnd, limit, ascii + table, costOf);
}

// The longest prefix of a whitespace run that fits, by binary search as in
// fitInsideRun, each prefix summed as a scan that ends there sums it. A
// prefix of one space is a single space, priced with the ASCII runs. The
// sums before the run are the state's.
function fitInsideWhitespace(
  text: string,
  runStart: number,
  runEnd: number,
  kind: number,
  before: number,
  weights: Weights,
  limit: number,
  context: number,
  state: ScanState,
): Scan {
  const { ascii, table } = state;
  const w = weights.ascii;
  const whitespace = state.prices.whitespace;
  const costOf = (to: number): number => {
    if (kind === A_SPACE && to - runStart === 1 && before !== A_NEWLINE) {
      return ascii + w[SPACE_SINGLE] + table;
    }
    whitespacePrices(
      text,
      runStart,
      to,
      kind,
      before,
      w,
      weights.floor,
      whitespace,
      state,
      undefined,
    );
    const n0 = state.t0 + state.run0;
    const n1 = state.t1 + state.run1;
    const n2 = state.t2 + state.run2;
    return ascii + (n0 > n1 ? (n0 > n2 ? n0 : n2) : (n1 > n2 ? n1 : n2));
  };
  const fit = fitBySearch(runStart, runEnd, limit, ascii + table, costOf);
  const end = fit.end;
  if (end === runStart || text.charCodeAt(end - 1) !== 13 || text.charCodeAt(end) !== 10) {
    return fit;
  }
  // Cut between a carriage return and its line feed, the prefix ends in a
  // lone carriage return, which the run before it prices apart (a space
  // before it is a token of its own; a sixth review found " \r" priced
  // 2.0003 here, 2.5504 as a text): priced as a text of its own, once a
  // page, or else the prefix without it.
  const shorter = end - 1 === runStart ? ascii + table : costOf(end - 1);
  const own = scanFrom(text, state.start, end, weights, Infinity, undefined, context).cost;
  return own <= limit ? { end, cost: own } : { end: end - 1, cost: shorter };
}
