/**
 * A cache store on Cloudflare Workers KV, through a KV namespace binding.
 *
 * Workers KV limits designed for (Cloudflare documentation, checked 2026-11):
 * values ≤ 25 MiB, keys ≤ 512 bytes, `expirationTtl` ≥ 60 s, bulk `get` of
 * ≤ 100 keys (one operation), 1,000 operations a Worker invocation, one
 * write a second to the same key, eventually consistent across locations
 * (about 60 s). Free plan: 100,000 reads and 1,000 writes a day. So chunks
 * are large (128K characters: a 7 MB result is about 60 writes), and a TTL
 * under 60 s is kept in the value: the entry is never served after its
 * deadline, though KV may hold it until 60 s.
 *
 * @example
 * Not run as a doc test: it needs a Worker's KV binding (`env.PAGES`); see
 * {@linkcode workersKvStore} for one over a `Map` that runs anywhere.
 * ```ts ignore no-assert
 * import { type CacheStore } from "@pagewise/mcp";
 * import { type WorkersKvNamespace, workersKvStore } from "@pagewise/mcp/workers-kv";
 *
 * // One store per isolate: its breaker then sees every request's calls.
 * let store: CacheStore | undefined;
 * export default {
 *   fetch(request: Request, env: { PAGES: WorkersKvNamespace }) {
 *     store ??= workersKvStore(env.PAGES);
 *     // … paginate(server, { cache: { store } }), then the request …
 *   },
 * };
 * ```
 *
 * @module
 */

import { checkKeys, invalid } from "../paging/options.ts";
import { checkClient } from "./_client.ts";
import { cacheEngine } from "../cache/engine.ts";
import { CACHE_ENGINE } from "../cache/_engine_key.ts";
import type { CacheStore, StoreLimits } from "./types.ts";
import { positiveTtl } from "./_ttl.ts";

export type { CacheStore, PageStore, StoreLimits } from "./types.ts";

/** The part of a Workers `KVNamespace` that {@linkcode workersKvStore} uses. */
export interface WorkersKvNamespace {
  /** One value, `null` when absent. */
  get(key: string, type: "text"): Promise<string | null>;
  /** Up to 100 values in one operation. */
  get(keys: string[], type: "text"): Promise<Map<string, string | null>>;
  /** Writes a value; `expirationTtl` in seconds, at least 60. */
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
  /** Removes a value. */
  delete(key: string): Promise<void>;
}

/** Options of {@linkcode workersKvStore}. */
export interface WorkersKvStoreOptions {
  /** Prepended to every key. Default `""`. */
  prefix?: string;
  /** Clock in milliseconds. Default `Date.now`. */
  now?: () => number;
}

const MAX_VALUE = 25 * 1024 * 1024;
const BULK_GET = 100;
const MIN_TTL = 60;

/**
 * A {@linkcode PageStore} on a Workers KV namespace. Several keys are read with
 * bulk `get` (100 keys an operation); each value carries its deadline.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { workersKvStore, type WorkersKvNamespace } from "@pagewise/mcp/workers-kv";
 *
 * const map = new Map<string, string>();
 * const namespace = {
 *   get: (key: string | string[]) =>
 *     Promise.resolve(
 *       Array.isArray(key) ? new Map(key.map((k) => [k, map.get(k) ?? null])) : map.get(key) ?? null,
 *     ),
 *   put: (key: string, value: string) => Promise.resolve(void map.set(key, value)),
 *   delete: (key: string) => Promise.resolve(void map.delete(key)),
 * } as WorkersKvNamespace;
 * const store = workersKvStore(namespace);
 * await store.set("k", "Tvalue", 60);
 * assertEquals(await store.get("k"), "Tvalue");
 * assertEquals(await store.get("missing"), undefined);
 * ```
 */
export function workersKvStore(
  namespace: WorkersKvNamespace,
  options: WorkersKvStoreOptions = {},
): CacheStore {
  checkClient(
    "workersKvStore",
    namespace,
    ["get", "put", "delete"],
    "a KV namespace binding (env.NAME)",
  );
  checkKeys("workersKvStore", options, ["prefix", "now"]);
  if (options.prefix !== undefined && typeof options.prefix !== "string") {
    throw invalid("workersKvStore's prefix", "a string", options.prefix);
  }
  const prefix = options.prefix ?? "";
  const now = options.now ?? Date.now;
  const limits: StoreLimits = {
    maxValueBytes: MAX_VALUE - 64,
    chunkUnits: 131_072,
    compress: true,
  };
  // "<deadline in base 36>:<value>"
  const unwrap = (stored: string | null | undefined): string | undefined => {
    if (typeof stored !== "string") return undefined;
    const colon = stored.indexOf(":");
    const deadline = colon > 0 ? parseInt(stored.slice(0, colon), 36) : NaN;
    return deadline > now() ? stored.slice(colon + 1) : undefined;
  };
  const put = (key: string, value: string, ttlSeconds: number) => {
    const seconds = positiveTtl(ttlSeconds);
    const deadline = Math.ceil(now() + seconds * 1000);
    return namespace.put(prefix + key, `${deadline.toString(36)}:${value}`, {
      expirationTtl: Math.max(MIN_TTL, Math.ceil(seconds)),
    });
  };
  return {
    // The cache engine travels with the store: see src/cache/engine.ts.
    [CACHE_ENGINE]: cacheEngine,
    limits,
    async get(key) {
      return unwrap(await namespace.get(prefix + key, "text"));
    },
    async getMany(keys) {
      const batches: Promise<Map<string, string | null>>[] = [];
      for (let i = 0; i < keys.length; i += BULK_GET) {
        batches.push(namespace.get(keys.slice(i, i + BULK_GET).map((k) => prefix + k), "text"));
      }
      const found = new Map<string, string | null>();
      for (const batch of await Promise.all(batches)) {
        for (const [key, value] of batch) found.set(key, value);
      }
      return keys.map((key) => unwrap(found.get(prefix + key)));
    },
    async set(key, value, ttlSeconds) {
      await put(key, value, ttlSeconds);
    },
    async setMany(entries, ttlSeconds) {
      await Promise.all(entries.map(([key, value]) => put(key, value, ttlSeconds)));
    },
    async delete(key) {
      await namespace.delete(prefix + key);
    },
  };
}
