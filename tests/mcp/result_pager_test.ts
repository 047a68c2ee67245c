// createResultPager: for any tool result, both content and structured content
// of every page are within every limit, and every cursor it issues is accepted.
import assert from "node:assert/strict";
import fc from "fast-check";
import { createResultPager, type ToolResult } from "../../mod.ts";
import { overLimits } from "../support/limits.ts";

const limits = { maxTokens: 400, maxChars: 1_500 };

const text = fc.oneof(
  fc.string({ maxLength: 3_000, size: "xlarge" }),
  fc.json({ maxDepth: 4 }),
  fc.array(fc.json({ maxDepth: 2 }), { maxLength: 200, size: "xlarge" }).map((a) =>
    JSON.stringify(a)
  ),
  fc.array(fc.json({ maxDepth: 2 }), { maxLength: 200, size: "xlarge" }).map((a) =>
    JSON.stringify(a, null, 2)
  ),
);
const structured = fc.option(
  fc.oneof(
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 })),
    fc.array(fc.record({ id: fc.nat(), s: fc.string({ maxLength: 60 }) }), {
      maxLength: 300,
      size: "xlarge",
    })
      .map((rows) => ({ rows })),
  ),
  { nil: undefined },
);
const result = fc.record({
  content: fc.array(text.map((t) => ({ type: "text", text: t })), { minLength: 1, maxLength: 3 }),
  structuredContent: structured,
  isError: fc.option(fc.boolean(), { nil: undefined }),
}).map((r) => {
  const out: ToolResult = { content: r.content };
  if (r.structuredContent !== undefined) out.structuredContent = r.structuredContent as never;
  if (r.isError !== undefined) out.isError = r.isError;
  return out;
});

function assertWithinLimits(out: ToolResult): void {
  for (const block of out.content ?? []) {
    assert.deepEqual(overLimits(String(block.text ?? ""), limits), []);
  }
  if (out.structuredContent !== undefined) {
    assert.deepEqual(overLimits(JSON.stringify(out.structuredContent), limits), []);
  }
}

Deno.test("property: content and structured content of every page are within every limit, and every cursor is accepted", async () => {
  const results = createResultPager(limits);
  let paged = 0;
  await fc.assert(
    fc.asyncProperty(result, async (original) => {
      let out = await results.page(original, { scope: "tool {}" });
      for (let pages = 0; pages < 2_000; pages++) {
        if (out.isError && !original.isError) {
          assert.fail(`cursor refused: ${out.content?.[0]?.text}`);
        }
        if (original.isError) assert.equal(out.isError, true);
        assertWithinLimits(out);
        if (out !== original) paged++;
        const next = /cursor="([^"]+)"/.exec(String(out.content?.at(-1)?.text ?? ""))?.[1];
        if (!next) return;
        out = await results.page(original, { scope: "tool {}", cursor: next });
      }
      assert.fail("more than 2,000 pages");
    }),
    { numRuns: 150 },
  );
  assert.ok(paged > 100, `only ${paged} pages were cut`);
});

Deno.test("structured content over the limits beside an image is paged as one more block, none of it lost", async () => {
  const results = createResultPager({ maxTokens: 2_000 });
  const structured = { rows: Array.from({ length: 3_000 }, (_, id) => ({ id })) };
  const original: ToolResult = {
    content: [{ type: "text", text: "chart:" }, {
      type: "image",
      data: "AAAA",
      mimeType: "image/png",
    }],
    structuredContent: structured,
  };
  let out = await results.page(original, { scope: "s" });
  let shown = "";
  for (let n = 0; n < 500; n++) {
    assert.equal(out.structuredContent, undefined);
    const texts = (out.content ?? []).filter((b) => b.type === "text").map((b) => String(b.text));
    shown += texts.slice(0, -1).join("");
    const next = /cursor="([^"]+)"/.exec(texts.at(-1) ?? "")?.[1];
    if (!next) break;
    out = await results.page(original, { scope: "s", cursor: next });
  }
  assert.ok(shown.includes(JSON.stringify(structured).slice(-200)));
});

Deno.test("results.open takes the narrowing: a narrowed walk's cursor opens, a bad narrowing is an error result", async () => {
  const results = createResultPager({ maxTokens: 1_000 });
  const rows = Array.from({ length: 2_000 }, (_, id) => ({ id, tag: id % 2 ? "odd" : "even" }));
  const first = await results.page(rows, { scope: "rows {}", grep: "odd" });
  const cursor = JSON.parse(String(first.content?.[0].text)).page.next_cursor;
  const refused = await results.open(cursor, "rows {}");
  assert.ok("error" in refused, "a narrowed cursor opened without its narrowing");
  const opened = await results.open(cursor, "rows {}", { grep: "odd" });
  assert.ok("cursor" in opened);
  const second = await results.page(rows, { scope: "rows {}", grep: "odd", cursor: opened.cursor });
  assert.equal(second.isError, undefined);
  const bad = await results.open(cursor, "rows {}", { grep: "" });
  assert.ok("error" in bad && bad.error.isError === true);
});
