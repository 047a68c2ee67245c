import assert from "node:assert/strict";
import {
  type Block,
  createPager,
  CursorError,
  NarrowingError,
  type Page,
  type PagerEvent,
} from "../../mod.ts";
import { assertWithin } from "../support/limits.ts";
import { allPages, asJson, chunkOf, rebuild } from "../support/walk.ts";
import { max3 } from "../../dev/tokenizers.ts";

const issues = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => ({ id: i + 1, title: `Issue ${i + 1}: the build fails`, open: i % 3 !== 0 }),
  );
const small = { maxTokens: 400, maxChars: 2_000 };

Deno.test("a string within every limit is returned as itself, uncut and without a cursor", async () => {
  const page = await createPager().page("hello\nworld");
  assert.equal(page.text, "hello\nworld");
  assert.equal(page.cut, false);
  assert.equal(page.kind, "whole");
  assert.equal(page.nextCursor, undefined);
});

Deno.test("a value within every limit is returned as compact JSON", async () => {
  const page = await createPager().page({ a: [1, 2], b: "x" });
  assert.equal(page.text, '{"a":[1,2],"b":"x"}');
  assert.equal(page.cut, false);
});

Deno.test("a list that does not fit is paged by whole items under a page object that comes first", async () => {
  const page = await createPager(small).page(issues(100), { scope: "list_issues {}" });
  const json = JSON.parse(page.text);
  assert.deepEqual(Object.keys(json), ["page", "items"]);
  assert.deepEqual(Object.keys(json.page), ["items", "total", "next_cursor", "note"]);
  assert.equal(json.page.items, `1-${page.to} of 100`);
  assert.equal(json.page.total, 100);
  assert.equal(json.page.next_cursor, page.nextCursor);
  assert.equal(
    json.page.note,
    `Showing items 1-${page.to} of 100. Call this tool again with the same arguments and ` +
      `cursor="${page.nextCursor}" for the next page.`,
  );
  assert.deepEqual(json.items, issues(100).slice(0, page.to));
  assert.ok(page.cut && page.to > 1 && page.to < 100);
});

Deno.test("the last page says that it is the last and has no cursor", async () => {
  const pages = await allPages(createPager(small), issues(100));
  const last = JSON.parse(pages.at(-1)!.text).page;
  assert.equal(last.next_cursor, undefined);
  assert.match(last.note, /of 100\. This is the last page\.$/);
  assert.equal(pages.at(-1)!.to, 100);
});

Deno.test("following the cursors of a list gives every item once, in order", async () => {
  const value = issues(300);
  const pages = await allPages(createPager(small), value);
  assert.ok(pages.length > 5);
  assert.deepEqual(rebuild(pages, value), value);
});

Deno.test("a dict's largest list is paged with every other field kept", async () => {
  const value = { query: "build", tags: ["a", "b"], results: issues(200), facets: { open: 133 } };
  const pages = await allPages(createPager(small), value);
  const first = JSON.parse(pages[0].text);
  assert.deepEqual(Object.keys(first), ["page", "query", "tags", "results", "facets"]);
  assert.match(first.page.note, /^Showing items 1-\d+ of 200 in "results"\./);
  assert.deepEqual(first.facets, { open: 133 });
  assert.deepEqual(rebuild(pages, value), value);
});

Deno.test("the page object is called _page when the dict has a page field", async () => {
  const value = { page: 3, results: issues(200) };
  const page = await createPager(small).page(value);
  const json = JSON.parse(page.text);
  assert.deepEqual(Object.keys(json), ["_page", "page", "results"]);
  assert.equal(json.page, 3);
  assert.equal(page.pageKey, "_page");
});

Deno.test("the key option chooses a nested list over the largest one", async () => {
  const value = {
    data: { items: Array.from({ length: 300 }, (_, i) => i) },
    log: ["x".repeat(1_500)],
  };
  const pages = await allPages(createPager({ maxChars: 2_000, key: "data.items" }), value);
  assert.deepEqual(pages[0].path, ["data", "items"]);
  assert.match(JSON.parse(pages[0].text).page.note, /of 300 in "data\.items"/);
  assert.deepEqual(rebuild(pages, value), value);
});

