// Measures text against every limit at once, with the pager's token counter.

import { DEFAULT_WEIGHTS, scan } from "./_estimator.ts";
import type { ResolvedLimits } from "./limits.ts";
import type { TokenCounter } from "./tokens.ts";

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

/** UTF-8 length of `text.slice(start, end)`, stopping once it passes `limit`. */
function utf8Length(text: string, start: number, end: number, limit = Infinity): number {
  let bytes = 0;
  for (let i = start; i < end && bytes <= limit; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
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

/** Counts tokens with the pager's counter, falling back to the estimate. */
export interface Meter {
  readonly limits: ResolvedLimits;
  /** The room of a whole page. */
  readonly page: Cost;
  /** Tokens of `text` by the pager's counter. */
  tokens(text: string): number;
  /** What `text` uses of every limit. */
  cost(text: string): Cost;
  /**
   * Whether `text` fits `room`; cheap limits are checked first and the token
   * count stops early where it can, so this is fast on a huge text.
   */
  fits(text: string, room: Cost): boolean;
  /** The largest `end` such that `text.slice(start, end)` fits `room`. */
  prefix(text: string, start: number, room: Cost): number;
}

export function createMeter(
  limits: ResolvedLimits,
  counter: TokenCounter | undefined,
  onFallback: (error: unknown) => void,
): Meter {
  const tokens = (text: string): number => {
    if (!counter) return scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
    let n: unknown;
    try {
      n = counter(text);
    } catch (error) {
      onFallback(error);
      return scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
    }
    if (typeof n !== "number" || !Number.isFinite(n) || n < 0) {
      onFallback(new TypeError(`countTokens returned ${String(n)}, not a finite number >= 0`));
      return scan(text, 0, text.length, DEFAULT_WEIGHTS, Infinity).cost;
    }
    return n;
  };

  // Bytes and lines cost a pass over the text each; an unset limit needs neither.
  const countBytes = limits.maxBytes !== Infinity;
  const countLines = limits.maxLines !== Infinity;
  const cost = (text: string): Cost => ({
    tokens: tokens(text),
    chars: text.length,
    bytes: countBytes ? utf8Length(text, 0, text.length) : 0,
    lines: countLines ? lineBreaks(text, 0, text.length) : 0,
  });

  const fits = (text: string, room: Cost): boolean => {
    if (text.length > room.chars) return false;
    if (room.lines !== Infinity && lineBreaks(text, 0, text.length, room.lines) > room.lines) {
      return false;
    }
    if (room.bytes !== Infinity && utf8Length(text, 0, text.length, room.bytes) > room.bytes) {
      return false;
    }
    if (!counter) {
      return scan(text, 0, text.length, DEFAULT_WEIGHTS, room.tokens).end === text.length;
    }
    return tokens(text) <= room.tokens;
  };

  const prefix = (text: string, start: number, room: Cost): number => {
    let end = Math.min(text.length, start + Math.max(0, Math.floor(room.chars)));
    if (room.lines !== Infinity) {
      let i = start - 1;
      for (let n = 0; n <= room.lines; n++) {
        i = text.indexOf("\n", i + 1);
        if (i === -1 || i >= end) break;
        if (n === room.lines) end = i;
      }
    }
    if (room.bytes !== Infinity) {
      let bytes = 0;
      for (let i = start; i < end; i++) {
        const c = text.charCodeAt(i);
        const size = c < 0x80
          ? 1
          : c < 0x800
          ? 2
          : c >= 0xd800 && c <= 0xdbff
          ? 4
          : c >= 0xdc00 && c <= 0xdfff
          ? 0
          : 3;
        if (bytes + size > room.bytes) {
          end = i;
          break;
        }
        bytes += size;
      }
    }
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

  return {
    limits,
    page: {
      tokens: limits.maxTokens,
      chars: limits.maxChars,
      bytes: limits.maxBytes,
      lines: limits.maxLines - 1,
    },
    tokens,
    cost,
    fits,
    prefix,
  };
}
