// Checks every option when it is given, synchronously, with a message that
// says what to pass; fills defaults.

import type { Limits, ResolvedLimits } from "../limits/limits.ts";
import {
  clientKey,
  type ClientLimits,
  type ClientTable,
  clientTable,
  MAX_CLIENT_NAME_LENGTH,
} from "../limits/client_limits.ts";

export type { ResolvedLimits };

/** The smallest limits a page note and one line of content fit in. */
const MINIMUM_LIMITS: Readonly<ResolvedLimits> = {
  maxTokens: 300,
  maxChars: 800,
  maxBytes: 800,
  maxLines: 20,
};

const DEFAULT_LIMITS: Readonly<ResolvedLimits> = {
  maxTokens: 20_000,
  maxChars: 50_000,
  maxBytes: Infinity,
  maxLines: Infinity,
};

/** Larger limits than these are surely a mistake (a page of a gigabyte). */
const MAXIMUM_LIMIT = 1e9;

export function invalid(name: string, expected: string, got: unknown): TypeError {
  const shown = typeof got === "string"
    ? JSON.stringify(got)
    : typeof got === "object" && got !== null
    ? (Array.isArray(got) ? "an array" : objectShown(got))
    : typeof got === "function"
    ? `a function${got.name ? ` (${got.name}: call it?)` : ""}`
    : String(got);
  return new TypeError(`pagewise: ${name} must be ${expected}; got ${shown}.`);
}

/** An object, with the members a store or an options object was expected to have that it lacks. */
function objectShown(got: object): string {
  const members = ["get", "set", "delete", "limits"] as const;
  const has = (name: string) => {
    try {
      return (got as Record<string, unknown>)[name] !== undefined;
    } catch {
      return false;
    }
  };
  // Only worth saying of what looks like a store (it has some of them); each
  // member read once (a getter or a Proxy trap runs once).
  const missing = members.filter((name) => !has(name));
  if (missing.length === 0 || missing.length === members.length) return "an object";
  return `an object without ${missing.join(", ")}`;
}

/** Fills defaults and checks each limit: a number from its minimum up (bytes and lines may be Infinity). */
export function resolveLimits(
  limits: Limits,
  defaults: ResolvedLimits = DEFAULT_LIMITS,
): ResolvedLimits {
  const resolved = { ...defaults };
  for (const name of Object.keys(MINIMUM_LIMITS) as Array<keyof Limits>) {
    const value = limits[name];
    if (value === undefined) continue;
    const unbounded = name !== "maxTokens";
    const ok = typeof value === "number" && !Number.isNaN(value) &&
      value >= MINIMUM_LIMITS[name] &&
      (value <= MAXIMUM_LIMIT || (unbounded && value === Infinity));
    if (!ok) {
      throw new RangeError(
        `pagewise: ${name} must be a number from ${MINIMUM_LIMITS[name]} (a page must hold its ` +
          `note and some content) to ${MAXIMUM_LIMIT}${unbounded ? ", or Infinity" : ""}; ` +
          `got ${
            typeof value === "string" ? `the string ${JSON.stringify(value)}` : String(value)
          }.`,
      );
    }
    resolved[name] = Math.floor(value);
  }
  return resolved;
}

export function checkFunction(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== "function") {
    throw invalid(name, "a function", value);
  }
}

export function checkOneOf<T extends string>(
  name: string,
  value: unknown,
  allowed: readonly T[],
): void {
  if (value !== undefined && !allowed.includes(value as T)) {
    throw invalid(name, allowed.map((a) => JSON.stringify(a)).join(" or "), value);
  }
}

/** The indent of JSON pages: up to 10 spaces, or a string of up to 10 spaces and tabs. */
export function resolveIndent(indent: unknown): string {
  if (indent === undefined) return "";
  if (typeof indent === "number" && Number.isInteger(indent) && indent >= 0 && indent <= 10) {
    return " ".repeat(indent);
  }
  if (typeof indent === "string" && /^[ \t]{0,10}$/.test(indent)) return indent;
  throw invalid("indent", "a whole number from 0 to 10, or up to 10 spaces and tabs", indent);
}