Deno.test("text is cut after a line break and ends with a note naming the next call", async () => {
  const text = Array.from({ length: 2_000 }, (_, i) => `line ${i}: request served`).join("\n");
  const page = await createPager(small).page(text);
  assert.match(
    page.text,
    new RegExp(
      `\\n\\n\\[Output cut: showing characters 1-${page.to} of ${text.length}\\. Call this tool ` +
        `again with the same arguments and cursor="${page.nextCursor}" for the next page\\.\\]$`,
    ),
  );
  assert.ok(chunkOf(page).endsWith("\n"));
});

Deno.test("following the cursors of a text gives back exactly the text", async () => {
  const text = Array.from({ length: 3_000 }, (_, i) => `${i} héllo wörld 👩‍💻`).join("\n");
  const pages = await allPages(createPager(small), text);
  assert.equal(rebuild(pages, text), text);
  assert.match(pages.at(-1)!.text, /This is the end of the output\.\]$/);
});

Deno.test("text without spaces is never cut inside a grapheme cluster", async () => {
  const clusters = ["क्षि", "👨‍👩‍👧‍👦", "🇯🇵", "é", "🏳️‍🌈", "ñ", "ﷺ"];
  const units = Array.from({ length: 4_000 }, (_, i) => clusters[i % clusters.length]);
  const text = units.join("");
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  const boundaries = new Set([...segmenter.segment(text)].map((s) => s.index));
  const pages = await allPages(createPager(small), text);
  assert.ok(pages.length > 3);
  for (const page of pages) assert.ok(boundaries.has(page.from - 1), `cut at ${page.from - 1}`);
  assert.equal(rebuild(pages, text), text);
});

Deno.test("an item larger than a page is split into parts that rebuild it, then paging moves on", async () => {
  const huge = { id: "big", body: "word ".repeat(5_000), nested: [{ a: "x".repeat(3_000) }] };
  const value = [{ id: 1 }, huge, { id: 3 }];
  const pages = await allPages(createPager(small), value);
  const parts = pages.filter((p) => p.kind === "item-part");
  assert.ok(parts.length > 3);
  assert.ok(parts.every((p) => p.from === 2));
  assert.match(JSON.parse(parts[0].text).page.note, /^Item 2 of 3 is too large for one page/);
  assert.deepEqual(rebuild(pages, value), value);
  for (const page of pages) assertWithin(page, small);
});

Deno.test("trim returns the first items that fit, no cursor, and asks to narrow the request", async () => {
  const page = await createPager(small).trim(issues(100));
  const json = JSON.parse(page.text);
  assert.equal(page.nextCursor, undefined);
  assert.equal(json.page.next_cursor, undefined);
  assert.match(json.page.note, /^Showing items 1-\d+ of 100\. The other \d+ were left out/);
  assert.match(json.page.note, /Narrow the request/);
  assert.deepEqual(json.items, issues(100).slice(0, page.to));
});

Deno.test("trim of a long text shows its start and says the rest was left out", async () => {
  const text = "abc def\n".repeat(2_000);
  const page = await createPager(small).trim(text);
  assert.equal(page.nextCursor, undefined);
  assert.match(
    page.text,
    /\[Output trimmed: showing characters 1-\d+ of 16000; the rest was left out\. Narrow the request to see it\.\]$/,
  );
  assert.ok(text.startsWith(page.text.slice(0, page.to)));
});

Deno.test("a dict of a few long strings is paged as the text of its JSON, every part reachable", async () => {
  const value = {
    id: 7,
    title: "short",
    body: "lorem ipsum ".repeat(2_000),
    footer: "z".repeat(3_000),
  };
  const pages = await allPages(createPager(small), value);
  assert.ok(pages.length > 5 && pages.every((p) => p.kind === "text"));
  for (const page of pages) assertWithin(page, small);
  assert.deepEqual(rebuild(pages, value), value);
});

Deno.test("an object of many entries is paged by entries, with the page object first", async () => {
  const users: Record<string, unknown> = {};
  for (let i = 0; i < 500; i++) users[`u${i}`] = { name: `User ${i}`, admin: i % 7 === 0 };
  const value = { users };
  const pages = await allPages(createPager(small), value);
  assert.equal(pages[0].kind, "entries");
  const first = JSON.parse(pages[0].text);
  assert.deepEqual(Object.keys(first), ["page", "users"]);
  assert.equal(first.page.entries, `1-${pages[0].to} of 500`);
  assert.match(first.page.note, /^Showing entries 1-\d+ of 500 in "users"\. Call this tool again/);
  for (const page of pages) assertWithin(page, small);
  assert.deepEqual(rebuild(pages, value), value);
});

