// pageStore: a store of one's own given the cache engine (src/stores/page_store.ts).
import assert from "node:assert/strict";
import {
  createResultPager,
  memoryStore,
  type PageStore,
  pageStore,
  type ToolResult,
} from "../../mod.ts";
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

Deno.test("pageStore refuses a Proxy that does not keep the engine it is given, at once, with the fix", () => {
  const target = mapStore();
  // A stub whose properties come from its own get trap (an RPC binding, say).
  const stub = new Proxy(target, {
    get: (object, name) => Reflect.get(object, name),
    defineProperty: () => true,
  });
  assert.throws(() => pageStore(stub), TypeError, "pass a plain object whose get, set and delete");
  const refusing = new Proxy(mapStore(), { defineProperty: () => false });
  assert.throws(
    () => pageStore(refusing),
    TypeError,
    "pass a plain object whose get, set and delete",
  );
});

Deno.test("a store that lacks members is refused naming them; a store factory passed uncalled, naming it", () => {
  assert.throws(
    () => pageStore({ limits: mapStore().limits, get: () => Promise.resolve(undefined) } as never),
    TypeError,
    "got an object without set, delete.",
  );
  assert.throws(
    () => createResultPager({ cache: { store: memoryStore as never } }),
    TypeError,
    "got a function (memoryStore: call it?).",
  );
});
