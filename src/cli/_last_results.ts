// The proxy keeps its last results: a store that forgets a result's record
// once more than `max` newer ones were stored. A result without its record
// is a miss, and its chunks leave with the store's own eviction and TTLs.

import { isRecordKey } from "../_stored_result.ts";
import type { PageStore } from "../stores/types.ts";

export function lastResults(store: PageStore, max: number): PageStore {
  const records = new Set<string>();
  const remember = (key: string) => {
    if (!isRecordKey(key)) return;
    records.delete(key);
    records.add(key);
    while (records.size > max) {
      const oldest = records.values().next().value!;
      records.delete(oldest);
      store.delete(oldest).catch(() => {});
    }
  };
  return {
    ...store,
    limits: store.limits,
    get: (key) => store.get(key),
    getMany: store.getMany && ((keys) => store.getMany!(keys)),
    getRange: store.getRange && ((key, start, end) => store.getRange!(key, start, end)),
    delete: (key) => (records.delete(key), store.delete(key)),
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
