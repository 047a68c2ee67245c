import assert from "node:assert/strict";
import fc from "fast-check";
import { MAX_DEPTH, NATIVE_DEPTH, serializeValue } from "../../src/json/serialize.ts";
import { runSourceInNode } from "../support/node.ts";
import { headroomNeeded } from "../support/stack.ts";

const rawJSON = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

/** `value` inside `levels` alternating arrays and objects: deeper than NATIVE_DEPTH, it takes the iterative path. */
function nest(value: unknown, levels: number): unknown {
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? [value] : { k: value };
  return value;
}

const INDENTS = ["", " ", "  ", "\t", "\n", "0123456789abcdef"];
const indent = fc.constantFrom(...INDENTS);

// ---------------------------------------------------------------------------
// Plain JSON values, with the keys and strings that trip serializers up.

const LONE_SURROGATES = ["\ud800", "\udfff", "a\ud83d", "\ude00b", "\udc00\ud800"];
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.constantFrom(...LONE_SURROGATES, "😀", "\u2028\u2029", '"\\/', "\u0000\u001f\u007f"),
);
const key = fc.oneof(
  text,
  fc.constantFrom("__proto__", "constructor", "toJSON", "0", "10", "2", "-1", "1.5", "", "ä"),
);
const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-0, 1e21, 5e-324, 2 ** 53 + 2));
const leaf = fc.oneof(text, number, fc.boolean(), fc.constant(null));

const { plain } = fc.letrec<{ plain: unknown }>((tie) => ({
  plain: fc.oneof(
    { depthSize: "small", maxDepth: 6, withCrossShrink: true },
    leaf,
    fc.array(tie("plain"), { maxLength: 5 }),
    // fromEntries defines own properties: "__proto__" is a key like any other.
    fc.array(fc.tuple(key, tie("plain")), { maxLength: 5 }).map((e) => Object.fromEntries(e)),
    fc.array(fc.tuple(key, tie("plain")), { maxLength: 3 }).map((e) =>
      Object.assign(Object.create(null), Object.fromEntries(e))
    ),
    fc.constantFrom([], {}, [[]], [{}], { a: [] }, { a: {} }),
  ),
}));

Deno.test("equals JSON.stringify on plain values, compact and indented", () => {
  fc.assert(
    fc.property(plain, indent, (value, gap) => {
      assert.equal(serializeValue(value, gap), JSON.stringify(value, null, gap));
    }),
    { numRuns: 2_000 },
  );
});

Deno.test("equals JSON.stringify on plain values too deep for the native path", () => {
  fc.assert(
    fc.property(plain, indent, fc.integer({ min: NATIVE_DEPTH, max: 600 }), (v, gap, levels) => {
      const value = nest(v, levels);
      assert.equal(serializeValue(value, gap), JSON.stringify(value, null, gap));
    }),
    { numRuns: 300 },
  );
});

Deno.test("without an indent, the output is compact", () => {
  assert.equal(serializeValue({ a: [1, { b: "c" }] }), '{"a":[1,{"b":"c"}]}');
});

Deno.test("an indent longer than 10 characters is cut to 10, as JSON.stringify does", () => {
  assert.equal(serializeValue({ a: 1 }, "0123456789abc"), '{\n0123456789"a": 1\n}');
});

// ---------------------------------------------------------------------------
// Values that are not plain JSON, each generated with the plain value it must
// be written as (what JSON.stringify writes for that one is the expectation).

type Pair = [value: unknown, plain: unknown];

/** What an object of these entries is, keys set in order (later wins, integer keys first). */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = Object.create(null);
  for (const [k, v] of entries) object[k] = v;
  return object;
}

const DROPPED = [undefined, () => 1, Symbol("s")];
function isDropped(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}
const bigint = fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n });

