// Indexes a JSON text from its source, without parsing it into values: the
// pager pages the original text, so a 19-digit id, `1e400` or the original
// indentation reach the model unchanged. One pass, an explicit stack (never
// recursion, so a text a million levels deep is fine at any stack depth),
// element offsets in typed arrays.

/** Where a JSON text's root value is and which containers can be paged. */
export interface JsonIndex {
  /** What the root value is. */
  root: "object" | "array" | "scalar";
  /** Offsets of the root value: first char after leading whitespace, end exclusive before trailing ws. */
  start: number;
  /** End of the root value (exclusive), before trailing whitespace. */
  end: number;
  /** Deepest nesting level seen (root container = 1). */
  depth: number;
  /** Containers reachable from the root through object members only (the root itself included when
   *  it is a container), in document order. An array's items are NOT descended into for this list
   *  (a list inside a list item is not a candidate), but they are validated. */
  containers: Container[];
}

/** One array or object of a scanned text, with the source span of each element. */
export interface Container {
  /** An array or an object. */
  kind: "array" | "object";
  /** Decoded keys leading from the root; [] for the root. */
  path: string[];
  /** Offsets of the opening '[' / '{' and of its matching closer. */
  open: number;
  /** Offset of the matching ']' / '}'. */
  close: number;
  /** Number of elements: array items, or object members. */
  count: number;
  /** Start (inclusive) and end (exclusive) offset of element i: an array item's value, or an object
   *  member from its key's opening quote to the end of its value. No surrounding whitespace. */
  start(i: number): number;
  /** End (exclusive) of element i. */
  end(i: number): number;
  /** Objects: decoded key of member i. */
  key?(i: number): string;
}

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const ONE = 0x31;
const NINE = 0x39;
const COLON = 0x3a;
const UPPER_E = 0x45;
const LBRACKET = 0x5b;
const BACKSLASH = 0x5c;
const RBRACKET = 0x5d;
const LOWER_E = 0x65;
const LBRACE = 0x7b;
const RBRACE = 0x7d;

const ARRAY = 1;
const OBJECT = 2;

/** 1 for the characters a backslash may precede (besides `u`), by char code. */
const SIMPLE_ESCAPE = new Uint8Array(128);
for (const c of `"\\/bfnrt`) SIMPLE_ESCAPE[c.charCodeAt(0)] = 1;
/** 1 for hex digits, by char code. */
const HEX = new Uint8Array(128);
for (const c of "0123456789abcdefABCDEF") HEX[c.charCodeAt(0)] = 1;

function skipWhitespace(text: string, pos: number): number {
  let c = text.charCodeAt(pos);
  while (c === SPACE || c === LF || c === CR || c === TAB) c = text.charCodeAt(++pos);
  return pos;
}

function isHex(c: number): boolean {
  return c < 128 && HEX[c] === 1;
}

/**
 * Characters of a string looked at one by one before the rest of it is left
 * to native code (a fixed cost of about a few dozen characters), so short
 * strings (keys, most values) stay in the loop.
 */
export const ONE_BY_ONE = 64;
/** Longest piece of a string JSON.parse checks at once (its copy is the only memory it takes). */
export const CHUNK = 1 << 20;

/**
 * The rest of the long string opening at `open`, from `i` (not inside an
 * escape): the offset after its closing quote, or -1 when it is invalid,
 * found by indexOf and checked by JSON.parse itself (which accepts exactly
 * what it accepts), a piece at a time. NaN when native code could not run (no
 * stack left): the caller's loop goes on from `i`.
 */
function skipLongString(text: string, open: number, i: number): number {
  let quote = i;
  for (;;) {
    quote = text.indexOf('"', quote);
    if (quote < 0) return -1;
    if (isEscaped(text, i, quote)) quote++;
    else break;
  }
  try {
    if (quote - open < CHUNK) {
      // The literal itself: a slice is a view, so there is no concatenation to copy first.
      JSON.parse(text.slice(open, quote + 1));
    } else {
      for (let from = i; from < quote;) {
        const to = from + CHUNK < quote ? cutBeforeEscape(text, from, from + CHUNK) : quote;
        JSON.parse('"' + text.slice(from, to) + '"');
        from = to;
      }
    }
  } catch (error) {
    return error instanceof SyntaxError ? -1 : NaN;
  }
  return quote + 1;
}

/** Whether the character at `at` is escaped: an odd run of backslashes before it, from `from`. */
function isEscaped(text: string, from: number, at: number): boolean {
  let k = at - 1;
  while (k >= from && text.charCodeAt(k) === BACKSLASH) k--;
  return (at - 1 - k) % 2 === 1;
}