const ARGUMENT_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
// Names an object literal or a JSON Schema's properties would not keep as their
// own, or that an object has already (`toString`): no tool argument may have them.
const RESERVED = new Set(Object.getOwnPropertyNames(Object.prototype).concat("prototype"));

/** A cursor argument name: what a model can type as a JSON key without escaping. */
export function resolveCursorParam(name: unknown): string {
  if (name === undefined) return "cursor";
  if (typeof name === "string" && ARGUMENT_NAME.test(name) && !RESERVED.has(name)) return name;
  throw invalid(
    "cursorParam",
    "a name of letters, digits, _ . - (up to 64, not starting with a digit; not a name every " +
      "object has, such as __proto__ or constructor)",
    name,
  );
}

/**
 * The names of the narrowing arguments a tool gets (`narrow`): both by
 * default, none for `false`, renamed (or one left out with `false`) by an
 * object. They must differ from each other and from the cursor argument.
 */
export function resolveNarrowArguments(
  narrow: unknown,
  cursorParam: string,
): { grep?: string; fields?: string } | undefined {
  if (narrow === false) return undefined;
  if (
    narrow !== undefined && narrow !== true &&
    (narrow === null || typeof narrow !== "object" || Array.isArray(narrow))
  ) {
    throw invalid("narrow", "true, false, or { grep, fields } with argument names", narrow);
  }
  const given = (typeof narrow === "object" ? narrow : {}) as { grep?: unknown; fields?: unknown };
  if (typeof narrow === "object") checkKeys("narrow", given, ["grep", "fields"]);
  const out: { grep?: string; fields?: string } = {};
  for (const key of ["grep", "fields"] as const) {
    const name = given[key] === undefined ? key : given[key];
    if (name === false) continue;
    if (typeof name !== "string" || !ARGUMENT_NAME.test(name) || RESERVED.has(name)) {
      throw invalid(
        `narrow.${key}`,
        "false, or a name of letters, digits, _ . - (up to 64, not starting with a digit; not " +
          "__proto__, constructor or prototype)",
        name,
      );
    }
    out[key] = name;
  }
  if (out.grep !== undefined && out.grep === out.fields) {
    throw new TypeError(
      `pagewise: narrow names grep and fields both ${JSON.stringify(out.grep)}: give them two ` +
        `different names (or leave one out with false).`,
    );
  }
  if (out.grep === cursorParam || out.fields === cursorParam) {
    const clash = out.grep === cursorParam ? "grep" : "fields";
    throw new TypeError(
      `pagewise: the cursor argument and the ${clash} argument are both named ` +
        `${
          JSON.stringify(cursorParam)
        }: the model could not ask for a next page. Give cursorParam ` +
        `another name, or rename the other with narrow: { ${clash}: "…" }.`,
    );
  }
  return out.grep === undefined && out.fields === undefined ? undefined : out;
}

/** The dot path of the list to page. */
export function resolveKeyPath(key: unknown): string[] | undefined {
  if (key === undefined) return undefined;
  if (typeof key === "string" && key.length > 0 && key.split(".").every((part) => part !== "")) {
    return key.split(".");
  }
  throw invalid("key", 'a dot path of keys such as "data.items"', key);
}

/** An HMAC secret: at least 16 bytes, so that signatures cannot be guessed. */
export function checkSecret(name: string, secret: unknown): void {
  if (secret === undefined) return;
  const bytes = typeof secret === "string"
    ? new TextEncoder().encode(secret).length
    : secret instanceof Uint8Array
    ? secret.length
    : -1;
  if (bytes < 16) {
    throw invalid(
      name,
      "a string or Uint8Array of at least 16 bytes (for example 32 random bytes from " +
        "crypto.getRandomValues)",
      // Never the secret itself: an error message may end up in a log.
      typeof secret === "string"
        ? `a string of ${bytes} bytes`
        : secret instanceof Uint8Array
        ? `a Uint8Array of ${bytes} bytes`
        : typeof secret,
    );
  }
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

export function checkTtl(ttl: unknown, secret: unknown): void {
  if (ttl === undefined) return;
  if (typeof ttl !== "number" || !Number.isFinite(ttl) || ttl < 1 || ttl > TEN_YEARS) {
    throw invalid("cursorTtlSeconds", `a number of seconds from 1 to ${TEN_YEARS}`, ttl);
  }
  if (secret === undefined) {
    throw new TypeError(
      "pagewise: cursorTtlSeconds needs secret: an unsigned expiry could be edited away. " +
        "Pass a secret (an HMAC key) as well.",
    );
  }
}

export function checkStringList(name: string, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
    throw invalid(name, "an array of tool names", value);
  }
}

