/**
 * The cache's storage layer on a 7 MB result (24,000 trace spans, JSON):
 * what reading one later page costs with the Upstash store (a real
 * redis-server behind the REST bridge, the real client), Deno KV and
 * memoryStore. Prints round trips and bytes per page, then times them.
 *
 *   deno bench -A --unstable-kv bench/cache_bench.ts
 */
import { Redis } from "@upstash/redis";
import { spans } from "../dev/cache_data.ts";
import { memoryStore } from "../src/stores/memory.ts";
import { upstashStore } from "../src/stores/upstash.ts";
import { denoKvStore } from "../src/stores/deno_kv.ts";
import type { PageStore } from "../src/stores/types.ts";
import { openResult, type StoredResult, writeResult } from "../src/cache/stored_result.ts";
import { startRedis } from "../dev/redis.ts";
import { startUpstashBridge } from "../dev/upstash_bridge.ts";

// The spans of dev/cache_data.ts, stored as the cache stores a list: the
// text and the offset of every item.
function traceSpans(count: number): StoredResult {
  const parts = spans(count).map((span) => JSON.stringify(span));
  const starts: number[] = [];
  let at = '{"spans":['.length;
  for (const part of parts) {
    starts.push(at);
    at += part.length + 1;
  }
  const text = `{"spans":[${parts.join(",")}],"count":${count}}`;
  return { meta: { kind: "list", count }, text, index: Uint32Array.from(starts) };
}

const result = traceSpans(24_000);
const PAGES = 199;
const pageChars = Math.ceil(result.text.length / PAGES);
const pageItems = Math.ceil(24_000 / PAGES);
// A page in the middle of the walk.
const item = 12_000;
const start = result.index![item];
const end = start + pageChars;

const server = await startRedis();
const bridge = startUpstashBridge({ redisPort: server.port });
const redis = new Redis({
  url: bridge.url,
  token: bridge.token,
  retry: false,
  enableTelemetry: false,
});
const upstash = upstashStore(redis);
const plainRedis = new Redis({
  url: bridge.url,
  token: bridge.token,
  retry: false,
  enableTelemetry: false,
  responseEncoding: false,
});
const kv = await Deno.openKv(":memory:");
const stores: Record<string, PageStore> = {
  upstash,
  "upstash, uncompressed": { ...upstash, limits: { ...upstash.limits, compress: false } },
  "upstash, responseEncoding: false": upstashStore(plainRedis),
  memory: memoryStore({ maxBytes: 256 * 1024 * 1024 }),
  "memory, compressed": (() => {
    const store = memoryStore({ maxBytes: 256 * 1024 * 1024 });
    return { ...store, limits: { ...store.limits, compress: true } };
  })(),
  "deno kv (:memory:)": denoKvStore(kv),
  "deno kv (:memory:), compressed": (() => {
    const store = denoKvStore(kv, { prefix: ["z"] });
    return { ...store, limits: { ...store.limits, compress: true } };
  })(),
};

const rows: string[] = [];
for (const [name, store] of Object.entries(stores)) {
  bridge.resetCounts();
  const t0 = performance.now();
  const outcome = await writeResult(store, name, result, { ttlSeconds: 3_600, timeoutMs: 60_000 });
  const writeMs = performance.now() - t0;
  if (outcome !== "stored") throw new Error(`${name}: ${outcome}`);
  const written = { requests: bridge.requests, commands: bridge.commands, bytesIn: bridge.bytesIn };

  bridge.resetCounts();
  const reader = await openResult(store, name);
  const entries = await reader!.readIndex(item, item + pageItems + 1);
  const page = await reader!.read(start, end);
  if (page !== result.text.slice(start, end) || entries?.[0] !== start) throw new Error(name);
  const plain = { requests: bridge.requests, bytes: bridge.bytesIn + bridge.bytesOut };

  bridge.resetCounts();
  const prefetched = await openResult(store, name, {
    prefetch: { text: [start, end], index: [item, item + pageItems + 1] },
  });
  await prefetched!.readIndex(item, item + pageItems + 1);
  if ((await prefetched!.read(start, end)) !== page) throw new Error(name);
  const ahead = { requests: bridge.requests, bytes: bridge.bytesIn + bridge.bytesOut };

  if (name.startsWith("upstash")) {
    rows.push(
      `| ${name} | ${
        writeMs.toFixed(0)
      } ms, ${written.requests} requests, ${written.commands} commands, ${
        (written.bytesIn / 1e6).toFixed(2)
      } MB sent | ${plain.requests} requests, ${
        (plain.bytes / 1024).toFixed(1)
      } KiB | ${ahead.requests} request, ${(ahead.bytes / 1024).toFixed(1)} KiB |`,
    );
  } else {
    rows.push(`| ${name} | ${writeMs.toFixed(0)} ms | (in process) | (in process) |`);
  }
}
console.log(
  `result: ${
    (result.text.length / 1e6).toFixed(2)
  } M characters, 24,000 spans; page: ${pageChars} characters, ${pageItems} items`,
);
console.log("| store | write | later page: open + readIndex + read | later page with prefetch |");
console.log("| --- | --- | --- | --- |");
for (const row of rows) console.log(row);

for (const [name, store] of Object.entries(stores)) {
  Deno.bench(`later page, open + readIndex + read: ${name}`, { group: name }, async () => {
    const reader = await openResult(store, name);
    await reader!.readIndex(item, item + pageItems + 1);
    await reader!.read(start, end);
  });
  Deno.bench(`later page, prefetch: ${name}`, { group: name, baseline: true }, async () => {
    const reader = await openResult(store, name, {
      prefetch: { text: [start, end], index: [item, item + pageItems + 1] },
    });
    await reader!.readIndex(item, item + pageItems + 1);
    await reader!.read(start, end);
  });
}

Deno.bench("write the 7 MB result: memory", { group: "write" }, async () => {
  await writeResult(stores.memory, "w", result, { ttlSeconds: 60, timeoutMs: 60_000 });
});
Deno.bench("write the 7 MB result: upstash (compressed)", { group: "write" }, async () => {
  await writeResult(upstash, "w", result, { ttlSeconds: 60, timeoutMs: 60_000 });
});

globalThis.addEventListener("unload", () => {
  kv.close();
});
