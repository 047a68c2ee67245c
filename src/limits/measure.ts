// Measures text against every limit at once, with the pager's token counter.

import {
  cursorTokens,
  DEFAULT_WEIGHTS,
  MAX_TOKENS_PER_ASCII_UNIT,
  MAX_TOKENS_PER_CODE_UNIT,
  scan,
} from "../tokens/estimator.ts";

// Every character below U+0080 (no control-character pattern: lint forbids it).
const ASCII = /^[^\u0080-\uffff]*$/;
// More than any text costs: the cheapest run the estimate prices, spaces,
// is about 86 characters a token. A cheaper text would only make pages
// shorter than their budget, never over it.
const CHARS_PER_TOKEN = 256;
import type { ResolvedLimits } from "./limits.ts";
import type { TokenCounter } from "../tokens/estimate_tokens.ts";

/** What a text uses of each limit. `lines` counts line breaks. */
export interface Cost {
  tokens: number;
  chars: number;
  bytes: number;
  lines: number;
}

export const ZERO: Cost = { tokens: 0, chars: 0, bytes: 0, lines: 0 };

export function add(a: Cost, b: Cost): Cost {
  return {
    tokens: a.tokens + b.tokens,
    chars: a.chars + b.chars,
    bytes: a.bytes + b.bytes,
    lines: a.lines + b.lines,
  };
}

export function subtract(a: Cost, b: Cost): Cost {
  return {
    tokens: a.tokens - b.tokens,
    chars: a.chars - b.chars,
    bytes: a.bytes - b.bytes,
    lines: a.lines - b.lines,
  };
}

export function fitsIn(cost: Cost, room: Cost): boolean {
  return cost.tokens <= room.tokens && cost.chars <= room.chars && cost.bytes <= room.bytes &&
    cost.lines <= room.lines;
}

/** UTF-8 bytes of the code unit at `i` (a surrogate pair counts 4 on its high half, 0 on its low). */
function utf8Size(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = text.charCodeAt(i + 1);
    return d >= 0xdc00 && d <= 0xdfff ? 4 : 3; // a lone surrogate is sent as U+FFFD
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const b = text.charCodeAt(i - 1);
    return i > 0 && b >= 0xd800 && b <= 0xdbff ? 0 : 3;
  }
  return 3;
}

/**
 * The end of the longest prefix of `text.slice(start, end)` whose UTF-8
 * length is at most `limit`, and that length. A prefix never ends inside a
 * surrogate pair.
 */
function utf8Prefix(text: string, start: number, end: number, limit: number): [number, number] {
  let bytes = 0;
  for (let i = start; i < end; i++) {
    let size = utf8Size(text, i);
    if (i === start && size === 0) size = 3; // a slice starting at a low half sends U+FFFD
    if (bytes + size > limit) return [i, bytes];
    bytes += size;
  }
  return [end, bytes];
}

function lineBreaks(text: string, start: number, end: number, limit = Infinity): number {
  let n = 0;
  for (
    let i = text.indexOf("\n", start);
    i !== -1 && i < end && n <= limit;
    i = text.indexOf("\n", i + 1)
  ) {
    n++;
  }
  return n;
}

/** The estimate of `text`: what a meter without a counter counts. */
export function estimate(text: string): number {
  return scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
}

/** Counts tokens with the pager's counter, falling back to the estimate. */
export interface Meter {
  readonly limits: ResolvedLimits;
  /** The room of a whole page. */
  readonly page: Cost;
  /** Whether tokens are the estimate (no counter): a price from {@linkcode estimate} is its count. */
  readonly estimated: boolean;
  /** What `text` uses of every limit. */
  cost(text: string): Cost;
  /** What `text` uses of every limit, its tokens already known to be `tokens`. */
  priced(text: string, tokens: number): Cost;
  /**
   * Whether `text` fits `room`; cheap limits are checked first, the length
   * alone proves a fit where it can, and the token count stops early.
   */
  fits(text: string, room: Cost): boolean;
  /** The largest `end` such that `text.slice(start, end)` fits `room`. */
  prefix(text: string, start: number, room: Cost): number;
  /** What a cursor of `length` base64url characters can cost at most. */
  cursor(length: number): Cost;
}

