/**
 * An in-process cache store: least recently used entries go first.
 *
 * @module
 */

import { checkKeys } from "../paging/options.ts";
import { cacheEngine } from "../cache/engine.ts";
import { CACHE_ENGINE } from "../cache/_engine_key.ts";
import type { CacheStore, StoreLimits } from "./types.ts";
import { positiveTtl } from "./_ttl.ts";

export type { CacheStore, PageStore, StoreLimits } from "./types.ts";

/** Options of {@linkcode memoryStore}. */
export interface MemoryStoreOptions {
  /** Most entries kept (a cached result is one entry per chunk plus one). Default 10,000. */
  maxEntries?: number;
  /**
   * Most bytes kept, counted as the engine holds strings: one byte per
   * character for Latin-1 text, two otherwise, keys included. Default 32 MiB
   * (a Worker isolate has 128 MB).
   */
  maxBytes?: number;
  /** Clock in milliseconds. Default `Date.now`. */
  now?: () => number;
}

interface Entry {
  value: string;
  expires: number;
  bytes: number;
}

const NON_LATIN1 = /[\u0100-\uffff]/;
const ENTRY_OVERHEAD = 64;

function sizeOf(key: string, value: string): number {
  const width = (text: string) => text.length * (NON_LATIN1.test(text) ? 2 : 1);
  return width(key) + width(value) + ENTRY_OVERHEAD;
}

/**
 * A {@linkcode PageStore} in this isolate's memory: an LRU bounded by entries
 * and bytes, each entry dropped at its TTL. Nothing is shared between
 * isolates or processes, so a later page served by another isolate misses
 * and the tool runs again.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { memoryStore } from "@pagewise/mcp";
 *
 * const store = memoryStore({ maxEntries: 2 });
 * await store.set("a", "T1", 60);
 * await store.set("b", "T2", 60);
 * await store.get("a"); // "a" is now the most recently used
 * await store.set("c", "T3", 60); // evicts "b"
 * assertEquals(await store.get("b"), undefined);
 * assertEquals(await store.get("a"), "T1");
 * ```
 */
export function memoryStore(options: MemoryStoreOptions = {}): CacheStore {
  checkKeys("memoryStore", options, ["maxEntries", "maxBytes", "now"]);
  const maxEntries = positive(options.maxEntries ?? 10_000, "maxEntries");
  const maxBytes = positive(options.maxBytes ?? 32 * 1024 * 1024, "maxBytes");
  if (options.now !== undefined && typeof options.now !== "function") {
    throw new TypeError("memoryStore: now must be a function returning milliseconds.");
  }
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on use keeps the least
  // recently used entry first.
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires <= now()) {
      remove(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };
  const put = (key: string, value: string, ttlSeconds: number) => {
    positiveTtl(ttlSeconds);
    const size = sizeOf(key, value);
    remove(key);
    if (size > maxBytes) {
      throw new RangeError(
        `memoryStore: a value of ${size} bytes does not fit in maxBytes ${maxBytes}; raise maxBytes`,
      );
    }
    const at = now();
    // Expired entries go first, then the least recently used.
    if (entries.size >= maxEntries || bytes + size > maxBytes) {
      for (const [k, entry] of entries) if (entry.expires <= at) remove(k);
    }
    for (const k of entries.keys()) {
      if (entries.size < maxEntries && bytes + size <= maxBytes) break;
      remove(k);
    }
    // A copy: a value cut from a larger string may share its memory, and keep
    // all of it alive for as long as the entry lives.
    entries.set(key, { value: copyOf(value), expires: at + ttlSeconds * 1000, bytes: size });
    bytes += size;
  };

  const limits: StoreLimits = {
    maxValueBytes: maxBytes,
    // Nothing crosses a network: big chunks mean fewer entries and less copying.
    chunkUnits: 65_536,
    capacityBytes: maxBytes,
    compress: false,
    inMemory: true,
  };
  return {
    // The cache engine travels with the store: see src/cache/engine.ts.
    [CACHE_ENGINE]: cacheEngine,
    limits,
    get: (key) => Promise.resolve(live(key)?.value),
    getMany: (keys) => Promise.resolve(keys.map((key) => live(key)?.value)),
    set: (key, value, ttlSeconds) => {
      try {
        put(key, value, ttlSeconds);
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error);
      }
    },
    setMany: (list, ttlSeconds) => {
      try {
        for (const [key, value] of list) put(key, value, ttlSeconds);
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error);
      }
    },
    delete: (key) => Promise.resolve(remove(key)),
  };
}

function positive(value: number, name: string): number {
  if (!(value >= 1)) {
    throw new RangeError(`memoryStore: ${name} must be at least 1, got ${value}`);
  }
  return value;
}

/** A string that shares no memory with `value` (JSON keeps lone surrogates exact). */
function copyOf(value: string): string {
  return JSON.parse(JSON.stringify(value));
}
