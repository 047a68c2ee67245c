// The proxy keeps its last results: a store that forgets a result, its
// record and every chunk of it, once `max` newer results were written. A
// result is the group of keys under one storage key (`pw1:<hash>` and its
// `pw1:<hash>:<chunk>`); a group counts as new when any of its keys is
// written, so a result being written is one of the `max` too. Keys of other
// shapes pass through untracked.

import { memoryStore } from "../stores/memory.ts";
import { pageStore } from "../stores/page_store.ts";
import type { CacheStore, PageStore } from "../stores/types.ts";

/** The proxy's default: its last 16 results, 256 MiB at most, in memory. */
export function lastResultsStore(results = 16, maxBytes = 256 * 1024 * 1024): CacheStore {
  return pageStore(lastResults(memoryStore({ maxEntries: 1e6, maxBytes }), results));
}

export function lastResults(store: PageStore, max: number): PageStore {
  // Insertion order is write order: the first group is the oldest.
  const groups = new Map<string, Set<string>>();
  const remember = (key: string) => {
    if (!key.startsWith("pw1:")) return;
    const colon = key.indexOf(":", 4);
    const base = colon === -1 ? key : key.slice(0, colon);
    const keys = groups.get(base) ?? new Set<string>();
    keys.add(key);
    groups.delete(base);
    groups.set(base, keys);
    while (groups.size > max) {
      const [oldest, gone] = groups.entries().next().value!;
      groups.delete(oldest);
      for (const key of gone) store.delete(key).catch(() => {});
    }
  };
  return {
    limits: store.limits,
    get: (key) => store.get(key),
    getMany: store.getMany && ((keys) => store.getMany!(keys)),
    delete: (key) => store.delete(key),
    set: async (key, value, ttl) => {
      await store.set(key, value, ttl);
      remember(key);
    },
    setMany: store.setMany && (async (entries, ttl) => {
      await store.setMany!(entries, ttl);
      for (const [key] of entries) remember(key);
    }),
  };
}