export function createMeter(
  limits: ResolvedLimits,
  counter: TokenCounter | undefined,
  onFallback: (error: unknown) => void,
): Meter {
  const tokens = (text: string): number => {
    if (!counter) return estimate(text);
    let n: unknown;
    try {
      n = counter(text);
    } catch (error) {
      onFallback(error);
      return estimate(text);
    }
    // A counter that answers with a promise is not a counter; its rejection must not go unhandled.
    if (n instanceof Promise) n.catch(() => {});
    if (typeof n !== "number" || !Number.isFinite(n) || n < 0) {
      onFallback(new TypeError(`countTokens returned ${String(n)}, not a finite number >= 0`));
      return estimate(text);
    }
    return n;
  };

  // Bytes and lines cost a pass over the text each; an unset limit needs neither.
  const countBytes = limits.maxBytes !== Infinity;
  const countLines = limits.maxLines !== Infinity;
  const priced = (text: string, tokens: number): Cost => ({
    tokens,
    chars: text.length,
    bytes: countBytes ? utf8Prefix(text, 0, text.length, Infinity)[1] : 0,
    lines: countLines ? lineBreaks(text, 0, text.length) : 0,
  });
  const cost = (text: string): Cost => ({
    tokens: tokens(text),
    chars: text.length,
    bytes: countBytes ? utf8Prefix(text, 0, text.length, Infinity)[1] : 0,
    lines: countLines ? lineBreaks(text, 0, text.length) : 0,
  });

  const fits = (text: string, room: Cost): boolean => {
    if (text.length > room.chars) return false;
    if (room.lines !== Infinity && lineBreaks(text, 0, text.length, room.lines) > room.lines) {
      return false;
    }
    if (
      room.bytes !== Infinity && text.length * 3 > room.bytes &&
      utf8Prefix(text, 0, text.length, room.bytes)[0] < text.length
    ) {
      return false;
    }
    if (!counter) {
      // Paged rather than read to its end (see CHARS_PER_TOKEN).
      if (text.length > room.tokens * CHARS_PER_TOKEN) return false;
      // No text of this length (or ASCII text of this length) can cost more:
      // no need to estimate it.
      if (text.length * MAX_TOKENS_PER_CODE_UNIT <= room.tokens) return true;
      if (text.length * MAX_TOKENS_PER_ASCII_UNIT <= room.tokens && ASCII.test(text)) return true;
      return scan(text, 0, text.length, DEFAULT_WEIGHTS, room.tokens).end === text.length;
    }
    return tokens(text) <= room.tokens;
  };

  const prefix = (text: string, start: number, room: Cost): number => {
    let end = Math.min(text.length, start + Math.max(0, Math.floor(room.chars)));
    // A page reads at most CHARS_PER_TOKEN characters a token of its room:
    // without the cap, a page of a 50 MB run of one character read the
    // whole rest of the run to find where it goes over.
    if (!counter) {
      end = Math.min(end, start + Math.max(0, Math.floor(room.tokens)) * CHARS_PER_TOKEN);
    }
    if (room.lines !== Infinity) {
      let i = start - 1;
      for (let n = 0; n <= room.lines; n++) {
        i = text.indexOf("\n", i + 1);
        if (i === -1 || i >= end) break;
        if (n === room.lines) end = i;
      }
    }
    if (room.bytes !== Infinity) end = utf8Prefix(text, start, end, room.bytes)[0];
    if (!counter) return scan(text, start, end, DEFAULT_WEIGHTS, room.tokens).end;
    // A custom counter is opaque: binary search on its count.
    if (tokens(text.slice(start, end)) <= room.tokens) return end;
    let lo = start;
    let hi = end - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (tokens(text.slice(start, mid)) <= room.tokens) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };

  // A base64url character is one byte, so at most one token for a byte-level
  // tokenizer; the estimator has its own proven bound. Two more for merges
  // across the quotes around it.
  const cursor = (length: number): Cost => ({
    tokens: (counter ? length : cursorTokens(length)) + 2,
    chars: length,
    bytes: length,
    lines: 0,
  });

  return {
    limits,
    page: {
      tokens: limits.maxTokens,
      chars: limits.maxChars,
      bytes: limits.maxBytes,
      lines: limits.maxLines - 1,
    },
    estimated: !counter,
    cost,
    priced,
    fits,
    prefix,
    cursor,
  };
}
