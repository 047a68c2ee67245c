// Serializes a value and indexes it in the same pass: the containers reached
// from the root through object members, with their elements' offsets, are
// recorded while their text is written, so that the text need not be scanned
// again. The text is exactly serializeValue's (compact); anything this walk
// does not handle itself (Maps, toJSON, class instances, deep key paths,
// cycles) is written by serializeValue, or the whole value is left to it.
//
// A list is written whole by serializeValue (one native JSON.stringify for a
// plain list), and its items found in that text by `itemSpans`, which trusts
// it to be valid compact JSON: a third of the stringify's time, against
// twice it for writing the items one by one, and no string per item alive.

import type { Container, JsonIndex } from "./scan.ts";
import { serializeList, serializeValue } from "./serialize.ts";

/** Key paths deeper than this are left to serializeValue and the scanner. */
const MAX_PATH = 64;

class Fallback extends Error {}

/** The compact JSON text of `value` and its index, or undefined to serialize and scan instead. */
export function serializeIndexed(value: unknown): { text: string; index: JsonIndex } | undefined {
  if (!isContainer(value)) return undefined;
  // Small pieces are joined a thousand at a time, so that they die young
  // instead of all living until the end (a list of 400,000 items would keep
  // 800,000 strings alive at once).
  const chunks: string[] = [];
  let parts: string[] = [];
  let pos = 0;
  const containers: Container[] = [];
  const ancestors = new Set<object>();
  const write = (text: string) => {
    parts.push(text);
    pos += text.length;
    if (parts.length >= 1_024) {
      chunks.push(parts.join(""));
      parts = [];
    }
  };

  const leaf = (item: unknown): string | undefined => {
    if (item === undefined || typeof item === "function" || typeof item === "symbol") {
      return undefined;
    }
    return serializeValue(item);
  };

  const visit = (node: object, path: string[]): void => {
    if (path.length > MAX_PATH || ancestors.has(node)) throw new Fallback();
    ancestors.add(node);
    const open = pos;
    if (Array.isArray(node)) {
      const { text: list, count } = listText(node as unknown[]);
      write(list);
      ancestors.delete(node);
      // Found as a page asks for them: the first page of a long list reads
      // the spans of its own items only, not of every item. Where the count
      // is not known for sure, every item is counted from the text.
      const items = count === undefined ? eagerItemSpans(list) : lazyItemSpans(list, count);
      containers.push({
        kind: "array",
        path,
        open,
        close: pos - 1,
        count: items.count,
        start: (i) => open + items.start(i),
        end: (i) => open + items.end(i),
        key: undefined,
      });
      return;
    }
    const starts: number[] = [];
    const ends: number[] = [];
    const keys: string[] = [];
    write("{");
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (isContainer(item)) {
        if (keys.length > 0) write(",");
        starts.push(pos);
        keys.push(key);
        write(`${JSON.stringify(key)}:`);
        visit(item, [...path, key]);
        ends.push(pos);
        continue;
      }
      const text = leaf(item);
      if (text === undefined) continue;
      // A Map or a toJSON that writes an object or a list: a container the
      // scanner would index; leave the whole value to it.
      if (text.startsWith("{") || text.startsWith("[")) throw new Fallback();
      if (keys.length > 0) write(",");
      starts.push(pos);
      keys.push(key);
      write(`${JSON.stringify(key)}:${text}`);
      ends.push(pos);
    }
    write("}");
    ancestors.delete(node);
    const startArray = Uint32Array.from(starts);
    const endArray = Uint32Array.from(ends);
    containers.push({
      kind: "object",
      path,
      open,
      close: pos - 1,
      count: startArray.length,
      start: (i) => startArray[i],
      end: (i) => endArray[i],
      key: (i) => keys[i],
    });
  };

  try {
    visit(value as object, []);
  } catch (error) {
    if (error instanceof Fallback) return undefined;
    throw error;
  }
  // A list at the root is one piece: no copy of it.
  const text = chunks.length === 0 && parts.length === 1 ? parts[0] : (
    chunks.push(parts.join("")), chunks.join("")
  );
  // Document order: a container opens before the ones inside it.
  containers.sort((a, b) => a.open - b.open);
  return {
    text,
    index: {
      root: Array.isArray(value) ? "array" : "object",
      start: 0,
      end: text.length,
      depth: Math.max(...containers.map((c) => c.path.length)) + 1,
      containers,
    },
  };
}

