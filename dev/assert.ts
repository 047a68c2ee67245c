/**
 * The part of `@std/assert` that the doc examples use, for this checkout,
 * where JSR cannot be reached. deno.json maps `"@std/assert"` here, so an
 * example reads exactly as it would with the standard library:
 *
 * ```ts
 * import { assertEquals } from "@std/assert";
 *
 * assertEquals({ from: 1, to: [2, 3] }, { from: 1, to: [2, 3] });
 * ```
 *
 * Same names, signatures and equality as `@std/assert` 1.x:
 *
 * - Primitives: `===`, except that `NaN` equals `NaN`; `0` equals `-0`
 *   (as in `@std/assert`'s `equal`; only `assertStrictEquals` tells them apart).
 * - Objects must have the same constructor (a plain object equals one made by
 *   `Object.create(null)`), the same own keys (`{ a: undefined }` differs from
 *   `{}`) and equal values, compared deeply; cycles are followed once.
 * - Arrays and typed arrays: same length, equal elements. Maps and Sets:
 *   same size, and each entry has an equal one (keys compared deeply).
 * - Dates by time (two invalid dates are equal), RegExps and URLs by text.
 * - WeakMaps and WeakSets cannot be compared (a TypeError, as in std).
 *
 * Not part of the published package (deno.json `publish.include` leaves out
 * `dev/`); only doc examples and tests import it.
 *
 * @module
 */

/** Thrown when an assertion fails, as `@std/assert`'s `AssertionError`. */
export class AssertionError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "AssertionError";
  }
}

// deno-lint-ignore no-explicit-any
type AnyConstructor = abstract new (...args: any[]) => unknown;

function isKeyed(value: object): value is Map<unknown, unknown> | Set<unknown> {
  return value instanceof Map || value instanceof Set;
}

function sameConstructor(a: object, b: object): boolean {
  const ca = (a as { constructor?: unknown }).constructor;
  const cb = (b as { constructor?: unknown }).constructor;
  return ca === cb || (ca === Object && cb === undefined) || (ca === undefined && cb === Object);
}

function ownKeys(value: object): PropertyKey[] {
  return [
    ...Object.keys(value),
    ...Object.getOwnPropertySymbols(value).filter((s) =>
      Object.prototype.propertyIsEnumerable.call(value, s)
    ),
  ];
}

/** Deep equality, as `@std/assert`'s `equal` (see the module's notes). */
export function equal(actual: unknown, expected: unknown): boolean {
  const seen = new Map<unknown, unknown>();
  const compare = (a: unknown, b: unknown): boolean => {
    if (typeof a === "number" && typeof b === "number") {
      return a === b || (Number.isNaN(a) && Number.isNaN(b));
    }
    if (Object.is(a, b)) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
      return false;
    }
    if (a instanceof Date && b instanceof Date) {
      const [ta, tb] = [a.getTime(), b.getTime()];
      return ta === tb || (Number.isNaN(ta) && Number.isNaN(tb));
    }
    if (
      (a instanceof RegExp && b instanceof RegExp) || (a instanceof URL && b instanceof URL)
    ) {
      return String(a) === String(b);
    }
    if (!sameConstructor(a, b)) return false;
    if (a instanceof WeakMap || a instanceof WeakSet) {
      throw new TypeError(`Cannot compare ${a.constructor.name} instances`);
    }
    if (a instanceof WeakRef) return compare(a.deref(), (b as WeakRef<object>).deref());
    if (seen.get(a) === b) return true;
    seen.set(a, b);
    if (ArrayBuffer.isView(a)) {
      const [va, vb] = [a as unknown as ArrayLike<unknown>, b as unknown as ArrayLike<unknown>];
      if (va.length !== vb.length) return false;
      for (let i = 0; i < va.length; i++) if (!compare(va[i], vb[i])) return false;
      return true;
    }
    if (isKeyed(a) && isKeyed(b)) {
      if (a.size !== b.size) return false;
      const unmatched = [...b.entries()];
      for (const [ka, va] of a.entries()) {
        const at = unmatched.findIndex(([kb, vb]) => compare(ka, kb) && compare(va, vb));
        if (at === -1) return false;
        unmatched.splice(at, 1);
      }
      return true;
    }
    const keysA = ownKeys(a);
    const keysB = ownKeys(b);
    if (keysA.length !== keysB.length) return false;
    for (const key of keysA) {
      if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
      const va = (a as Record<PropertyKey, unknown>)[key];
      const vb = (b as Record<PropertyKey, unknown>)[key];
      if (!compare(va, vb)) return false;
    }
    return true;
  };
  return compare(actual, expected);
}

function show(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : Deno.inspect(value, {
    depth: Infinity,
    sorted: true,
    trailingComma: true,
    compact: false,
    iterableLimit: Infinity,
    strAbbreviateSize: Infinity,
    breakLength: Infinity,
    colors: false,
  });
}

/** A line diff of two renderings: `-` for actual only, `+` for expected only. */
function diff(actual: string, expected: string): string {
  const a = actual.split("\n");
  const b = expected.split("\n");
  // Longest common subsequence of lines, then walk it.
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out: string[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) out.push(`    ${a[i++]}`), j++;
    else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
      out.push(`-   ${a[i++]}`);
    } else out.push(`+   ${b[j++]}`);
  }
  return out.join("\n");
}

