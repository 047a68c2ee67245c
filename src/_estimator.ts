/**
 * One-pass token estimator. Text is split into runs the way BPE
 * pre-tokenizers split it (letter runs by case shape, digit runs,
 * punctuation, whitespace, newlines, and non-ASCII runs by script), and every
 * run is priced with weights fitted so that the estimate stays at or above the
 * largest of o200k_base, cl100k_base and the Claude tokenizer on real tool
 * output (see bench/README.md and bench/calibrate.ts).
 *
 * Pricing is a sum over runs, so a prefix can be priced while it is scanned.
 *
 * @module
 */

import { WEIGHTS } from "./_weights.ts";

/** Features a run contributes to; each has one weight. */
export const FEATURES: readonly string[] = [
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
  "punct.runs",
  "punct.chars",
  "space.single",
  "space.runs",
  "space.chars",
  "newline.runs",
  "newline.chars",
  ...[
    "latin",
    "marks",
    "greekArmenian",
    "arabicHebrew",
    "indic",
    "southeastAsian",
    "otherBmpScripts",
    "symbols",
    "kana",
    "han",
    "hangul",
    "joiners",
    "fullwidth",
    "emoji",
    "otherAstral",
    "otherBmp",
    "cyrillic",
    "devanagari",
  ].flatMap((script) => [`${script}.runs`, `${script}.chars`]),
];

const SHAPE_BASE = 0; // lower, title, upper, mixed: 5 features each
const DIGITS = 20;
const PUNCT = 23;
const SPACE_SINGLE = 25;
const SPACE = 26;
const NEWLINE = 28;
const SCRIPT_BASE = 30; // 18 scripts: runs, chars

const LOWER = 0;
const TITLE = 1;
const UPPER = 2;
const MIXED = 3;

// ASCII classes
const A_LETTER = 1;
const A_DIGIT = 2;
const A_SPACE = 3;
const A_NEWLINE = 4;
const A_PUNCT = 5;

const ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII[c] = (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
    ? A_LETTER
    : c >= 48 && c <= 57
    ? A_DIGIT
    : c === 32 || c === 9
    ? A_SPACE
    : c === 10 || c === 13
    ? A_NEWLINE
    : A_PUNCT;
}

// Script of every BMP code unit above ASCII (surrogates resolved separately).
const S_LATIN = 0;
const S_MARKS = 1;
const S_GREEK_ARMENIAN = 2;
const S_ARABIC_HEBREW = 3;
const S_INDIC = 4;
const S_SEA = 5;
const S_OTHER_BMP_SCRIPTS = 6;
const S_SYMBOLS = 7;
const S_KANA = 8;
const S_HAN = 9;
const S_HANGUL = 10;
const S_JOINERS = 11;
const S_FULLWIDTH = 12;
const S_EMOJI = 13;
const S_OTHER_ASTRAL = 14;
const S_OTHER_BMP = 15;
const S_CYRILLIC = 16;
const S_DEVANAGARI = 17;

const BMP = new Uint8Array(0x10000).fill(S_OTHER_BMP);
function mark(from: number, to: number, script: number): void {
  BMP.fill(script, from, to + 1);
}
mark(0x0080, 0x02ff, S_LATIN);
mark(0x1e00, 0x1eff, S_LATIN);
mark(0x0300, 0x036f, S_MARKS);
mark(0x1ab0, 0x1aff, S_MARKS);
mark(0x1dc0, 0x1dff, S_MARKS);
mark(0x20d0, 0x20ff, S_MARKS);
mark(0x0370, 0x058f, S_GREEK_ARMENIAN);
mark(0x1f00, 0x1fff, S_GREEK_ARMENIAN);
mark(0x0400, 0x052f, S_CYRILLIC);
mark(0x1c80, 0x1c8f, S_CYRILLIC);
mark(0x2de0, 0x2dff, S_CYRILLIC);
mark(0xa640, 0xa69f, S_CYRILLIC);
mark(0x0590, 0x08ff, S_ARABIC_HEBREW);
mark(0xfb1d, 0xfdff, S_ARABIC_HEBREW);
mark(0xfe70, 0xfeff, S_ARABIC_HEBREW);
mark(0x0980, 0x0dff, S_INDIC);
mark(0x0900, 0x097f, S_DEVANAGARI);
mark(0xa8e0, 0xa8ff, S_DEVANAGARI);
mark(0x0e00, 0x10ff, S_SEA);
mark(0x1780, 0x17ff, S_SEA);
mark(0x1100, 0x11ff, S_HANGUL);
mark(0x1200, 0x177f, S_OTHER_BMP_SCRIPTS);
mark(0x1800, 0x1aaf, S_OTHER_BMP_SCRIPTS);
mark(0x1b00, 0x1dbf, S_OTHER_BMP_SCRIPTS);
mark(0x2000, 0x2bff, S_SYMBOLS);
mark(0x2e00, 0x2e7f, S_SYMBOLS);
mark(0x200b, 0x200f, S_JOINERS);
mark(0x2060, 0x206f, S_JOINERS);
mark(0xfe00, 0xfe0f, S_JOINERS);
mark(0x2e80, 0x2fff, S_HAN);
mark(0x3000, 0x30ff, S_KANA);
mark(0x3100, 0x31ff, S_KANA);
mark(0x3200, 0x33ff, S_SYMBOLS);
mark(0x3400, 0x4dbf, S_HAN);
mark(0x4e00, 0x9fff, S_HAN);
mark(0xf900, 0xfaff, S_HAN);
mark(0xa000, 0xa4cf, S_OTHER_BMP_SCRIPTS);
mark(0xa960, 0xa97f, S_HANGUL);
mark(0xac00, 0xd7ff, S_HANGUL);
mark(0xff00, 0xffef, S_FULLWIDTH);

