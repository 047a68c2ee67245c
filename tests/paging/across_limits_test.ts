/**
 * A cursor continues where it left off under other limits: one server pages
 * for many clients, and a cursor issued for one client's pages may come back
 * from another (or from the same one whose limits changed). Nothing is lost
 * or repeated; every page is within the limits it was cut to. Where the
 * fields around a list leave no room under the smaller limits, the walk goes
 * on as the result's text from the same character.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { clients, createPager, type Limits, type Page, type Pager } from "../../mod.ts";
import { assertWithin } from "../support/limits.ts";
import { asJson, chunkOf, rebuild } from "../support/walk.ts";

const LIMITS: Limits[] = [...Object.values(clients), {}];
const PAGERS: Pager[] = LIMITS.map((limits) => createPager({ ...limits }));

/** Every page of `value`, page `i` cut by `PAGERS[order[i % order.length]]`. */
async function walkAcross(value: unknown, order: number[]): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | undefined;
  do {
    const which = order[pages.length % order.length];
    const page = await PAGERS[which].page(value, { scope: "t {}", cursor });
    assertWithin(page, LIMITS[which]);
    pages.push(page);
    cursor = page.nextCursor;
    assert.ok(pages.length < 5_000, "no end");
  } while (cursor);
  return pages;
}

const word = fc.constantFrom("alpha", "beta", "δέλτα", "日本語", "👩‍💻", "x".repeat(90), "\n");
const record = fc.record({
  id: fc.nat(),
  text: fc.array(word, { maxLength: 400 }).map((w) => w.join(" ")),
});
const order = fc.array(fc.nat({ max: PAGERS.length - 1 }), { minLength: 1, maxLength: 6 });

Deno.test("a list walked by clients of every size in turn gives back every item once, in order", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(record, { minLength: 1, maxLength: 400 }),
      order,
      async (list, turn) => {
        const pages = await walkAcross(list, turn);
        assert.deepEqual(rebuild(pages, list), asJson(list));
      },
    ),
    { numRuns: 40 },
  );
});

Deno.test("a text walked by clients of every size in turn gives back every character once", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(word, { maxLength: 30_000 }), order, async (words, turn) => {
      const text = words.join("");
      const pages = await walkAcross(text, turn);
      assert.equal(pages.length === 1 ? pages[0].text : pages.map(chunkOf).join(""), text);
    }),
    { numRuns: 40 },
  );
});

/** A dict whose fields around its list take `frame` characters. */
function framed(frame: number, n: number) {
  return {
    meta: "m".repeat(frame),
    items: Array.from({ length: n }, (_, id) => ({ id, title: `issue number ${id}` })),
    tail: 1,
  };
}

/**
 * What a walk that went from the list's items to the text shows: the items
 * of the element pages, then the text from where they stopped; it must be the
 * whole result, each character once.
 */
function rebuildSwitched(pages: Page[], value: ReturnType<typeof framed>): void {
  const text = JSON.stringify(value);
  const firstText = pages.findIndex((page) => page.kind === "text");
  assert.ok(firstText > 0, "the walk did not go from items to text");
  assert.ok(pages.slice(firstText).every((page) => page.kind === "text"));
  const items: unknown[] = [];
  let part = "";
  for (const page of pages.slice(0, firstText)) {
    const json = JSON.parse(page.text);
    if (page.kind === "items") items.push(...json.items);
    else if (page.kind === "item-part") part += json[page.pageKey!].part;
    else throw new Error(`unexpected ${page.kind} page`);
    if (page.kind === "item-part" && page.part!.to === page.part!.total) {
      items.push(JSON.parse(part));
      part = "";
    }
  }
  const listStart = `{"meta":${JSON.stringify(value.meta)},"items":[`.length;
  const shown = items.map((item) => JSON.stringify(item) + ",").join("") + part;
  const from = pages[firstText].from - 1;
  assert.equal(text.slice(listStart, from), shown, "the items before the text are not the text's");
  assert.equal(pages.slice(firstText).map(chunkOf).join(""), text.slice(from));
  assert.deepEqual(items, value.items.slice(0, items.length));
}

Deno.test("a list whose fields leave no room on a smaller client's page goes on as text, from where it stopped", async () => {
  const value = framed(12_000, 3_000);
  const desktop = PAGERS[LIMITS.indexOf(clients.claudeDesktop)];
  const vscode = PAGERS[LIMITS.indexOf(clients.vscodeCopilot)];
  const first = await desktop.page(value, { scope: "t {}" });
  assert.equal(first.kind, "items");
  const rest: Page[] = [];
  let cursor = first.nextCursor;
  while (cursor) {
    const page = await vscode.page(value, { scope: "t {}", cursor });
    assertWithin(page, clients.vscodeCopilot);
    rest.push(page);
    cursor = page.nextCursor;
  }
  rebuildSwitched([first, ...rest], value);
});

Deno.test("a text cursor of a small client goes on as text for a large one", async () => {
  const value = framed(12_000, 3_000);
  const desktop = PAGERS[LIMITS.indexOf(clients.claudeDesktop)];
  const vscode = PAGERS[LIMITS.indexOf(clients.vscodeCopilot)];
  const first = await vscode.page(value, { scope: "t {}" });
  assert.equal(first.kind, "text");
  const second = await desktop.page(value, { scope: "t {}", cursor: first.nextCursor });
  assert.equal(second.kind, "text");
  assert.equal(second.from, first.to + 1);
  assert.ok(
    second.text.length > 3 * 8_192,
    `not sized for the large client: ${second.text.length}`,
  );
});

Deno.test("a walk over fields of any size, by clients of every size in turn, loses and repeats nothing", async () => {
  let switched = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 30_000 }),
      fc.integer({ min: 1, max: 3_000 }),
      order,
      async (frame, n, turn) => {
        const value = framed(frame, n);
        const pages = await walkAcross(value, turn);
        if (pages.some((page) => page.kind === "text") && pages[0].kind !== "text") {
          rebuildSwitched(pages, value);
          switched++;
        } else assert.deepEqual(rebuild(pages, value), value);
      },
    ),
    { numRuns: 60 },
  );
  assert.ok(switched > 0, "no walk went from items to text: the property tested nothing of it");
});

Deno.test("a part cursor of a large client's page continues the same item on a small client's", async () => {
  const big = { id: 1, body: "word ".repeat(60_000) };
  const list = [big, { id: 2 }];
  const desktop = PAGERS[LIMITS.indexOf(clients.claudeDesktop)];
  const vscode = PAGERS[LIMITS.indexOf(clients.vscodeCopilot)];
  const first = await desktop.page(list, { scope: "t {}" });
  assert.equal(first.kind, "item-part");
  const second = await vscode.page(list, { scope: "t {}", cursor: first.nextCursor });
  assert.equal(second.kind, "item-part");
  assert.equal(second.part!.from, first.part!.to + 1);
  const pages = [first, second];
  let cursor = second.nextCursor;
  while (cursor) {
    const page = await vscode.page(list, { scope: "t {}", cursor });
    pages.push(page);
    cursor = page.nextCursor;
  }
  assert.deepEqual(rebuild(pages, list), list);
});
