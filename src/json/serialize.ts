// Turns any JSON-able value into JSON text without depending on the stack:
// plain, shallow values go to the native JSON.stringify; everything else
// (Maps, Sets, typed arrays, BigInts, toJSON, deep values, cycles) goes
// through a serializer with an explicit stack. No object is ever built with
// a value's keys as properties except on a null prototype, so a "__proto__"
// key survives in runtimes that still have the __proto__ setter.

/**
 * Deepest plain value handed to the native JSON.stringify. V8 writes compact
 * plain values iteratively, but with an indent it recurses: 256 levels take
 * about 50 KB of the ~1 MB stack (measured: 453 frames of a one-argument
 * function). So the native call needs a bounded stack, and when even that is
 * not there (the caller was already near the limit) its RangeError sends the
 * value to the iterative serializer, which needs a fixed few frames (9 of
 * that function) at any depth. The result never depends on the stack.
 */
export const NATIVE_DEPTH = 256;

/**
 * Deepest value serialized at all. Values are finite, so only a value that
 * makes itself up as it is read (a getter or toJSON returning a new, deeper
 * object each time) gets here; without a limit it would fill the memory.
 * Reaching it costs about 0.6 s and 75 MB.
 */
export const MAX_DEPTH = 200_000;

type RawJson = { rawJSON: string };
const isRawJSON = (JSON as unknown as { isRawJSON?: (v: unknown) => v is RawJson }).isRawJSON ??
  ((_: unknown): _ is RawJson => false);

/**
 * JSON text of `value` with JSON.stringify's rules and output (toJSON, undefined/functions/symbols
 * dropped in objects and null in arrays, non-finite numbers -> null, Date via toJSON), plus:
 * Map -> object in the Map's order (or a list of [key, value] pairs when a key is not a string), Set and
 * typed arrays -> lists, ArrayBuffer -> list of bytes, BigInt -> its exact digits as a JSON number.
 * A cycle throws a TypeError naming its path ("$.a[3].b"). `indent`: "" (compact) or the indent
 * string (as JSON.stringify's third argument).
 *
 * @example
 * ```ts
 * import { assertEquals, assertThrows } from "@std/assert";
 * import { serializeValue } from "./serialize.ts";
 *
 * const text = serializeValue({ id: 12345678901234567890n, tags: new Set(["a"]) });
 * assertEquals(text, '{"id":12345678901234567890,"tags":["a"]}');
 * assertEquals(serializeValue(new Map([[1, "a"]])), '[[1,"a"]]');
 * const loop: { self?: unknown } = {};
 * loop.self = [loop];
 * assertThrows(() => serializeValue(loop), TypeError, "a cycle at $.self[0]");
 * ```
 */
export function serializeValue(value: unknown, indent?: string): string {
  const gap = indent === undefined || indent === "" ? "" : indent.slice(0, 10);
  if (typeof value !== "object" || value === null) {
    const text = primitive(value);
    if (text !== undefined) return text;
  } else if (isPlainAndShallow(value)) {
    try {
      const text = gap === "" ? JSON.stringify(value) : JSON.stringify(value, null, gap);
      return text ?? "null";
    } catch (error) {
      // A stack overflow: the caller was already deep. The iterative path below needs no depth.
      // (A string too long for the engine would only fail again there, slower.)
      if (!(error instanceof RangeError) || error.message.includes("string length")) throw error;
    }
  }
  return serializeIteratively(value, gap);
}

/**
 * serializeValue of a compact list, with its number of items when the native
 * JSON.stringify wrote it: its length read just before the call, with no code
 * of the caller's (a getter, a toJSON) run in between, is the length
 * JSON.stringify reads before it writes the items. Written any other way,
 * the count is not known.
 */
export function serializeList(list: unknown[]): { text: string; count?: number } {
  if (isPlainAndShallow(list)) {
    try {
      const count = list.length;
      const text = JSON.stringify(list);
      return { text, count };
    } catch (error) {
      if (!(error instanceof RangeError) || error.message.includes("string length")) throw error;
    }
  }
  return { text: serializeIteratively(list, "") };
}

