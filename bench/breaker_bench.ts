/**
 * The store's circuit breaker (issue 23), through `paginate` as a client
 * sees it, in one run:
 *
 * 1. a store that hangs (`timeoutMs` 300): walks through `paginate` (a real
 *    SDK v1 server and client in memory) for the length of an outage,
 *    without a cache, with the breaker (the default), and without it
 *    (`breaker: false`, the behaviour before it);
 * 2. the Deno demo (examples/deno-deploy, served in this process on
 *    127.0.0.1) whose Upstash endpoint refuses connections: `@upstash/redis`
 *    pointed at a closed loopback port, with its default retries (5, with
 *    backoff), and pagewise's default timeouts (1 s);
 *
 * Prints markdown tables. `BENCH_QUICK=1` shortens each outage.
 *
 *   deno bench -A --unstable-kv bench/breaker_bench.ts
 */
import { z } from "zod";
import { type CacheOptions, memoryStore, type PagerEvent, paginate } from "../mod.ts";
import { pageStore } from "../src/stores/page_store.ts";
import type { CacheStore } from "../src/stores/types.ts";
import { spansJson } from "../dev/cache_data.ts";
import { Client, InMemoryTransport, McpServer } from "../tests/support/mcp_v1.ts";
import { denoDemoOptions } from "../examples/deno-deploy/options.ts";
import { demoOptionsFromEnv } from "../examples/shared/env.ts";
import { handleRequest } from "../examples/shared/server.ts";
import { connect, nextCursor, type Result } from "../tests/examples/_pages.ts";

const QUICK = Deno.env.get("BENCH_QUICK") === "1";
const started = new Date();
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const mean = (values: number[]) => sum(values) / values.length;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (n: number) => n >= 100 ? `${n.toFixed(0)} ms` : `${n.toFixed(1)} ms`;
const s = (n: number) => `${(n / 1000).toFixed(1)} s`;

interface Outage {
  pages: number;
  /** Pages of the first walk. */
  walk: number;
  /** Time of every page. */
  ms: number[];
  breakerEvents: string[];
}

/** A row: pages, total, a page's mean and p50, the ratio to `base`. */
function row(name: string, o: Outage, base?: Outage): string {
  const ratio = base ? `${(mean(o.ms) / mean(base.ms)).toFixed(2)}×` : "1×";
  return `| ${name} | ${o.pages} | ${s(sum(o.ms))} | ${ms(mean(o.ms))} | ${
    ms(percentile(o.ms, 0.5))
  } | ${ms(Math.max(...o.ms))} | ${ratio} | ${o.breakerEvents.join(", ") || "—"} |`;
}

const HEADER = "| walk | pages | total | a page: mean | p50 | max | mean ÷ no cache | breaker |\n" +
  "| --- | --- | --- | --- | --- | --- | --- | --- |";

// --- 1. a store that hangs, through paginate in memory ---

/** A store whose every call hangs. */
function hangingStore(): CacheStore {
  const never = () => new Promise<never>(() => {});
  return pageStore({
    limits: memoryStore().limits,
    get: never,
    getMany: never,
    set: never,
    delete: never,
  });
}

const SPANS = spansJson(1_000);

