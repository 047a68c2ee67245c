/**
 * dev/assert.ts, the local stand-in for @std/assert that the doc examples
 * import as "@std/assert": each assertion passes on what it accepts and
 * throws an AssertionError otherwise, with @std/assert's equality.
 */
import nodeAssert from "node:assert/strict";
import {
  assert,
  assertEquals,
  assertExists,
  AssertionError,
  assertMatch,
  assertRejects,
  assertThrows,
  equal,
} from "@std/assert";

/** Runs `fn`, which must throw an AssertionError; returns its message. */
function fails(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    nodeAssert.ok(error instanceof AssertionError, `not an AssertionError: ${error}`);
    nodeAssert.equal(error.name, "AssertionError");
    return error.message;
  }
  throw new Error("expected an AssertionError");
}

async function failsAsync(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (error) {
    nodeAssert.ok(error instanceof AssertionError, `not an AssertionError: ${error}`);
    return error.message;
  }
  throw new Error("expected an AssertionError");
}

class Point {
  constructor(readonly x: number) {}
}

/** Pairs assertEquals must pass, then pairs it must refuse. */
const EQUAL: Array<[string, unknown, unknown]> = [
  ["strings", "a", "a"],
  ["numbers", 1.5, 1.5],
  ["NaN and NaN", NaN, NaN],
  ["0 and -0 (as @std/assert: only assertStrictEquals tells them apart)", 0, -0],
  ["-0 in an array", [0], [-0]],
  ["bigints", 10n ** 20n, 10n ** 20n],
  ["null", null, null],
  ["undefined", undefined, undefined],
  ["nested objects", { a: { b: [1, { c: "d" }] } }, { a: { b: [1, { c: "d" }] } }],
  ["key order does not matter", { a: 1, b: 2 }, { b: 2, a: 1 }],
  [
    "a plain object and a null-prototype one",
    { a: 1 },
    Object.assign(Object.create(null), { a: 1 }),
  ],
  ["arrays", [1, [2, [3]]], [1, [2, [3]]]],
  [
    "Maps",
    new Map([["a", { x: 1 }], ["b", { x: 2 }]]),
    new Map([["b", { x: 2 }], ["a", { x: 1 }]]),
  ],
  ["Maps with object keys", new Map([[{ k: 1 }, "v"]]), new Map([[{ k: 1 }, "v"]])],
  ["Sets", new Set([1, { a: 2 }]), new Set([{ a: 2 }, 1])],
  ["Dates", new Date(0), new Date(0)],
  ["invalid Dates", new Date(NaN), new Date("nope")],
  ["RegExps", /a+/g, /a+/g],
  ["URLs", new URL("https://a.example/x"), new URL("https://a.example/x")],
  ["typed arrays", new Uint8Array([1, 2]), new Uint8Array([1, 2])],
  ["instances of one class", new Point(1), new Point(1)],
];

const UNEQUAL: Array<[string, unknown, unknown]> = [
  ["strings", "a", "b"],
  ["a number and its string", 1, "1"],
  ["NaN and a number", NaN, 0],
  ["null and undefined", null, undefined],
  ["a nested value", { a: { b: [1, { c: "d" }] } }, { a: { b: [1, { c: "e" }] } }],
  ["a missing key and an undefined one", { a: undefined }, {}],
  ["an extra key", { a: 1 }, { a: 1, b: 2 }],
  ["arrays of different lengths", [1, 2], [1, 2, 3]],
  ["an array and an object", [1], { 0: 1 }],
  ["array order", [1, 2], [2, 1]],
  ["Maps by value", new Map([["a", 1]]), new Map([["a", 2]])],
  ["Maps by key", new Map([["a", 1]]), new Map([["b", 1]])],
  ["Maps by size", new Map([["a", 1]]), new Map([["a", 1], ["b", 2]])],
  ["a Map and an object", new Map([["a", 1]]), { a: 1 }],
  ["a class instance and a plain object", new Point(1), { x: 1 }],
  ["Sets", new Set([1, 2]), new Set([1, 3])],
  ["Dates", new Date(0), new Date(1)],
  ["a Date and an invalid one", new Date(0), new Date(NaN)],
  ["RegExp flags", /a/g, /a/i],
  ["typed arrays", new Uint8Array([1, 2]), new Uint8Array([1, 3])],
  ["typed arrays of different kinds", new Uint8Array([1]), new Int8Array([1])],
];

