// The grep a model may send: literal text, case-insensitive, with `|`
// between alternatives. No regular expression ever runs on it, so matching
// costs one indexOf pass over the result per alternative, whatever the
// pattern (`(a+)+$` is five literal characters here).

import { NarrowingError } from "./narrowing_error.ts";

/** The longest grep, in characters. */
export const MAX_GREP_CHARS = 256;
/** The most alternatives in one grep. */
export const MAX_ALTERNATIVES = 16;

/** A checked grep: its alternatives, lower-cased. */
export interface Grep {
  /** The grep as given. */
  readonly source: string;
  /** Lower-cased literal alternatives, none empty. */
  readonly alternatives: readonly string[];
}

const HOW = 'grep is literal text (case-insensitive); "a|b" matches either, "\\|" is a "|" itself.';

function refuse(why: string): never {
  throw new NarrowingError(
    "invalid_grep",
    `This grep cannot be used: ${why} ${HOW} Call the tool again with another grep, or without ` +
      "it to page through the whole result.",
  );
}

/** Checks a grep argument and splits it into its alternatives. */
export function parseGrep(grep: unknown): Grep {
  if (typeof grep !== "string") refuse("it must be a string.");
  if (grep.length > MAX_GREP_CHARS) refuse(`it is longer than ${MAX_GREP_CHARS} characters.`);
  if (/[\r\n]/.test(grep)) refuse("it has a line break (lines are matched one by one).");
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
  if (alternatives.some((a) => a === "")) refuse("it is empty, or has an empty alternative.");
  if (alternatives.length > MAX_ALTERNATIVES) {
    refuse(`it has more than ${MAX_ALTERNATIVES} alternatives.`);
  }
  return { source: grep, alternatives: [...new Set(alternatives.map((a) => a.toLowerCase()))] };
}

/**
 * A lower-cased copy of `text` whose offsets are `text`'s, or undefined when
 * lower-casing changes a length (U+0130 becomes two code units): then each
 * span is lower-cased apart.
 */
export function lowered(text: string): string | undefined {
  const lower = text.toLowerCase();
  return lower.length === text.length ? lower : undefined;
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
  const lower = lowered(text);
  if (lower === undefined) {
    for (let i = 0; i < count; i++) {
      const span = text.slice(start(i), end(i)).toLowerCase();
      if (grep.alternatives.some((a) => span.includes(a))) hit[i] = 1;
    }
    return hit;
  }
  for (const alternative of grep.alternatives) {
    let i = 0;
    let from = start(0);
    while (i < count) {
      const at = lower.indexOf(alternative, from);
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
