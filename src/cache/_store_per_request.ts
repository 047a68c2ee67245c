// Telling the author of a cache that can never hit: a store whose entries
// live in the store object (`limits.inMemory`, a `memoryStore()`) made inside
// the request handler is a new, empty store on every request, so the page
// that keeps a result keeps it in a store no later page reads. Seen from one
// later page: the result it asks for is absent from its store, this process
// kept that very result in another store object, and this store, made moments
// before, has been given nothing to keep. A cold isolate that lost its memory has kept nothing
// (its registry is as new as its store): no warning there. A store over a
// backend (Upstash, KV) made per request shares the backend's entries, so
// it is left alone: its misses are the backend's.
//
// This is process-wide on purpose, the one thing the requests of such a
// server share; it only ever tells, never changes a page.

import type { StoreMemory } from "./_memory.ts";
import type { Cache } from "./cache.ts";
import { storageKey } from "./stored_result.ts";

// The store (by its memory) each result was kept in lately, by storage key;
// held weakly, so that the memory of a store gone can go too.
const keptIn = new Map<string, WeakRef<StoreMemory>>();
const MOST_KEPT = 256;
// How old a store may be and still have been made for the request that reads it.
const MADE_FOR_THIS_REQUEST_MS = 2_000;
// Stores given a result to keep by this process.
const keepers = new WeakSet<StoreMemory>();
let warned = false;

/** What the author reads, once a process, and every `cache_warning` event says. */
export const STORE_PER_REQUEST =
  "pagewise: the cache never hits: a later page's result was kept in another store object " +
  "of this process, and the one it is read from has held nothing. A store made inside the " +
  "request handler (memoryStore() in a server made per request) is new and empty on every " +
  "request. Make the store once, outside the handler (`const store = memoryStore();` at " +
  "module level), and pass it: `cache: { store }`.";

/** Notes that `cache`'s store was given the result under the cache key `key` to keep. */
export async function noteKept(cache: Cache, key: string): Promise<void> {
  if (cache.store.limits.inMemory !== true) return;
  const memory = cache.memory;
  keepers.add(memory);
  // By storage key (a digest, as the store and its events name the result):
  // the caller's identity in the cache key stays out of this registry.
  const stored = await storageKey(key);
  keptIn.delete(stored);
  keptIn.set(stored, new WeakRef(memory));
  if (keptIn.size > MOST_KEPT) keptIn.delete(keptIn.keys().next().value!);
}

/**
 * Tells the author (a `cache_warning` event, and one console warning a
 * process) when the result under `storageKey`, absent from `cache`'s store,
 * was kept in another store by this process and this one has kept nothing.
 */
export function noteAbsent(cache: Cache, storageKey: string): void {
  if (cache.store.limits.inMemory !== true) return;
  const memory = cache.memory;
  const other = keptIn.get(storageKey);
  if (other === undefined || other.deref() === memory || keepers.has(memory)) return;
  // A store made in the handler was made moments before its first read; one
  // made long ago that has kept nothing is another server's, not this mistake.
  if (Date.now() - memory.since > MADE_FOR_THIS_REQUEST_MS) return;
  cache.onEvent({
    type: "cache_warning",
    key: storageKey,
    warning: "store_per_request",
    message: STORE_PER_REQUEST,
  });
  if (warned) return;
  warned = true;
  console.warn(STORE_PER_REQUEST);
}