for (const [what, a, b] of EQUAL) {
  Deno.test(`assertEquals passes on equal ${what}`, () => {
    assertEquals(a, b);
    assertEquals(b, a);
    nodeAssert.equal(equal(a, b), true);
  });
}

for (const [what, a, b] of UNEQUAL) {
  Deno.test(`assertEquals throws on unequal ${what}`, () => {
    fails(() => assertEquals(a, b));
    fails(() => assertEquals(b, a));
    nodeAssert.equal(equal(a, b), false);
  });
}

Deno.test("assertEquals follows cycles", () => {
  const a: { self?: unknown; n: number } = { n: 1 };
  a.self = a;
  const b: { self?: unknown; n: number } = { n: 1 };
  b.self = b;
  assertEquals(a, b);
  const c: { self?: unknown; n: number } = { n: 2 };
  c.self = c;
  fails(() => assertEquals(a, c));
});

Deno.test("assertEquals cannot compare WeakMaps, as @std/assert", () => {
  nodeAssert.throws(() => assertEquals(new WeakMap(), new WeakMap()), TypeError);
});

Deno.test("assertEquals says what differs, actual (-) against expected (+), and the message", () => {
  const message = fails(() =>
    assertEquals({ from: 1, to: 143, kind: "items" }, { from: 1, to: 144, kind: "items" })
  );
  nodeAssert.match(message, /^Values are not equal\./);
  nodeAssert.match(message, /\[Diff\] Actual \/ Expected/);
  nodeAssert.match(message, /^-\s+to: 143,$/m);
  nodeAssert.match(message, /^\+\s+to: 144,$/m);
  nodeAssert.match(message, /^\s+from: 1,$/m); // unchanged lines are shown without a sign
  nodeAssert.match(
    fails(() => assertEquals("a", "b", "the cursor")),
    /^Values are not equal: the cursor/,
  );
  // Values that print alike but differ are said to.
  nodeAssert.match(
    fails(() => assertEquals({ a: undefined }, {})),
    /Values (have no visual difference|are not equal)/,
  );
});

Deno.test("assert passes on truthy values and throws on falsy ones", () => {
  assert(true);
  assert(1);
  assert("x");
  for (const falsy of [false, 0, "", null, undefined, NaN]) fails(() => assert(falsy));
  nodeAssert.equal(fails(() => assert(false, "why")), "why");
});

Deno.test("assertExists passes on anything but null and undefined", () => {
  for (const value of [0, "", false, NaN, {}, []]) assertExists(value);
  fails(() => assertExists(null));
  fails(() => assertExists(undefined));
  nodeAssert.equal(fails(() => assertExists(undefined, "no cursor")), "no cursor");
});

Deno.test("assertMatch passes when the RegExp matches and throws when it does not", () => {
  assertMatch('cursor="AgS1"', /cursor="\w+"/);
  nodeAssert.match(fails(() => assertMatch("no cursor", /cursor="/)), /to match/);
});

Deno.test("assertThrows returns the error thrown, checks its class and message", () => {
  const error = assertThrows(
    () => {
      throw new RangeError("maxTokens must be a number");
    },
    RangeError,
    "maxTokens",
  );
  nodeAssert.ok(error instanceof RangeError); // typed as RangeError, too
  nodeAssert.equal(error.message, "maxTokens must be a number");
  nodeAssert.equal(
    assertThrows(() => {
      throw "a string";
    }),
    "a string",
  );
  fails(() => assertThrows(() => {}));
  fails(() =>
    assertThrows(() => {
      throw new TypeError("x");
    }, RangeError)
  );
  fails(() =>
    assertThrows(
      () => {
        throw new RangeError("x");
      },
      RangeError,
      "y",
    )
  );
  nodeAssert.match(fails(() => assertThrows(() => {}, "on purpose")), /on purpose/);
});

Deno.test("assertRejects resolves to the reason, checks its class and message", async () => {
  const error = await assertRejects(
    () => Promise.reject(new TypeError("bad cursor")),
    TypeError,
    "cursor",
  );
  nodeAssert.equal(error.message, "bad cursor");
  nodeAssert.equal(await assertRejects(() => Promise.reject(42)), 42);
  await failsAsync(() => assertRejects(() => Promise.resolve(1)));
  await failsAsync(() => assertRejects(() => Promise.reject(new TypeError("x")), RangeError));
  await failsAsync(() => assertRejects(() => Promise.reject(new TypeError("x")), TypeError, "y"));
  // A function that throws instead of returning a rejected promise fails, as in @std/assert.
  await failsAsync(() =>
    assertRejects(() => {
      throw new Error("sync");
    })
  );
});
