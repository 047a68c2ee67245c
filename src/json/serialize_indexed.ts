// Serializes a value and indexes it in the same pass: the containers reached
// from the root through object members, with their elements' offsets, are
// recorded while their text is written, so that the text need not be scanned
// again. The text is exactly serializeValue's (compact); anything this walk
// does not handle itself (Maps, toJSON, class instances, deep key paths,
// cycles) is written by serializeValue, or the whole value is left to it.

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

  const leaf = (item: unknown, inArray: boolean): string | undefined => {
    if (item === undefined || typeof item === "function" || typeof item === "symbol") {
      return inArray ? "null" : undefined;
    }
    return serializeValue(item);
  };

  const visit = (node: object, path: string[]): void => {
    if (path.length > MAX_PATH || ancestors.has(node)) throw new Fallback();
    ancestors.add(node);
    const open = pos;
    const starts: number[] = [];
    const ends: number[] = [];
    const keys: string[] = [];
    const array = Array.isArray(node);
    write(array ? "[" : "{");
    if (array) {
      const list = node as unknown[];
      for (let i = 0; i < list.length; i++) {
        if (i > 0) write(",");
        starts.push(pos);
        write(leaf(list[i], true)!);
        ends.push(pos);
      }
    } else {
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
        const text = leaf(item, false);
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
    }
    write(array ? "]" : "}");
    ancestors.delete(node);
    const startArray = Uint32Array.from(starts);
    const endArray = Uint32Array.from(ends);
    containers.push({
      kind: array ? "array" : "object",
      path,
      open,
      close: pos - 1,
      count: startArray.length,
      start: (i) => startArray[i],
      end: (i) => endArray[i],
      key: array ? undefined : (i) => keys[i],
    });
  };

  try {
    visit(value as object, []);
  } catch (error) {
    if (error instanceof Fallback) return undefined;
    throw error;
  }
  chunks.push(parts.join(""));
  const text = chunks.join("");
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