const { pair } = fc.letrec<{ pair: Pair }>((tie) => ({
  pair: fc.oneof(
    { depthSize: "small", maxDepth: 5, withCrossShrink: true },
    leaf.map((v): Pair => [v, v]),
    bigint.map((n): Pair => [n, rawJSON(String(n))]),
    fc.constantFrom(...DROPPED).map((v): Pair => [v, v]),
    fc.date({ noInvalidDate: false }).map((d): Pair => [d, isNaN(+d) ? null : d.toISOString()]),
    fc.oneof(number.map((n) => [new Number(n), n]), text.map((s) => [new String(s), s]))
      .map(([boxed, v]): Pair => [boxed, v]),
    fc.array(tie("pair"), { maxLength: 4 }).map((ps): Pair => [
      ps.map(([v]) => v),
      ps.map(([, p]) => p),
    ]),
    // Dropped members left out of the plain object: a member named toJSON
    // whose value is dropped must not become a toJSON method there. But a
    // member named toJSON that is a function is a toJSON method: the object
    // is written as what it returns (the generated functions ignore the key).
    fc.array(fc.tuple(key, tie("pair")), { maxLength: 4 }).map((es): Pair => {
      const value = Object.fromEntries(es.map(([k, [v]]) => [k, v]));
      if (typeof value.toJSON === "function") return [value, value.toJSON()];
      return [
        value,
        Object.fromEntries(
          [...new Map(es.map(([k, [, p]]) => [k, p]))].filter(([, p]) => !isDropped(p)),
        ),
      ];
    }),
    // A Map keyed by strings: an object in the Map's order (keys that are not
    // integer-like, which an object would reorder); dropped entries left out.
    fc.array(fc.tuple(key.map((k) => `k${k}`), tie("pair")), {
      maxLength: 4,
    }).map((es): Pair => [
      new Map(es.map(([k, [v]]) => [k, v])),
      objectOf(
        [...new Map(es.map(([k, [, p]]) => [k, p]))]
          .filter(([, p]) => !isDropped(p))
          .map(([k, p]) => [k, p]),
      ),
    ]),
    // Any other key: a list of [key, value] pairs.
    fc.array(fc.tuple(tie("pair"), tie("pair")), { maxLength: 3 }).map((es): Pair => {
      const entries: [Pair, Pair][] = [[[{ id: 1 }, { id: 1 }], [1, 1]], ...es];
      const plainByKey = new Map(entries.map(([[k, kp], [, vp]]) => [k, [kp, vp]]));
      return [new Map(entries.map(([[k], [v]]) => [k, v])), [...plainByKey.values()]];
    }),
    fc.array(tie("pair"), { maxLength: 4 }).map((ps): Pair => [
      new Set(ps.map(([v]) => v)),
      [...new Map(ps.map(([v, p]) => [v, p])).values()],
    ]),
    fc.array(fc.double(), { maxLength: 4 }).map((ns): Pair => [new Float64Array(ns), ns]),
    fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 4 }).map((ns): Pair => [
      new Uint8Array(ns).buffer,
      ns,
    ]),
    fc.array(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), { maxLength: 3 }).map((
      ns,
    ): Pair => [new BigInt64Array(ns), ns.map((n) => rawJSON(String(n)))]),
    tie("pair").map(([v, p]): Pair => [{ toJSON: () => v }, p]).filter(([v]) => {
      // A toJSON result is not toJSON'd again: keep results that have no toJSON of their own.
      const inner = (v as { toJSON(): unknown }).toJSON();
      return typeof (inner as { toJSON?: unknown })?.toJSON !== "function" &&
        typeof inner !== "bigint" && !(inner instanceof Date);
    }),
  ),
}));

const asPlainEquivalent = fc.property(
  pair,
  indent,
  fc.boolean(),
  ([value, expected], gap, deep) => {
    const [v, p] = deep ? [nest(value, NATIVE_DEPTH + 1), nest(expected, NATIVE_DEPTH + 1)] : [
      value,
      expected,
    ];
    assert.equal(serializeValue(v, gap), JSON.stringify(p, null, gap) ?? "null");
  },
);

Deno.test("Maps, Sets, typed arrays, buffers, BigInts, Dates, toJSON and boxed values come out as their plain equivalents", () => {
  fc.assert(asPlainEquivalent, { numRuns: 2_000 });
});

