import assert from "node:assert/strict";
import fc from "fast-check";
import { CHUNK, type Container, ONE_BY_ONE, scanJson } from "../../src/json/scan.ts";
import { runSourceInNode } from "../support/node.ts";
import { headroomNeeded } from "../support/stack.ts";

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A container as plain data, to compare whole indexes at once. */
interface Shape {
  kind: "array" | "object";
  path: string[];
  open: number;
  close: number;
  spans: [number, number][];
  keys?: string[];
}

function shapeOf(container: Container): Shape {
  const shape: Shape = {
    kind: container.kind,
    path: container.path,
    open: container.open,
    close: container.close,
    spans: Array.from(
      { length: container.count },
      (_, i) => [container.start(i), container.end(i)] as [number, number],
    ),
  };
  if (container.kind === "object") {
    shape.keys = Array.from({ length: container.count }, (_, i) => container.key!(i));
  }
  return shape;
}

// ---------------------------------------------------------------------------
// Generated JSON texts, with the index they must get. A document is generated
// as a tree with its formatting (whitespace, number and string spellings),
// rendered to text while the expected offsets are written down.

type Doc =
  | { type: "scalar"; text: string }
  | { type: "array"; inner: string; items: Slot[] }
  | { type: "object"; inner: string; members: Member[] };
interface Slot {
  before: string;
  value: Doc;
  after: string;
}
interface Member extends Slot {
  key: string;
  beforeColon: string;
  afterColon: string;
}

const whitespace = fc.array(fc.constantFrom(" ", "\t", "\n", "\r", "\r\n", "\n    "), {
  maxLength: 3,
}).map((parts) => parts.join(""));

const numberText = fc.oneof(
  fc.stringMatching(/^-?(0|[1-9][0-9]{0,24})(\.[0-9]{1,20})?([eE][+-]?[0-9]{1,4})?$/),
  fc.constantFrom(
    "1234567890123456789",
    "9007199254740993",
    "-0",
    "-0.0E-0",
    "1e400",
    "-1e400",
    "1e-400",
    "0.1e1",
    "0E+0",
  ),
);

const stringText = fc.array(
  fc.oneof(
    fc.string({ unit: "binary", maxLength: 4 }).map((s) => JSON.stringify(s).slice(1, -1)),
    fc.constantFrom(
      "\\u00e9",
      "\\u00E9",
      "\\ud83d\\ude00",
      "\\ud800",
      "\\uDFFF",
      "\\/",
      "\\b\\f\\n\\r\\t",
      '\\"',
      "\\\\",
      "\\u0000",
      "\ud800",
      "\udc00",
      "😀",
      "é",
      "\u2028",
      "\u007f",
      "'",
      "__proto__",
    ),
  ),
  { maxLength: 5 },
).map((parts) => `"${parts.join("")}"`);

const keyText = fc.oneof(
  stringText,
  fc.constantFrom('"__proto__"', '"constructor"', '"toString"', '"a"', '""', '"items"'),
);

const scalarDoc: fc.Arbitrary<Doc> = fc.oneof(
  numberText,
  stringText,
  fc.constantFrom("true", "false", "null"),
).map((text) => ({ type: "scalar" as const, text }));

const { doc: docArb } = fc.letrec<{ doc: Doc; array: Doc; object: Doc }>((tie) => ({
  doc: fc.oneof(
    { depthSize: "small", maxDepth: 8, withCrossShrink: true },
    scalarDoc,
    tie("array"),
    tie("object"),
  ),
  array: fc.record({
    inner: whitespace,
    items: fc.array(fc.record({ before: whitespace, value: tie("doc"), after: whitespace }), {
      maxLength: 5,
    }),
  }).map((a) => ({ type: "array" as const, ...a })),
  object: fc.record({
    inner: whitespace,
    members: fc.array(
      fc.record({
        before: whitespace,
        key: keyText,
        beforeColon: whitespace,
        afterColon: whitespace,
        value: tie("doc"),
        after: whitespace,
      }),
      { maxLength: 5 },
    ),
  }).map((o) => ({ type: "object" as const, ...o })),
}));

interface Expected {
  text: string;
  root: "object" | "array" | "scalar";
  start: number;
  end: number;
  depth: number;
  containers: Shape[];
}