Deno.test("trim of a dict with no list shows the start of its JSON and asks to narrow the request", async () => {
  const value = { body: "lorem ipsum ".repeat(2_000) };
  const page = await createPager(small).trim(value);
  assert.equal(page.kind, "trimmed");
  assert.equal(page.nextCursor, undefined);
  assert.ok(page.text.startsWith('{"body":"lorem ipsum'));
  assert.match(page.text, /Narrow the request to see it\.\]$/);
  assertWithin(page, small);
});

Deno.test("a cycle is reported with its path, not a stack overflow", async () => {
  const value: Record<string, unknown> = { a: { b: [1, 2] } };
  (value.a as Record<string, unknown[]>).b.push(value);
  await assert.rejects(
    () => createPager().page(value),
    (error: Error) => error instanceof TypeError && /cycle at \$\.a\.b\[2\]/.test(error.message),
  );
});

Deno.test("Map, Set, Date, BigInt and typed arrays are paged as their JSON forms", async () => {
  const value = {
    map: new Map([["k", 1]]),
    pairs: new Map([[{ x: 1 }, "v"]]),
    set: new Set([1, 2]),
    date: new Date(0),
    big: 12345678901234567890n,
    bytes: new Uint8Array([1, 2]),
  };
  const page = await createPager().page(value);
  assert.equal(
    page.text,
    '{"map":{"k":1},"pairs":[[{"x":1},"v"]],"set":[1,2],"date":"1970-01-01T00:00:00.000Z",' +
      '"big":12345678901234567890,"bytes":[1,2]}',
  );
});

Deno.test("a counter that throws is replaced by the estimate and reported once", async () => {
  const events: PagerEvent[] = [];
  const pager = createPager({
    ...small,
    countTokens: () => {
      throw new Error("tokenizer down");
    },
    onEvent: (e) => events.push(e),
  });
  const pages = await allPages(pager, issues(100));
  for (const page of pages) assertWithin(page, small);
  assert.equal(events.filter((e) => e.type === "counter_fallback").length, 1);
});

Deno.test("a counter returning NaN or a negative number is not trusted", async () => {
  for (const bad of [NaN, -5, Infinity]) {
    const pages = await allPages(createPager({ ...small, countTokens: () => bad }), issues(60));
    for (const page of pages) assertWithin(page, small);
  }
});

Deno.test("an onEvent hook that throws does not break paging", async () => {
  const pager = createPager({
    ...small,
    onEvent: () => {
      throw new Error("metrics down");
    },
  });
  assert.deepEqual(rebuild(await allPages(pager, issues(80)), issues(80)), issues(80));
});

Deno.test("events report cuts and every page served", async () => {
  const events: PagerEvent[] = [];
  const pages = await allPages(
    createPager({ ...small, onEvent: (e) => events.push(e) }),
    issues(80),
    "t",
  );
  assert.equal(events.filter((e) => e.type === "cut").length, 1);
  assert.equal(events.filter((e) => e.type === "page").length, pages.length);
});

Deno.test("byte and line limits hold on pretty-printed pages", async () => {
  const limits = { maxTokens: 5_000, maxChars: 50_000, maxBytes: 3_000, maxLines: 40 };
  const value = { results: issues(200).map((i) => ({ ...i, title: `${i.title} — ünïcödé` })) };
  const pages = await allPages(createPager({ ...limits, indent: 2 }), value);
  for (const page of pages) assertWithin(page, limits);
  assert.ok(pages[0].text.includes('\n  "page": {\n'));
  assert.deepEqual(rebuild(pages, value), value);
});

Deno.test("limits below the minimum are refused with the minimum in the message", () => {
  assert.throws(() => createPager({ maxTokens: 10 }), /maxTokens must be a number from 300/);
  assert.throws(() => createPager({ maxChars: NaN }), /maxChars/);
});

