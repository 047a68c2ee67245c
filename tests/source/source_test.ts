// Which part of a result is paged: a list at the top, the list a key names,
// the largest list or map of a dict, or the text.
import assert from "node:assert/strict";
import { documentOf } from "../../src/source/document.ts";
import { sourceOf } from "../../src/source/source.ts";

const chosen = (text: string, key?: string[], maxChars = 50_000) => {
  const source = sourceOf(documentOf(text, true, ""), key, maxChars);
  return source.kind === "text" ? "text" : `${source.unit} at ${JSON.stringify(source.path)}`;
};

Deno.test("a list at the top is paged by its items", () => {
  assert.equal(chosen("[1,2,3]"), "items at []");
});

Deno.test("a dict is paged by its largest list, the other fields kept around it", () => {
  assert.equal(
    chosen('{"took":3,"hits":{"total":2,"items":[{"a":1},{"a":2}]}}'),
    'items at ["hits","items"]',
  );
});

Deno.test("a key path names the list to page", () => {
  const text = '{"a":[1,2,3,4,5,6,7,8],"b":[1,2]}';
  assert.equal(chosen(text, ["b"]), 'items at ["b"]');
  assert.equal(chosen(text), 'items at ["a"]');
});

Deno.test("an object of many small entries is paged by its entries", () => {
  const text = JSON.stringify(
    Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i])),
  );
  assert.equal(chosen(text), "entries at []");
});

Deno.test("a scalar, invalid JSON, an empty list and a few large entries are paged as text", () => {
  assert.equal(chosen('"just a string"'), "text");
  assert.equal(chosen("{not json"), "text");
  assert.equal(chosen("[]"), "text");
  assert.equal(chosen(JSON.stringify({ a: "x".repeat(40_000), b: "y".repeat(40_000) })), "text");
});

Deno.test("a dict whose fields around its largest list are over three quarters of a page is paged whole", () => {
  const text = JSON.stringify({
    summary: "s".repeat(1_000),
    items: Array.from({ length: 2_000 }, (_, i) => i),
  });
  assert.equal(chosen(text, undefined, 1_200), "text");
  assert.equal(chosen(text, undefined, 50_000), 'items at ["items"]');
});