/** The text of `doc` between `lead` and `trail`, and the index it must get. */
function render(doc: Doc, lead: string, trail: string): Expected {
  let text = lead;
  let depth = 0;
  const containers: Shape[] = [];
  // `path` is set for containers reachable through object members only.
  const write = (d: Doc, level: number, path: string[] | undefined): void => {
    if (d.type === "scalar") {
      text += d.text;
      return;
    }
    depth = Math.max(depth, level + 1);
    const shape: Shape | undefined = path &&
      { kind: d.type, path, open: text.length, close: -1, spans: [] };
    if (shape) containers.push(shape);
    if (d.type === "array") {
      text += "[";
      if (d.items.length === 0) text += d.inner;
      d.items.forEach((slot, i) => {
        text += (i > 0 ? "," : "") + slot.before;
        const start = text.length;
        write(slot.value, level + 1, undefined);
        shape?.spans.push([start, text.length]);
        text += slot.after;
      });
    } else {
      text += "{";
      if (d.members.length === 0) text += d.inner;
      if (shape) shape.keys = [];
      d.members.forEach((member, i) => {
        text += (i > 0 ? "," : "") + member.before;
        const start = text.length;
        const key: string = JSON.parse(member.key);
        text += member.key + member.beforeColon + ":" + member.afterColon;
        write(member.value, level + 1, path && [...path, key]);
        shape?.spans.push([start, text.length]);
        shape?.keys?.push(key);
        text += member.after;
      });
    }
    if (shape) shape.close = text.length;
    text += d.type === "array" ? "]" : "}";
  };
  write(doc, 0, []);
  return {
    text: text + trail,
    root: doc.type === "scalar" ? "scalar" : doc.type,
    start: lead.length,
    end: text.length,
    depth,
    containers,
  };
}

const documents = fc.tuple(docArb, whitespace, whitespace).map(([d, lead, trail]) =>
  render(d, lead, trail)
);

// Texts that JSON.parse mostly rejects: documents with a few characters changed.
const SPECIAL = [..."{}[],:\"\\/ \t\n\r0123456789+-.eEtrufalsnxu'"].concat([
  "\u0000",
  "\u001f",
  "\u007f",
  "\u00a0",
  "\u000b",
  "\u000c",
  "\ufeff",
  "\u2028",
  "\ud800",
]);
const mutation = fc.record({
  at: fc.nat(),
  to: fc.nat(),
  kind: fc.constantFrom("delete", "insert", "replace", "truncate", "copy"),
  char: fc.constantFrom(...SPECIAL),
});
function mutate(text: string, m: { at: number; to: number; kind: string; char: string }): string {
  const at = text.length === 0 ? 0 : m.at % (text.length + 1);
  switch (m.kind) {
    case "delete":
      return text.slice(0, at) + text.slice(at + 1);
    case "insert":
      return text.slice(0, at) + m.char + text.slice(at);
    case "replace":
      return text.slice(0, at) + m.char + text.slice(at + 1);
    case "truncate":
      return text.slice(0, at);
    default: {
      const to = text.length === 0 ? 0 : m.to % (text.length + 1);
      return text.slice(0, to) + text.slice(Math.min(at, to), Math.max(at, to)) + text.slice(to);
    }
  }
}

const TOKENS = [
  "{",
  "}",
  "[",
  "]",
  ",",
  ":",
  " ",
  "\n",
  '"a"',
  '"',
  "\\",
  "1",
  "-",
  "0",
  ".",
  "e",
  "+",
  "true",
  "fals",
  "null",
  "\\u12",
  "\\u1234",
  "\u0001",
];

Deno.test("accepts every valid text, however it is formatted", () => {
  fc.assert(
    fc.property(documents, (expected) => {
      assert.ok(scanJson(expected.text), JSON.stringify(expected.text));
    }),
    { numRuns: 1_000 },
  );
});

Deno.test("accepts exactly what JSON.parse accepts: mutated valid texts", () => {
  fc.assert(
    fc.property(documents, fc.array(mutation, { minLength: 1, maxLength: 3 }), (doc, ms) => {
      const text = ms.reduce(mutate, doc.text);
      assert.equal(scanJson(text) !== undefined, parses(text), JSON.stringify(text));
    }),
    { numRuns: 3_000 },
  );
});

Deno.test("accepts exactly what JSON.parse accepts: token soup and arbitrary strings", () => {
  const soup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 12 }).map((t) => t.join(""));
  fc.assert(
    fc.property(fc.oneof(soup, fc.string({ unit: "binary", maxLength: 12 })), (text) => {
      assert.equal(scanJson(text) !== undefined, parses(text), JSON.stringify(text));
    }),
    { numRuns: 3_000 },
  );
});

