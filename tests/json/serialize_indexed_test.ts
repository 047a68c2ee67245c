// Serializing a value while indexing it gives serializeValue's text and the
// index a scan of that text gives.
import assert from "node:assert/strict";
import fc from "fast-check";
import { scanJson } from "../../src/json/scan.ts";
import { serializeValue } from "../../src/json/serialize.ts";
import { itemSpans, serializeIndexed } from "../../src/json/serialize_indexed.ts";

function summary(index: NonNullable<ReturnType<typeof scanJson>>) {
  return index.containers.map((c) => ({
    kind: c.kind,
    path: c.path,
    open: c.open,
    close: c.close,
    spans: Array.from({ length: c.count }, (_, i) => [c.start(i), c.end(i), c.key?.(i)]),
  }));
}

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 5 }),
  fc.dictionary(
    fc.string({ maxLength: 6 }),
    fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined)),
  ),
  fc.array(fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined)), { maxLength: 20 }),
);

Deno.test("property: the indexed text is serializeValue's, and its index is the scan's", () => {
  fc.assert(
    fc.property(value, (v) => {
      const indexed = serializeIndexed(v);
      if (!indexed) return;
      assert.equal(indexed.text, serializeValue(v));
      assert.deepEqual(summary(indexed.index), summary(scanJson(indexed.text)!));
    }),
    { numRuns: 2_000 },
  );
});

Deno.test("a __proto__ key and a Date are written and indexed as serializeValue and the scan do", () => {
  const v = JSON.parse('{"__proto__":{"a":[1]},"m":null}');
  v.d = new Date(0);
  const indexed = serializeIndexed(v)!;
  assert.equal(indexed.text, serializeValue(v));
  assert.deepEqual(summary(indexed.index), summary(scanJson(indexed.text)!));
});

Deno.test("a Map or a toJSON that writes an object in a member is left to serializeValue and the scan", () => {
  assert.equal(serializeIndexed({ m: new Map([["x", 1]]) }), undefined);
  assert.equal(serializeIndexed({ t: { toJSON: () => [1, 2] } }), undefined);
});

Deno.test("a cycle or a key path deeper than 64 is left to serializeValue", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assert.equal(serializeIndexed(cyclic), undefined);
  let deep: unknown = 1;
  for (let i = 0; i < 100; i++) deep = { a: deep };
  assert.equal(serializeIndexed(deep), undefined);
});

Deno.test("property: a list's items found in its text are the scan's", () => {
  // Strings full of quotes, backslashes and brackets: what the item finder skips.
  const tricky = fc.string({ unit: fc.constantFrom('"', "\\", "[", "]", "{", "}", ",", "a", "é") });
  const item = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    tricky,
    fc.array(tricky, { maxLength: 4 }),
    fc.dictionary(tricky, tricky, { maxKeys: 4 }),
  );
  fc.assert(
    fc.property(fc.array(item, { maxLength: 30 }), (list) => {
      const text = serializeValue(list);
      const spans = itemSpans(text);
      const scanned = scanJson(text)!.containers[0];
      assert.equal(spans.count, scanned.count);
      for (let i = 0; i < spans.count; i++) {
        assert.deepEqual([spans.starts[i], spans.ends[i]], [scanned.start(i), scanned.end(i)]);
      }
      const indexed = serializeIndexed({ a: 1, list })!;
      assert.equal(indexed.text, serializeValue({ a: 1, list }));
      assert.deepEqual(summary(indexed.index), summary(scanJson(indexed.text)!));
    }),
    { numRuns: 1_000 },
  );
});

Deno.test("a list's items are written as JSON.stringify writes them: toJSON gets the index", () => {
  const item = { toJSON: (key: string) => `item ${key}` };
  const indexed = serializeIndexed({ list: [item, item, new Map([["k", 1n]])] })!;
  assert.equal(indexed.text, '{"list":["item 0","item 1",{"k":1}]}');
  assert.deepEqual(summary(indexed.index), summary(scanJson(indexed.text)!));
});

Deno.test("a cycle through a list item is reported from the root, as serializeValue does", () => {
  const root: { items: unknown[] } = { items: [] };
  root.items.push({ back: root });
  assert.equal(serializeIndexed(root), undefined);
  assert.throws(() => serializeValue(root), /a cycle at \$\.items\[0\]\.back/);
});

Deno.test("property: a list's spans are the same whatever order they are asked for in", () => {
  fc.assert(
    fc.property(
      fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 40 }),
      fc.array(fc.nat(), { maxLength: 60 }),
      (list, order) => {
        const indexed = serializeIndexed({ list })!;
        const scanned = scanJson(indexed.text)!.containers.find((c) => c.kind === "array")!;
        const container = indexed.index.containers.find((c) => c.kind === "array")!;
        assert.equal(container.count, list.length);
        for (const n of [...order, list.length - 1, 0]) {
          const i = n % list.length;
          assert.deepEqual([container.start(i), container.end(i)], [
            scanned.start(i),
            scanned.end(i),
          ]);
        }
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("a getter that lengthens the list while it is written: every item written is indexed", () => {
  const list: unknown[] = [];
  list.push({
    get grow() {
      list.push("added");
      return 1;
    },
  }, 2);
  const indexed = serializeIndexed({ list })!;
  const container = indexed.index.containers.find((c) => c.kind === "array")!;
  const scanned = scanJson(indexed.text)!.containers.find((c) => c.kind === "array")!;
  assert.equal(container.count, scanned.count);
  assert.deepEqual(summary(indexed.index), summary(scanJson(indexed.text)!));
});

Deno.test("a getter that lengthens the list on one read and shortens it on the next: the count is what was written", () => {
  const list: unknown[] = [];
  let reads = 0;
  list.push({
    get toggle() {
      if (reads++ % 2 === 0) list.push("added");
      else list.pop();
      return reads;
    },
  });
  for (let i = 0; i < 20; i++) list.push(i);
  const indexed = serializeIndexed({ list })!;
  const container = indexed.index.containers.find((c) => c.kind === "array")!;
  const scanned = scanJson(indexed.text)!.containers.find((c) => c.kind === "array")!;
  assert.equal(container.count, scanned.count);
  assert.deepEqual(summary(indexed.index), summary(scanJson(indexed.text)!));
});
