import assert from "node:assert/strict";
import fc from "fast-check";
import { createPager, CursorError, type Limits } from "../../mod.ts";
import { assertWithin, limitsUpTo } from "../support/limits.ts";
import { allPages, asJson, rebuild } from "../support/walk.ts";

const limitsArb = limitsUpTo(3_000, 8_000);

// Text that is hard to cut: astral characters, combining marks, ZWJ
// sequences, flags, Indic conjuncts, right-to-left scripts, CRLF.
const pieces = [
  "a",
  "Z",
  "0",
  " ",
  "\n",
  "\r\n",
  "\t",
  '"',
  "\\",
  "{",
  "é",
  "e\u0301",
  "क्षि",
  "ति",
  "👩‍💻",
  "👨‍👩‍👧",
  "🇯🇵",
  "🏳️‍🌈",
  "👍🏽",
  "שלום",
  "مرحبا",
  "中文",
  "ㅎㅏ",
  "\u200d",
  "\u0301",
  "😀",
  "\ud800",
  "x".repeat(40),
];
const hardText = fc.array(fc.constantFrom(...pieces), { maxLength: 900 }).map((p) => p.join(""));
const anyText = fc.oneof(
  hardText,
  fc.string({ unit: "grapheme", maxLength: 3_000 }),
  fc.string({ maxLength: 3_000 }),
);

const jsonValue = fc.jsonValue({ maxDepth: 4 });
const listOf = fc.array(fc.oneof(jsonValue, fc.record({ id: fc.nat(), text: anyText })), {
  maxLength: 120,
});
const dictWithList = fc.record({
  meta: fc.dictionary(fc.string({ maxLength: 8 }), jsonValue, { maxKeys: 4 }),
  results: listOf,
  page: fc.option(fc.nat(), { nil: undefined }),
});

const runs = { numRuns: 60 };

async function check(value: unknown, limits: Limits, indent?: number) {
  const pager = createPager({ ...limits, indent });
  const pages = await allPages(pager, value);
  for (const page of pages) assertWithin(page, limits);
  return pages;
}

Deno.test("property: every page of a text is within every limit and the chunks join to the text", async () => {
  await fc.assert(
    fc.asyncProperty(anyText, limitsArb, async (text, limits) => {
      const pages = await check(text, limits);
      assert.equal(rebuild(pages, text), text);
    }),
    { numRuns: 120 },
  );
});

Deno.test("property: every page of a list is within every limit and the items come back in order", async () => {
  await fc.assert(
    fc.asyncProperty(
      listOf,
      limitsArb,
      fc.constantFrom(undefined, 2),
      async (list, limits, indent) => {
        const pages = await check(list, limits, indent);
        assert.deepEqual(rebuild(pages, list), asJson(list));
      },
    ),
    runs,
  );
});

Deno.test("property: a dict's list is paged within limits and the dict comes back whole", async () => {
  await fc.assert(
    fc.asyncProperty(dictWithList, limitsArb, async (value, limits) => {
      const pages = await check(value, limits);
      if (pages.every((p) => p.kind !== "trimmed")) {
        assert.deepEqual(rebuild(pages, value), asJson(value));
      }
    }),
    runs,
  );
});

Deno.test("property: any JSON value gives pages within limits, and only documented errors", async () => {
  await fc.assert(
    fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), limitsArb, async (value, limits) => {
      const pages = await check(value, limits);
      const trimmed = pages.some((p) => p.kind === "trimmed");
      if (!trimmed) assert.deepEqual(rebuild(pages, value), asJson(value));
    }),
    { numRuns: 150 },
  );
});

Deno.test("property: trim gives one page within limits and never a cursor", async () => {
  await fc.assert(
    fc.asyncProperty(fc.oneof(anyText, listOf, dictWithList), limitsArb, async (value, limits) => {
      const page = await createPager(limits).trim(value);
      assertWithin(page, limits);
      assert.equal(page.nextCursor, undefined);
    }),
    runs,
  );
});

Deno.test("property: a cursor of one value used on another is refused or consistent", async () => {
  await fc.assert(
    fc.asyncProperty(listOf, listOf, async (a, b) => {
      const pager = createPager({ maxTokens: 300, maxChars: 800 });
      const first = await pager.page(a, { scope: "s" });
      if (!first.nextCursor) return;
      try {
        const page = await pager.page(b, { scope: "s", cursor: first.nextCursor });
        // Unmarked only when what is paged is the same; marked, it is from b at the cursor's position.
        if (!page.changed) assert.equal(JSON.stringify(a), JSON.stringify(b));
        // A part cursor continues the same item (or, changed under it, shows that item again).
        const part = first.kind === "item-part" || first.kind === "entry-part";
        if (page.unit === "characters") assert.ok(page.from <= first.to + 1);
        else if (part) assert.ok(page.from === first.to || page.from === first.to + 1);
        else assert.equal(page.from, first.to + 1);
      } catch (error) {
        if (!(error instanceof CursorError)) throw error;
        assert.equal(error.reason, "changed_result");
      }
    }),
    runs,
  );
});
