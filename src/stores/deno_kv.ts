/**
 * A cache store on Deno KV (Deno Deploy, or a local database with
 * `--unstable-kv`).
 *
 * Deno KV limits designed for (measured with Deno 2.9): values ≤ 64 KiB
 * serialized ("Value too large (max 65536 bytes)"), keys ≤ 2 KiB, `getMany` ≤ 10
 * keys ("Too many ranges (max 10)"), an atomic operation ≤ 1,000 mutations and
 * ≤ 819,200 bytes of keys and values. Expiry
 * (`expireIn`) is lazy: an entry can be read well after it (1.5 s measured),
 * so every value carries its deadline and a read past it is a miss.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { denoKvStore } from "@pagewise/mcp/deno-kv";
 *
 * const kv = await Deno.openKv(":memory:");
 * const store = denoKvStore(kv);
 * await store.set("k", "Tvalue", 60);
 * assertEquals(await store.get("k"), "Tvalue");
 * assertEquals(await store.get("missing"), undefined);
 * kv.close();
 * ```
 *
 * @module
 */

import { checkKeys, invalid } from "../paging/options.ts";
import { checkClient } from "./_client.ts";
import { cacheEngine } from "../cache/engine.ts";
import { CACHE_ENGINE } from "../cache/_engine_key.ts";
import type { CacheStore, StoreLimits } from "./types.ts";
import { ttlMilliseconds } from "./_ttl.ts";

export type { CacheStore, PageStore, StoreLimits } from "./types.ts";

/** A part of a Deno KV key. */
export type DenoKvKeyPart = string | number | bigint | boolean | Uint8Array;

/** The part of a `Deno.Kv` that {@linkcode denoKvStore} uses; `Deno.Kv` fits it. */
export interface DenoKv {
  /** One entry (`value` is `null` when absent). */
  get(key: readonly DenoKvKeyPart[]): Promise<{ value: unknown }>;
  /** Up to 10 entries in one call. */
  getMany(keys: readonly (readonly DenoKvKeyPart[])[]): Promise<{ value: unknown }[]>;
  /** Removes an entry. */
  delete(key: readonly DenoKvKeyPart[]): Promise<void>;
  /** Starts an atomic operation. */
  atomic(): DenoKvAtomic;
}

/** The part of a `Deno.AtomicOperation` that {@linkcode denoKvStore} uses. */
export interface DenoKvAtomic {
  /** Queues a write; `expireIn` in milliseconds. */
  set(key: readonly DenoKvKeyPart[], value: unknown, options?: { expireIn?: number }): unknown;
  /** Applies the queued writes. */
  commit(): Promise<{ ok: boolean }>;
}

/** Options of {@linkcode denoKvStore}. */
export interface DenoKvStoreOptions {
  /** Key prefix of every entry. Default `["pagewise"]`. */
  prefix?: readonly DenoKvKeyPart[];
  /** Clock in milliseconds. Default `Date.now`. */
  now?: () => number;
}

const MAX_VALUE = 65_536;
const GET_MANY = 10;
const ATOMIC_BYTES = 800 * 1024;
const ATOMIC_MUTATIONS = 1_000;
const WIDE = /[\u0100-\uffff]/;
/** Room for the wrapper object, the deadline and V8's serialization headers. */
const WRAPPER_BYTES = 256;

interface Wrapped {
  d: number;
  v: string;
}

/**
 * A {@linkcode PageStore} on Deno KV. Chunks of about 21K characters keep each
 * value under 64 KiB whatever the text; several keys are read with
 * concurrent `getMany` calls of 10 and written in atomic operations of at most
 * 800 KiB.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { denoKvStore } from "@pagewise/mcp/deno-kv";
 *
 * const kv = await Deno.openKv(":memory:");
 * const store = denoKvStore(kv, { prefix: ["cache", "v1"] });
 * await store.setMany!([["a", "T1"], ["b", "T2"]], 60);
 * assertEquals(await store.getMany!(["a", "b", "c"]), ["T1", "T2", undefined]);
 * kv.close();
 * ```
 */