/** JSON text of a primitive, or undefined for one that JSON leaves out. */
function primitive(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      return value.toString();
    case "object":
      return "null";
  }
  return undefined;
}

/**
 * Whether the native JSON.stringify gives `value`'s text exactly and within
 * NATIVE_DEPTH levels: only arrays and Object.prototype (or null-prototype)
 * objects without toJSON, no BigInt. Breadth first through one queue, so it
 * never recurses; a cycle shows up as a depth over the limit.
 */
function isPlainAndShallow(value: object): boolean {
  const queue: object[] = [value];
  let depth = 1;
  let levelEnd = 1;
  for (let head = 0; head < queue.length; head++) {
    if (head === levelEnd) {
      if (++depth > NATIVE_DEPTH) return false;
      levelEnd = queue.length;
    }
    const object = queue[head];
    if (Array.isArray(object)) {
      const array = object as unknown[];
      if (typeof (array as { toJSON?: unknown }).toJSON === "function") return false;
      for (let i = 0; i < array.length; i++) {
        const item = array[i];
        if (typeof item === "object") {
          if (item !== null) queue.push(item);
        } else if (typeof item === "bigint" || hasToJSON(item)) {
          return false;
        }
      }
    } else {
      const proto = Object.getPrototypeOf(object);
      if (proto !== Object.prototype && proto !== null) return false;
      const record = object as Record<string, unknown>;
      if (typeof record.toJSON === "function") return false;
      for (const key in record) {
        const item = record[key];
        if (typeof item === "object") {
          if (item !== null) queue.push(item);
        } else if (typeof item === "bigint" || hasToJSON(item)) {
          return false;
        }
      }
    }
  }
  return true;
}

/** A function with a toJSON, which JSON.stringify writes as its result. */
function hasToJSON(item: unknown): boolean {
  return typeof item === "function" && typeof (item as { toJSON?: unknown }).toJSON === "function";
}

const LIST = 0;
const RECORD = 1;
/** An object built from a Map: its values are already resolved (toJSON applied). */
const RESOLVED_RECORD = 2;
type Kind = typeof LIST | typeof RECORD | typeof RESOLVED_RECORD;

/** Set by `resolve` to the object whose toJSON gave its result (read right after each call). */
let resolvedFrom: object | undefined;

/** The value JSON.stringify would write for `value` under `key`: after toJSON, primitives unwrapped. */
function resolve(value: unknown, key: string | number): unknown {
  resolvedFrom = undefined;
  // Functions are objects to JSON.stringify: one with a toJSON is written as its result.
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") {
    const result = toJSON.call(value, String(key));
    resolvedFrom = value;
    value = result;
    if (typeof value !== "object" || value === null) return value;
  }
  if (typeof value === "function") return value;
  if (value instanceof Number) return Number(value);
  if (value instanceof String) return String(value);
  if (value instanceof Boolean) return Boolean.prototype.valueOf.call(value);
  if (value instanceof BigInt) return BigInt.prototype.valueOf.call(value);
  return value;
}

