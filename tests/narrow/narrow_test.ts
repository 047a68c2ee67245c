import assert from "node:assert/strict";
import fc from "fast-check";
import {
  createPager,
  CursorError,
  estimateTokens,
  NarrowingError,
  type PageOptions,
} from "../../mod.ts";
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
  grep.split(/(?<!\\)\|/).map((a) => a.replaceAll("\\|", "|").replaceAll("\\\\", "\\"));
/** Whether `text` contains `literal` up to case, as a `/iu` regular expression (simple case folding) compares. */
const containsFolded = (text: string, literal: string) =>
  new RegExp(literal.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&"), "iu").test(text);

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
          .filter(({ item }) => alternatives.some((a) => containsFolded(item, a)));
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
          .filter((_, i) => alternatives.some((a) => containsFolded(lines[i], a)));
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
  const list = Array.from({ length: 3_000 }, (_, id) => ({ id, host: `h${id % 7}`, ms: id }));
  const pager = createPager({ maxTokens: 1_000 });
  const hinted = JSON.parse(
    (await pager.page(list, { narrowable: { grep: "q", fields: "keep" } })).text,
  );
  assert.match(hinted.page.note, /q="some text" to keep only the items that contain it/);
  assert.match(hinted.page.note, /keep=\["id", "host"\]/);
  const plain = JSON.parse((await pager.page(list)).text);
  assert.doesNotMatch(plain.page.note, /some text/);
  const second = JSON.parse(
    (await pager.page(list, { cursor: hinted.page.next_cursor, narrowable: { grep: "q" } })).text,
  );
  assert.doesNotMatch(second.page.note, /some text/);
});

/** The fields the first page's note offers for `value`, or undefined where it offers none. */
async function offeredFields(value: unknown): Promise<string[] | undefined> {
  const page = await createPager({ maxTokens: 1_000 }).page(value, {
    narrowable: { grep: "grep", fields: "fields" },
  });
  const note = page.text.startsWith("{") ? JSON.parse(page.text).page.note : page.text;
  assert.match(note, /To read less, call the tool again with grep=/);
  const offered = /fields=(\[[^\]]*\]) to keep only those fields/.exec(note);
  return offered ? JSON.parse(offered[1]) : undefined;
}

Deno.test("the first page's fields example names keys its first item has, never keys it lacks", async () => {
  const rows = (make: (i: number) => unknown) => Array.from({ length: 3_000 }, (_, i) => make(i));
  // A nested object of several keys gives a dot path into it.
  assert.deepEqual(
    await offeredFields(rows((i) => ({ id: i, status: "ok", meta: { host: "h", ms: i } }))),
    ["id", "meta.host"],
  );
  // A directory listing (the demo's files): no "id", no "meta".
  assert.deepEqual(
    await offeredFields(rows((i) => ({ name: `f${i}.txt`, type: "file", size: i }))),
    ["name", "type"],
  );
  // Two members: one of them, so that the example leaves something out.
  assert.deepEqual(await offeredFields(rows((i) => ({ a: i, b: "x" }))), ["a"]);
  // Keys a dot path cannot name (a dot in them, empty) are not offered.
  assert.deepEqual(
    await offeredFields(rows((i) => ({ "a.b": i, "": 1, path: `/p/${i}`, size: i }))),
    ["path", "size"],
  );
  // A map's entries: the keys of their values.
  const users = Object.fromEntries(
    Array.from({ length: 3_000 }, (_, i) => [`u${i}`, { name: `User ${i}`, active: true }]),
  );
  assert.deepEqual(await offeredFields(users), ["name"]);
  // Nothing to leave out, or nothing with keys: no fields example at all.
  assert.equal(await offeredFields(rows((i) => ({ only: i }))), undefined);
  assert.equal(await offeredFields(rows((i) => `line ${i}`)), undefined);
  assert.equal(await offeredFields(rows((i) => [i, i + 1])), undefined);
  assert.equal(
    await offeredFields(Array.from({ length: 3_000 }, (_, i) => `line ${i}`).join("\n")),
    undefined,
  );
});

