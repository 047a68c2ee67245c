/**
 * The encodings of the generated tables of the token estimator (issue 23:
 * what gzip of the bundle makes of them), written by tools/code_point_prices.ts,
 * tools/known_words.ts and tools/short_word_floors.ts, read by
 * src/tokens/_code_points.ts and _word_tables.ts. Measured on gzip of each table, then of the
 * bundle: a value is one character of a 90-character alphabet where it can
 * be (small values are most of every table), and values of one kind go
 * together (a stream of categories, then one of lengths), so gzip's Huffman
 * codes see few symbols and its matches find repeats.
 */

/**
 * The digits: printable ASCII less `"`, `\`, `` ` `` and `$`, so a digit
 * string is a plain string literal (no escapes, and esbuild keeps it
 * double-quoted). Digit `d` is `DIGITS[d]`; the decoder reads it as its
 * character code less 32, less one more above `"`, ... (see
 * src/tokens/_code_points.ts, `DIGIT`).
 */
export const DIGITS: string = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))
  .filter((c) => !'"\\`$'.includes(c)).join("");

/** Values below this are one digit; a digit from it on is a low part and says more follow. */
export const LAST = 80;
/** The base of the low parts: `DIGITS.length - LAST`. */
export const LOW = 10;

/**
 * Non-negative integers as digit strings: `v` below {@linkcode LAST} is
 * `DIGITS[v]`; above, `DIGITS[LAST + v % LOW]` and then `v / LOW` (rounded
 * down) the same way.
 */
export function varints(values: Iterable<number>): string {
  let out = "";
  for (let v of values) {
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`not a non-negative integer: ${v}`);
    while (v >= LAST) {
      out += DIGITS[LAST + (v % LOW)];
      v = Math.floor(v / LOW);
    }
    out += DIGITS[v];
  }
  return out;
}

/**
 * Move-to-front codes of a sequence of categories numbered in the order of
 * their first appearance, where no category follows itself: 0 for a
 * category not seen before (the next number), else its place among the
 * categories seen, the latest first (1 at least: place 0 is the one before).
 */
export function moveToFront(values: readonly number[]): number[] {
  const recent: number[] = [];
  const out: number[] = [];
  for (const v of values) {
    if (v === recent.length) {
      out.push(0);
      recent.unshift(v);
      continue;
    }
    const at = recent.indexOf(v);
    if (at < 1) throw new Error(`category ${v}: not numbered in order, or after itself`);
    out.push(at);
    recent.splice(at, 1);
    recent.unshift(v);
  }
  return out;
}

/** The letters (a–z) of a short word's index: two letters from 0, three from 676. */
export function shortWordIndex(lower: string): number {
  const d = (i: number) => lower.charCodeAt(i) - 97;
  return lower.length === 2 ? d(0) * 26 + d(1) : 676 + (d(0) * 26 + d(1)) * 26 + d(2);
}

/** Entries per case shape in {@linkcode shortWordIndex}: 26² + 26³. */
export const SHORT_WORD_FORMS = 676 + 17576;

/** The case shape of a word: 0 lower case, 1 title case, 2 capitals, 3 mixed. */
export function caseShape(word: string): number {
  return /^[a-z]+$/.test(word) ? 0 : /^[A-Z][a-z]+$/.test(word) ? 1 : /^[A-Z]+$/.test(word) ? 2 : 3;
}
