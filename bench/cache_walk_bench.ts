/**
 * Walks through the paging path (`createResultPager().run`, what `paginate`
 * calls) with and without the cache: 24,000 generated trace spans (about
 * 7 MB of JSON, about 199 pages at 20,000 tokens); the walk at 1, 10 and
 * 50 MB; round trips and bytes of a later page with Upstash (a real
 * redis-server behind the REST bridge, the real client); and pages 2..N of a
 * tool that takes 200 ms, with each store and without. Prints the figures of
 * one run, then times a later page and a walk with `Deno.bench`.
 *
 *   deno bench -A --unstable-kv bench/cache_walk_bench.ts
 *   BENCH_QUICK=1 deno bench -A --unstable-kv bench/cache_walk_bench.ts   # no 50 MB walk, no uncached 7 MB walk
 */
import { Redis } from "@upstash/redis";
import { Miniflare } from "miniflare";
import {
  createResultPager,
  memoryStore,
  type ResultPagerOptions,
  type ToolResult,
} from "../mod.ts";
import { upstashStore } from "../src/stores/upstash.ts";
import { denoKvStore } from "../src/stores/deno_kv.ts";
import { type WorkersKvNamespace, workersKvStore } from "../src/stores/workers_kv.ts";
import type { CacheStore } from "../src/stores/types.ts";
import { startRedis } from "../dev/redis.ts";
import { startUpstashBridge } from "../dev/upstash_bridge.ts";
import { spansForBytes, spansJson } from "../dev/cache_data.ts";

const QUICK = Deno.env.get("BENCH_QUICK") === "1";
const MAX_TOKENS = 20_000;
const scope = 'search_traces {"q":"*"}';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cursorOf = (result: ToolResult) =>
  /cursor=\\?"([A-Za-z0-9_-]+)\\?"/.exec(String(result.content?.at(-1)?.text ?? ""))?.[1];
const asResult = (text: string): ToolResult => ({ content: [{ type: "text", text }] });

interface Walked {
  pages: number;
  runs: number;
  totalMs: number;
  firstMs: number;
  /** Time of each page after the first. */
  laterMs: number[];
}

