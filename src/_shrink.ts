// Fits a value that cannot be paged by cutting, with explicit markers, first
// its long strings and then its long lists. Every dict key is kept.

import { lastBoundary } from "./_graphemes.ts";
import { charactersCut, itemsCut } from "./_notes.ts";
import { isRaw, type Json } from "./_values.ts";

function extent(value: Json): { string: number; list: number } {
  let string = 0;
  let list = 0;
  const walk = (v: Json): void => {
    if (typeof v === "string") string = Math.max(string, v.length);
    else if (Array.isArray(v)) {
      list = Math.max(list, v.length);
      for (const item of v) walk(item);
    } else if (v !== null && typeof v === "object" && !isRaw(v)) {
      for (const key of Object.keys(v)) walk(v[key]);
    }
  };
  walk(value);
  return { string, list };
}

/** `value` with strings cut to about `maxString` and lists to `maxList` items. */
export function cutValue(value: Json, maxString: number, maxList: number): Json {
  const walk = (v: Json): Json => {
    if (typeof v === "string") {
      if (v.length <= maxString) return v;
      const end = lastBoundary(v, 0, maxString);
      return v.slice(0, end) + charactersCut(v.length - end);
    }
    if (Array.isArray(v)) {
      const kept = v.length > maxList ? v.slice(0, maxList) : v;
      const out = kept.map(walk);
      if (v.length > maxList) out.push(itemsCut(v.length - maxList));
      return out;
    }
    if (v !== null && typeof v === "object" && !isRaw(v)) {
      const out: { [key: string]: Json } = {};
      for (const key of Object.keys(v)) out[key] = walk(v[key]);
      return out;
    }
    return v;
  };
  return walk(value);
}

// The largest n in [0, hi] for which ok(n) holds, assuming ok is monotone;
// -1 when even ok(0) fails.
function largest(hi: number, ok: (n: number) => boolean): number {
  if (!ok(0)) return -1;
  let lo = 0;
  while (lo < hi) {
    const mid = lo + Math.ceil((hi - lo) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The rendering of the least-cut version of `value` that `fits`, or
 * undefined when even every string and list cut to nothing does not fit.
 * Strings are cut first; lists only when cutting strings is not enough.
 */
export function shrink(
  value: Json,
  render: (value: Json) => string,
  fits: (text: string) => boolean,
): string | undefined {
  const { string, list } = extent(value);
  const tryCut = (maxString: number, maxList: number) => {
    const text = render(cutValue(value, maxString, maxList));
    return fits(text) ? text : undefined;
  };
  let maxString = largest(string, (n) => tryCut(n, list) !== undefined);
  let maxList = list;
  if (maxString < 0) {
    maxList = largest(list, (n) => tryCut(0, n) !== undefined);
    if (maxList < 0) return undefined;
    maxString = largest(string, (n) => tryCut(n, maxList) !== undefined);
  }
  return tryCut(maxString, maxList);
}