/** `cut`, or the start of the escape it would split (escapes are at most 6 characters). */
function cutBeforeEscape(text: string, from: number, cut: number): number {
  for (let p = cut - 1; p >= from && p > cut - 6; p--) {
    if (text.charCodeAt(p) !== BACKSLASH) continue;
    // The nearest backslash: the second of "\\" ends before the cut; else an escape starts here.
    if (isEscaped(text, from, p)) return cut;
    return p + (text.charCodeAt(p + 1) === 0x75 ? 6 : 2) > cut ? p : cut;
  }
  return cut;
}

/** The offset after the string literal opening at `pos`, or -1 when it is invalid. */
function skipString(text: string, pos: number): number {
  let i = pos + 1;
  let nativeAt = i + ONE_BY_ONE;
  for (;;) {
    if (i === nativeAt) {
      const end = skipLongString(text, pos, i);
      if (end === end) return end; // not NaN
    }
    const c = text.charCodeAt(i);
    // Letters and most other characters first: one comparison each.
    if (c > BACKSLASH || (c > QUOTE && c < BACKSLASH) || c === SPACE || c === 0x21) {
      i++;
      continue;
    }
    if (c === QUOTE) return i + 1;
    // A control character, or NaN: the text ended inside the string.
    if (c !== BACKSLASH) return -1;
    const e = text.charCodeAt(i + 1);
    if (e === 0x75) {
      if (
        !isHex(text.charCodeAt(i + 2)) || !isHex(text.charCodeAt(i + 3)) ||
        !isHex(text.charCodeAt(i + 4)) || !isHex(text.charCodeAt(i + 5))
      ) return -1;
      i += 6;
    } else if (e < 128 && SIMPLE_ESCAPE[e] === 1) {
      i += 2;
    } else {
      return -1;
    }
    // An escape can jump past nativeAt: hand over at the next character.
    if (i > nativeAt) nativeAt = i;
  }
}

/** The offset after the number starting at `pos`, or -1 when it is invalid. */
function skipNumber(text: string, pos: number): number {
  let i = pos;
  let c = text.charCodeAt(i);
  if (c === MINUS) c = text.charCodeAt(++i);
  if (c === ZERO) {
    c = text.charCodeAt(++i);
  } else if (c >= ONE && c <= NINE) {
    do c = text.charCodeAt(++i); while (c >= ZERO && c <= NINE);
  } else {
    return -1;
  }
  if (c === DOT) {
    c = text.charCodeAt(++i);
    if (!(c >= ZERO && c <= NINE)) return -1;
    do c = text.charCodeAt(++i); while (c >= ZERO && c <= NINE);
  }
  if (c === LOWER_E || c === UPPER_E) {
    c = text.charCodeAt(++i);
    if (c === PLUS || c === MINUS) c = text.charCodeAt(++i);
    if (!(c >= ZERO && c <= NINE)) return -1;
    do c = text.charCodeAt(++i); while (c >= ZERO && c <= NINE);
  }
  return i;
}

/** The offset after `word` at `pos`, or -1 when the text does not have it there. */
function skipWord(text: string, pos: number, word: string): number {
  return text.startsWith(word, pos) ? pos + word.length : -1;
}

/** After a key's opening quote at `pos`: the offset of its value, or -1. */
function skipKey(text: string, pos: number): number {
  pos = skipString(text, pos);
  if (pos < 0) return -1;
  pos = skipWhitespace(text, pos);
  if (text.charCodeAt(pos) !== COLON) return -1;
  return skipWhitespace(text, pos + 1);
}

/** The decoded key whose opening quote is at `pos` (in a text already validated). */
function decodeKey(text: string, pos: number): string {
  let i = pos + 1;
  let escaped = false;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) break;
    if (c === BACKSLASH) {
      escaped = true;
      i += 2;
    } else {
      i++;
    }
  }
  return escaped ? JSON.parse(text.slice(pos, i + 1)) : text.slice(pos + 1, i);
}

/** A copy of `array` with room for at least `length` (and at least twice as many) elements. */
function grown<T extends Uint8Array | Int32Array | Uint32Array>(array: T, length = 0): T {
  const size = Math.max(array.length * 2, length);
  const next = new (array.constructor as new (length: number) => T)(size);
  next.set(array);
  return next;
}

/** What the containers of one index share: the text and the offsets in typed arrays. */
interface Shared {
  text: string;
  /** Per container id (document order). */
  kind: Uint8Array;
  parent: Int32Array;
  /** Offset of the key's opening quote of the member holding the container; -1 for the root. */
  keyAt: Int32Array;
  open: Uint32Array;
  close: Uint32Array;
  count: Uint32Array;
  /** Index into `spans` of the container's first element start. */
  base: Uint32Array;
  /** start, end, start, end … for every element of every container, container by container. */
  spans: Uint32Array;
  /** Decoded paths, filled on demand. */
  paths: (string[] | undefined)[];
}

