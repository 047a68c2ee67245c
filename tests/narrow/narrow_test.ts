import assert from "node:assert/strict";
import fc from "fast-check";
import { createPager, CursorError, NarrowingError } from "../../mod.ts";
import { scanJson } from "../../src/json/scan.ts";
import { assertWithin, limitsUpTo } from "../support/limits.ts";
import { narrowedPages, shownElements, shownText } from "../support/narrow_walk.ts";

const limitsArb = limitsUpTo(2_000, 6_000);

// Words a grep can find, in several cases and scripts.
const words = [
  "Error",
  "error",
  "TIMEOUT",
  "ok",
  "née",
  "Straße",
  "日本",
  "a|b",
  "x\\y",
  "İstanbul",
];
const wordArb = fc.constantFrom(...words);
const itemArb = fc.oneof(
  fc.record({
    id: fc.integer(),
    msg: fc.array(wordArb, { maxLength: 4 }).map((w) => w.join(" ")),
    meta: fc.record({ host: fc.constantFrom("h1", "H2", "error-host"), n: fc.double() }),
  }),
  wordArb,
  fc.integer(),
  fc.constant(null),
);
// A grep of one or two literal alternatives, escaped as the syntax asks.
const grepArb = fc.array(fc.constantFrom("error", "ERR", "timeout", "ok", "é", "日", "h2", "a|b"), {
  minLength: 1,
  maxLength: 2,
}).map((alternatives) =>
  alternatives.map((a) => a.replaceAll("\\", "\\\\").replaceAll("|", "\\|")).join("|")
);
const literalsOf = (grep: string) =>
  grep.split(/(?<!\\)\|/).map((a) =>
    a.replaceAll("\\|", "|").replaceAll("\\\\", "\\").toLowerCase()
  );

/** The items of a list as its JSON text has them. */
function itemTexts(text: string): string[] {
  const index = scanJson(text)!;
  const list = index.containers[0];
  return Array.from({ length: list.count }, (_, i) => text.slice(list.start(i), list.end(i)));
}

Deno.test("property: a grep walk gives exactly the items whose JSON text contains it, in order, with their positions, every page within its limits", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(itemArb, { maxLength: 120 }),
      fc.constantFrom(0, 2, "\t"),
      grepArb,
      limitsArb,
      async (list, indent, grep, limits) => {
        const text = JSON.stringify(list, null, indent);
        const pager = createPager(limits);
        const pages = await narrowedPages(pager, text, { json: true, grep, scope: "t {}" });
        for (const page of pages) assertWithin(page, limits);
        const alternatives = literalsOf(grep);
        const expected = itemTexts(text)
          .map((item, i) => ({ item, position: i + 1 }))
          .filter(({ item }) => alternatives.some((a) => item.toLowerCase().includes(a)));
        const shown = shownElements(pages);
        assert.deepEqual(shown.positions, expected.map((e) => e.position));
        assert.deepEqual(shown.texts, expected.map((e) => e.item));
      },
    ),
    { numRuns: 60 },
  );
});

/** `item` with only the fields, keys in its own order (the oracle: parsed values). */
function project(item: unknown, fields: string[]): unknown {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return item;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    const wanted = fields.filter((f) => f === key || f.startsWith(`${key}.`));
    if (wanted.length === 0) continue;
    if (wanted.includes(key)) out[key] = value;
    else if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      out[key] = project(value, wanted.map((f) => f.slice(key.length + 1)));
    }
  }
  return out;
}