Deno.test("the fields the first page offers keep something of every item that has them", async () => {
  const files = Array.from({ length: 5_000 }, (_, i) => ({
    name: `file-${i}.txt`,
    type: i % 9 ? "file" : "directory",
    size: i * 17,
  }));
  const fields = await offeredFields(files);
  const pages = await narrowedPages(createPager(), files, { fields });
  const items = pages.flatMap((page) => JSON.parse(page.text).items);
  assert.equal(items.length, files.length);
  assert.ok(items.every((item) => Object.keys(item).length > 0), "no item is {}");
});

Deno.test("fields no item has: 50,000 rows never come as 50,000 {} without a word, each page naming the keys the items have", async () => {
  const rows = Array.from({ length: 50_000 }, (_, id) => ({ id, name: `row ${id}`, size: id }));
  const pages = await narrowedPages(createPager(), rows, { fields: ["nosuch"] });
  assert.ok(pages.length > 1);
  for (const page of pages) {
    assert.match(
      JSON.parse(page.text).page.note,
      /No item on this page has "nosuch"; the items have "id", "name", "size"\./,
    );
  }
});

Deno.test("a dot path no item has names the keys of the object it goes into", async () => {
  const rows = Array.from({ length: 2_000 }, (_, id) => ({ id, meta: { host: "h", ms: id } }));
  const page = await createPager().page(rows, { fields: ["id", "meta.nosuch"] });
  const { note } = JSON.parse(page.text).page;
  assert.match(note, /No item on this page has "meta.nosuch"; "meta" holds "host", "ms"\./);
  assert.doesNotMatch(note, /"id";/);
});

Deno.test("a field some items have but none on the page is said so, without offering other keys", async () => {
  const rows = Array.from(
    { length: 3_000 },
    (_, id) => id < 2_900 ? { id, name: "x" } : { id, name: "x", rare: true },
  );
  const pages = await narrowedPages(createPager({ maxTokens: 2_000 }), rows, {
    fields: ["id", "rare"],
  });
  const notes = pages.map((page) => JSON.parse(page.text).page.note as string);
  assert.match(notes[0], /No item on this page has "rare"\. /);
  assert.doesNotMatch(notes.at(-1)!, /No item on this page/);
  // Every field found on a page: the note says nothing of them.
  const found = await createPager().page(rows, { fields: ["id", "name"] });
  assert.doesNotMatch(JSON.parse(found.text).page.note, /No item/);
});