Deno.test("regression (seed 2126742131): a member named toJSON whose value is dropped is left out, not made a toJSON method", () => {
  // Shrunk: { toJSON: { toJSON: () => () => 1 } } is "{}" (the member's own
  // toJSON gives a function, which is dropped), as JSON.stringify writes it;
  // the expectation had made { toJSON: () => 1 } of it, which is "1".
  fc.assert(asPlainEquivalent, { seed: 2126742131, path: "19266:2:5:5:5", endOnFailure: true });
  const value = { toJSON: { toJSON: () => () => 1 } };
  assert.equal(serializeValue(value), "{}");
  assert.equal(serializeValue(value), JSON.stringify(value));
});

Deno.test("BigInt is written as its exact digits", () => {
  assert.equal(
    serializeValue({
      a: 12345678901234567890n,
      b: -1n,
      c: [0n],
      d: new BigUint64Array([2n ** 64n - 1n]),
    }),
    '{"a":12345678901234567890,"b":-1,"c":[0],"d":[18446744073709551615]}',
  );
  assert.equal(serializeValue(2n ** 100n), "1267650600228229401496703205376");
  assert.equal(serializeValue(Object(5n)), "5");
});

Deno.test("a Map keyed by strings is an object in the Map's own order", () => {
  const map = new Map<unknown, unknown>([["b", 1], ["10", 2], ["2", 3], ["u", undefined]]);
  assert.equal(serializeValue(map), '{"b":1,"10":2,"2":3}');
});

Deno.test('a Map with a number key is a list of pairs, so 1 and "1" both survive', () => {
  const map = new Map<unknown, unknown>([["1", "string key"], [1, "number key"]]);
  assert.equal(serializeValue(map), '[["1","string key"],[1,"number key"]]');
});

Deno.test("a Map with a key that is neither string nor number is a list of [key, value] pairs", () => {
  const map = new Map<unknown, unknown>([["a", 1], [true, undefined], [{ id: 1 }, new Set([2])]]);
  assert.equal(serializeValue(map), '[["a",1],[true,null],[{"id":1},[2]]]');
});

Deno.test("Sets, typed arrays and ArrayBuffers are lists; non-finite numbers are null", () => {
  assert.equal(
    serializeValue([
      new Set(["a", 1]),
      new Float32Array([1.5, NaN, -Infinity]),
      new Uint8Array([7, 8]).buffer,
    ]),
    '[["a",1],[1.5,null,null],[7,8]]',
  );
  assert.equal(serializeValue(new DataView(new ArrayBuffer(2))), "{}");
});

Deno.test("toJSON is called once per value, with the key JSON.stringify passes", () => {
  const keys: string[] = [];
  const probe = {
    toJSON(key: string) {
      keys.push(key);
      return { again: { toJSON: () => "inner" }, self: this === probe };
    },
  };
  const text = serializeValue({ a: probe, list: [probe] });
  assert.equal(text, '{"a":{"again":"inner","self":true},"list":[{"again":"inner","self":true}]}');
  assert.deepEqual(keys, ["a", "0"]);
  assert.equal(serializeValue(probe), JSON.stringify(probe));
});

Deno.test("Dates are written through toJSON; an invalid Date is null", () => {
  assert.equal(
    serializeValue({ at: new Date(0), bad: new Date(NaN) }),
    '{"at":"1970-01-01T00:00:00.000Z","bad":null}',
  );
});

Deno.test("a function with a toJSON is written as its result, as JSON.stringify does", () => {
  const f = Object.assign(() => 0, { toJSON: () => new Map([["x", 1n]]) });
  assert.equal(serializeValue({ f, g: () => 1 }), '{"f":{"x":1}}');
  assert.equal(serializeValue([f, () => 1]), '[{"x":1},null]');
});

Deno.test("undefined, functions and symbols are left out of objects, null in lists and at the root", () => {
  const dropped = [undefined, () => 1, Symbol("s")];
  assert.equal(serializeValue({ a: undefined, b: () => 1, c: Symbol("s"), d: 1 }), '{"d":1}');
  assert.equal(serializeValue(dropped), "[null,null,null]");
  assert.equal(serializeValue({ a: undefined }, "  "), "{}");
  for (const value of dropped) assert.equal(serializeValue(value), "null");
});

