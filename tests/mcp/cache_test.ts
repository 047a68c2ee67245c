// The result cache: one tool run per walk, pages identical to the uncached
// ones, never shared between callers, and never in the way on a miss.
import assert from "node:assert/strict";
import { McpServer } from "../support/mcp_v1.ts";
import {
  type CacheStore,
  createResultPager,
  memoryStore,
  type PageStore,
  pageStore,
  paginate,
  type ResultPagerOptions,
  type ToolResult,
} from "../../mod.ts";
import { issues } from "../../dev/records.ts";

const scope = "tool {}";
const nextOf = (result: ToolResult) =>
  /cursor=\\?"([A-Za-z0-9_-]+)\\?"/.exec(String(result.content?.at(-1)?.text ?? ""))?.[1];

async function walk(
  options: ResultPagerOptions,
  tool: () => unknown,
  identity = "",
): Promise<{ pages: string[]; runs: number }> {
  const results = createResultPager(options);
  let runs = 0;
  const counted = () => (runs++, tool());
  const pages: string[] = [];
  let result = await results.run(counted, { scope, identity });
  for (let n = 0; n < 5_000; n++) {
    assert.notEqual(result.isError, true, String(result.content?.[0]?.text));
    pages.push(JSON.stringify(result));
    const cursor = nextOf(result);
    if (!cursor) return { pages, runs };
    result = await results.run(counted, { scope, identity, cursor });
  }
  throw new Error("no end");
}

const huge = Array.from(
  { length: 40 },
  (_, i) => ({ id: i, blob: `${i} `.repeat(i % 7 === 0 ? 9_000 : 30) }),
);
const users: Record<string, unknown> = {};
for (let i = 0; i < 3_000; i++) users[`u${i}`] = { name: `User ${i}`, admin: i % 5 === 0 };
const shapes: Array<[string, () => unknown]> = [
  [
    "a JSON list as text",
    () => ({ content: [{ type: "text", text: JSON.stringify(issues(3_000)) }] }),
  ],
  ["pretty JSON with fields around the list", () => ({
    content: [{
      type: "text",
      text: JSON.stringify({ took_ms: 4, results: issues(2_000), facets: { a: 1 } }, null, 2),
    }],
  })],
  ["a map of entries", () => ({ content: [{ type: "text", text: JSON.stringify({ users }) }] })],
  ["items larger than a page", () => huge],
  ["a log with CJK lines", () => ({
    content: [{
      type: "text",
      text: Array.from(
        { length: 20_000 },
        (_, i) => i % 3 ? `line ${i} ok` : `行 ${i} 日本語のテキスト`,
      ).join("\n"),
    }],
  })],
  ["structured content only", () => ({
    content: [{ type: "text", text: "3000 rows" }],
    structuredContent: { rows: issues(3_000) },
  })],
];

for (const [name, tool] of shapes) {
  Deno.test(`${name}: with a cache the tool runs once per walk and every page is the uncached page`, async () => {
    const options = { maxTokens: 2_000 };
    const plain = await walk(options, tool);
    const cached = await walk({ ...options, cache: { store: memoryStore() } }, tool);
    assert.ok(plain.pages.length > 3, `${plain.pages.length} pages`);
    assert.equal(plain.runs, plain.pages.length);
    assert.equal(cached.runs, 1);
    assert.deepEqual(cached.pages, plain.pages);
  });
}

Deno.test("two callers with the same tool and arguments never share an entry", async () => {
  const store = memoryStore();
  const results = createResultPager({ maxTokens: 2_000, cache: { store } });
  let runs = 0;
  const tool = () => (runs++, issues(3_000));
  const first = await results.run(tool, { scope, identity: "alice" });
  const cursor = nextOf(first)!;
  await results.run(tool, { scope, identity: "alice", cursor });
  assert.equal(runs, 1);
  await results.run(tool, { scope, identity: "bob", cursor });
  assert.equal(runs, 2);
});

Deno.test("a store that fails or hangs only costs a tool run, reported, never an error", async () => {
  const events: string[] = [];
  const failing = pageStore({
    limits: { maxValueBytes: 1 << 20, chunkUnits: 16_384 },
    get: () => Promise.reject(new Error("down")),
    getMany: () => new Promise(() => {}),
    set: () => Promise.reject(new Error("down")),
    delete: () => Promise.resolve(),
  });
  const walked = await walk({
    maxTokens: 2_000,
    cache: { store: failing, timeoutMs: 50 },
    onEvent: (e) => events.push(e.type),
  }, () => issues(2_000));
  assert.equal(walked.runs, walked.pages.length);
  assert.ok(events.some((t) => t === "cache_error" || t === "cache_timeout"), events.join());
});