/** Walks SPANS again and again through paginate until `pages` pages are served (or `maxMs`). */
async function walkPaginate(
  cache: CacheOptions | undefined,
  pages: number,
  maxMs = Infinity,
): Promise<Outage> {
  const breakerEvents: string[] = [];
  const server = paginate(new McpServer({ name: "traces", version: "1.0.0" }), {
    maxTokens: 2_000,
    cache,
    onEvent: (e: PagerEvent) => {
      if (e.type === "cache_breaker") breakerEvents.push(`${e.state} (${e.coolDownMs / 1000} s)`);
    },
  });
  server.registerTool("search_traces", { inputSchema: { q: z.string() } }, () => ({
    content: [{ type: "text" as const, text: SPANS }],
  }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(b);
  const times: number[] = [];
  let walk = 0;
  const begun = performance.now();
  try {
    let cursor: string | undefined;
    while (times.length < pages && performance.now() - begun < maxMs) {
      const t = performance.now();
      const result = await client.callTool({
        name: "search_traces",
        arguments: cursor ? { q: "*", cursor } : { q: "*" },
      }) as Result;
      times.push(performance.now() - t);
      if (result.isError) throw new Error(JSON.stringify(result.content));
      cursor = nextCursor(result); // a new walk after the last page
      if (!cursor && walk === 0) walk = times.length;
    }
  } finally {
    await client.close();
  }
  return { pages: times.length, walk, ms: times, breakerEvents };
}

const HANG_MS = 300;
const OUTAGE_PAGES = QUICK ? 300 : 1_500;
console.log(
  `\n1. A store that hangs (timeoutMs ${HANG_MS}): ${OUTAGE_PAGES} pages through paginate ` +
    `(SDK v1 in memory; ${
      (SPANS.length / 1e3).toFixed(0)
    } K characters of spans at 2,000 tokens, walked again and again)`,
);
console.log(HEADER);
const noCache = await walkPaginate(undefined, OUTAGE_PAGES);
console.log(row("no cache", noCache));
const withBreaker = await walkPaginate(
  { store: hangingStore(), timeoutMs: HANG_MS },
  OUTAGE_PAGES,
);
console.log(row("hanging store, breaker (default)", withBreaker, noCache));
const slice = (o: Outage, from: number, to = o.ms.length): Outage => ({
  ...o,
  pages: Math.min(to, o.ms.length) - from,
  ms: o.ms.slice(from, to),
});
console.log(row(
  `  its first walk (pages 1..${noCache.walk})`,
  slice(withBreaker, 0, noCache.walk),
  slice(noCache, 0, noCache.walk),
));
console.log(row("  from page 3 on (open; probes)", slice(withBreaker, 2), slice(noCache, 2)));
const withoutBreaker = await walkPaginate(
  { store: hangingStore(), timeoutMs: HANG_MS, breaker: false },
  QUICK ? 10 : 30,
);
console.log(row("hanging store, `breaker: false` (as before)", withoutBreaker, noCache));

// --- 2. the Deno demo, its Upstash endpoint refusing connections ---

/** A loopback port nothing listens on. */
function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Walks `tool` of the demo served with `options`, again and again, for `pages` pages. */
async function walkDemo(
  env: Record<string, string>,
  pages: number,
  breaker?: false,
): Promise<Outage & { warnings: number }> {
  const options = env.UPSTASH_REDIS_REST_URL
    ? await denoDemoOptions((name) => env[name])
    : demoOptionsFromEnv(() => undefined);
  const breakerEvents: string[] = [];
  if (options.pagewise.cache) {
    options.pagewise.cache.breaker = breaker;
    const log = options.pagewise.onEvent;
    options.pagewise.onEvent = (e) => {
      if (e.type === "cache_breaker") breakerEvents.push(`${e.state} (${e.coolDownMs / 1000} s)`);
      return log?.(e);
    };
  }
  // The demo logs every store failure: counted here, not printed.
  let warnings = 0;
  const warn = console.warn;
  console.warn = () => void warnings++;
  const abort = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: abort.signal, onListen() {} },
    (request) => handleRequest(request, options),
  );
  const connection = await connect(`http://127.0.0.1:${server.addr.port}/mcp`, "v1");
  const times: number[] = [];
  let walk = 0;
  try {
    let cursor: string | undefined;
    while (times.length < pages) {
      const t = performance.now();
      const result = await connection.call("read_log", cursor ? { cursor } : {});
      times.push(performance.now() - t);
      if (result.isError) throw new Error(JSON.stringify(result.content).slice(0, 300));
      cursor = nextCursor(result);
      if (!cursor && walk === 0) walk = times.length;
    }
  } finally {
    await connection.close();
    abort.abort();
    await server.finished;
    console.warn = warn;
  }
  return { pages: times.length, walk, ms: times, breakerEvents, warnings };
}

const refused = {
  UPSTASH_REDIS_REST_URL: `http://127.0.0.1:${closedPort()}`,
  UPSTASH_REDIS_REST_TOKEN: "t",
};
const DEMO_PAGES = QUICK ? 200 : 1_000;
console.log(
  `\n2. The Deno demo (in process, Streamable HTTP on 127.0.0.1, SDK v1 client), its Upstash ` +
    `endpoint refusing connections (${refused.UPSTASH_REDIS_REST_URL}, @upstash/redis with its default retries): ` +
    `read_log walked again and again`,
);
console.log(HEADER);
const demoPlain = await walkDemo({}, DEMO_PAGES);
console.log(row("cache off", demoPlain));
const demoBreaker = await walkDemo(refused, DEMO_PAGES);
console.log(row("Upstash refusing, breaker (default)", demoBreaker, demoPlain));
console.log(row(
  `  its first walk (pages 1..${demoPlain.walk})`,
  slice(demoBreaker, 0, demoPlain.walk),
  slice(demoPlain, 0, demoPlain.walk),
));
console.log(row("  from page 3 on (open; probes)", slice(demoBreaker, 2), slice(demoPlain, 2)));
const demoNoBreaker = await walkDemo(refused, QUICK ? 4 : 8, false);
console.log(row("Upstash refusing, `breaker: false` (as before)", demoNoBreaker, demoPlain));
console.log(
  `store failures the demo logged: ${demoBreaker.warnings} in ${demoBreaker.pages} pages with the breaker, ` +
    `${demoNoBreaker.warnings} in ${demoNoBreaker.pages} without`,
);
console.log(`\nrun started ${started.toISOString()}, took ${s(Date.now() - started.getTime())}`);