Deno.test("JSON.rawJSON values are written verbatim", () => {
  assert.equal(
    serializeValue({ id: rawJSON("1234567890123456789"), m: new Map([["x", rawJSON("1e400")]]) }),
    '{"id":1234567890123456789,"m":{"x":1e400}}',
  );
});

Deno.test("__proto__ keys are kept: Map keys, own properties, toJSON results", () => {
  const own = JSON.parse('{"__proto__": {"x": 1}, "a": 2}');
  assert.equal(serializeValue(new Map([["__proto__", 1]])), '{"__proto__":1}');
  assert.equal(serializeValue(own), '{"__proto__":{"x":1},"a":2}');
  assert.equal(serializeValue({ toJSON: () => own }), '{"__proto__":{"x":1},"a":2}');
  assert.equal(serializeValue(nest(own, 300)), JSON.stringify(nest(own, 300)));
});

// ---------------------------------------------------------------------------
// Cycles and depth.

function cycleMessage(value: unknown): string {
  try {
    serializeValue(value);
  } catch (error) {
    assert.ok(error instanceof TypeError, String(error));
    return error.message;
  }
  throw new Error("no cycle error");
}

Deno.test("a cycle throws a TypeError naming where it closes and what it refers back to", () => {
  const self: Record<string, unknown> = {};
  self.self = self;
  const nested = { a: [1, 2, 3, { b: {} as Record<string, unknown> }] };
  nested.a[3] = { b: { c: nested.a } };
  const map = new Map<string, unknown>();
  map.set("m", { back: map });
  const set = new Set<unknown>();
  set.add([set]);
  const viaToJSON: Record<string, unknown> = { toJSON: () => ({ x: viaToJSON }) };
  const odd = { "not an id": [] as unknown[] };
  odd["not an id"].push(odd);
  const cases: [unknown, string, string][] = [
    [self, "$.self", "$"],
    [nested, "$.a[3].b.c", "$.a"],
    [{ m: map }, "$.m.m.back", "$.m"],
    [set, "$[0][0]", "$"],
    [{ q: viaToJSON }, "$.q.x", "$.q"],
    [odd, '$["not an id"][0]', "$"],
  ];
  for (const [value, at, back] of cases) {
    assert.equal(
      cycleMessage(value),
      `pagewise: the value has a cycle at ${at}, which refers back to ${back}. Pass a value ` +
        `without cycles (copy the fields you need).`,
    );
  }
});

Deno.test("a cycle deep inside a value is reported where it first closes", () => {
  const top: Record<string, unknown> = {};
  let at: Record<string, unknown> = top;
  for (let i = 0; i < 150; i++) at = (at.k = {}) as Record<string, unknown>;
  const loopStart = at;
  for (let i = 0; i < 70; i++) at = (at.k = {}) as Record<string, unknown>;
  at.k = loopStart;
  assert.equal(
    cycleMessage(top),
    "pagewise: the value has a cycle at $.k.k.k.k.k.k.k.k…(205 more)….k.k.k.k.k.k.k.k, which refers " +
      "back to $.k.k.k.k.k.k.k.k…(134 more)….k.k.k.k.k.k.k.k. Pass a value without cycles (copy " +
      "the fields you need).",
  );
});

Deno.test("an object shared by two branches is not a cycle", () => {
  const shared = { x: [1] };
  assert.equal(
    serializeValue({ a: shared, b: [shared, shared] }),
    '{"a":{"x":[1]},"b":[{"x":[1]},{"x":[1]}]}',
  );
});

Deno.test("a value 100,000 levels deep serializes: arrays and objects", () => {
  const n = 100_000;
  assert.equal(serializeValue(nest(1, n)), JSON.stringify(nest(1, n)));
  let arrays: unknown = "x";
  for (let i = 0; i < n; i++) arrays = [arrays];
  assert.equal(serializeValue(arrays), "[".repeat(n) + '"x"' + "]".repeat(n));
});

