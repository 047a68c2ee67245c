/**
 * `deno task soak`: a bounded soak of the Deno demo (examples/deno-deploy,
 * served in this process on 127.0.0.1) with its cache on Upstash: the real
 * `@upstash/redis` client the demo builds, the REST bridge of
 * dev/upstash_bridge.ts and a real redis-server, which is stopped and started
 * again twice while 40 clients make 3,000 paged calls between them (each
 * client walks tools to their last page, one call after another). Reports
 * failed calls, pages over the limits (counted with o200k, cl100k and the
 * Claude tokenizer), walks that do not rebuild the tool's output, latency,
 * and the breaker's events. Not part of `deno task test`; exits non-zero on
 * a failed call, a page over the limits or a walk that does not rebuild.
 *
 *   deno task soak            # SOAK_CLIENTS, SOAK_CALLS to change the load
 *
 * @module
 */
import { denoDemoOptions } from "../examples/deno-deploy/options.ts";
import { handleRequest } from "../examples/shared/server.ts";
import { TOOLS } from "../examples/shared/tools.ts";
import { startRestartableRedis } from "../dev/redis_restartable.ts";
import { startUpstashBridge } from "../dev/upstash_bridge.ts";
import {
  connect,
  type Connection,
  nextCursor,
  overLimits,
  rebuild,
  type Result,
} from "../tests/examples/_pages.ts";