export function denoKvStore(kv: DenoKv, options: DenoKvStoreOptions = {}): CacheStore {
  checkClient(
    "denoKvStore",
    kv,
    ["get", "getMany", "atomic", "delete"],
    "a Deno KV database (what openKv of Deno gives)",
  );
  checkKeys("denoKvStore", options, ["prefix", "now"]);
  if (
    options.prefix !== undefined &&
    !(Array.isArray(options.prefix) &&
      options.prefix.every((part) =>
        ["string", "number", "bigint", "boolean"].includes(typeof part) ||
        part instanceof Uint8Array
      ))
  ) {
    throw invalid(
      "denoKvStore's prefix",
      "a list of key parts (strings, numbers…)",
      options.prefix,
    );
  }
  const prefix = options.prefix ?? ["pagewise"];
  const now = options.now ?? Date.now;
  const limits: StoreLimits = {
    maxValueBytes: MAX_VALUE - WRAPPER_BYTES,
    chunkUnits: 32_768,
    compress: false,
  };
  const keyOf = (key: string) => [...prefix, key];
  const unwrap = (entry: { value: unknown }): string | undefined => {
    const value = entry.value as Wrapped | null;
    if (value === null || typeof value !== "object" || typeof value.v !== "string") {
      return undefined;
    }
    return value.d > now() ? value.v : undefined;
  };
  const wrap = (value: string, ttlSeconds: number): Wrapped => ({
    d: now() + ttlMilliseconds(ttlSeconds),
    v: value,
  });
  return {
    // The cache engine travels with the store: see src/cache/engine.ts.
    [CACHE_ENGINE]: cacheEngine,
    limits,
    async get(key) {
      return unwrap(await kv.get(keyOf(key)));
    },
    async getMany(keys) {
      const batches: Promise<{ value: unknown }[]>[] = [];
      for (let i = 0; i < keys.length; i += GET_MANY) {
        batches.push(kv.getMany(keys.slice(i, i + GET_MANY).map(keyOf)));
      }
      return (await Promise.all(batches)).flat().map(unwrap);
    },
    async set(key, value, ttlSeconds) {
      await commit(kv.atomic(), [[key, value]], ttlSeconds);
    },
    async setMany(entries, ttlSeconds) {
      const writes: Promise<void>[] = [];
      let batch: (readonly [string, string])[] = [];
      let bytes = 0;
      for (const entry of entries) {
        const size = serializedSize(entry[0]) + serializedSize(entry[1]) + WRAPPER_BYTES;
        if (
          batch.length > 0 && (bytes + size > ATOMIC_BYTES || batch.length === ATOMIC_MUTATIONS)
        ) {
          writes.push(commit(kv.atomic(), batch, ttlSeconds));
          batch = [];
          bytes = 0;
        }
        batch.push(entry);
        bytes += size;
      }
      if (batch.length > 0) writes.push(commit(kv.atomic(), batch, ttlSeconds));
      await Promise.all(writes);
    },
    async delete(key) {
      await kv.delete(keyOf(key));
    },
  };

  async function commit(
    atomic: DenoKvAtomic,
    entries: readonly (readonly [string, string])[],
    ttlSeconds: number,
  ): Promise<void> {
    for (const [key, value] of entries) {
      atomic.set(keyOf(key), wrap(value, ttlSeconds), { expireIn: ttlMilliseconds(ttlSeconds) });
    }
    const result = await atomic.commit();
    if (!result.ok) throw new Error("denoKvStore: an atomic write was not committed");
  }
}

/** V8 serializes a string as one byte a unit when all are Latin-1, else two. */
function serializedSize(text: string): number {
  return text.length * (WIDE.test(text) ? 2 : 1);
}