class ScannedContainer implements Container {
  readonly #shared: Shared;
  readonly #id: number;
  constructor(shared: Shared, id: number) {
    this.#shared = shared;
    this.#id = id;
  }
  get kind(): "array" | "object" {
    return this.#shared.kind[this.#id] === ARRAY ? "array" : "object";
  }
  get path(): string[] {
    return pathOf(this.#shared, this.#id);
  }
  get open(): number {
    return this.#shared.open[this.#id];
  }
  get close(): number {
    return this.#shared.close[this.#id];
  }
  get count(): number {
    return this.#shared.count[this.#id];
  }
  start(i: number): number {
    return this.#shared.spans[this.#slot(i)];
  }
  end(i: number): number {
    return this.#shared.spans[this.#slot(i) + 1];
  }
  #slot(i: number): number {
    if (!Number.isInteger(i) || i < 0 || i >= this.count) {
      throw new RangeError(`pagewise: element ${i} is out of range (count ${this.count})`);
    }
    return this.#shared.base[this.#id] + 2 * i;
  }
  protected keyAt(i: number): string {
    return decodeKey(this.#shared.text, this.start(i));
  }
}

class ScannedObject extends ScannedContainer {
  key(i: number): string {
    return this.keyAt(i);
  }
}

/** The container's path, decoded once; iterative, since paths can be a million keys long. */
function pathOf(shared: Shared, id: number): string[] {
  const cached = shared.paths[id];
  if (cached) return cached.slice();
  const chain: number[] = [];
  let at = id;
  while (at > 0 && shared.paths[at] === undefined) {
    chain.push(at);
    at = shared.parent[at];
  }
  const path = at === 0 ? [] : shared.paths[at]!.slice();
  for (let j = chain.length - 1; j >= 0; j--) {
    path.push(decodeKey(shared.text, shared.keyAt[chain[j]]));
  }
  // Only the asked-for container is cached: caching its ancestors too would
  // cost memory quadratic in the depth of a deep chain.
  shared.paths[id] = path;
  return path.slice();
}

/** Records the indexed containers while the scan runs (kept out of the scan's hot loop). */
class Builder {
  kind = new Uint8Array(16);
  parent = new Int32Array(16);
  keyAt = new Int32Array(16);
  open = new Uint32Array(16);
  close = new Uint32Array(16);
  count = new Uint32Array(16);
  base = new Uint32Array(16);
  containers = 0;
  spans = new Uint32Array(1024);
  spanCount = 0;

  /** A new container's id (ids are in document order). */
  add(kind: number, parent: number, keyAt: number, open: number): number {
    const id = this.containers++;
    if (id === this.kind.length) {
      this.kind = grown(this.kind);
      this.parent = grown(this.parent);
      this.keyAt = grown(this.keyAt);
      this.open = grown(this.open);
      this.close = grown(this.close);
      this.count = grown(this.count);
      this.base = grown(this.base);
    }
    this.kind[id] = kind;
    this.parent[id] = parent;
    this.keyAt[id] = keyAt;
    this.open[id] = open;
    return id;
  }

  /** Container `id` closes at `close`; its element offsets are `scratch[from, to)`. */
  end(id: number, close: number, scratch: Uint32Array, from: number, to: number): void {
    const length = to - from;
    if (this.spanCount + length > this.spans.length) {
      this.spans = grown(this.spans, this.spanCount + length);
    }
    this.spans.set(scratch.subarray(from, to), this.spanCount);
    this.base[id] = this.spanCount;
    this.count[id] = length / 2;
    this.close[id] = close;
    this.spanCount += length;
  }

