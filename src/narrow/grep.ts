// The grep a model may send: literal text, case-insensitive, with `|`
// between alternatives. No regular expression ever runs on it, so matching
// costs one indexOf pass over the result per alternative, whatever the
// pattern (`(a+)+$` is five literal characters here). Case is Unicode's
// simple case folding, the same on both sides, so a letter matches the same
// letters wherever it stands in a word.

import { NarrowingError } from "./narrowing_error.ts";

/** The longest grep, in characters. */
export const MAX_GREP_CHARS = 256;
/** The most alternatives in one grep. */
export const MAX_ALTERNATIVES = 16;

/** A checked grep: its alternatives, case-folded. */
export interface Grep {
  /** The grep as given. */
  readonly source: string;
  /** Literal alternatives, none empty, each case-folded by {@linkcode fold}. */
  readonly alternatives: readonly string[];
}

function refuse(name: string, why: string): never {
  throw new NarrowingError(
    "invalid_grep",
    `This ${name} cannot be used: ${why} ${name} is literal text (case-insensitive); "a|b" ` +
      `matches either, "\\|" is a "|" itself. Call the tool again with another ${name}, or ` +
      "without it to page through the whole result.",
  );
}

/**
 * Checks a grep argument and splits it into its alternatives; `name` is what
 * the tool calls the argument, for the error that refuses it.
 */
export function parseGrep(grep: unknown, name = "grep"): Grep {
  if (typeof grep !== "string") refuse(name, "it must be a string.");
  if (grep.length > MAX_GREP_CHARS) refuse(name, `it is longer than ${MAX_GREP_CHARS} characters.`);
  if (/[\r\n]/.test(grep)) refuse(name, "it has a line break (lines are matched one by one).");
  const alternatives: string[] = [];
  let current = "";
  for (let i = 0; i < grep.length; i++) {
    const c = grep[i];
    if (c === "\\" && (grep[i + 1] === "|" || grep[i + 1] === "\\")) {
      current += grep[++i];
    } else if (c === "|") {
      alternatives.push(current);
      current = "";
    } else {
      current += c;
    }
  }
  alternatives.push(current);
  if (alternatives.some((a) => a === "")) refuse(name, "it is empty, or has an empty alternative.");
  if (alternatives.length > MAX_ALTERNATIVES) {
    refuse(name, `it has more than ${MAX_ALTERNATIVES} alternatives.`);
  }
  return { source: grep, alternatives: [...new Set(alternatives.map(fold))] };
}

// The lower-case letters whose simple case folding is another letter
// (CaseFolding.txt, statuses C and S): toLowerCase keeps them as they are.
// Final sigma is one: toLowerCase writes "ΟΣ" as "ος" but "ΟΣΑ" as "οσα".
const FOLDED: Readonly<Record<string, string>> = {
  "\u00b5": "\u03bc", // µ micro sign: μ
  "\u017f": "s", // ſ long s
  "\u0345": "\u03b9", // combining ypogegrammeni: ι
  "\u03c2": "\u03c3", // ς final sigma: σ
  "\u03d0": "\u03b2", // ϐ: β
  "\u03d1": "\u03b8", // ϑ: θ
  "\u03d5": "\u03c6", // ϕ: φ
  "\u03d6": "\u03c0", // ϖ: π
  "\u03f0": "\u03ba", // ϰ: κ
  "\u03f1": "\u03c1", // ϱ: ρ
  "\u03f5": "\u03b5", // ϵ: ε
  "\u1c80": "\u0432", // Cyrillic small rounded ve: в
  "\u1c81": "\u0434", // long-legged de: д
  "\u1c82": "\u043e", // narrow o: о
  "\u1c83": "\u0441", // wide es: с
  "\u1c84": "\u0442", // tall te: т
  "\u1c85": "\u0442", // three-legged te: т
  "\u1c86": "\u044a", // tall hard sign: ъ
  "\u1c87": "\u0463", // tall yat: ѣ
  "\u1c88": "\ua64b", // unblended uk: ꙋ
  "\u1e9b": "\u1e61", // ẛ: ṡ
  "\u1fbe": "\u03b9", // Greek prosgegrammeni: ι
};
const UNFOLDED =
  /[\u00b5\u017f\u0345\u03c2\u03d0\u03d1\u03d5\u03d6\u03f0\u03f1\u03f5\u1c80-\u1c88\u1e9b\u1fbe]/g;
const DOTTED_I = "\u0130";
const BEYOND_LATIN_1 = /[\u00b5-\uffff]/;

/**
 * `text` case-folded as Unicode's simple case folding does (what a `/iu`
 * regular expression compares): every code unit where it was, so offsets
 * in the folded text are offsets in `text`. `I` and `i` fold together, `İ`
 * and `ı` each stay apart (as without a Turkish locale), `ẞ` is `ß` (never
 * `ss`), `Σ`, `σ` and `ς` are one. Linear: native lower-casing, one pass.
 */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  // Below U+00B5 lower-casing is folding (one pass to find out is cheaper than the rest).
  if (!BEYOND_LATIN_1.test(text)) return lower;
  // toLowerCase makes İ two code units, the only letter it lengthens (so a
  // length that did not change says there is none); simple folding keeps it.
  // Lower-casing is context-free but for the final sigma, which FOLDED
  // undoes, so the pieces around each İ can be lowered apart.
  const kept = lower.length === text.length
    ? lower
    : text.split(DOTTED_I).map((piece) => piece.toLowerCase()).join(DOTTED_I);
  return kept.replace(UNFOLDED, (c) => FOLDED[c]);
}

/**
 * Marks the spans `[start(i), end(i))` of `text` (sorted, not overlapping)
 * that contain an alternative of `grep`. Each alternative is one pass of
 * indexOf over the text: a hit inside span i settles span i and the search
 * goes on from the next span; a hit across a span's end goes on from the
 * next span too (any later hit in span i would cross its end as well).
 */
export function matchSpans(
  grep: Grep,
  text: string,
  count: number,
  start: (i: number) => number,
  end: (i: number) => number,
): Uint8Array {
  const hit = new Uint8Array(count);
  if (count === 0) return hit;
  const folded = fold(text);
  for (const alternative of grep.alternatives) {
    let i = 0;
    let from = start(0);
    while (i < count) {
      const at = folded.indexOf(alternative, from);
      if (at === -1) break;
      while (i < count && end(i) <= at) i++;
      if (i === count) break;
      if (at < start(i)) {
        from = start(i);
        continue;
      }
      if (at + alternative.length <= end(i)) hit[i] = 1;
      i++;
      if (i < count) from = start(i);
    }
  }
  return hit;
}

/** The longest a grep is quoted in a note: a long one is cut, so that it never crowds the page out. */
const QUOTED_GREP = 24;

/** A grep as a note quotes it: its JSON string, cut after a few dozen characters. */
export function quotedGrep(grep: string | undefined): string {
  const whole = JSON.stringify(grep ?? "");
  if (whole.length <= QUOTED_GREP) return whole;
  let shown = "";
  for (const c of grep!) {
    if (JSON.stringify(shown + c).length > QUOTED_GREP - 1) break;
    shown += c;
  }
  return `${JSON.stringify(shown).slice(0, -1)}…"`;
}