const CLIENTS = Number(Deno.env.get("SOAK_CLIENTS") ?? 40);
const CALLS = Number(Deno.env.get("SOAK_CALLS") ?? 3_000);
const LIMITS = { maxTokens: 20_000, maxChars: 50_000 };
/** The calls clients walk, in turn: whole results and narrowed ones. */
const WALKS: [string, Record<string, unknown>][] = [
  ["search_issues", { query: "auth" }],
  ["read_log", { contains: "山田太郎" }],
  ["list_files", { path: "packages/core/src" }],
  ["read_log", {}],
  ["search_issues", {}],
  ["list_files", {}],
  ["activity_report", { weeks: 80 }],
];
/** The outages: redis-server stopped at the first call count, started again at the second. */
const OUTAGES = [[0.25, 0.35], [0.6, 0.7]].map(([a, b]) => [a * CALLS, b * CALLS]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const began = new Date();

const redis = await startRestartableRedis();
const bridge = startUpstashBridge({ redisPort: redis.port });
const env: Record<string, string> = {
  UPSTASH_REDIS_REST_URL: bridge.url,
  UPSTASH_REDIS_REST_TOKEN: bridge.token,
};
const options = await denoDemoOptions((name) => env[name]);
const breakerEvents: string[] = [];
const counts = new Map<string, number>();
const log = options.pagewise.onEvent;
const startedAt = performance.now();
const at = () => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
options.pagewise.onEvent = (event) => {
  counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
  if (event.type === "cache_breaker") {
    breakerEvents.push(
      `${at()} ${event.state} (${event.failures} failures, ${event.coolDownMs} ms)`,
    );
  }
  return log?.(event);
};
// The demo logs every store failure: counted, not printed.
let warnings = 0;
console.warn = () => void warnings++;

const abort = new AbortController();
const server = Deno.serve(
  { hostname: "127.0.0.1", port: 0, signal: abort.signal, onListen() {} },
  (request) => handleRequest(request, options),
);
const url = `http://127.0.0.1:${server.addr.port}/mcp`;

let issued = 0;
let failed = 0;
const failures: string[] = [];
const latencies: number[] = [];
/** Complete walks: the call and its pages. */
const walks: { call: [string, Record<string, unknown>]; pages: Result[] }[] = [];
/** Every page served, of complete walks or not. */
const served: Result[] = [];
const events: string[] = [];

async function client(id: number): Promise<void> {
  const connection: Connection = await connect(url, id % 2 ? "v2" : "v1");
  try {
    for (let w = id; issued < CALLS; w++) {
      const call = WALKS[w % WALKS.length];
      const pages: Result[] = [];
      let cursor: string | undefined;
      do {
        if (issued >= CALLS) return;
        issued++;
        const t = performance.now();
        try {
          const page = await connection.call(call[0], cursor ? { ...call[1], cursor } : call[1]);
          latencies.push(performance.now() - t);
          if (page.isError) throw new Error(JSON.stringify(page.content).slice(0, 200));
          pages.push(page);
          served.push(page);
          cursor = nextCursor(page);
        } catch (error) {
          latencies.push(performance.now() - t);
          failed++;
          if (failures.length < 10) failures.push(`${call[0]}: ${(error as Error).message}`);
          break;
        }
      } while (cursor);
      if (!cursor && pages.length > 0) walks.push({ call, pages });
    }
  } finally {
    await connection.close();
  }
}

async function chaos(): Promise<void> {
  for (const [stopAt, startAt] of OUTAGES) {
    while (issued < stopAt) await sleep(20);
    await redis.stop();
    events.push(`${at()} redis-server stopped (call ${issued})`);
    const stopped = performance.now();
    // Down for at least the breaker's first cool-down (5 s), so that probes fail too.
    while (issued < startAt || performance.now() - stopped < 6_000) {
      if (issued >= CALLS) break;
      await sleep(20);
    }
    await redis.start();
    events.push(`${at()} redis-server started (call ${issued})`);
  }
}

console.log(
  `soak: ${CLIENTS} clients, ${CALLS} calls, the demo at ${url}, Upstash via ${bridge.url}`,
);
const chaosDone = chaos();
await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
const wallMs = performance.now() - startedAt;
await chaosDone.catch((error) => events.push(`chaos failed: ${error}`));
abort.abort();
await server.finished;
await bridge.close();
await redis.close();

// Pages over the limits: each distinct page counted once (walks repeat).
const seen = new Set<string>();
let over = 0;
let pagesServed = 0;
for (const page of served) {
  pagesServed++;
  const key = JSON.stringify(page.content);
  if (seen.has(key)) continue;
  seen.add(key);
  const broken = overLimits(page, LIMITS);
  if (broken.length) over++, failures.push(`over the limits: ${broken.join(", ")}`);
}
// Walks that do not rebuild their tool's output.
let wrong = 0;
const expected = new Map<string, string>();
for (const { call, pages } of walks) {
  const name = JSON.stringify(call);
  const full = TOOLS[call[0]](call[1] as never);
  if (!expected.has(name)) expected.set(name, JSON.stringify(full.content));
  if (JSON.stringify(rebuild(pages, full)) !== expected.get(name)) {
    wrong++;
    if (failures.length < 20) failures.push(`walk of ${name} does not rebuild the output`);
  }
}

const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
console.log(`
| figure | value |
| --- | --- |
| calls made | ${latencies.length} (${CLIENTS} clients, ${(wallMs / 1000).toFixed(1)} s) |
| failed calls | ${failed} |
| complete walks; walks that do not rebuild the output | ${walks.length}; ${wrong} |
| pages over the limits (${seen.size} distinct pages of ${pagesServed} checked) | ${over} |
| latency of a call: p50, p90, p99, max | ${pct(0.5).toFixed(0)} ms, ${pct(0.9).toFixed(0)} ms, ${
  pct(0.99).toFixed(0)
} ms, ${sorted.at(-1)!.toFixed(0)} ms |
| cache events | ${[...counts].map(([k, v]) => `${k} ${v}`).join(", ")} |
| store failures the demo logged | ${warnings} |
| run | ${began.toISOString()}, Deno ${Deno.version.deno} |
`);
console.log("outages:\n  " + events.join("\n  "));
console.log("breaker:\n  " + (breakerEvents.join("\n  ") || "(no event)"));
if (failures.length) console.log("failures:\n  " + failures.join("\n  "));
Deno.exit(failed === 0 && over === 0 && wrong === 0 ? 0 : 1);
