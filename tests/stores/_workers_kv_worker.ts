/**
 * A Worker that caches results in a KV namespace with workersKvStore: bundled
 * by the Workers KV test and run in real workerd by Miniflare. It counts the
 * KV operations each request makes.
 */
import { type WorkersKvNamespace, workersKvStore } from "../../src/stores/workers_kv.ts";
import { type CacheEvent, openResult, writeResult } from "../../src/cache/stored_result.ts";

interface Env {
  PAGES: WorkersKvNamespace;
}

interface Context {
  waitUntil(promise: Promise<unknown>): void;
}

function countingNamespace(namespace: WorkersKvNamespace) {
  const counts = { gets: 0, keysRead: 0, charsRead: 0, puts: 0 };
  const counted = {
    get(key: string | string[], type: "text") {
      counts.gets++;
      counts.keysRead += Array.isArray(key) ? key.length : 1;
      // deno-lint-ignore no-explicit-any
      return (namespace.get as any)(key, type).then(
        (found: string | null | Map<string, string | null>) => {
          if (found instanceof Map) {
            for (const v of found.values()) counts.charsRead += v?.length ?? 0;
          } else counts.charsRead += found?.length ?? 0;
          return found;
        },
      );
    },
    put(key: string, value: string, options?: { expirationTtl?: number }) {
      counts.puts++;
      return namespace.put(key, value, options);
    },
    delete: (key: string) => namespace.delete(key),
  } as WorkersKvNamespace;
  return { counted, counts };
}

export default {
  async fetch(request: Request, env: Env, ctx: Context): Promise<Response> {
    const url = new URL(request.url);
    const { counted, counts } = countingNamespace(env.PAGES);
    const store = workersKvStore(counted);
    const events: CacheEvent[] = [];
    const onEvent = (event: CacheEvent) => events.push(event);
    const key = url.searchParams.get("key") ?? "k";
    if (url.pathname === "/write") {
      const { text, index, ttlSeconds } = await request.json();
      const outcome = await writeResult(
        store,
        key,
        { meta: { length: text.length }, text, index: index && Uint32Array.from(index) },
        {
          ttlSeconds,
          timeoutMs: 10_000,
          onEvent,
          waitUntil: url.searchParams.has("defer") ? (p) => ctx.waitUntil(p) : undefined,
        },
      );
      return Response.json({ outcome, counts, events });
    }
    const reader = await openResult(store, key, { onEvent });
    if (reader === undefined) return Response.json({ miss: true, counts, events });
    const start = Number(url.searchParams.get("start") ?? 0);
    const end = Number(url.searchParams.get("end") ?? reader.length);
    const before = { ...counts };
    const text = await reader.read(start, end);
    const read = {
      gets: counts.gets - before.gets,
      keysRead: counts.keysRead - before.keysRead,
      charsRead: counts.charsRead - before.charsRead,
    };
    const from = Number(url.searchParams.get("from") ?? 0);
    const to = Number(url.searchParams.get("to") ?? 0);
    const index = to > from ? Array.from((await reader.readIndex(from, to)) ?? []) : [];
    return Response.json({ meta: reader.meta, length: reader.length, text, index, read, events });
  },
};
