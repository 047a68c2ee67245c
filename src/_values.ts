// Turns any JSON-able value into plain JSON data, serializes it once, and
// finds the list to page.

/** Plain JSON data. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const MAX_DEPTH = 2048;

type RawJson = (text: string) => unknown;
const rawJSON = (JSON as unknown as { rawJSON?: RawJson }).rawJSON;
const isRawJSON = (JSON as unknown as { isRawJSON?: (v: unknown) => boolean }).isRawJSON;

/** Whether `value` is a JSON.rawJSON number (how BigInts are kept exact). */
export function isRaw(value: unknown): boolean {
  return isRawJSON !== undefined && isRawJSON(value);
}

function bigint(value: bigint): Json {
  // An exact JSON number where the runtime can emit one, else its digits.
  return (rawJSON ? rawJSON(value.toString()) : value.toString()) as Json;
}

/**
 * Plain JSON data for `value`, with JSON.stringify's rules (toJSON, dropped
 * undefined and functions, null for non-finite numbers) plus: Map → object
 * (or a list of [key, value] pairs when a key is not a string or number),
 * Set and typed arrays → lists, BigInt → a number. Shares every part of
 * `value` that is already plain. A cycle throws a TypeError naming its path.
 */
export function toJson(value: unknown): Json {
  const ancestors: object[] = [];
  const path: Array<string | number> = [];

  const visit = (v: unknown, key: string | number): Json | undefined => {
    switch (typeof v) {
      case "string":
      case "boolean":
        return v;
      case "number":
        return Number.isFinite(v) ? v : null;
      case "bigint":
        return bigint(v);
      case "undefined":
      case "function":
      case "symbol":
        return undefined;
    }
    if (v === null) return null;
    const object = v as object;
    if (isRaw(object)) return object as Json;
    if (ancestors.includes(object)) {
      throw new TypeError(
        `pagewise: the value has a cycle at ${formatPath([...path, key])}, which refers back to ` +
          `${formatPath(path.slice(0, ancestors.indexOf(object) + 1))}. Pass a value without ` +
          `cycles (copy the fields you need).`,
      );
    }
    if (ancestors.length >= MAX_DEPTH) {
      throw new RangeError(
        `pagewise: the value is nested more than ${MAX_DEPTH} levels deep at ${
          formatPath(path)
        }; flatten it before paging.`,
      );
    }
    ancestors.push(object);
    path.push(key);
    try {
      return visitObject(object);
    } finally {
      ancestors.pop();
      path.pop();
    }
  };

  const visitObject = (object: object): Json | undefined => {
    if (typeof (object as { toJSON?: unknown }).toJSON === "function") {
      return visit((object as { toJSON(key: string): unknown }).toJSON(""), "toJSON()");
    }
    if (Array.isArray(object)) {
      let copy: Json[] | undefined;
      for (let i = 0; i < object.length; i++) {
        const item = object[i];
        const plain = visit(item, i) ?? null;
        if (plain !== item && !copy) copy = object.slice(0, i);
        if (copy) copy.push(plain);
      }
      return copy ?? (object as Json[]);
    }
    if (object instanceof Map) {
      const keys = [...object.keys()];
      if (keys.every((k) => typeof k === "string" || typeof k === "number")) {
        const out: { [key: string]: Json } = {};
        for (const [k, item] of object) {
          const plain = visit(item, String(k));
          if (plain !== undefined) out[String(k)] = plain;
        }
        return out;
      }
      return [...object].map(([k, item], i) => [visit(k, i) ?? null, visit(item, i) ?? null]);
    }
    if (object instanceof Set) return [...object].map((item, i) => visit(item, i) ?? null);
    if (ArrayBuffer.isView(object) && !(object instanceof DataView)) {
      return Array.from(
        object as unknown as ArrayLike<number | bigint>,
        (n, i) => visit(n, i) ?? null,
      );
    }
    if (object instanceof ArrayBuffer) return Array.from(new Uint8Array(object));
    let copy: { [key: string]: Json } | undefined;
    const record = object as Record<string, unknown>;
    const keys = Object.keys(record);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const item = record[k];
      const plain = visit(item, k);
      if ((plain !== item || plain === undefined) && !copy) {
        copy = {};
        for (let j = 0; j < i; j++) copy[keys[j]] = record[keys[j]] as Json;
      }
      if (copy && plain !== undefined) copy[k] = plain;
    }
    return copy ?? (record as { [key: string]: Json });
  };

  return visit(value, "$") ?? null;
}

function formatPath(path: ReadonlyArray<string | number>): string {
  return path.map((p, i) =>
    i === 0
      ? "$"
      : typeof p === "number"
      ? `[${p}]`
      : /^[A-Za-z_$][\w$]*$/.test(p)
      ? `.${p}`
      : `[${JSON.stringify(p)}]`
  ).join("");
}

/** A list found in a dict, by the keys that lead to it. */
export interface ListSlot {
  path: string[];
  list: Json[];
  /** Length of the list's compact JSON. */
  size: number;
}

/**
 * Compact JSON of `value` (exactly JSON.stringify's), and every list reached
 * from the top through dict keys only, with its serialized size. The lists
 * are measured while the whole is serialized, so this costs one pass.
 */
export function serialize(value: Json): { text: string; lists: ListSlot[] } {
  const lists: ListSlot[] = [];
  const walk = (v: Json, path: string[]): string => {
    if (Array.isArray(v)) {
      const text = JSON.stringify(v);
      lists.push({ path, list: v, size: text.length });
      return text;
    }
    if (v === null || typeof v !== "object" || isRaw(v)) return JSON.stringify(v);
    const parts: string[] = [];
    for (const key of Object.keys(v)) {
      parts.push(`${JSON.stringify(key)}:${walk(v[key], [...path, key])}`);
    }
    return `{${parts.join(",")}}`;
  };
  return { text: walk(value, []), lists };
}

/** A copy of `value` with the value at `path` replaced; the rest is shared. */
export function replaceAt(value: Json, path: readonly string[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const dict = value as { [key: string]: Json };
  const copy: { [key: string]: Json } = {};
  for (const key of Object.keys(dict)) {
    copy[key] = key === path[0] ? replaceAt(dict[key], path.slice(1), replacement) : dict[key];
  }
  return copy;
}