/** Makes an assertion; throws {@linkcode AssertionError} when `expr` is falsy. */
export function assert(expr: unknown, msg = ""): asserts expr {
  if (!expr) throw new AssertionError(msg);
}

/**
 * Makes an assertion that `actual` and `expected` are deeply equal (see the
 * module's notes); else throws with a diff, `-` for actual, `+` for expected.
 */
export function assertEquals<T>(actual: T, expected: T, msg?: string): void {
  if (equal(actual, expected)) return;
  const suffix = msg ? `: ${msg}` : ".";
  const [shownActual, shownExpected] = [show(actual), show(expected)];
  const body = shownActual === shownExpected
    ? `Values have no visual difference:\n\n${shownActual}`
    : `    [Diff] Actual / Expected\n\n${diff(shownActual, shownExpected)}`;
  throw new AssertionError(`Values are not equal${suffix}\n\n${body}\n`);
}

/** Makes an assertion that `actual` is neither `null` nor `undefined`. */
export function assertExists<T>(actual: T, msg?: string): asserts actual is NonNullable<T> {
  if (actual === undefined || actual === null) {
    throw new AssertionError(
      msg ?? `Expected actual: "${actual}" to not be null or undefined.`,
    );
  }
}

/** Makes an assertion that `actual` matches the RegExp `expected`. */
export function assertMatch(actual: string, expected: RegExp, msg?: string): void {
  if (expected.test(actual)) return;
  throw new AssertionError(msg ?? `Expected actual: "${actual}" to match: "${expected}".`);
}

function checkError(
  error: unknown,
  ErrorClass: AnyConstructor | undefined,
  msgIncludes: string | undefined,
  msg: string | undefined,
): void {
  const suffix = msg ? `: ${msg}` : ".";
  if (ErrorClass === undefined) return;
  if (!(error instanceof ErrorClass)) {
    const got = error instanceof Error ? error.constructor.name : typeof error;
    throw new AssertionError(
      `Expected error to be instance of "${ErrorClass.name}", but was "${got}"${suffix}`,
    );
  }
  if (msgIncludes === undefined) return;
  const message = error instanceof Error ? error.message : String(error);
  if (!message.includes(msgIncludes)) {
    throw new AssertionError(
      `Expected error message to include ${JSON.stringify(msgIncludes)}, but got ` +
        `${JSON.stringify(message)}${suffix}`,
    );
  }
}

/** Executes `fn`, expecting it to throw; returns what it threw. */
export function assertThrows(fn: () => unknown, msg?: string): unknown;
/**
 * Executes `fn`, expecting it to throw an instance of `ErrorClass` whose
 * message includes `msgIncludes`; returns the error.
 */
export function assertThrows<E extends Error = Error>(
  fn: () => unknown,
  // deno-lint-ignore no-explicit-any
  ErrorClass: abstract new (...args: any[]) => E,
  msgIncludes?: string,
  msg?: string,
): E;
export function assertThrows(
  fn: () => unknown,
  errorClassOrMsg?: AnyConstructor | string,
  msgIncludes?: string,
  msg?: string,
): unknown {
  const ErrorClass = typeof errorClassOrMsg === "function" ? errorClassOrMsg : undefined;
  if (typeof errorClassOrMsg === "string") msg = errorClassOrMsg;
  try {
    fn();
  } catch (error) {
    checkError(error, ErrorClass, msgIncludes, msg);
    return error;
  }
  throw new AssertionError(`Expected function to throw${msg ? `: ${msg}` : "."}`);
}

/** Executes `fn`, expecting the promise it returns to reject; resolves to the reason. */
export function assertRejects(fn: () => PromiseLike<unknown>, msg?: string): Promise<unknown>;
/**
 * Executes `fn`, expecting its promise to reject with an instance of
 * `ErrorClass` whose message includes `msgIncludes`; resolves to the error.
 */
export function assertRejects<E extends Error = Error>(
  fn: () => PromiseLike<unknown>,
  // deno-lint-ignore no-explicit-any
  ErrorClass: abstract new (...args: any[]) => E,
  msgIncludes?: string,
  msg?: string,
): Promise<E>;
export async function assertRejects(
  fn: () => PromiseLike<unknown>,
  errorClassOrMsg?: AnyConstructor | string,
  msgIncludes?: string,
  msg?: string,
): Promise<unknown> {
  const ErrorClass = typeof errorClassOrMsg === "function" ? errorClassOrMsg : undefined;
  if (typeof errorClassOrMsg === "string") msg = errorClassOrMsg;
  let promise: PromiseLike<unknown>;
  try {
    promise = fn();
  } catch (error) {
    // As std: a function that throws instead of returning a promise is a failure.
    throw new AssertionError(
      `Function throws when expected to reject${msg ? `: ${msg}` : "."}`,
      { cause: error },
    );
  }
  if (promise === null || typeof (promise as { then?: unknown })?.then !== "function") {
    throw new AssertionError(`Function does not return a promise${msg ? `: ${msg}` : "."}`);
  }
  try {
    await promise;
  } catch (error) {
    checkError(error, ErrorClass, msgIncludes, msg);
    return error;
  }
  throw new AssertionError(`Expected function to reject${msg ? `: ${msg}` : "."}`);
}
