import assert from "node:assert/strict";
import fc from "fast-check";
import { type Block, type BlockPage, createPager, CursorError, type Limits } from "../../mod.ts";
import { assertWithin } from "../support/limits.ts";

type Img = { image: number };
const limits = { maxTokens: 2_000, maxChars: 6_000 };

async function allBlockPages(blocks: Block<Img>[], options: Limits = limits) {
  const pager = createPager(options);
  const pages: BlockPage<Img>[] = [await pager.pageBlocks(blocks, { scope: "t" })];
  while (pages.at(-1)!.nextCursor) {
    if (pages.length > 10_000) throw new Error("no end");
    pages.push(await pager.pageBlocks(blocks, { scope: "t", cursor: pages.at(-1)!.nextCursor }));
  }
  return pages;
}

// Joins the pages back into blocks: a text cut at a page's end continues as
// the first block of the next page.
function rebuild(pages: BlockPage<Img>[]): Array<{ text: string } | { whole: Img }> {
  const out: Array<{ text: string } | { whole: Img }> = [];
  let openText = false;
  for (const page of pages) {
    const content = page.cut ? page.blocks.slice(0, -1) : page.blocks;
    content.forEach((block, k) => {
      const last = out.at(-1);
      if (k === 0 && openText && "text" in block && last && "text" in last) last.text += block.text;
      else out.push({ ...block });
    });
    const note = page.cut ? String((page.blocks.at(-1) as { text: string }).text) : "";
    openText = / up to character /.test(note);
  }
  return out;
}

const text = (n: number, seed: string) =>
  Array.from({ length: n }, (_, i) => `${seed} line ${i}: the build is green`).join("\n");
const strip = (blocks: Block<Img>[]) =>
  blocks.map((b) => ("text" in b ? { text: b.text } : { whole: b.whole }));

Deno.test("mixed content within the limits comes back whole and uncut", async () => {
  const blocks: Block<Img>[] = [{ text: "hi" }, { whole: { image: 1 }, tokens: 100 }];
  const page = await createPager().pageBlocks(blocks);
  assert.equal(page.cut, false);
  assert.deepEqual(page.blocks, [{ text: "hi" }, { whole: { image: 1 } }]);
});

Deno.test("following the cursors of mixed content gives every block back, texts exactly", async () => {
  const blocks: Block<Img>[] = [
    { text: text(300, "a") },
    { whole: { image: 1 }, tokens: 800 },
    { text: text(50, "b") },
    { whole: { image: 2 }, tokens: 800 },
    { whole: { image: 3 }, tokens: 800 },
    { text: "tail" },
  ];
  const pages = await allBlockPages(blocks);
  assert.ok(pages.length > 3);
  assert.deepEqual(rebuild(pages), strip(blocks));
});

Deno.test("a whole block that does not fit beside others starts a page of its own", async () => {
  const blocks: Block<Img>[] = [
    { text: "short" },
    { whole: { image: 1 }, tokens: 1_500 },
    { whole: { image: 2 }, tokens: 1_500 },
  ];
  const pages = await allBlockPages(blocks);
  const imagesPerPage = pages.map((p) => p.blocks.filter((b) => "whole" in b).length);
  assert.deepEqual(imagesPerPage, [1, 1]);
});

Deno.test("a whole block larger than a page is still shown, alone", async () => {
  const blocks: Block<Img>[] = [{ text: "x" }, { whole: { image: 1 }, tokens: 50_000 }, {
    text: "y",
  }];
  const pages = await allBlockPages(blocks);
  const alone = pages.find((p) => p.blocks.some((b) => "whole" in b))!;
  assert.deepEqual(alone.blocks.filter((b) => !("text" in b && b.text.startsWith("[Output"))), [
    { whole: { image: 1 } },
  ]);
  assert.deepEqual(rebuild(pages), strip(blocks));
});

Deno.test("trimmed mixed content has no cursor and asks to narrow the request", async () => {
  const blocks: Block<Img>[] = [{ text: text(500, "a") }, { whole: { image: 1 }, tokens: 10 }];
  const page = await createPager(limits).pageBlocks(blocks, { trim: true });
  assert.equal(page.nextCursor, undefined);
  assert.match(String((page.blocks.at(-1) as { text: string }).text), /^\[Output trimmed: /);
});

Deno.test("a block cursor of changed content gives the page at its position, marked changed", async () => {
  const pager = createPager(limits);
  const blocks: Block<Img>[] = [{ text: text(500, "a") }];
  const first = await pager.pageBlocks(blocks, { scope: "t" });
  const page = await pager.pageBlocks([{ text: text(500, "b") }], {
    scope: "t",
    cursor: first.nextCursor,
  });
  assert.equal(page.changed, true);
  const note = page.blocks.at(-1) as { text: string };
  assert.match(note.text, /^\[Output cut: The result changed since the previous page/);
});

Deno.test("with onChange: error, a block cursor of changed content is refused as changed_result", async () => {
  const pager = createPager({ ...limits, onChange: "error" });
  const blocks: Block<Img>[] = [{ text: text(500, "a") }];
  const first = await pager.pageBlocks(blocks, { scope: "t" });
  await assert.rejects(
    () => pager.pageBlocks([{ text: text(500, "b") }], { scope: "t", cursor: first.nextCursor }),
    (e: CursorError) => e instanceof CursorError && e.reason === "changed_result",
  );
});

Deno.test("property: mixed content pages keep their text within limits and lose nothing", async () => {
  const blockArb: fc.Arbitrary<Block<Img>> = fc.oneof(
    fc.record({ text: fc.string({ unit: "grapheme", maxLength: 4_000 }) }),
    fc.record({ whole: fc.record({ image: fc.nat() }), tokens: fc.integer({ min: 0, max: 600 }) }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(blockArb, { maxLength: 12 }), async (blocks) => {
      const options = { maxTokens: 1_000, maxChars: 3_000 };
      const pages = await allBlockPages(blocks, options);
      for (const page of pages) {
        const tokensOf = (img: Img) =>
          blocks.flatMap((x) => ("whole" in x && x.whole === img ? [x.tokens ?? 0] : []))[0];
        const whole = page.blocks.reduce(
          (sum, b) => sum + ("whole" in b ? tokensOf(b.whole) : 0),
          0,
        );
        const texts = page.blocks.filter((b) => "text" in b).map((b) =>
          (b as { text: string }).text
        );
        assertWithin({ text: texts.join(""), from: page.from, to: page.to } as never, {
          ...options,
          maxTokens: options.maxTokens - whole,
        });
      }
      const nonEmpty = (bs: Array<{ text: string } | { whole: Img }>) =>
        bs.filter((b) => !("text" in b) || b.text !== "");
      assert.deepEqual(nonEmpty(rebuild(pages)), nonEmpty(strip(blocks)));
    }),
    { numRuns: 80 },
  );
});

Deno.test("each block counts a line of its own under maxLines", async () => {
  const limits = { maxTokens: 5_000, maxChars: 50_000, maxLines: 20 };
  const blocks: Block<Img>[] = Array.from(
    { length: 60 },
    (_, i) => i % 2 ? { whole: { image: i }, tokens: 1 } : { text: `line ${i}` },
  );
  const pager = createPager(limits);
  let page = await pager.pageBlocks(blocks, { scope: "s" });
  for (let n = 0; n < 100; n++) {
    assert.ok(page.blocks.length <= 20, `${page.blocks.length} blocks on a page of 20 lines`);
    if (!page.nextCursor) break;
    page = await pager.pageBlocks(blocks, { scope: "s", cursor: page.nextCursor });
  }
});
