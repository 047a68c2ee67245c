/**
 * The one interface every cache store implements.
 *
 * @module
 */

import type { CACHE_ENGINE } from "../cache/_engine_key.ts";

/**
 * What a backend accepts, so that a stored result is cut into values it can hold.
 *
 * @example
 * ```ts
 * import { assertThrows } from "@std/assert";
 * import { createResultPager, memoryStore, type StoreLimits } from "@pagewise/mcp";
 *
 * const limits: StoreLimits = { maxValueBytes: 65_536, chunkUnits: 16_384 };
 * const store = { ...memoryStore(), limits };
 * createResultPager({ cache: { store } });
 * // Limits are checked when the pager is made: chunks of fewer than 256 units are refused.
 * const tiny = { ...store, limits: { ...limits, chunkUnits: 100 } };
 * assertThrows(
 *   () => createResultPager({ cache: { store: tiny } }),
 *   TypeError,
 *   "chunkUnits must be a whole number from 256",
 * );
 * ```
 */
export interface StoreLimits {
  /** Largest value the backend takes, in UTF-8 bytes. */
  readonly maxValueBytes: number;
  /**
   * Characters (UTF-16 code units) of a result per stored chunk. A page read
   * moves at most about two chunks more than the page, and a write makes one
   * backend write per chunk: small for byte-billed stores, large for stores
   * that bill or limit writes.
   */
  readonly chunkUnits: number;
  /** Total bytes the store can hold; a result larger than this is not stored. */
  readonly capacityBytes?: number;
  /** Whether chunks should be compressed (pays where bytes cross a network). */
  readonly compress?: boolean;
  /**
   * Entries are held by this store object, in the isolate's memory (as
   * `memoryStore` holds them): another store object, even one made with the
   * same options, holds none of them. pagewise then warns when a store made
   * per request (which never hits) is read.
   */
  readonly inMemory?: boolean;
}

/**
 * A key-value store for cached results: strings in, strings out, every value
 * with a time to live. Values are well-formed strings (no lone surrogates)
 * that never parse as JSON, so stores that send them as JSON or UTF-8 keep
 * them exactly.
 *
 * A store may throw or reject on any failure; pagewise catches it, applies its
 * own timeout to every call (default 1 s) and treats it as a miss.
 *
 * @example A store over a `Map`, enough for tests
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import type { PageStore } from "@pagewise/mcp";
 *
 * const map = new Map<string, string>();
 * const store: PageStore = {
 *   limits: { maxValueBytes: 1 << 20, chunkUnits: 16_384 },
 *   get: (key) => Promise.resolve(map.get(key)),
 *   set: (key, value) => Promise.resolve(void map.set(key, value)),
 *   delete: (key) => Promise.resolve(void map.delete(key)),
 * };
 * await store.set("k", "Tvalue", 60);
 * assertEquals(await store.get("k"), "Tvalue");
 * await store.delete("k");
 * assertEquals(await store.get("k"), undefined);
 * ```
 */
export interface PageStore {
  /** What the backend accepts. */
  readonly limits: StoreLimits;
  /** The value at `key`, or `undefined` when absent or expired. */
  get(key: string): Promise<string | undefined>;
  /**
   * Values of several keys in one round trip where the backend allows
   * (pipeline, MGET, getMany); `undefined` for each key absent or expired.
   */
  getMany?(keys: readonly string[]): Promise<(string | undefined)[]>;
  /**
   * Stores `value` at `key` for `ttlSeconds`: positive, often fractional (the
   * time left of a result's TTL). Keep it no longer, to the millisecond where
   * the backend can; round up where it cannot.
   */
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Stores several values, each for `ttlSeconds`, in as few round trips as the backend allows. */
  setMany?(entries: readonly (readonly [string, string])[], ttlSeconds: number): Promise<void>;
  /** Removes `key`; no error when it is absent. */
  delete(key: string): Promise<void>;
}

/**
 * A {@linkcode PageStore} that carries pagewise's cache engine: what
 * `cache.store` takes. `memoryStore()`, `upstashStore(redis)`,
 * `denoKvStore(kv)` and `workersKvStore(ns)` make one; `pageStore(store)`
 * makes one of a store of your own. The engine travels with the store so that
 * a server without a cache bundles none of it.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { createResultPager, memoryStore, type CacheStore } from "@pagewise/mcp";
 *
 * const store: CacheStore = memoryStore();
 * // A copy keeps the engine (with other limits, say): later pages come from it.
 * const small: CacheStore = { ...store, limits: { ...store.limits, chunkUnits: 1_024 } };
 * const results = createResultPager({ maxTokens: 1_000, cache: { store: small } });
 * let runs = 0;
 * const rows = () => (runs++, Array.from({ length: 2_000 }, (_, id) => ({ id })));
 * const first = JSON.parse(String((await results.run(rows, { scope: "rows {}" })).content?.[0].text));
 * await results.run(rows, { scope: "rows {}", cursor: first.page.next_cursor });
 * assertEquals(runs, 1);
 * ```
 */
export interface CacheStore extends PageStore {
  /**
   * The cache engine, for pagewise's own use: set by the factories and `pageStore`.
   *
   * @ignore
   */
  readonly [CACHE_ENGINE]: unknown;
}