Deno.test("long strings are accepted exactly as JSON.parse accepts them, and spanned whole", () => {
  // Long plain runs (past the characters looked at one by one), each ended by an escape or a fault.
  const plain = fc.array(fc.constantFrom("a", " ", "é", "日", "😀", "~", "[", "{"), {
    maxLength: 200,
    size: "max",
  }).map((p) => p.join(""));
  const special = fc.constantFrom(
    ...["\\n", "\\u0041", '\\"', "\\\\", "\\/", "\ud800", ""],
    ...["\n", "\t", "\u0000", "\u001f", "\\x", "\\u12", '"'],
  );
  const body = fc.array(fc.tuple(plain, special), { minLength: 1, maxLength: 4 })
    .map((segments) => segments.map(([run, end]) => run + end).join(""));
  fc.assert(
    fc.property(body, (content) => {
      const text = `["x", "${content}", 1]`;
      const index = scanJson(text);
      assert.equal(index !== undefined, parses(text), JSON.stringify(text));
      if (index) {
        const [root] = index.containers;
        assert.equal(root.count, 3);
        assert.equal(text.slice(root.start(1), root.end(1)), `"${content}"`);
      }
    }),
    { numRuns: 2_000 },
  );
});

Deno.test("strings longer than one native check are cut between escapes, never inside one", () => {
  const escapes = [
    "\\u00e9",
    "\\\\",
    '\\"',
    "\\n",
    "\\ud83d\\ude00",
    '\\\\\\"',
    "\\u12",
    "\\x",
    "\u0001",
  ];
  for (const escape of escapes) {
    for (let shift = -8; shift <= 8; shift++) {
      // The native check starts ONE_BY_ONE characters in and cuts every CHUNK characters.
      const content = "a".repeat(ONE_BY_ONE + CHUNK + shift) + escape + "b".repeat(10);
      const text = `["${content}", 1]`;
      const index = scanJson(text);
      assert.equal(index !== undefined, parses(text), `${escape} at ${shift}`);
      if (index) assert.equal(index.containers[0].end(0), content.length + 3);
    }
  }
});

Deno.test("accepts exactly what JSON.parse accepts: edge cases of the grammar", () => {
  const cases = [
    // numbers
    "0",
    "-0",
    "01",
    "-01",
    "00",
    "1.",
    ".1",
    "+1",
    "1e",
    "1e+",
    "1E-2",
    "1.5e3",
    "0x1",
    "1_000",
    "Infinity",
    "-Infinity",
    "NaN",
    "-",
    "--1",
    "1.2.3",
    "1e2e3",
    "0.e1",
    "1234567890123456789",
    "1e400",
    // strings
    '"',
    '"abc',
    '"\\"',
    '"\\u00"',
    '"\\u00e"',
    '"\\uZZZZ"',
    '"\\U0041"',
    '"\\x41"',
    '"\\\'"',
    '"\t"',
    '"\n"',
    '"\u001f"',
    '"\u007f"',
    '"\ud800"',
    '"\\ud800"',
    '"\\udc00\\ud800"',
    "'a'",
    '"\\/"',
    '"\\0"',
    // whitespace
    "",
    " ",
    " 1 ",
    "\u00a01",
    "\ufeff1",
    "\u000b1",
    "\u000c1",
    "1\u2028",
    "\r\n[\r\n]\r\n",
    // literals
    "true",
    "True",
    "tru",
    "truee",
    "nul",
    "null ",
    "nulll",
    "fals",
    "false",
    // structure
    "[",
    "]",
    "[]",
    "[,]",
    "[1,]",
    "[1 2]",
    "[1,,2]",
    "{}",
    "{,}",
    '{"a"}',
    '{"a":}',
    '{"a" 1}',
    "{1:2}",
    "{'a':1}",
    '{"a":1,}',
    '{"a":1 "b":2}',
    '{"a":1}}',
    "[[]",
    "[]]",
    "[1]x",
    "1 2",
    '{"a":1,"a":2}',
    '{"__proto__":[]}',
    "[{]}",
    "{[]}",
    '["a":1]',
  ];
  for (const text of cases) {
    assert.equal(scanJson(text) !== undefined, parses(text), JSON.stringify(text));
  }
});