// A list's text as serializeValue writes it. A cycle through one of its items
// or a value too deep (serializeValue's own errors, whose paths would start at
// the list) leave the whole value to serializeValue, which names the path
// from the root.
function listText(list: unknown[]): { text: string; count?: number } {
  let written: { text: string; count?: number };
  try {
    written = serializeList(list);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("pagewise:")) throw new Fallback();
    throw error;
  }
  if (written.text.charCodeAt(0) !== 0x5b) throw new Fallback(); // not a list after all
  return written;
}

/** Items of a list: start and end (exclusive) of each, from its "[". */
export interface ItemSpans {
  count: number;
  starts: Uint32Array;
  ends: Uint32Array;
}

/**
 * The items of `list`, the compact JSON text of a list (as serializeValue
 * writes it: valid, no whitespace, so nothing is checked). One pass: commas at
 * the list's own level end items; strings are skipped with `indexOf`.
 */
export function itemSpans(list: string): ItemSpans {
  const reader = new SpanReader(list);
  while (reader.next()) { /* to the end */ }
  const { count } = reader;
  return { count, starts: reader.starts.slice(0, count), ends: reader.ends.slice(0, count) };
}

/**
 * The spans of a list of `count` items (the length JSON.stringify read before
 * it wrote them: see serializeList), found as far as the item asked for and
 * no further.
 */
function lazyItemSpans(list: string, count: number) {
  const reader = new SpanReader(list);
  const reach = (i: number) => {
    if (!(i >= 0 && i < count)) {
      throw new RangeError(`pagewise: no item ${i} in a list of ${count}`);
    }
    while (reader.count <= i) {
      if (!reader.next()) throw changed(count);
    }
    if (reader.count === count && reader.next()) throw changed(count);
  };
  return {
    count,
    start: (i: number) => {
      if (i >= reader.count) reach(i);
      return reader.starts[i];
    },
    end: (i: number) => {
      if (i >= reader.count) reach(i);
      return reader.ends[i];
    },
  };
}

const changed = (count: number) =>
  new Error(
    `pagewise: a list of ${count} items was written with another number of items; ` +
      "its length answered differently from one read to the next (a Proxy?)",
  );

function eagerItemSpans(list: string) {
  const { count, starts, ends } = itemSpans(list);
  return { count, start: (i: number) => starts[i], end: (i: number) => ends[i] };
}

// Finds a list's items one at a time, from its "[".
class SpanReader {
  starts = new Uint32Array(1_024);
  ends = new Uint32Array(1_024);
  count = 0;
  #at = 1;
  #finished: boolean;
  constructor(readonly list: string) {
    this.#finished = list.length <= 2;
  }

  /** Finds the next item; false when there is none. */
  next(): boolean {
    if (this.#finished) return false;
    const list = this.list;
    const start = this.#at;
    let depth = 0;
    for (let i = start;; i++) {
      const c = list.charCodeAt(i);
      if (c === 0x22) {
        // The closing quote: the first one after an even run of backslashes.
        let j = list.indexOf('"', i + 1);
        while (list.charCodeAt(j - 1) === 0x5c) {
          let k = j - 1;
          while (list.charCodeAt(k - 1) === 0x5c) k--;
          if ((j - k) % 2 === 0) break;
          j = list.indexOf('"', j + 1);
        }
        i = j;
      } else if (c === 0x7b || c === 0x5b) {
        depth++;
      } else if (c === 0x7d || c === 0x5d) {
        if (depth === 0) {
          this.#finished = true;
          this.#push(start, i);
          return true;
        }
        depth--;
      } else if (c === 0x2c && depth === 0) {
        this.#push(start, i);
        this.#at = i + 1;
        return true;
      }
    }
  }

  #push(start: number, end: number): void {
    if (this.count === this.starts.length) {
      const starts = new Uint32Array(this.count * 2);
      starts.set(this.starts);
      this.starts = starts;
      const ends = new Uint32Array(this.count * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.starts[this.count] = start;
    this.ends[this.count++] = end;
  }
}

// Arrays and plain objects without toJSON: what JSON.stringify writes as a
// list or an object of the value's own entries. A plain object's array items
// are written by serializeValue (a list's items are not indexed).
function isContainer(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