function astralScript(cp: number): number {
  if (cp >= 0x1f000 && cp <= 0x1faff) return S_EMOJI;
  if (cp >= 0x20000 && cp <= 0x3ffff) return S_HAN;
  if (cp >= 0xe0000 && cp <= 0xe01ef) return S_JOINERS; // tags, variation selectors
  return S_OTHER_ASTRAL;
}

/**
 * Where a priced scan stopped. `end` is the index after the last character
 * priced; `cost` the price of `text.slice(start, end)`.
 */
export interface Scan {
  end: number;
  cost: number;
}

/**
 * Prices `text.slice(start, end)` run by run and stops before the first run
 * that would take the cost over `limit` (a run that straddles the limit is
 * cut inside, so the result is the longest priced prefix that fits).
 * When `counts` is given, feature counts are added to it (for calibration).
 */
export function scan(
  text: string,
  start: number,
  end: number,
  weights: Float64Array,
  limit: number,
  counts?: Float64Array,
): Scan {
  let cost = 0;
  let i = start;
  while (i < end) {
    const runStart = i;
    const c = text.charCodeAt(i);
    let price: number;
    if (c < 128) {
      const kind = ASCII[c];
      if (kind === A_LETTER) {
        let uppers = 0;
        let changes = 0;
        let prevLower = false;
        const firstUpper = c < 97;
        while (i < end) {
          const d = text.charCodeAt(i);
          if (d >= 97 && d <= 122) prevLower = true;
          else if (d >= 65 && d <= 90) {
            uppers++;
            if (prevLower) changes++;
            prevLower = false;
          } else break;
          i++;
        }
        const n = i - runStart;
        const shape = uppers === 0
          ? LOWER
          : uppers === n
          ? UPPER
          : uppers === 1 && firstUpper
          ? TITLE
          : MIXED;
        const f = SHAPE_BASE + shape * 5;
        const over4 = n > 4 ? n - 4 : 0;
        const over10 = n > 10 ? n - 10 : 0;
        price = weights[f] + weights[f + 1] * n + weights[f + 2] * over4 +
          weights[f + 3] * over10 + weights[f + 4] * changes;
        if (counts) {
          counts[f]++;
          counts[f + 1] += n;
          counts[f + 2] += over4;
          counts[f + 3] += over10;
          counts[f + 4] += changes;
        }
      } else if (kind === A_DIGIT) {
        i++;
        while (i < end) {
          const d = text.charCodeAt(i);
          if (d < 48 || d > 57) break;
          i++;
        }
        const n = i - runStart;
        const over3 = n > 3 ? n - 3 : 0;
        price = weights[DIGITS] + weights[DIGITS + 1] * n +
          weights[DIGITS + 2] * over3;
        if (counts) {
          counts[DIGITS]++;
          counts[DIGITS + 1] += n;
          counts[DIGITS + 2] += over3;
        }
      } else {
        i++;
        while (i < end) {
          const d = text.charCodeAt(i);
          if (d >= 128 || ASCII[d] !== kind) break;
          i++;
        }
        const n = i - runStart;
        if (kind === A_SPACE && n === 1) {
          price = weights[SPACE_SINGLE];
          if (counts) counts[SPACE_SINGLE]++;
        } else {
          const f = kind === A_SPACE ? SPACE : kind === A_NEWLINE ? NEWLINE : PUNCT;
          price = weights[f] + weights[f + 1] * n;
          if (counts) {
            counts[f]++;
            counts[f + 1] += n;
          }
        }
      }
    } else {
      const script = scriptAt(text, i, end);
      let chars = 0;
      while (i < end) {
        const d = text.charCodeAt(i);
        if (d < 128 || scriptAt(text, i, end) !== script) break;
        i += d >= 0xd800 && d <= 0xdbff && i + 1 < end ? 2 : 1;
        chars++;
      }
      const f = SCRIPT_BASE + script * 2;
      price = weights[f] + weights[f + 1] * chars;
      if (counts) {
        counts[f]++;
        counts[f + 1] += chars;
      }
    }
    if (cost + price > limit) {
      return { end: fitInsideRun(text, runStart, i, weights, limit - cost), cost: NaN };
    }
    cost += price;
  }
  return { end: i, cost };
}

function scriptAt(text: string, i: number, end: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) {
      return astralScript(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000);
    }
  }
  return BMP[c];
}

// The longest prefix of one run that fits `room`, never splitting a surrogate
// pair. Prices grow with length inside a run, so binary search is exact.
function fitInsideRun(
  text: string,
  start: number,
  end: number,
  weights: Float64Array,
  room: number,
): number {
  let lo = start;
  let hi = end - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (scan(text, start, mid, weights, Infinity).cost <= room) lo = mid;
    else hi = mid - 1;
  }
  const before = text.charCodeAt(lo - 1);
  if (lo > start && before >= 0xd800 && before <= 0xdbff) lo--;
  return lo;
}

// Pages the pager builds (notes, cursors, cut points) sat up to 0.6 % above
// the fitted weights on two corpus files at 2,000 tokens: a 2 % margin on top.
const SAFETY = 1.02;

/** The default weights, one per entry of {@linkcode FEATURES}. */
export const DEFAULT_WEIGHTS: Float64Array = Float64Array.from(WEIGHTS, (w) => w * SAFETY);
