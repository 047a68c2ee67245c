/**
 * The optional result cache: a tool's result kept after its first page, so
 * that later pages are read from a store instead of running the tool again.
 *
 * @module
 */

import type { CacheStore } from "../stores/types.ts";

export type { CacheCheck, CacheEvent, CacheOp } from "../paging/events.ts";
export type { CacheStore, PageStore, StoreLimits } from "../stores/types.ts";

/**
 * Options of the cache (`cache` in `paginate`, `createResultPager` and
 * `pagedTool`).
 *
 * The cache only speeds paging up: a call with a cursor reads the stored
 * result before the tool runs, and on a miss (expired, evicted, another
 * region), a store error or a store timeout the tool runs and is paged as
 * without a cache. What the model sees is the same with and without it.
 *
 * **Isolation.** An entry is keyed by the caller's identity, the scope (tool
 * and arguments) and the fingerprint of the result, so a cached result is
 * never read by another caller. The identity is `identify(extra)` when given;
 * else the request's auth token or client id, else its MCP session id. A
 * request with none of these (a stateless server without authorization) has
 * no identity: its entries can be read by any caller that presents one of its
 * cursors. A server whose tools answer differently per user must then pass
 * `identify`.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { createResultPager, memoryStore } from "@pagewise/mcp";
 *
 * let runs = 0;
 * const results = createResultPager({ maxTokens: 1_000, cache: { store: memoryStore() } });
 * const rows = () => (runs++, Array.from({ length: 2_000 }, (_, id) => ({ id })));
 * const first = JSON.parse(String((await results.run(rows, { scope: "rows {}" })).content?.[0].text));
 * const cursor = first.page.next_cursor;
 * const second = await results.run(rows, { scope: "rows {}", cursor });
 * // The second page goes on where the first stopped, and comes from the cache:
 * assertEquals(JSON.parse(String(second.content?.[0].text)).items[0], { id: first.items.length });
 * assertEquals(runs, 1);
 * ```
 */
export interface CacheOptions {
  /**
   * Where results are kept: `memoryStore()`, `upstashStore(redis)`,
   * `denoKvStore(kv)`, `workersKvStore(ns)`, or your own `PageStore` wrapped
   * in `pageStore(store)`, which gives it the cache engine.
   */
  store: CacheStore;
  /** Seconds a result is kept after its first page. Default 600. */
  ttlSeconds?: number;
  /**
   * Milliseconds a store call may take before it counts as a miss. Default
   * 1,000. A page waits at most this long for a write (without `waitUntil`,
   * a longer write goes on after the answer).
   */
  timeoutMs?: number;
  /**
   * The store's circuit breaker, or `false` for none. After `failures`
   * store calls in a row that time out or fail, the store is not called for
   * `coolDownMs` (pages are served by running the tool, without waiting);
   * then one call probes it: if it answers in time, the breaker closes,
   * else the cool-down doubles, up to `maxCoolDownMs`. A late answer is a
   * failure; an answered read does not clear failed writes (nor the other
   * way round). Kept per store object, shared by every cache over it.
   * Reported as `cache_breaker` events.
   */
  breaker?: false | {
    /** Failed store calls in a row (timeouts or errors) that open the breaker. Default 3. */
    failures?: number;
    /** Milliseconds the store is left alone once the breaker opens. Default 5,000. */
    coolDownMs?: number;
    /** The longest cool-down, reached by doubling. Default 60,000, or `coolDownMs` if larger. */
    maxCoolDownMs?: number;
    /** Clock in milliseconds, for tests. Default `Date.now`. */
    now?: () => number;
  };
  /** Cache only these tools (by name). Default: every tool whose result gets cut. */
  tools?: string[];
  /**
   * The caller's identity from the request's `extra` (SDK v1) or `ctx` (v2):
   * a non-empty string (or a promise of one). `undefined` falls back to the
   * request's own identity; anything else, or an `identify` that throws,
   * turns the cache off for that call (the tool runs, nothing is shared).
   */
  identify?: (extra: unknown) => string | undefined | Promise<string | undefined>;
  /**
   * A Worker's `ctx.waitUntil` (bound): writes are handed to it, so they
   * neither delay the answer nor are dropped when the response ends.
   */
  waitUntil?: (promise: Promise<unknown>) => void;
}
