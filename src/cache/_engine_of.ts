// The cache engine a pager is given with its cache's store. Imports nothing
// of the engine's code (only its type): a pager without a cache bundles none.

import { checkKeys, invalid } from "../paging/options.ts";
import type { CacheOptions } from "./cache_options.ts";
import type { CacheEngine } from "./engine.ts";
import { CACHE_ENGINE } from "./_engine_key.ts";
import { isPageStore } from "../stores/_shape.ts";

/** The options of a cache (`CacheOptions`' keys): checked here and by the engine's `resolve`. */
export const CACHE_KEYS = [
  "store",
  "ttlSeconds",
  "timeoutMs",
  "breaker",
  "tools",
  "identify",
  "waitUntil",
] as const;

/**
 * The engine carried by `options.store`, or undefined without a cache.
 * Throws when there is a store but no engine: a `PageStore` of one's own is
 * told to be wrapped in `pageStore`, anything else what a store is. The keys
 * are checked first, so that a mistyped `store` is named as such; the rest of
 * the options is the engine's to check (`resolve`).
 */
export function engineOf(options: CacheOptions | undefined): CacheEngine | undefined {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw invalid("cache", "an object with a store ({ store })", options);
  }
  // The store itself given as the cache: say where it goes, not which of its members is unknown.
  const given = options as unknown as Record<string, unknown>;
  if (typeof given.get === "function" && typeof given.set === "function" && !("store" in given)) {
    throw new TypeError(
      "pagewise: cache takes options with the store in them: pass cache: { store }, not the store.",
    );
  }
  checkKeys("cache", options, CACHE_KEYS);
  const store: unknown = options.store;
  if (store === null || (typeof store !== "object" && typeof store !== "function")) {
    throw invalid("cache.store", "a PageStore (memoryStore(), upstashStore(redis), …)", store);
  }
  const engine = (store as Partial<Record<typeof CACHE_ENGINE, Partial<CacheEngine>>>)[
    CACHE_ENGINE
  ];
  if (
    engine && typeof engine.resolve === "function" && typeof engine.keep === "function" &&
    typeof engine.serve === "function"
  ) {
    return engine as CacheEngine;
  }
  if (isPageStore(store)) {
    throw new TypeError(
      "pagewise: cache.store is a PageStore without this pagewise's cache engine: wrap your own " +
        'PageStore in pageStore(store) (from "@pagewise/mcp"), which gives it the engine; ' +
        "memoryStore(), upstashStore(), denoKvStore() and workersKvStore() come with it. A store " +
        "made by another copy of pagewise in this program (installed twice) needs this copy's " +
        "pageStore too, or to be made by this copy.",
    );
  }
  throw invalid("cache.store", "a PageStore (memoryStore(), upstashStore(redis), …)", store);
}