/** Walks every page; `before(page)` runs before each later page is asked for (not timed). */
async function walkAll(
  options: ResultPagerOptions,
  output: () => ToolResult | Promise<ToolResult>,
  before?: () => void,
  after?: () => void,
): Promise<Walked> {
  const results = createResultPager({ maxTokens: MAX_TOKENS, ...options });
  let runs = 0;
  const tool = () => (runs++, output());
  const laterMs: number[] = [];
  const started = performance.now();
  let result = await results.run(tool, { scope });
  const firstMs = performance.now() - started;
  let pages = 1;
  for (let cursor = cursorOf(result); cursor; cursor = cursorOf(result)) {
    before?.();
    const t = performance.now();
    result = await results.run(tool, { scope, cursor });
    laterMs.push(performance.now() - t);
    after?.();
    if (result.isError) throw new Error(String(result.content?.[0]?.text));
    pages++;
  }
  return { pages, runs, totalMs: performance.now() - started, firstMs, laterMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const ms = (n: number) => n >= 100 ? `${n.toFixed(0)} ms` : `${n.toFixed(2)} ms`;
const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
const bigMemory = () => memoryStore({ maxBytes: 1 << 30, maxEntries: 100_000 });

// --- 1. the 24,000 spans, with memoryStore and without a cache ---

const spans = spansJson(24_000);
const spansTool = () => asResult(spans);
console.log(
  `\n24,000 spans: ${
    (spans.length / 1e6).toFixed(2)
  } M characters of JSON, pages of ${MAX_TOKENS} tokens`,
);
const cached = await walkAll({ cache: { store: bigMemory() } }, spansTool);
console.log("| walk | pages | tool runs | total | first page | later page: median, p90, max |");
console.log("| --- | --- | --- | --- | --- | --- |");
const row = (name: string, w: Walked) =>
  console.log(
    `| ${name} | ${w.pages} | ${w.runs} | ${s(w.totalMs)} | ${ms(w.firstMs)} | ${
      ms(median(w.laterMs))
    }, ${ms(percentile(w.laterMs, 0.9))}, ${ms(Math.max(...w.laterMs))} |`,
  );
row("memoryStore", cached);
if (!QUICK) row("no cache", await walkAll({}, spansTool));

// --- 2. linear growth: 1, 10 and 50 MB ---

console.log("\n| result | characters | pages | walk with memoryStore | per page | per MB |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const mb of QUICK ? [1, 10] : [1, 10, 50]) {
  const text = spansJson(spansForBytes(mb * 1e6), 100 + mb);
  const w = await walkAll({ cache: { store: bigMemory() } }, () => asResult(text));
  if (w.runs !== 1) throw new Error(`${mb} MB: ${w.runs} tool runs`);
  console.log(
    `| ${mb} MB | ${(text.length / 1e6).toFixed(1)} M | ${w.pages} | ${s(w.totalMs)} | ${
      ms(w.totalMs / w.pages)
    } | ${ms(w.totalMs / (text.length / 1e6))} |`,
  );
}
{
  const text = spansJson(spansForBytes(1e6), 101);
  const w = await walkAll({}, () => asResult(text));
  console.log(
    `| 1 MB, no cache | ${(text.length / 1e6).toFixed(1)} M | ${w.pages} | ${s(w.totalMs)} | ${
      ms(w.totalMs / w.pages)
    } | ${ms(w.totalMs / (text.length / 1e6))} |`,
  );
}

// --- 3. Upstash: round trips and bytes of a later page ---

const redisServer = await startRedis();
const bridge = startUpstashBridge({ redisPort: redisServer.port });
const upstashClient = (responseEncoding: false | "base64" = "base64") =>
  new Redis({
    url: bridge.url,
    token: bridge.token,
    retry: false,
    enableTelemetry: false,
    responseEncoding,
  });
const upstash = upstashStore(upstashClient());
const log = Array.from(
  { length: 150_000 },
  (_, i) => `${i} INFO request ${i * 7919 % 100_000} served in ${i % 900} ms by worker-${i % 16}`,
).join("\n");
console.log(
  `\nUpstash, a later page (${(spans.length / 1e6).toFixed(1)} MB of spans: elements; a ${
    (log.length / 1e6).toFixed(1)
  } MB log: text)`,
);
console.log(
  "| result, store | pages | requests a later page: median (max) | bytes a later page: median (max) | later page: median |",
);
console.log("| --- | --- | --- | --- | --- |");
for (
  const [name, text, store] of [
    ["spans, upstashStore (compressed)", spans, upstash],
    ["spans, client responseEncoding: false", spans, upstashStore(upstashClient(false))],
    ["log, upstashStore (compressed)", log, upstash],
  ] as const
) {
  const requests: number[] = [];
  const bytes: number[] = [];
  const w = await walkAll(
    { cache: { store, ttlSeconds: 600, timeoutMs: 10_000 } },
    () => asResult(text),
    () => bridge.resetCounts(),
    () => {
      requests.push(bridge.requests);
      bytes.push(bridge.bytesIn + bridge.bytesOut);
    },
  );
  if (w.runs !== 1) throw new Error(`${name}: ${w.runs} tool runs`);
  console.log(
    `| ${name} | ${w.pages} | ${median(requests)} (${Math.max(...requests)}) | ${
      (median(bytes) / 1024).toFixed(1)
    } KiB (${(Math.max(...bytes) / 1024).toFixed(1)}) | ${ms(median(w.laterMs))} |`,
  );
}
console.log(
  `(a page holds about ${
    (spans.length / cached.pages / 1024).toFixed(1)
  } K characters; the whole result is ${(spans.length / 1024 / 1024).toFixed(1)} MiB)`,
);

// --- 4. a tool that takes 200 ms: pages 2..N with each store and without ---

const kv = await Deno.openKv(":memory:");
const mf = new Miniflare({
  modules: true,
  script: "export default { fetch() { return new Response('ok'); } };",
  compatibilityDate: "2026-04-01",
  kvNamespaces: ["PAGES"],
  host: "127.0.0.1",
  port: 0,
  cf: false,
});
await mf.ready;
const workersKv = workersKvStore(await mf.getKVNamespace("PAGES") as unknown as WorkersKvNamespace);
const slowText = spansJson(spansForBytes(1e6), 7);
const slowTool = async () => (await sleep(200), asResult(slowText));
const stores: [string, CacheStore | undefined][] = [
  ["no cache", undefined],
  ["memoryStore", memoryStore()],
  ["denoKvStore (:memory:)", denoKvStore(kv)],
  ["upstashStore (bridge on loopback)", upstash],
  ["workersKvStore (Miniflare, from Deno)", workersKv],
];
console.log(
  `\nA tool that takes 200 ms, ${(slowText.length / 1e6).toFixed(1)} M characters of spans`,
);
console.log("| store | pages | tool runs | pages 2..N | a later page: median |");
console.log("| --- | --- | --- | --- | --- |");
for (const [name, store] of stores) {
  const w = await walkAll(
    store ? { cache: { store, timeoutMs: 10_000 } } : {},
    slowTool,
  );
  console.log(
    `| ${name} | ${w.pages} | ${w.runs} | ${s(sum(w.laterMs))} | ${ms(median(w.laterMs))} |`,
  );
}

// --- Deno.bench: a later page, and the walk ---

async function laterPageRunner(store: CacheStore) {
  const results = createResultPager({ maxTokens: MAX_TOKENS, cache: { store } });
  const first = await results.run(spansTool, { scope });
  // The cursor of a page in the middle of the walk.
  let cursor = cursorOf(first)!;
  for (let i = 0; i < 100; i++) cursor = cursorOf(await results.run(spansTool, { scope, cursor }))!;
  return () => results.run(spansTool, { scope, cursor });
}
const laterMemory = await laterPageRunner(bigMemory());
const laterKv = await laterPageRunner(denoKvStore(kv, { prefix: ["bench"] }));
const laterUpstash = await laterPageRunner(upstash);

Deno.bench("later page of the 24,000 spans: memoryStore", { group: "later page" }, async () => {
  await laterMemory();
});
Deno.bench("later page of the 24,000 spans: denoKvStore (:memory:)", {
  group: "later page",
}, async () => {
  await laterKv();
});
Deno.bench("later page of the 24,000 spans: upstashStore (loopback)", {
  group: "later page",
}, async () => {
  await laterUpstash();
});
Deno.bench(
  "walk of the 24,000 spans: memoryStore",
  { group: "walk", n: 5, warmup: 1 },
  async () => {
    const w = await walkAll({ cache: { store: bigMemory() } }, spansTool);
    if (w.runs !== 1) throw new Error(`${w.runs} runs`);
  },
);

globalThis.addEventListener("unload", () => {
  kv.close();
});
// The bench runner exits when the benches are done; stop the servers then.
globalThis.addEventListener("beforeunload", () => {
  void bridge.close().then(() => redisServer.close());
  void mf.dispose();
});
