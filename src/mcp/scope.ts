/**
 * The scope that binds cursors to one tool call.
 *
 * @module
 */

/** Arguments nested deeper than this are refused rather than walked. */
const MAX_DEPTH = 256;

/**
 * The scope that binds cursors to one call: the tool name and the canonical
 * JSON of its arguments (keys sorted, so their order does not matter). Every
 * JSON-able argument has one canonical form: BigInt as its digits, Date and
 * other `toJSON` values as their JSON, Map as an object (or `[key, value]`
 * pairs), Set and typed arrays as lists.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { toolScope } from "@pagewise/mcp";
 *
 * // The order of arguments does not matter:
 * assertEquals(toolScope("search", { b: 1, a: 2 }), 'search {"a":2,"b":1}');
 * assertEquals(toolScope("search", { a: 2, b: 1 }), 'search {"a":2,"b":1}');
 * ```
 */
export function toolScope(name: string, args: unknown): string {
  return `${name} ${canonicalJson(args ?? {}, 0)}`;
}

function canonicalJson(value: unknown, depth: number): string {
  if (depth > MAX_DEPTH) {
    throw new RangeError(
      `pagewise: tool arguments nested more than ${MAX_DEPTH} levels deep; flatten them.`,
    );
  }
  switch (typeof value) {
    case "bigint":
      return value.toString();
    case "number":
      return Number.isFinite(value) ? JSON.stringify(value) : "null";
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "undefined":
    case "function":
    case "symbol":
      return "null";
  }
  if (value === null) return "null";
  const object = value as object;
  if (typeof (object as { toJSON?: unknown }).toJSON === "function") {
    return canonicalJson((object as { toJSON(key: string): unknown }).toJSON(""), depth + 1);
  }
  if (Array.isArray(object) || object instanceof Set) {
    return `[${
      Array.from(object as Iterable<unknown>, (v) => canonicalJson(v, depth + 1)).join(",")
    }]`;
  }
  if (ArrayBuffer.isView(object) && !(object instanceof DataView)) {
    return `[${
      Array.from(object as unknown as ArrayLike<unknown>, (v) => canonicalJson(v, depth + 1)).join(
        ",",
      )
    }]`;
  }
  const entries: Array<[string, unknown]> = object instanceof Map
    ? [...object].every(([k]) => typeof k === "string" || typeof k === "number")
      ? [...object].map(([k, v]) => [String(k), v])
      : []
    : Object.keys(object).map((k) => [k, (object as Record<string, unknown>)[k]]);
  if (object instanceof Map && entries.length !== object.size) {
    return canonicalJson([...object], depth + 1);
  }
  const kept = entries.filter(([, v]) =>
    v !== undefined && typeof v !== "function" && typeof v !== "symbol"
  );
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${
    kept.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v, depth + 1)}`).join(",")
  }}`;
}