Deno.test("cursorTtlSeconds without a secret is refused", () => {
  assert.throws(() => createPager({ cursorTtlSeconds: 60 }), /needs secret/);
});

Deno.test("a prepared value pages exactly like the value", async () => {
  const pager = createPager(small);
  const value = { results: issues(150), n: 150 };
  const prepared = await pager.prepare(value);
  const a = await allPages(pager, value);
  const b = await allPages(pager, prepared);
  assert.deepEqual(b.map((p) => p.text), a.map((p) => p.text));
  assert.deepEqual(rebuild(b, value), asJson(value));
});

Deno.test("a dict whose other lists leave no room is paged losslessly as JSON text", async () => {
  const value = { entities: issues(150), relations: issues(120) };
  const pages = await allPages(createPager(small), value);
  assert.ok(pages.length > 3 && pages.every((p) => p.kind === "text"));
  assert.deepEqual(rebuild(pages, value), value);
});

Deno.test("with an indent, a dict paged as JSON text is the indented JSON, losslessly", async () => {
  const value = { entities: issues(150), relations: issues(120) };
  const pager = createPager({ ...small, indent: 2 });
  const prepared = await pager.prepare(value);
  const pages = await allPages(pager, prepared);
  assert.ok(pages.every((p) => p.kind === "text"));
  assert.ok(pages[0].text.startsWith('{\n  "entities": [\n'));
  assert.deepEqual(rebuild(pages, value), value);
});

Deno.test("trim gives the same page whatever the scope, as it binds no cursor", async () => {
  const pager = createPager(small);
  const a = await pager.trim(issues(100), { scope: "a" });
  const b = await pager.trim(issues(100), { scope: "b" });
  assert.equal(a.text, b.text);
});