Deno.test("property: a fields walk gives exactly each item's projection, its text that of compact JSON of the kept values", async () => {
  const fieldsArb = fc.uniqueArray(
    fc.constantFrom("id", "msg", "meta", "meta.host", "meta.n", "nope"),
    {
      minLength: 1,
      maxLength: 3,
    },
  );
  await fc.assert(
    fc.asyncProperty(
      fc.array(itemArb, { maxLength: 80 }),
      fieldsArb,
      limitsArb,
      async (list, fields, limits) => {
        const text = JSON.stringify(list);
        const pager = createPager(limits);
        const pages = await narrowedPages(pager, text, { json: true, fields, scope: "t {}" });
        for (const page of pages) assertWithin(page, limits);
        const shown = shownElements(pages);
        assert.deepEqual(shown.positions, list.map((_, i) => i + 1));
        assert.deepEqual(shown.texts, list.map((item) => JSON.stringify(project(item, fields))));
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("fields copy each kept value's text as the tool wrote it: big integers, exponents, escapes and indentation", async () => {
  const text =
    '[\n  {"id": 12345678901234567890, "x": 1.0e+3, "s": "\\u00e9\\n", "o": {\n    "k": [1,  2]\n  }, "drop": 1}\n]';
  const pages = await narrowedPages(createPager(), text, {
    json: true,
    fields: ["id", "x", "s", "o.k"],
  });
  assert.deepEqual(shownElements(pages).texts, [
    '{"id":12345678901234567890,"x":1.0e+3,"s":"\\u00e9\\n","o":{"k":[1,  2]}}',
  ]);
});

Deno.test("property: a grep of a text gives exactly its matching lines, each as N:line", async () => {
  const lineArb = fc.array(fc.oneof(wordArb, fc.constantFrom(" ", "x", "\r", "\t", "👍🏽")), {
    maxLength: 8,
  })
    .map((p) => p.join(""));
  await fc.assert(
    fc.asyncProperty(
      fc.array(lineArb, { minLength: 1, maxLength: 300 }),
      grepArb,
      limitsArb,
      async (lines, grep, limits) => {
        const text = lines.join("\n");
        const alternatives = literalsOf(grep);
        const expected = lines
          .map((line, i) => `${i + 1}:${line}`)
          .filter((_, i) => alternatives.some((a) => lines[i].toLowerCase().includes(a)));
        const pager = createPager(limits);
        const pages = await narrowedPages(pager, text, { grep, scope: "log {}" });
        for (const page of pages) assertWithin(page, limits);
        if (expected.length === 0) {
          assert.equal(pages.length, 1);
          assert.match(pages[0].text, /^\[No lines match grep/);
          return;
        }
        assert.equal(shownText(pages), expected.join("\n"));
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("a grep that matches nothing is a page that says so and how to widen it, not an error", async () => {
  const list = Array.from({ length: 500 }, (_, id) => ({ id }));
  const page = await createPager().page(list, { grep: "no such text" });
  const object = JSON.parse(page.text).page;
  assert.equal(page.nextCursor, undefined);
  assert.deepEqual(JSON.parse(page.text).items, []);
  assert.equal(object.total, 0);
  assert.match(object.note, /No items match grep "no such text" \(of 500 in all\)/);
  assert.match(object.note, /without grep/);
});

Deno.test("a narrowed page says what was narrowed, the count of matches and of the whole", async () => {
  const list = Array.from(
    { length: 5_000 },
    (_, id) => ({ id, level: id % 16 === 0 ? "timeout" : "ok" }),
  );
  const page = await createPager({ maxTokens: 2_000 }).page(list, { grep: "timeout" });
  const object = JSON.parse(page.text).page;
  assert.equal(object.total, 313);
  assert.match(object.items, /^1-\d+ of 313 matching grep "timeout" \(5000 in all\)$/);
  assert.deepEqual(object.positions.slice(0, 3), [1, 17, 33]);
  assert.match(object.note, /that match the grep \(of 5000 in all\)/);
});

Deno.test("a cursor of one grep sent with another is refused as foreign", async () => {
  const pager = createPager({ maxTokens: 1_000 });
  const list = Array.from(
    { length: 3_000 },
    (_, id) => ({ id, tag: id % 2 ? "timeout" : "error" }),
  );
  const first = await pager.page(list, { grep: "timeout", scope: "t {}" });
  assert.ok(first.nextCursor);
  await assert.rejects(
    pager.page(list, { grep: "error", cursor: first.nextCursor, scope: "t {}" }),
    (error) => error instanceof CursorError && error.reason === "foreign_scope",
  );
  await assert.rejects(
    pager.page(list, { cursor: first.nextCursor, scope: "t {}" }),
    (error) => error instanceof CursorError && error.reason === "foreign_scope",
  );
});

Deno.test("the first page of a cut result says how to narrow it, only where the tool has the arguments", async () => {
  const list = Array.from({ length: 3_000 }, (_, id) => ({ id }));
  const pager = createPager({ maxTokens: 1_000 });
  const hinted = JSON.parse(
    (await pager.page(list, { narrowable: { grep: "q", fields: "keep" } })).text,
  );
  assert.match(hinted.page.note, /q="some text" to keep only the items that contain it/);
  assert.match(hinted.page.note, /keep=\["id", "meta.host"\]/);
  const plain = JSON.parse((await pager.page(list)).text);
  assert.doesNotMatch(plain.page.note, /some text/);
  const second = JSON.parse(
    (await pager.page(list, { cursor: hinted.page.next_cursor, narrowable: { grep: "q" } })).text,
  );
  assert.doesNotMatch(second.page.note, /some text/);
});

Deno.test("a map's entries are narrowed by their key and value text", async () => {
  const map = Object.fromEntries(
    Array.from({ length: 400 }, (_, i) => [`k${i}`, i % 10 === 3 ? "hit" : "miss"]),
  );
  const pages = await narrowedPages(createPager({ maxTokens: 500 }), map, { grep: "hit" });
  const shown = shownElements(pages);
  assert.deepEqual(shown.positions, Array.from({ length: 40 }, (_, i) => i * 10 + 4));
  assert.deepEqual(
    shown.texts,
    Array.from({ length: 40 }, (_, i) => `"k${i * 10 + 3}":"hit"`),
  );
});

Deno.test("a backtracking pattern is five literal characters: matched in one pass", async () => {
  const text = "a".repeat(100_000) + "\n(a+)+$ here\n" + "a".repeat(100_000);
  const pages = await narrowedPages(createPager(), text, { grep: "(a+)+$" });
  assert.equal(shownText(pages), "2:(a+)+$ here");
});

Deno.test("a grep, fields and their limits are checked, each with a NarrowingError that says what to send", async () => {
  const pager = createPager();
  const refused = (options: Record<string, unknown>) =>
    pager.page([{ a: 1 }], options).then(
      () => "accepted",
      (error) => error instanceof NarrowingError ? error.reason : String(error),
    );
  assert.equal(await refused({ grep: "" }), "invalid_grep");
  assert.equal(await refused({ grep: "x".repeat(257) }), "invalid_grep");
  assert.equal(await refused({ grep: "a\nb" }), "invalid_grep");
  assert.equal(await refused({ grep: "a||b" }), "invalid_grep");
  assert.equal(await refused({ grep: Array(17).fill("a").join("|") }), "invalid_grep");
  assert.equal(await refused({ grep: 3 }), "invalid_grep");
  assert.equal(await refused({ fields: "id" }), "invalid_fields");
  assert.equal(await refused({ fields: [] }), "invalid_fields");
  assert.equal(
    await refused({ fields: Array.from({ length: 33 }, (_, i) => `f${i}`) }),
    "invalid_fields",
  );
  assert.equal(await refused({ fields: ["a.b.c.d.e.f.g.h.i"] }), "invalid_fields");
  assert.equal(await refused({ fields: ["a..b"] }), "invalid_fields");
  assert.equal(await refused({ fields: [1] }), "invalid_fields");
  const onText = await pager.page("plain\ntext", { fields: ["id"] }).catch((e) => e);
  assert.ok(onText instanceof NarrowingError && onText.reason === "fields_on_text");
  assert.match(onText.message, /without fields/);
});

Deno.test("a matching item too large for a page comes in parts, with its position on each", async () => {
  const list = Array.from(
    { length: 30 },
    (_, id) => ({ id, body: (id === 7 ? "error " : "") + "x".repeat(6_000) }),
  );
  const pages = await narrowedPages(createPager({ maxTokens: 800, maxChars: 2_000 }), list, {
    grep: "error",
  });
  assert.ok(pages.length > 2 && pages.every((p) => p.kind === "item-part"));
  for (const page of pages) assert.deepEqual(JSON.parse(page.text).page.positions, [8]);
  assert.deepEqual(shownElements(pages).texts, [JSON.stringify(list[7])]);
});

Deno.test("a grep of the longest kind at the smallest limits narrows a list as a list, its note quoting it cut short", async () => {
  const list = Array.from(
    { length: 200 },
    (_, id) => ({ id, note: id === 9 ? "q".repeat(300) : "x" }),
  );
  const limits = { maxTokens: 300, maxChars: 800 };
  for (
    const grep of [
      "q".repeat(256),
      "\ud800".repeat(256),
      "x|" + "\ud800".repeat(250),
      "漢".repeat(256),
    ]
  ) {
    const pages = await narrowedPages(createPager(limits), list, { grep });
    for (const page of pages) {
      assertWithin(page, limits);
      assert.notEqual(page.kind, "text", "a list is never narrowed as a line of text");
      assert.match(page.text, /…\\?"/);
    }
  }
});

Deno.test("a dict whose largest member would be paged as text is narrowed by its own entries", async () => {
  const dict = { b: { id: 2, x: "y" }, c: { id: 3, x: "z" } };
  const byFields = await createPager().page(dict, { fields: ["id"] });
  assert.deepEqual(JSON.parse(byFields.text).b, { id: 2 });
  assert.deepEqual(JSON.parse(byFields.text).c, { id: 3 });
  const byGrep = await createPager().page(dict, { grep: "z" });
  assert.deepEqual(Object.keys(JSON.parse(byGrep.text)), ["page", "c"]);
});