export function checkRecord(name: string, value: unknown): void {
  if (value === undefined) return;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalid(name, "an object", value);
  }
}

/** createPager's options, checked, with defaults filled. */
export interface ResolvedPagerOptions {
  limits: ResolvedLimits;
  indent: string;
  keyPath: string[] | undefined;
  cursorParam: string;
  onChange: "continue" | "error";
}

/** Checks every option of createPager, synchronously; throws saying what to pass. */
export function resolvePagerOptions(
  options: {
    countTokens?: unknown;
    onEvent?: unknown;
    now?: unknown;
    secret?: unknown;
    cursorTtlSeconds?: unknown;
    onChange?: unknown;
    indent?: unknown;
    key?: unknown;
    cursorParam?: unknown;
  } & Limits,
): ResolvedPagerOptions {
  if (options === null || typeof options !== "object") {
    throw new TypeError("pagewise: createPager takes an options object (or nothing).");
  }
  checkKeys("createPager", options, PAGER_KEYS);
  const limits = resolveLimits(options);
  checkFunction("countTokens", options.countTokens);
  checkFunction("onEvent", options.onEvent);
  checkFunction("now", options.now);
  checkSecret("secret", options.secret);
  checkTtl(options.cursorTtlSeconds, options.secret);
  checkOneOf("onChange", options.onChange, ["continue", "error"] as const);
  return {
    limits,
    indent: resolveIndent(options.indent),
    keyPath: resolveKeyPath(options.key),
    cursorParam: resolveCursorParam(options.cursorParam),
    onChange: (options.onChange as "continue" | "error" | undefined) ?? "continue",
  };
}

/** Limits as an error message shows them (`Infinity` where unlimited). */
export function describeLimits(limits: ResolvedLimits): string {
  return Object.entries(limits).map(([name, value]) => `${name} ${value}`).join(", ");
}

/**
 * Throws when `options` has a key that is not one of `allowed`, naming the
 * closest allowed one: a mistyped option (`maxToken`) must not be ignored.
 */
export function checkKeys(what: string, options: object, allowed: readonly string[]): void {
  for (const key of Object.keys(options)) {
    if (allowed.includes(key)) continue;
    const closest = closestName(key, allowed);
    throw new TypeError(
      `pagewise: ${what} has no option ${JSON.stringify(key)}` +
        (closest
          ? `; did you mean ${JSON.stringify(closest)}?`
          : `; its options are ${allowed.join(", ")}.`),
    );
  }
}

/** The allowed name nearest to `name` (edit distance, case ignored), if any is near. */
function closestName(name: string, allowed: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of allowed) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return bestDistance <= Math.max(2, Math.ceil(name.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  if (a.length > 64 || b.length > 64) return Infinity; // no option name is that long
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(substitute, previous[j] + 1, row[j - 1] + 1));
    }
    previous = row;
  }
  return previous[b.length];
}

/** The option names of the limits. */
export const LIMIT_KEYS = ["maxTokens", "maxChars", "maxBytes", "maxLines"] as const;

/**
 * Characters a name or scope from a client must not carry into a log line
 * or an event: controls (a line break forges a line, a NUL makes the log
 * binary to grep) and bidirectional overrides (they show text reordered).
 */
export const CONTROL_CHARACTERS =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The options of a call that narrow it: the pager's, the result pager's and openCursor's. */
export const NARROWING_KEYS = ["grep", "fields", "narrowable"] as const;

/** The option names of `createPager`. */
export const PAGER_KEYS = [
  ...LIMIT_KEYS,
  "countTokens",
  "indent",
  "key",
  "secret",
  "cursorTtlSeconds",
  "cursorParam",
  "onChange",
  "onEvent",
  "now",
] as const;