function isDropped(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

/**
 * Up to this depth every container is checked against all open ones. Deeper,
 * a check of the innermost runs only at depths that are powers of two: a
 * cycle repeats the open containers with its period, so it is still caught,
 * at most twice as deep, and then reported where it first closed. This keeps
 * a deep value at a few array slots a level, with no Set of open objects.
 */
const CHECK_EVERY_LEVEL = 64;

/**
 * The open containers of the iterative serializer, innermost last, as
 * parallel arrays (no object per level).
 */
class Stack {
  kind: Kind[] = [];
  /** The array-like or object whose elements are written. */
  source: unknown[] = [];
  keys: (string[] | undefined)[] = [];
  length: number[] = [];
  /** Next element. */
  next: number[] = [];
  /** Whether an element has been written (objects drop some). */
  written: boolean[] = [];
  /** What cycles are checked against: the container, and the object whose toJSON gave it. */
  self: object[] = [];
  origin: (object | undefined)[] = [];
  depth = 0;

  /** The depth below `below` where `object` is open, or -1. */
  find(object: object, below: number): number {
    for (let d = 0; d < below; d++) {
      if (this.self[d] === object || this.origin[d] === object) return d;
    }
    return -1;
  }

  /**
   * The first container (innermost on the stack) that repeats an open one
   * below it, and where that one is: [repeat, first]; undefined when none.
   */
  firstRepeat(): [number, number] | undefined {
    const seen = new Map<object, number>();
    for (let d = 0; d < this.depth; d++) {
      for (const object of [this.self[d], this.origin[d]]) {
        if (object === undefined) continue;
        const first = seen.get(object);
        if (first !== undefined && first < d) return [d, first];
        seen.set(object, d);
      }
    }
    return undefined;
  }

  push(
    kind: Kind,
    source: unknown,
    keys: string[] | undefined,
    length: number,
    self: object,
    origin: object | undefined,
  ): void {
    const d = this.depth++;
    this.kind[d] = kind;
    this.source[d] = source;
    this.keys[d] = keys;
    this.length[d] = length;
    this.next[d] = 0;
    this.written[d] = false;
    this.self[d] = self;
    this.origin[d] = origin;
  }

  pop(): void {
    const d = --this.depth;
    // Let go of what the level held.
    this.source[d] =
      this.keys[d] =
      this.self[d] =
      this.origin[d] =
        undefined as never;
  }

  /** "$.a[3].b": the path of the element being written at `depth` (0 = the root). */
  path(depth: number): string {
    const segment = (d: number): string => {
      const i = this.next[d] - 1;
      if (this.kind[d] === LIST) return `[${i}]`;
      const key = this.keys[d]![i];
      return isIdentifier(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    };
    const range = (from: number, to: number): string => {
      let text = "";
      for (let d = from; d < to; d++) text += segment(d);
      return text;
    };
    if (depth <= 2 * PATH_ENDS) return "$" + range(0, depth);
    return "$" + range(0, PATH_ENDS) + `…(${depth - 2 * PATH_ENDS} more)…` +
      range(depth - PATH_ENDS, depth);
  }
}

function cycleError(stack: Stack, repeat: number, first: number): TypeError {
  return new TypeError(
    `pagewise: the value has a cycle at ${stack.path(repeat)}, which refers back to ` +
      `${stack.path(first)}. Pass a value without cycles (copy the fields you need).`,
  );
}

/** Opens the resolved container `value` on the stack; returns its opening bracket. */
function open(stack: Stack, value: object, origin: object | undefined): string {
  const depth = stack.depth;
  if (depth < CHECK_EVERY_LEVEL) {
    let at = stack.find(value, depth);
    if (at < 0 && origin !== undefined) at = stack.find(origin, depth);
    if (at >= 0) throw cycleError(stack, depth, at);
  } else if ((depth & (depth - 1)) === 0) {
    const at = Math.max(
      stack.find(value, depth),
      origin === undefined ? -1 : stack.find(origin, depth),
    );
    if (at >= 0) {
      // Caught late: report the repeat that closed the cycle first.
      const [repeat, first] = stack.firstRepeat() ?? [depth, at];
      throw cycleError(stack, repeat, first);
    }
  }
  if (depth >= MAX_DEPTH) {
    throw new RangeError(
      `pagewise: the value is nested more than ${MAX_DEPTH} levels deep at ` +
        `${stack.path(depth)}; flatten it before paging.`,
    );
  }
  if (Array.isArray(value)) {
    stack.push(LIST, value, undefined, value.length, value, origin);
    return "[";
  }
  if (value instanceof Map) {
    const map = value as Map<unknown, unknown>;
    let keyed = true;
    for (const key of map.keys()) {
      // Only string keys make an object: a number key could meet the same
      // string ("1" and 1) and lose an entry.
      if (typeof key !== "string") {
        keyed = false;
        break;
      }
    }
    if (!keyed) {
      const pairs = [...map];
      stack.push(LIST, pairs, undefined, pairs.length, value, origin);
      return "[";
    }
    // A null prototype: no key is special, and keys order as an object's would.
    const record: Record<string, unknown> = Object.create(null);
    // The Map's own order, not an object's (which puts integer-like keys first).
    const keys: string[] = [];
    for (const [key, item] of map) {
      const name = key as string;
      const resolved = resolve(item, name);
      if (!isDropped(resolved)) {
        record[name] = resolved;
        keys.push(name);
      }
    }
    stack.push(RESOLVED_RECORD, record, keys, keys.length, value, origin);
    return "{";
  }
  if (value instanceof Set) {
    const items = [...value];
    stack.push(LIST, items, undefined, items.length, value, origin);
    return "[";
  }
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    stack.push(
      LIST,
      value,
      undefined,
      (value as unknown as ArrayLike<unknown>).length,
      value,
      origin,
    );
    return "[";
  }
  if (
    value instanceof ArrayBuffer ||
    (typeof SharedArrayBuffer === "function" && value instanceof SharedArrayBuffer)
  ) {
    const bytes = new Uint8Array(value);
    stack.push(LIST, bytes, undefined, bytes.length, value, origin);
    return "[";
  }
  const keys = Object.keys(value);
  stack.push(RECORD, value, keys, keys.length, value, origin);
  return "{";
}

/** The serializer with an explicit stack: depth costs heap, never stack. */
function serializeIteratively(value: unknown, gap: string): string {
  const root = resolve(value, "");
  if (typeof root !== "object" || root === null) return primitive(root) ?? "null";
  if (isRawJSON(root)) return root.rawJSON;

  const stack = new Stack();
  const newlines: string[] = [];
  const newline = (depth: number): string =>
    depth < 1024 ? (newlines[depth] ??= "\n" + gap.repeat(depth)) : "\n" + gap.repeat(depth);
  const colon = gap === "" ? ":" : ": ";
  const quotedKeys = new Map<string, string>();

  let out = open(stack, root, resolvedFrom);
  while (stack.depth > 0) {
    const depth = stack.depth;
    const d = depth - 1;
    const kind = stack.kind[d];
    const i = stack.next[d];
    if (i >= stack.length[d]) {
      const closer = kind === LIST ? "]" : "}";
      out += gap !== "" && (kind === LIST ? i > 0 : stack.written[d])
        ? newline(d) + closer
        : closer;
      stack.pop();
      continue;
    }
    stack.next[d] = i + 1;
    let item: unknown;
    let origin: object | undefined;
    if (kind === LIST) {
      item = resolve((stack.source[d] as ArrayLike<unknown>)[i], i);
      origin = resolvedFrom;
      if (isDropped(item)) item = null;
      if (gap === "") {
        if (i > 0) out += ",";
      } else {
        out += i > 0 ? "," + newline(depth) : newline(depth);
      }
    } else {
      const key = stack.keys[d]![i];
      item = (stack.source[d] as Record<string, unknown>)[key];
      origin = undefined;
      if (kind === RECORD) {
        item = resolve(item, key);
        origin = resolvedFrom;
      }
      if (isDropped(item)) continue;
      if (stack.written[d]) out += ",";
      else stack.written[d] = true;
      if (gap !== "") out += newline(depth);
      let quoted = quotedKeys.get(key);
      if (quoted === undefined) {
        quoted = JSON.stringify(key) + colon;
        if (quotedKeys.size < 1024) quotedKeys.set(key, quoted);
      }
      out += quoted;
    }
    if (typeof item !== "object" || item === null) out += primitive(item);
    else if (isRawJSON(item)) out += item.rawJSON;
    else out += open(stack, item, origin);
  }
  return out;
}

/** Whether `key` matches /^[A-Za-z_$][\w$]*$/ (no RegExp: compiling one needs stack). */
function isIdentifier(key: string): boolean {
  if (key.length === 0) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x24;
    if (!letter && !(i > 0 && c >= 0x30 && c <= 0x39)) return false;
  }
  return true;
}
/** Segments shown at each end of a long path in a message. */
const PATH_ENDS = 8;