Deno.test("cache options are checked when the pager is made", () => {
  assert.throws(
    () => createResultPager({ cache: { store: {} as CacheStore } }),
    /cache.store must be a PageStore/,
  );
  assert.throws(
    () => createResultPager({ cache: { store: memoryStore(), ttlSeconds: 0 } }),
    /cache.ttlSeconds/,
  );
  assert.throws(
    () => createResultPager({ cache: { store: memoryStore(), timeoutMs: NaN } }),
    /cache.timeoutMs/,
  );
});

Deno.test("a store passed as the cache itself, or in a list, is refused saying cache takes { store }", () => {
  assert.throws(
    () => createResultPager({ cache: memoryStore() as never }),
    TypeError,
    "pass cache: { store }, not the store",
  );
  assert.throws(
    () => createResultPager({ cache: [memoryStore()] as never }),
    TypeError,
    "cache must be an object with a store ({ store }); got an array",
  );
});

const BARE_STORE =
  /^pagewise: cache\.store is a PageStore without this pagewise's cache engine: wrap your own PageStore in pageStore\(store\)/;

/** A store of one's own, not wrapped in pageStore. */
function bareStore(): PageStore {
  const map = new Map<string, string>();
  return {
    limits: { maxValueBytes: 1 << 20, chunkUnits: 16_384 },
    get: (key) => Promise.resolve(map.get(key)),
    set: (key, value) => Promise.resolve(void map.set(key, value)),
    delete: (key) => Promise.resolve(void map.delete(key)),
  };
}

Deno.test("a PageStore of one's own without pageStore is refused when the pager is made, saying to wrap it", () => {
  assert.throws(
    () => createResultPager({ cache: { store: bareStore() as CacheStore } }),
    (error: unknown) => error instanceof TypeError && BARE_STORE.test(error.message),
  );
});

Deno.test("paginate refuses a PageStore of one's own without pageStore when it is called", () => {
  const server = new McpServer({ name: "s", version: "1" });
  assert.throws(
    () => paginate(server, { cache: { store: bareStore() as CacheStore } }),
    (error: unknown) => error instanceof TypeError && BARE_STORE.test(error.message),
  );
});

Deno.test("a PageStore of one's own without pageStore does not type-check as a cache's store", () => {
  // @ts-expect-error: a PageStore lacks the engine a CacheStore carries.
  const options: ResultPagerOptions = { cache: { store: bareStore() } };
  assert.ok(options);
});

Deno.test("a cached page longer than 256 stored chunks is read whole, as the uncached page", async () => {
  const store = memoryStore({ maxBytes: 1 << 28 });
  const small: CacheStore = { ...store, limits: { ...store.limits, chunkUnits: 256 } };
  const tool = () => ({ content: [{ type: "text", text: JSON.stringify(issues(4_000)) }] });
  const options = { maxTokens: 200_000, maxChars: 400_000 };
  const plain = await walk(options, tool);
  const cached = await walk({ ...options, cache: { store: small } }, tool);
  assert.ok(plain.pages.length > 2);
  assert.equal(cached.runs, 1);
  assert.deepEqual(cached.pages, plain.pages);
});

Deno.test("a result with _meta and isError: false is the same, key order included, from the cache", async () => {
  const tool = () => ({
    content: [{ type: "text", text: JSON.stringify(issues(2_000)) }],
    _meta: { source: "db" },
    isError: false,
  });
  const plain = await walk({ maxTokens: 2_000 }, tool);
  const cached = await walk({ maxTokens: 2_000, cache: { store: memoryStore() } }, tool);
  assert.deepEqual(cached.pages, plain.pages);
});

Deno.test("with waitUntil, a page asked for before the write lands does not queue another write", async () => {
  const store = memoryStore();
  let sets = 0;
  const slow: CacheStore = {
    ...store,
    set: async (key, value, ttl) => {
      sets++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return store.set(key, value, ttl);
    },
    setMany: undefined,
  };
  const pending: Promise<unknown>[] = [];
  const results = createResultPager({
    maxTokens: 2_000,
    cache: { store: slow, waitUntil: (p) => pending.push(p) },
  });
  const tool = () => issues(3_000);
  const first = await results.run(tool, { scope });
  await results.run(tool, { scope, cursor: nextOf(first) });
  await Promise.all(pending);
  const writesOfOne = sets;
  assert.ok(writesOfOne > 0);
  // The second call found no entry yet: it ran the tool but wrote nothing more
  // (the first call handed over two tasks: its write and its elements' pricing).
  assert.equal(pending.length, 2);
});