Deno.test("indexes the root and every container reachable through object members, in document order", () => {
  fc.assert(
    fc.property(documents, (expected) => {
      const index = scanJson(expected.text)!;
      assert.deepEqual(
        {
          text: expected.text,
          root: index.root,
          start: index.start,
          end: index.end,
          depth: index.depth,
          containers: index.containers.map(shapeOf),
        },
        expected,
      );
    }),
    { numRuns: 1_000 },
  );
});

/** The value at `path`, keys as JSON.parse made them (own properties, even "__proto__"). */
function at(value: unknown, path: readonly string[]): unknown {
  return path.reduce((v, key) => (v as Record<string, unknown>)[key], value);
}

Deno.test("element spans are the source text of the elements, in order, between commas", () => {
  const indents = fc.constantFrom<(string | number | undefined)[]>(undefined, 0, 1, 2, 4, "\t");
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 5 }), indents, (value, indent) => {
      const text = JSON.stringify(value, null, indent);
      const parsed = JSON.parse(text);
      const index = scanJson(text)!;
      for (const c of index.containers) {
        const element = at(parsed, c.path) as Record<string, unknown>;
        const keys = Object.keys(element);
        assert.equal(c.count, keys.length);
        let from = c.open + 1;
        for (let i = 0; i < c.count; i++) {
          const span = text.slice(c.start(i), c.end(i));
          if (c.kind === "array") {
            assert.deepEqual(JSON.parse(span), element[i]);
          } else {
            assert.equal(c.key!(i), keys[i]);
            assert.deepEqual(
              JSON.parse(`{${span}}`),
              Object.fromEntries([[keys[i], element[keys[i]]]]),
            );
          }
          // Only whitespace, and one comma between elements, outside the spans.
          assert.match(text.slice(from, c.start(i)), i === 0 ? /^\s*$/ : /^\s*,\s*$/);
          from = c.end(i);
        }
        assert.match(text.slice(from, c.close), /^\s*$/);
        assert.equal(text[c.open] + text[c.close], c.kind === "array" ? "[]" : "{}");
      }
    }),
    { numRuns: 500 },
  );
});

Deno.test("big integers, exponents and escapes are spanned verbatim", () => {
  const text = '{"items": [1234567890123456789, 1e400, -0.0E-0, "\\u00e9\\ud83d\\ude00", 1E+2]}';
  const items = scanJson(text)!.containers[1];
  assert.deepEqual(
    Array.from({ length: items.count }, (_, i) => text.slice(items.start(i), items.end(i))),
    ["1234567890123456789", "1e400", "-0.0E-0", '"\\u00e9\\ud83d\\ude00"', "1E+2"],
  );
});

Deno.test("keys are decoded with their escapes, surrogate pairs and lone surrogates", () => {
  const key = '"a\\u0062\\n\\ud83d\\ude00\\ud800\\"\\/"';
  const index = scanJson(`{${key}: {"x": []}}`)!;
  assert.deepEqual(index.containers.map((c) => c.path), [
    [],
    ['ab\n😀\ud800"/'],
    ['ab\n😀\ud800"/', "x"],
  ]);
  assert.equal(index.containers[0].key!(0), 'ab\n😀\ud800"/');
});

Deno.test("lists inside array items are validated but not indexed", () => {
  const index = scanJson('{"a": [{"b": [1]}, [[2]]], "c": {"d": [3]}}')!;
  assert.deepEqual(index.containers.map((c) => c.path.join(".")), ["", "a", "c", "c.d"]);
  assert.equal(scanJson('{"a": [{"b": [1,]}]}'), undefined);
});

Deno.test("a root array's items are not indexed as containers", () => {
  const index = scanJson('[{"a": []}, []]')!;
  assert.equal(index.root, "array");
  assert.deepEqual(index.containers.map((c) => c.count), [2]);
  assert.equal(index.depth, 3);
});

Deno.test("a scalar root has no containers, and its offsets skip the whitespace around it", () => {
  const index = scanJson(' \n"x" \t')!;
  assert.deepEqual({ ...index }, { root: "scalar", start: 2, end: 5, depth: 0, containers: [] });
});

Deno.test("start(i) and end(i) refuse an element out of range", () => {
  const [root] = scanJson("[1, 2]")!.containers;
  for (const i of [-1, 2, 1.5, NaN]) {
    assert.throws(() => root.start(i), RangeError);
    assert.throws(() => root.end(i), RangeError);
  }
  assert.equal(root.key, undefined);
});

