// The cache as the paging layer uses it: its checked options, and what it is
// given to use (the store's breaker, this isolate's memory of the store, the
// seal its values are signed and checked with), made by `resolveCache` and
// passed to every function that reads or keeps a result.

import type { CacheEvent } from "../paging/events.ts";
import type { PageStore } from "../stores/types.ts";
import type { Breaker } from "./breaker.ts";
import type { StoreMemory } from "./_memory.ts";
import type { Seal } from "./_seal.ts";

/** How a cache is used: see `CacheOptions` in the adapters. */
export interface Cache {
  store: PageStore;
  ttlSeconds: number;
  timeoutMs: number;
  waitUntil?: (promise: Promise<unknown>) => void;
  onEvent: (event: CacheEvent) => void;
  /** The store's breaker; none when switched off. */
  breaker?: Breaker;
  /** What this isolate remembers of the store, shared by every cache over it. */
  memory: StoreMemory;
  /** What signs the values this cache writes and checks those it reads: the pager's secret, or none. */
  seal: Seal;
}