  index(text: string, start: number, end: number, depth: number): JsonIndex {
    // Keep only what is used: the arrays grew by doubling.
    const n = this.containers;
    const shared: Shared = {
      text,
      kind: trimmed(this.kind, n),
      parent: trimmed(this.parent, n),
      keyAt: trimmed(this.keyAt, n),
      open: trimmed(this.open, n),
      close: trimmed(this.close, n),
      count: trimmed(this.count, n),
      base: trimmed(this.base, n),
      spans: trimmed(this.spans, this.spanCount),
      paths: this.containers > 0 ? [[]] : [],
    };
    const containers: Container[] = new Array(this.containers);
    for (let id = 0; id < this.containers; id++) {
      containers[id] = this.kind[id] === OBJECT
        ? new ScannedObject(shared, id)
        : new ScannedContainer(shared, id);
    }
    const first = text.charCodeAt(start);
    return {
      root: first === LBRACE ? "object" : first === LBRACKET ? "array" : "scalar",
      start,
      end,
      depth,
      containers,
    };
  }
}

/** `array`, or a copy of its first `length` elements when that saves more than a quarter. */
function trimmed<T extends Uint8Array | Int32Array | Uint32Array>(array: T, length: number): T {
  return length < array.length * 0.75 ? array.slice(0, length) as T : array;
}

/** `array` with `value` at `at`, grown when `at` is its length. */
function put(array: Uint32Array<ArrayBuffer>, at: number, value: number): Uint32Array<ArrayBuffer> {
  if (at === array.length) array = grown(array);
  array[at] = value;
  return array;
}

/**
 * The index of a JSON text, or undefined exactly when `JSON.parse(text)` would throw.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { scanJson } from "./scan.ts";
 *
 * const text = '{"total": 2, "items": [{"id": 1234567890123456789}, 1e400]}';
 * const index = scanJson(text)!;
 * const items = index.containers.find((c) => c.path.join() === "items")!;
 * // Elements as written: no rounding of the large id, no Infinity for 1e400.
 * assertEquals(text.slice(items.start(0), items.end(0)), '{"id": 1234567890123456789}');
 * assertEquals(text.slice(items.start(1), items.end(1)), "1e400");
 * assertEquals(scanJson("{id: 1}"), undefined); // JSON.parse would throw
 * ```
 */
export function scanJson(text: string): JsonIndex | undefined {
  const n = text.length;
  // The open containers, innermost last.
  let stackKind = new Uint8Array(64);
  let stackId = new Int32Array(64);
  let stackBase = new Uint32Array(64);
  let depth = 0;
  let maxDepth = 0;
  // Element offsets of the open containers being indexed: a container's are
  // the top of this stack when it closes (its children's were moved out).
  let scratch = new Uint32Array(1024);
  let top = 0;
  const builder = new Builder();

  let pos = skipWhitespace(text, 0);
  const rootStart = pos;
  let c = 0;
  value: for (;;) {
    c = text.charCodeAt(pos);
    if (c === LBRACE || c === LBRACKET) {
      if (depth === stackKind.length) {
        stackKind = grown(stackKind);
        stackId = grown(stackId);
        stackBase = grown(stackBase);
      }
      let id = -1;
      // Only containers reached from the root through object members are
      // candidates: a list's items are validated, not indexed.
      if (depth === 0) {
        id = builder.add(c === LBRACE ? OBJECT : ARRAY, -1, -1, pos);
      } else if (stackId[depth - 1] >= 0 && stackKind[depth - 1] === OBJECT) {
        // The parent's pending element start is its current member's key.
        id = builder.add(c === LBRACE ? OBJECT : ARRAY, stackId[depth - 1], scratch[top - 1], pos);
      }
      stackKind[depth] = c === LBRACE ? OBJECT : ARRAY;
      stackId[depth] = id;
      stackBase[depth] = top;
      if (++depth > maxDepth) maxDepth = depth;
      pos = skipWhitespace(text, pos + 1);
      const first = text.charCodeAt(pos);
      if (first !== (c === LBRACE ? RBRACE : RBRACKET)) {
        if (id >= 0) scratch = put(scratch, top++, pos);
        if (c === LBRACE) {
          if (first !== QUOTE) return undefined;
          pos = skipKey(text, pos);
          if (pos < 0) return undefined;
        }
        continue value;
      }
      // An empty container: closed below like any other.
    } else {
      if (c === QUOTE) pos = skipString(text, pos);
      else if (c === MINUS || (c >= ZERO && c <= NINE)) pos = skipNumber(text, pos);
      else if (c === 0x74) pos = skipWord(text, pos, "true");
      else if (c === 0x66) pos = skipWord(text, pos, "false");
      else if (c === 0x6e) pos = skipWord(text, pos, "null");
      else return undefined;
      if (pos < 0) return undefined;
    }

    // A value ended before `pos`, or an empty container's closer is at `pos`.
    let closing = c === LBRACE || c === LBRACKET;
    for (;;) {
      if (closing) {
        closing = false;
        const d = --depth;
        const id = stackId[d];
        if (id >= 0) {
          builder.end(id, pos, scratch, stackBase[d], top);
          top = stackBase[d];
        }
        pos++;
      }
      if (depth === 0) break value;
      const d = depth - 1;
      if (stackId[d] >= 0) scratch = put(scratch, top++, pos);
      pos = skipWhitespace(text, pos);
      c = text.charCodeAt(pos);
      if (c === COMMA) {
        pos = skipWhitespace(text, pos + 1);
        if (stackId[d] >= 0) scratch = put(scratch, top++, pos);
        if (stackKind[d] === OBJECT) {
          if (text.charCodeAt(pos) !== QUOTE) return undefined;
          pos = skipKey(text, pos);
          if (pos < 0) return undefined;
        }
        continue value;
      }
      if (c !== (stackKind[d] === OBJECT ? RBRACE : RBRACKET)) return undefined;
      closing = true;
    }
  }
  const rootEnd = pos;
  if (skipWhitespace(text, pos) !== n) return undefined;
  return builder.index(text, rootStart, rootEnd, maxDepth);
}