Deno.test("a value nested 100,000 levels deep is paged as the text of its JSON, whatever the stack", async () => {
  let value: unknown = 1;
  for (let i = 0; i < 100_000; i++) value = { a: value };
  const pager = createPager();
  const first = await pager.page(value, { scope: "deep" });
  // Serialized again 5,000 frames down the stack: the same page.
  const deep = (n: number): Promise<Page> =>
    n === 0 ? pager.page(value, { scope: "deep" }) : deep(n - 1);
  assert.equal((await deep(5_000)).text, first.text);
  const pages = await allPages(pager, await pager.prepare(value), "deep");
  assert.equal(pages[0].text, first.text);
  assert.equal(pages.map(chunkOf).join(""), '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000));
});

Deno.test("an async onEvent hook that rejects neither breaks paging nor leaves a rejection unhandled", async () => {
  const pager = createPager({ ...small, onEvent: () => Promise.reject(new Error("sink down")) });
  const page = await pager.page(issues(100));
  assert.ok(page.cut);
  await new Promise((resolve) => setTimeout(resolve, 10)); // an unhandled rejection would fail the test here
});

Deno.test("a Map with number and string keys that print alike keeps both entries", async () => {
  const page = await createPager().page(new Map<unknown, unknown>([["1", "a"], [1, "b"]]));
  assert.equal(page.text, '[["1","a"],[1,"b"]]');
});

// A page reads at most 256 characters a token of its room (src/limits/measure.ts;
// the speed it buys is in bench/huge_run_bench.ts): a long run of the
// cheapest characters still pages within limits and rebuilds exactly.
Deno.test("a long run of spaces pages within limits and rebuilds exactly", async () => {
  const limits = { maxTokens: 300, maxChars: Infinity };
  const pager = createPager(limits);
  const text = " ".repeat(300 * 256 * 3) + "end";
  const pages = await allPages(pager, text);
  assert.ok(pages.length >= 3, `${pages.length} pages`);
  for (const page of pages) assertWithin(page, limits, max3);
  assert.equal(rebuild(pages, text), text);
});

// A narrowed walk: 3,000 spans, every 9th an error.
const spans = Array.from({ length: 3_000 }, (_, id) => ({ id, level: id % 9 ? "ok" : "error" }));
const narrowedScope = "spans {}";

Deno.test("openCursor takes the narrowing: every cursor of a narrowed walk opens, and pages as its string", async () => {
  const pager = createPager({ maxTokens: 1_000, secret: "a secret of 32 bytes, or longer!" });
  const narrowing = { grep: "error", fields: ["id"] };
  let page = await pager.page(spans, { scope: narrowedScope, ...narrowing });
  let pages = 1;
  while (page.nextCursor) {
    const opened = await pager.openCursor(page.nextCursor, narrowedScope, narrowing);
    assert.equal(opened.scope, narrowedScope);
    const byString = await pager.page(spans, {
      scope: narrowedScope,
      ...narrowing,
      cursor: page.nextCursor,
    });
    page = await pager.page(spans, { scope: narrowedScope, ...narrowing, cursor: opened });
    assert.equal(page.text, byString.text);
    pages++;
  }
  assert.ok(pages > 2);
  assert.equal(page.to, 334);
});

Deno.test("openCursor refuses a narrowed walk's cursor with another narrowing, or none, as foreign", async () => {
  const pager = createPager({ maxTokens: 1_000 });
  const first = await pager.page(spans, { scope: narrowedScope, grep: "error" });
  for (const narrowing of [undefined, {}, { grep: "ok" }, { grep: "error", fields: ["id"] }]) {
    const error = await pager.openCursor(first.nextCursor!, narrowedScope, narrowing).then(
      () => undefined,
      (e) => e,
    );
    assert.ok(error instanceof CursorError, JSON.stringify(narrowing));
    assert.equal(error.reason, "foreign_scope");
  }
  // And the cursor of the whole result is foreign to a narrowing.
  const whole = await pager.page(spans, { scope: narrowedScope });
  const error = await pager.openCursor(whole.nextCursor!, narrowedScope, { grep: "error" })
    .catch((e) => e);
  assert.equal(error.reason, "foreign_scope");
});

Deno.test("openCursor refuses a narrowing that cannot be used before the tool runs, in the tool's names", async () => {
  const pager = createPager({ maxTokens: 1_000 });
  const first = await pager.page(spans, { scope: narrowedScope, grep: "error" });
  const error = await pager.openCursor(first.nextCursor!, narrowedScope, {
    grep: "",
    narrowable: { grep: "filter" },
  }).catch((e) => e);
  assert.ok(error instanceof NarrowingError);
  assert.equal(error.reason, "invalid_grep");
  assert.match(error.message, /^This filter cannot be used/);
});

Deno.test("pageBlocks narrows too: a grep keeps the matching lines of text blocks and every other block", async () => {
  const pager = createPager({ maxTokens: 2_000 });
  const image = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };
  const log = Array.from({ length: 400 }, (_, i) => `${i} ${i % 100 === 7 ? "ERROR" : "ok"}`);
  const blocks: Block<typeof image>[] = [{ text: log.join("\n") }, { whole: image, tokens: 100 }];
  const page = await pager.pageBlocks(blocks, { scope: "report {}", grep: "error" });
  assert.deepEqual(page.blocks, [
    {
      text: '[Lines that match grep "error": 4 of the 400 lines of the text blocks, each as ' +
        "N:line; blocks that are not text are kept as they are.]",
    },
    { text: "8:7 ERROR\n108:107 ERROR\n208:207 ERROR\n308:307 ERROR" },
    { whole: image },
  ]);
  const fields = await pager.pageBlocks(blocks, { fields: ["id"] }).catch((e) => e);
  assert.ok(fields instanceof NarrowingError);
  assert.equal(fields.reason, "fields_on_text");
});

Deno.test("pageBlocks binds a narrowed walk's cursors to the narrowing", async () => {
  const pager = createPager({ maxTokens: 300, maxChars: 800 });
  const lines = Array.from({ length: 2_000 }, (_, i) => `line ${i} ${i % 3 ? "ok" : "error"}`);
  const blocks: Block<never>[] = [{ text: lines.join("\n") }];
  const first = await pager.pageBlocks(blocks, { scope: "log {}", grep: "error" });
  assert.ok(first.nextCursor);
  const next = await pager.pageBlocks(blocks, {
    scope: "log {}",
    grep: "error",
    cursor: first.nextCursor,
  });
  assert.equal(next.from, first.to);
  const plain = await pager.pageBlocks(blocks, { scope: "log {}", cursor: first.nextCursor })
    .catch((e) => e);
  assert.ok(plain instanceof CursorError);
  assert.equal(plain.reason, "foreign_scope");
});
