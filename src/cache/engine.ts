// The cache engine: checking a cache's options, keeping a result and serving
// a later page from it. Every store pagewise makes carries it (under
// CACHE_ENGINE), and `pageStore` gives it to a store of one's own, so that the
// paging layer reaches it only through the store it is given: code that
// pages without a cache never imports it, and a bundle leaves it out.

import type { Cache } from "./cache.ts";
import { resolveCache } from "./resolve.ts";
import { keepSource, servePage } from "./serve.ts";

/** What a store carries for the paging layer to cache with. */
export interface CacheEngine {
  /** Checks a cache's options and makes the `Cache` the others take: {@linkcode resolveCache}. */
  resolve(...args: Parameters<typeof resolveCache>): Cache | undefined;
  /** Keeps the source of a cut result: {@linkcode keepSource}. */
  keep(...args: Parameters<typeof keepSource>): ReturnType<typeof keepSource>;
  /** The page at a cursor from a kept result, or undefined on a miss: {@linkcode servePage}. */
  serve(...args: Parameters<typeof servePage>): ReturnType<typeof servePage>;
}

/** The engine, one object for every store. */
export const cacheEngine: CacheEngine = {
  resolve: resolveCache,
  keep: keepSource,
  serve: servePage,
};
