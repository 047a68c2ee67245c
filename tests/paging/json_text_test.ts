// JSON text is paged from its source: what fits passes unchanged, and pages
// carry the items' original text verbatim.
import assert from "node:assert/strict";
import fc from "fast-check";
import { createPager } from "../../mod.ts";
import { scanJson } from "../../src/json/scan.ts";
import { assertWithin } from "../support/limits.ts";
import { allPages } from "../support/walk.ts";

const scope = "tool {}";

/** The source text of every item on pages of a list, in order. */
function itemTexts(pageText: string, path: string[]): string[] {
  const index = scanJson(pageText)!;
  const list = index.containers.find((c) => JSON.stringify(c.path) === JSON.stringify(path))!;
  return Array.from({ length: list.count }, (_, i) => pageText.slice(list.start(i), list.end(i)));
}

function sourceItems(text: string, path: string[] = []): string[] {
  return itemTexts(text, path);
}

Deno.test("pretty-printed JSON text over the limits is paged, every page within them", async () => {
  const rows = Array.from(
    { length: 600 },
    (_, i) => ({ id: i, name: `row ${i}`, tags: ["a", "b"] }),
  );
  const text = JSON.stringify(rows, null, 2);
  assert.ok(JSON.stringify(rows).length < 50_000 && text.length > 50_000);
  const pager = createPager();
  const pages = await allPages(pager, text, scope, 1_000, { json: true });
  assert.ok(pages.length >= 2);
  for (const page of pages) assertWithin(page, {});
  assert.deepEqual(pages.flatMap((p) => itemTexts(p.text, ["items"])), sourceItems(text));
});

Deno.test("big integers, exponents and escapes reach the model exactly as the tool wrote them", async () => {
  const items = Array.from(
    { length: 400 },
    (_, i) => `{"id": 1234567890123456789${i % 10}, "big": 1e400, "x": 1.50, "s": "\\u00e9\\n"}`,
  );
  const text = `{"took_ms": 3, "rows": [${items.join(", ")}]}`;
  const pages = await allPages(createPager({ maxTokens: 2_000 }), text, scope, 1_000, {
    json: true,
  });
  assert.ok(pages.length > 2);
  const shown = pages.flatMap((p) => itemTexts(p.text, ["rows"]));
  assert.deepEqual(shown, items);
  assert.ok(pages[0].text.includes('"id": 12345678901234567890'));
});

Deno.test("JSON text within the limits passes unchanged, formatting and all", async () => {
  const text = '{\n   "n": 1.0,\n   "big": 123456789012345678901234567890\n}\n';
  const page = await createPager().page(text, { json: true });
  assert.equal(page.text, text);
  assert.equal(page.cut, false);
});

Deno.test("a JSON text nested 100,000 levels deep that fits passes unchanged", async () => {
  const text = "[".repeat(100_000) + "]".repeat(100_000);
  const page = await createPager({ maxChars: 300_000, maxTokens: 300_000 }).page(text, {
    json: true,
  });
  assert.equal(page.text, text);
});

Deno.test("a JSON text nested 100,000 levels deep over the limits is paged as text, losslessly", async () => {
  const text = '{"a":'.repeat(50_000) + "1" + "}".repeat(50_000);
  const pages = await allPages(createPager(), text, scope, 1_000, { json: true });
  assert.ok(pages.length > 2);
  for (const page of pages) assertWithin(page, {});
});

Deno.test("text that looks like JSON but is not is paged as text", async () => {
  const text = "[not json] " + "word ".repeat(20_000);
  const page = await createPager().page(text, { json: true });
  assert.equal(page.kind, "text");
});

Deno.test("a map keyed by id is paged by entries and every entry is reachable", async () => {
  const users: Record<string, unknown> = {};
  for (let i = 0; i < 5_000; i++) users[`u${i}`] = { name: `User ${i}`, id: 9007199254740993 + i };
  const text = JSON.stringify({ users }).replaceAll('"id":9007', '"id": 9007');
  const pages = await allPages(createPager(), text, scope, 1_000, { json: true });
  assert.ok(pages.every((p) => p.kind === "entries"));
  assert.equal(pages.at(-1)!.to, 5_000);
  const entries = pages.flatMap((p) => itemTexts(p.text, ["users"]));
  assert.deepEqual(entries, sourceItems(text, ["users"]));
});

Deno.test("a dict holding one long string is paged as the text of its JSON, with cursors to the end", async () => {
  const value = { content: "x".repeat(200_000) };
  const pages = await allPages(createPager(), value, scope);
  assert.ok(pages.every((p) => p.kind === "text"));
  assert.equal(
    pages.map((p) => p.text.slice(0, p.to - p.from + 1)).join(""),
    JSON.stringify(value),
  );
});

Deno.test("property: the items of JSON text pages are byte-identical to their source spans, in order", async () => {
  const item = fc.oneof(
    fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map((n) => n.toString()),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => d.toExponential()),
    fc.string().map((s) => JSON.stringify(s)),
    fc.json(),
  );
  let paged = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(item, { minLength: 30, maxLength: 300 }),
      fc.constantFrom("", "  ", "\t"),
      async (items, space) => {
        const sep = space ? `,\n${space}` : ",";
        const text = `{"meta": {"n": ${items.length}},${space ? "\n" : ""} "list": [${
          items.join(sep)
        }]}`;
        const pager = createPager({ maxTokens: 300, maxChars: 800 });
        const pages = await allPages(pager, text, scope, 10_000, { json: true });
        if (pages[0].kind === "whole") return assert.equal(pages[0].text, text);
        for (const page of pages) assertWithin(page, { maxTokens: 300, maxChars: 800 });
        if (pages[0].kind === "text") return;
        paged++;
        const shown: string[] = [];
        let part = "";
        for (const page of pages) {
          if (page.kind === "items") shown.push(...itemTexts(page.text, ["list"]));
          else {
            part += JSON.parse(page.text)[page.pageKey!].part;
            if (page.part!.to === page.part!.total) (shown.push(part), part = "");
          }
        }
        assert.deepEqual(shown, items);
      },
    ),
    { numRuns: 60 },
  );
  assert.ok(paged > 20, `only ${paged} of 60 runs were paged by items`);
});

Deno.test("part pages of an entry of a top-level dict are valid JSON", async () => {
  const value: Record<string, unknown> = {};
  for (let i = 0; i < 3_000; i++) value[`k${i}`] = i;
  value.huge = "x".repeat(20_000);
  const pages = await allPages(
    createPager({ maxTokens: 1_000 }),
    JSON.stringify(value),
    scope,
    1_000,
    {
      json: true,
    },
  );
  assert.ok(pages.some((p) => p.kind === "entry-part"));
  for (const page of pages) JSON.parse(page.text);
});

Deno.test("part pages stay reachable when the fields around them use almost every line", async () => {
  const doc = {
    k0: true,
    k1: [],
    k2: { k0: [{ list: Array.from({ length: 3_000 }, (_, i) => i) }], a: 1 },
  };
  const text = JSON.stringify(doc, null, 2);
  const pages = await allPages(
    createPager({ maxTokens: 1_000, maxLines: 20 }),
    text,
    scope,
    10_000,
    {
      json: true,
    },
  );
  for (const page of pages) assert.ok(page.text.split("\n").length <= 20);
  assert.ok(pages.length > 3);
});