Deno.test("a value 3,000 levels deep serializes indented", () => {
  const value = nest(new Map([["m", [1n]]]), 3_000);
  const expected = nest({ m: [rawJSON("1")] }, 3_000);
  assert.equal(serializeValue(value, "  "), JSON.stringify(expected, null, "  "));
});

Deno.test("serializing needs no more stack for 100,000 levels than for one", () => {
  const deep = nest(1, 100_000);
  const deepMaps = nest(new Map([["a", 1n]]), 50_000);
  // Deep enough to overflow the native serializer near the stack limit (indented, it recurses).
  const atNativeLimit = nest(1, NATIVE_DEPTH);
  const tasks = [
    () => serializeValue([1]),
    () => serializeValue(deep),
    () => serializeValue(deepMaps),
    () => serializeValue(atNativeLimit),
    () => serializeValue(atNativeLimit, " "),
  ];
  // Twice: the first pass also measures the JIT warming up.
  headroomNeeded(tasks);
  const [shallow, ...deeps] = headroomNeeded(tasks);
  for (const needed of deeps) assert.ok(needed <= shallow + 16, `${needed} > ${shallow} + 16`);
});

Deno.test("a value that makes itself deeper as it is read stops with a RangeError at MAX_DEPTH", () => {
  class Endless {
    toJSON(): unknown[] {
      return [new Endless()];
    }
  }
  assert.throws(
    () => serializeValue(new Endless()),
    (error: unknown) =>
      error instanceof RangeError &&
      error.message.startsWith(`pagewise: the value is nested more than ${MAX_DEPTH} levels`) &&
      error.message.includes(`…(${MAX_DEPTH - 16} more)…`),
  );
});

Deno.test("errors from getters and toJSON reach the caller unchanged", () => {
  const boom = new Error("boom");
  const getter = {
    get x(): never {
      throw boom;
    },
  };
  assert.throws(() => serializeValue(getter), (e) => e === boom);
  assert.throws(() =>
    serializeValue([{
      toJSON: () => {
        throw boom;
      },
    }]), (e) => e === boom);
});

Deno.test("under Node (which has the __proto__ setter), __proto__ keys are kept", async () => {
  const source = `
    import { serializeValue } from ${
    JSON.stringify(new URL("../../src/json/serialize.ts", import.meta.url).href)
  };
    const own = JSON.parse('{"__proto__": {"x": [1]}, "a": 2}');
    let deep = own;
    for (let i = 0; i < 300; i++) deep = [deep];
    const setter = (() => { const o = {}; o["__proto__"] = 1; return Object.keys(o).length === 0; })();
    console.log(JSON.stringify({
      setter,
      map: serializeValue(new Map([["__proto__", new Map([["__proto__", 1n]])], ["b", 2]])),
      own: serializeValue(own),
      indented: serializeValue(own, " "),
      toJSON: serializeValue({ toJSON: () => own }),
      deep: serializeValue(deep) === "[".repeat(300) + serializeValue(own) + "]".repeat(300),
    }));
  `;
  const run = await runSourceInNode(source);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), {
    setter: true,
    map: '{"__proto__":{"__proto__":1},"b":2}',
    own: '{"__proto__":{"x":[1]},"a":2}',
    indented: '{\n "__proto__": {\n  "x": [\n   1\n  ]\n },\n "a": 2\n}',
    toJSON: '{"__proto__":{"x":[1]},"a":2}',
    deep: true,
  });
});

Deno.test("regression (seed 457500409): a member named toJSON that is a function makes the object its result", () => {
  // Shrunk: { toJSON: () => 1 } is "1", as JSON.stringify writes it; the
  // expectation had dropped the member as a function and expected "{}".
  fc.assert(asPlainEquivalent, { seed: 457500409, path: "1747:2:0:4:4", endOnFailure: true });
  const value = { toJSON: () => 1 };
  assert.equal(serializeValue(value), "1");
  assert.equal(serializeValue([value, { a: value }]), JSON.stringify([value, { a: value }]));
});
