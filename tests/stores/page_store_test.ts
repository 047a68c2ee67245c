// pageStore: a store of one's own given the cache engine (src/stores/page_store.ts).
import assert from "node:assert/strict";
import { createResultPager, type PageStore, pageStore, type ToolResult } from "../../mod.ts";
import { issues } from "../../dev/records.ts";

const scope = "tool {}";
const nextOf = (result: ToolResult) =>
  /cursor=\\?"([A-Za-z0-9_-]+)\\?"/.exec(String(result.content?.at(-1)?.text ?? ""))?.[1];

/** A store over a `Map`, as a user would write one. */
function mapStore(): PageStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    limits: { maxValueBytes: 1 << 20, chunkUnits: 16_384 },
    get: (key) => Promise.resolve(map.get(key)),
    set: (key, value) => Promise.resolve(void map.set(key, value)),
    delete: (key) => Promise.resolve(void map.delete(key)),
  };
}

/** Every page of `tool`'s result through a result pager made with `options`, and its runs. */
async function walk(
  options: Parameters<typeof createResultPager>[0],
  tool: () => unknown,
): Promise<{ pages: string[]; runs: number }> {
  const results = createResultPager(options);
  let runs = 0;
  const counted = () => (runs++, tool());
  const pages: string[] = [];
  let result = await results.run(counted, { scope });
  for (let cursor = nextOf(result); cursor; cursor = nextOf(result)) {
    pages.push(JSON.stringify(result));
    result = await results.run(counted, { scope, cursor });
  }
  pages.push(JSON.stringify(result));
  return { pages, runs };
}

Deno.test("pageStore: a store of one's own serves every later page from the cache, pages as without it", async () => {
  const tool = () => issues(3_000);
  const store = mapStore();
  const plain = await walk({ maxTokens: 2_000 }, tool);
  const cached = await walk({ maxTokens: 2_000, cache: { store: pageStore(store) } }, tool);
  assert.ok(plain.pages.length > 3, `${plain.pages.length} pages`);
  assert.equal(cached.runs, 1);
  assert.deepEqual(cached.pages, plain.pages);
  assert.ok(store.map.size > 0);
});

Deno.test("pageStore: returns the store itself, and a copy of it keeps the engine", async () => {
  const store = mapStore();
  const wrapped = pageStore(store);
  assert.equal(wrapped, store);
  const copy = { ...wrapped, limits: { ...wrapped.limits, chunkUnits: 1_024 } };
  const cached = await walk({ maxTokens: 2_000, cache: { store: copy } }, () => issues(3_000));
  assert.equal(cached.runs, 1);
});

Deno.test("pageStore refuses what is not a store, saying what a store is", () => {
  for (const notAStore of [undefined, null, "redis", {}, { get() {}, set() {}, delete() {} }]) {
    assert.throws(
      () => pageStore(notAStore as unknown as PageStore),
      (error: unknown) =>
        error instanceof TypeError &&
        /^pagewise: pageStore's store must be a PageStore: limits, get, set and delete; got /
          .test(error.message),
      String(notAStore),
    );
  }
});

Deno.test("pageStore refuses a frozen store, which it cannot add the engine to", () => {
  assert.throws(() => pageStore(Object.freeze(mapStore())), TypeError, "frozen or sealed");
});
