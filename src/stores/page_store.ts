/**
 * A store of one's own made fit for `cache.store`.
 *
 * @module
 */

import { cacheEngine } from "../cache/engine.ts";
import { CACHE_ENGINE } from "../cache/_engine_key.ts";
import { invalid } from "../paging/options.ts";
import type { CacheStore, PageStore } from "./types.ts";
import { isPageStore } from "./_shape.ts";

export type { CacheStore, PageStore, StoreLimits } from "./types.ts";

/**
 * Gives your own {@linkcode PageStore} pagewise's cache engine, so that it
 * can be a cache's `store`: returns `store` itself, the engine added to it
 * (the stores pagewise makes come with it). The engine travels with the
 * store rather than with the pager, so that a server without a cache
 * bundles none of it. Its `limits` are checked when the cache is made.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { createResultPager, pageStore } from "@pagewise/mcp";
 *
 * const map = new Map<string, string>();
 * const store = pageStore({
 *   limits: { maxValueBytes: 1 << 20, chunkUnits: 16_384 },
 *   get: (key) => Promise.resolve(map.get(key)),
 *   set: (key, value) => Promise.resolve(void map.set(key, value)),
 *   delete: (key) => Promise.resolve(void map.delete(key)),
 * });
 * let runs = 0;
 * const results = createResultPager({ maxTokens: 1_000, cache: { store } });
 * const rows = () => (runs++, Array.from({ length: 2_000 }, (_, id) => ({ id })));
 * const first = JSON.parse(String((await results.run(rows, { scope: "rows {}" })).content?.[0].text));
 * await results.run(rows, { scope: "rows {}", cursor: first.page.next_cursor });
 * // The second page came from the map:
 * assertEquals(runs, 1);
 * ```
 */
export function pageStore<S extends PageStore>(store: S): S & CacheStore {
  if (typeof store !== "object" || !isPageStore(store)) {
    throw invalid("pageStore's store", "a PageStore: limits, get, set and delete", store);
  }
  if (!Object.isExtensible(store)) {
    throw new TypeError(
      "pagewise: pageStore adds the cache engine to the store it is given, and this one is " +
        "frozen or sealed: pass an object it can add a property to.",
    );
  }
  // Added to the store itself, not a copy: a store's breaker and what this
  // isolate remembers of it are kept per store object, and a class's methods
  // live on its prototype. Enumerable, so that `{ ...store }` keeps it.
  const cannot = "pagewise: pageStore cannot add the cache engine to this store (a Proxy or a " +
    "stub that decides its own properties?): pass a plain object whose get, set and delete call " +
    "it, and its limits.";
  try {
    Object.defineProperty(store, CACHE_ENGINE, {
      value: cacheEngine,
      enumerable: true,
      configurable: true,
    });
  } catch (error) {
    throw new TypeError(cannot, { cause: error });
  }
  // A Proxy may take the property and not give it back: the cache would
  // refuse the store later, saying to wrap what was wrapped.
  if ((store as Partial<CacheStore>)[CACHE_ENGINE] !== cacheEngine) throw new TypeError(cannot);
  return store as S & CacheStore;
}