/**
 * The `clientLimits` option checked (names, limits), as the table pages are
 * sized by; undefined when it is `false` (every client paged alike).
 */
export function resolveClientLimits(option: unknown): ClientTable | undefined {
  if (option === false) return undefined;
  if (option === undefined || option === true) return clientTable();
  checkRecord("clientLimits", option);
  checkKeys("clientLimits", option as object, ["names", "replace"]);
  const { names, replace } = option as ClientLimits;
  if (replace !== undefined && typeof replace !== "boolean") {
    throw invalid("clientLimits.replace", "true or false", replace);
  }
  checkRecord("clientLimits.names", names);
  const seen = new Map<string, string>();
  for (const [name, limits] of Object.entries(names ?? {})) {
    const other = seen.get(clientKey(name));
    if (other !== undefined) {
      throw new TypeError(
        `pagewise: clientLimits.names has ${JSON.stringify(other)} and ${JSON.stringify(name)}, ` +
          `which are one client (names match whatever their case, and without mcp-remote's ` +
          `" (via mcp-remote …)"): keep one.`,
      );
    }
    seen.set(clientKey(name), name);
    if (clientKey(name) === "" || name.length > MAX_CLIENT_NAME_LENGTH) {
      throw invalid(
        "clientLimits.names",
        `client names of 1 to ${MAX_CLIENT_NAME_LENGTH} characters, as clients send them`,
        name,
      );
    }
    const where = `clientLimits.names[${JSON.stringify(name)}]`;
    checkRecord(where, limits);
    checkKeys(where, limits as object, LIMIT_KEYS);
    resolveLimits(limits);
  }
  if (replace === true && Object.keys(names ?? {}).length === 0) {
    throw new TypeError(
      "pagewise: clientLimits: { replace: true } needs names to replace the table with; to page " +
        "every client alike, pass clientLimits: false.",
    );
  }
  return clientTable(names, replace === true);
}

/** What one call of a pager may be given, and the kind of each. */
const CALL_OPTION_KINDS: Record<string, (value: unknown) => boolean> = {
  cursor: (v) => typeof v === "string" || (typeof v === "object" && v !== null),
  scope: (v) => typeof v === "string",
  json: (v) => typeof v === "boolean",
  trim: (v) => typeof v === "boolean",
  mode: (v) => v === "page" || v === "trim",
  identity: (v) => typeof v === "string",
  cache: (v) => typeof v === "boolean",
  client: (v) => typeof v === "string",
  // grep and fields come from the model: the pager answers a bad one itself.
  grep: () => true,
  fields: () => true,
  narrowable: (v) => typeof v === "object" && v !== null && !Array.isArray(v),
};

const CALL_OPTION_EXPECTED: Record<string, string> = {
  cursor: "the string from next_cursor, or an opened cursor",
  scope: "a string (toolScope(name, args))",
  json: "true or false",
  trim: "true or false",
  mode: '"page" or "trim"',
  identity: "a string",
  cache: "true or false",
  client: "the client's name, a string",
  narrowable: "{ grep, fields } with the tool's argument names",
};

/**
 * Checks the options of one call (`pager.page`, `results.run`, …): a key not
 * in `allowed`, or a value of the wrong kind, is the author's mistake and
 * throws now, saying what to pass; `narrowable` must name arguments the
 * cursor's name does not clash with.
 */
export function checkCallOptions(
  what: string,
  options: unknown,
  allowed: readonly string[],
  cursorParam: string,
): void {
  if (options === undefined) return;
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw invalid(`${what}'s options`, "an object", options);
  }
  checkKeys(what, options, allowed);
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || CALL_OPTION_KINDS[key]?.(value) !== false) continue;
    throw invalid(`${what}'s ${key}`, CALL_OPTION_EXPECTED[key], value);
  }
  const narrowable = (options as { narrowable?: Record<string, unknown> }).narrowable;
  if (narrowable !== undefined) {
    checkKeys(`${what}'s narrowable`, narrowable, ["grep", "fields"]);
    resolveNarrowArguments(
      { grep: narrowable.grep ?? false, fields: narrowable.fields ?? false },
      cursorParam,
    );
  }
}