Deno.test("a text a million levels deep is scanned: arrays", () => {
  const n = 1_000_000;
  const index = scanJson("[".repeat(n) + "]".repeat(n))!;
  assert.equal(index.depth, n);
  assert.equal(index.containers.length, 1);
  assert.deepEqual([index.containers[0].count, index.containers[0].close], [1, 2 * n - 1]);
});

Deno.test("a text a million levels deep is scanned: objects, each one indexed", () => {
  const n = 1_000_000;
  const index = scanJson('{"a":'.repeat(n) + "1" + "}".repeat(n))!;
  assert.equal(index.depth, n);
  assert.equal(index.containers.length, n);
  const deepest = index.containers[n - 1];
  assert.equal(deepest.path.length, n - 1);
  assert.equal(deepest.path[n - 2], "a");
  assert.deepEqual([deepest.open, deepest.close, deepest.count], [5 * (n - 1), 5 * n + 1, 1]);
});

Deno.test("a text a million levels deep is rejected when it does not close or breaks at the bottom", () => {
  const n = 1_000_000;
  assert.equal(scanJson("[".repeat(n) + "]".repeat(n - 1)), undefined);
  assert.equal(scanJson("[".repeat(n) + "," + "]".repeat(n)), undefined);
  assert.equal(scanJson('{"a":'.repeat(n) + "}".repeat(n)), undefined);
});

Deno.test("scanning needs no more stack for a million levels than for one", () => {
  const deep = "[".repeat(1_000_000) + "]".repeat(1_000_000);
  const deepObjects = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);
  // Long strings go through a RegExp, which must not need more stack either.
  const longStrings = JSON.stringify(Array.from({ length: 50 }, () => "text ".repeat(400)));
  // Twice: the first pass also measures the JIT warming up.
  headroomNeeded([() => scanJson("[]"), () => scanJson(deep)]);
  const [shallow, ...deeps] = headroomNeeded([
    () => scanJson("[]"),
    () => scanJson(deep),
    () => scanJson(deepObjects)!.containers.at(-1)!.path,
    () => scanJson(longStrings)!.containers[0].count,
  ]);
  for (const needed of deeps) assert.ok(needed <= shallow + 16, `${needed} > ${shallow} + 16`);
});

Deno.test("with the stack nearly used up, scanning answers right or throws a RangeError, never wrong", () => {
  const texts = [
    JSON.stringify(Array.from({ length: 20 }, () => "text\n".repeat(200))),
    JSON.stringify(["a".repeat(CHUNK + 100) + "\u00e9"]),
    '{"a": [1, {"b": "' + "x".repeat(500) + '"}]}',
  ];
  const expected = texts.map((text) => scanJson(text)!.containers[0].count);
  let levels = 0;
  const dive = (): void => {
    try {
      dive();
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    }
    // Only the levels nearest the limit are of interest.
    if (++levels > 400) return;
    texts.forEach((text, i) => {
      let count: number | undefined;
      try {
        count = scanJson(text)?.containers[0].count ?? -1;
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        return;
      }
      assert.equal(count, expected[i], `text ${i}, ${levels} levels above the limit`);
    });
  };
  dive();
});

Deno.test("under Node (which has the __proto__ setter), __proto__ keys are indexed like any other", async () => {
  const source = `
    import { scanJson } from ${
    JSON.stringify(new URL("../../src/json/scan.ts", import.meta.url).href)
  };
    const text = '{"__proto__": [1, {"__proto__": 2}], "a": {"__proto__": {"x": []}}}';
    const index = scanJson(text);
    const setter = (() => { const o = {}; o["__proto__"] = 1; return Object.keys(o).length === 0; })();
    console.log(JSON.stringify({
      setter,
      containers: index.containers.map((c) => ({
        path: c.path,
        count: c.count,
        keys: c.key ? Array.from({ length: c.count }, (_, i) => c.key(i)) : null,
        first: c.count > 0 ? text.slice(c.start(0), c.end(0)) : null,
      })),
    }));
  `;
  const run = await runSourceInNode(source);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), {
    setter: true,
    containers: [
      { path: [], count: 2, keys: ["__proto__", "a"], first: '"__proto__": [1, {"__proto__": 2}]' },
      { path: ["__proto__"], count: 2, keys: null, first: "1" },
      { path: ["a"], count: 1, keys: ["__proto__"], first: '"__proto__": {"x": []}' },
      { path: ["a", "__proto__"], count: 1, keys: ["x"], first: '"x": []' },
      { path: ["a", "__proto__", "x"], count: 0, keys: null, first: null },
    ],
  });
});
