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
import { serializeValue } from "./serialize.ts";

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
      const list = listText(node as unknown[]);
      write(list);
      ancestors.delete(node);
      const items = itemSpans(list);
      containers.push({
        kind: "array",
        path,
        open,
        close: pos - 1,
        count: items.count,
        start: (i) => open + items.starts[i],
        end: (i) => open + items.ends[i],
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
function listText(list: unknown[]): string {
  let text: string;
  try {
    text = serializeValue(list);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("pagewise:")) throw new Fallback();
    throw error;
  }
  if (text.charCodeAt(0) !== 0x5b) throw new Fallback(); // not a list after all
  return text;
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
  let starts = new Uint32Array(1_024);
  let ends = new Uint32Array(1_024);
  let count = 0;
  const push = (start: number, end: number) => {
    if (count === starts.length) {
      const s = new Uint32Array(count * 2);
      s.set(starts);
      starts = s;
      const e = new Uint32Array(count * 2);
      e.set(ends);
      ends = e;
    }
    starts[count] = start;
    ends[count++] = end;
  };
  if (list.length <= 2) return { count: 0, starts: new Uint32Array(0), ends: new Uint32Array(0) };
  let depth = 0;
  let start = 1;
  let i = 1;
  for (;; i++) {
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
      if (depth === 0) break;
      depth--;
    } else if (c === 0x2c && depth === 0) {
      push(start, i);
      start = i + 1;
    }
  }
  push(start, i);
  return { count, starts: starts.slice(0, count), ends: ends.slice(0, count) };
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