Deno.test("a page of fields alone carries no positions: nothing was left out", async () => {
  const rows = Array.from({ length: 3_000 }, (_, id) => ({ id, name: `row ${id}` }));
  const pager = createPager({ maxTokens: 1_000 });
  const fieldsOnly = JSON.parse((await pager.page(rows, { fields: ["id"] })).text).page;
  assert.equal(fieldsOnly.positions, undefined);
  assert.doesNotMatch(fieldsOnly.note, /positions/);
  const second = JSON.parse(
    (await pager.page(rows, { fields: ["id"], cursor: fieldsOnly.next_cursor })).text,
  ).page;
  assert.equal(second.positions, undefined);
  const grepped = JSON.parse((await pager.page(rows, { grep: "row 1", fields: ["id"] })).text).page;
  assert.deepEqual(grepped.positions.slice(0, 3), [2, 11, 12]);
  assert.match(grepped.note, /"positions" gives each one's position/);
});

Deno.test("fields of an empty list say the list is empty, not that a grep matched nothing", async () => {
  const page = await createPager().page([], { fields: ["id"] });
  const object = JSON.parse(page.text).page;
  assert.equal(object.items, "none (0 in all)");
  assert.equal(object.note, "There are no items.");
  assert.doesNotMatch(page.text, /grep/);
});

Deno.test("renamed arguments are called by their names in every note and error", async () => {
  const names = { grep: "filter", fields: "keep" };
  const pager = createPager({ maxTokens: 1_000 });
  const rows = Array.from({ length: 3_000 }, (_, id) => ({ id, tag: id % 9 ? "ok" : "error" }));
  const found = JSON.parse(
    (await pager.page(rows, { grep: "error", fields: ["id"], narrowable: names })).text,
  ).page;
  assert.match(found.items, /of 334 matching filter "error" \(3000 in all\)$/);
  assert.match(found.note, /the items that match the filter \(of 3000 in all\)/);
  const none = JSON.parse((await pager.page(rows, { grep: "zzz", narrowable: names })).text).page;
  assert.equal(none.items, 'none match filter "zzz" (3000 in all)');
  assert.match(none.note, /No items match filter "zzz".*different filter, or without filter/);
  const log = Array.from({ length: 500 }, (_, i) => `${i} ${i % 50 ? "ok" : "error"}`).join("\n");
  const lines = await pager.page(log, { grep: "error", narrowable: names });
  assert.match(lines.text, /\[Lines that match filter "error": 10 of 500/);
  const noLines = await pager.page(log, { grep: "zzz", narrowable: names });
  assert.match(noLines.text, /No lines match filter "zzz"/);
  const refused = (options: PageOptions) =>
    pager.page(log, { narrowable: names, ...options }).then(
      () => "accepted",
      (error) => error instanceof NarrowingError ? error.message : String(error),
    );
  assert.match(await refused({ grep: "" }), /^This filter cannot be used.*another filter/);
  assert.match(await refused({ fields: [] }), /^The keep argument cannot be used/);
  assert.match(
    await refused({ fields: ["id"] }),
    /^keep keeps named fields.*without keep \(filter keeps/,
  );
  for (const text of [found.items, found.note, none.items, none.note, lines.text]) {
    assert.doesNotMatch(text, /\bgrep\b|\bfields=/);
  }
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

// The smallest limits a pager takes, and a secret: the longest cursors, twice on every page.
const SMALLEST = { maxTokens: 300, maxChars: 800 };
const SECRET = "a secret of 32 bytes, or longer!";
const traceSpans = Array.from({ length: 5_000 }, (_, id) => ({
  id,
  status: id % 16 === 3 ? "timeout" : "ok",
  meta: { host: `h${id % 7}`, ms: id * 3 },
}));

Deno.test("at the smallest limits, with a secret, a grep that keeps every span gives pages, not no_room", async () => {
  const pager = createPager({ ...SMALLEST, secret: SECRET });
  const whole = await pager.page(traceSpans, { scope: "spans {}" });
  assert.ok(whole.to >= 3);
  const first = await pager.page(traceSpans, { scope: "spans {}", grep: "t" });
  assertWithin(first, SMALLEST);
  assert.deepEqual(JSON.parse(first.text).items[0], traceSpans[0]);
  const pages = await narrowedPages(pager, traceSpans.slice(0, 300), {
    scope: "spans {}",
    grep: "t",
  });
  for (const page of pages) assertWithin(page, SMALLEST);
  assert.deepEqual(
    shownElements(pages).texts,
    traceSpans.slice(0, 300).map((span) => JSON.stringify(span)),
  );
});

Deno.test("at the smallest limits, fields that make items smaller never make a page hold fewer", async () => {
  const pager = createPager({ ...SMALLEST, secret: SECRET });
  const grep = await pager.page(traceSpans, { scope: "spans {}", grep: "t" });
  const smaller = await pager.page(traceSpans, { scope: "spans {}", grep: "t", fields: ["id"] });
  assertWithin(smaller, SMALLEST);
  assert.ok(smaller.to >= grep.to, `${smaller.to} items with fields, ${grep.to} without`);
  assert.deepEqual(JSON.parse(smaller.text).items.slice(0, 2), [{ id: 0 }, { id: 1 }]);
});

Deno.test("property: at the smallest limits, signed or expiring, a narrowed walk is exact and never no_room", async () => {
  const fieldsArb = fc.option(
    fc.uniqueArray(fc.constantFrom("id", "msg", "meta.host", "nope"), {
      minLength: 1,
      maxLength: 3,
    }),
    { nil: undefined },
  );
  await fc.assert(
    fc.asyncProperty(
      fc.array(itemArb, { maxLength: 60 }),
      fc.option(grepArb, { nil: undefined }),
      fieldsArb,
      fc.constantFrom({}, { secret: SECRET }, { secret: SECRET, cursorTtlSeconds: 3_600 }),
      async (list, grep, fields, signing) => {
        if (grep === undefined && fields === undefined) return;
        const pager = createPager({ ...SMALLEST, ...signing });
        const text = JSON.stringify(list);
        const pages = await narrowedPages(pager, text, { json: true, grep, fields, scope: "t {}" });
        for (const page of pages) assertWithin(page, SMALLEST);
        const alternatives = grep === undefined ? undefined : literalsOf(grep);
        const expected = itemTexts(text)
          .map((item, i) => ({ item: list[i], text: item, position: i + 1 }))
          .filter(({ text }) => !alternatives || alternatives.some((a) => containsFolded(text, a)));
        const shown = shownElements(pages);
        assert.deepEqual(shown.positions, expected.map((e) => e.position));
        assert.deepEqual(
          shown.texts,
          expected.map((e) => fields ? JSON.stringify(project(e.item, fields)) : e.text),
        );
      },
    ),
    { numRuns: 80 },
  );
});

Deno.test("fields named like Object's own members are keys like any other in the missing-field note", async () => {
  const rows = Array.from({ length: 2_000 }, (_, id) => ({ id, name: "x" }));
  for (const field of ["constructor.x", "hasOwnProperty.a.b", "toString", "__proto__.y"]) {
    const page = await createPager().page(rows, { fields: [field] });
    assert.match(
      JSON.parse(page.text).page.note,
      new RegExp(`No item on this page has "${field}"; the items have "id", "name"\\.`),
    );
  }
  // Items whose own keys are "__proto__" and "constructor": their keys are offered.
  const text = JSON.stringify(
    Array.from({ length: 2_000 }, (_, id) => ({ id, meta: { a: id, b: 1 } })),
  ).replaceAll('"meta"', '"__proto__"');
  const page = await createPager().page(text, { json: true, fields: ["__proto__.zz"] });
  assert.match(
    JSON.parse(page.text).page.note,
    /No item on this page has "__proto__.zz"; "__proto__" holds "a", "b"\./,
  );
});

Deno.test("a grep that matches every item leaves nothing out: its pages carry no positions", async () => {
  const pager = createPager({ maxTokens: 1_000 });
  const rows = Array.from({ length: 2_000 }, (_, id) => ({ id, state: "open" }));
  const page = await pager.page(rows, { scope: "rows {}", grep: "open" });
  const json = JSON.parse(page.text);
  assert.equal(json.page.positions, undefined);
  assert.doesNotMatch(json.page.note, /positions/);
  const some = JSON.parse((await pager.page(rows, { scope: "rows {}", grep: '"id":7' })).text);
  assert.ok(Array.isArray(some.page.positions), "a grep that leaves items out gives positions");
});

Deno.test("at the smallest limits, with an expiring signed cursor, a long grep over items larger than a page still pages (seed found by review)", async () => {
  const pager = createPager({
    maxTokens: 300,
    maxChars: 800,
    secret: "a secret of 32 bytes, or longer!",
    cursorTtlSeconds: 315_360_000,
  });
  const items = Array.from({ length: 300 }, (_, i) => ({ id: i, body: "a".repeat(5_000) + i }));
  const grep = "iΣa1a|éΣa中|1Σa中a|1中ΣΣia中中中éa中Σ1|éaa1aaa1|aé1中aia中1中|中iaΣ中i|é1é1Σa|" +
    "中é1éiia|a|11ΣΣé中aiéΣ|1aa|i1aaiai11中1Σi|1Σé";
  const page = await pager.page(items, { scope: "s {}", grep });
  assert.equal(page.kind, "item-part");
  assert.ok(page.text.length <= 800 && estimateTokens(page.text) <= 300);
});
