// Fields: dot paths into each item, kept in the item's order, copied verbatim.
import assert from "node:assert/strict";
import { parseFields, projectElement } from "../../src/narrow/fields.ts";

const project = (text: string, fields: string[], entry = false) =>
  projectElement(text, parseFields(fields), entry);

Deno.test("kept fields follow the item's own order, not the order asked", () => {
  assert.equal(project('{"b":2,"a":1,"c":3}', ["c", "a"]), '{"a":1,"c":3}');
});

Deno.test("a dot path keeps a nested field inside its parent; a shorter path keeps the whole value", () => {
  assert.equal(project('{"m":{"h":"x","p":1},"id":3}', ["m.h", "id"]), '{"m":{"h":"x"},"id":3}');
  assert.equal(project('{"m":{"h":"x","p":1}}', ["m.h", "m"]), '{"m":{"h":"x","p":1}}');
});

Deno.test("keys and values are the source's text: escapes, exponents, spacing inside values", () => {
  assert.equal(
    project('{ "\\u0061" : 1.0e+3 , "s" : [1,  2] }', ["a", "s"]),
    '{"\\u0061":1.0e+3,"s":[1,  2]}',
  );
});

Deno.test("an item that is not an object is kept as it is; a path through a non-object keeps nothing there", () => {
  assert.equal(project("[1,2]", ["a"]), "[1,2]");
  assert.equal(project('"text"', ["a"]), '"text"');
  assert.equal(project('{"m":5,"k":[{"a":1}]}', ["m.x", "k.a"]), "{}");
});

Deno.test("an entry keeps its key and projects its value", () => {
  assert.equal(project('"k1": {"id": 1, "x": 2}', ["id"], true), '"k1": {"id":1}');
  assert.equal(project('"k2": 7', ["id"], true), '"k2": 7');
});

Deno.test("values with braces and quotes in strings are skipped whole", () => {
  assert.equal(project('{"a":"}{\\"","b":{"c":"]"},"d":1}', ["d"]), '{"d":1}');
});
