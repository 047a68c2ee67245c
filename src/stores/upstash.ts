/**
 * A cache store on Upstash Redis, over its REST API with the `@upstash/redis`
 * client you build (the default entry, or `@upstash/redis/cloudflare` in a
 * Worker). This is the only module of pagewise that depends on
 * `@upstash/redis`, and only for its types.
 *
 * Upstash limits designed for (Upstash documentation, checked 2026-11; Free
 * and Pay-as-you-go plans; higher on Fixed/Pro plans and by request):
 * - request size: 10 MB a request ("ERR max request size exceeded"): writes
 *   go in pipelines of at most 4 MiB of JSON;
 * - record size: 100 MB a key ("ERR max single record size exceeded");
 * - key size: 32 KB (pagewise keys are about 60 bytes);
 * - commands: 10,000 a second; Free 500K a month; Pay-as-you-go billed per
 *   command ($0.20 per 100K): a pipeline or MGET of n keys is one request, a
 *   pipeline of n SETs counts n commands, an MGET counts one. Chunks of 32K
 *   characters keep a 7 MB result at about 250 SETs (text and index) and a
 *   later page at one request and one command (`MGET` of the record and the
 *   page's chunks, with `prefetch`).
 * - timeouts: Upstash documents no per-command limit for these commands;
 *   pagewise applies its own (default 1 s) to every call, and the client
 *   retries network errors 5 times with backoff unless built with
 *   `retry: false` (pagewise stops waiting at its timeout either way).
 *
 * Build the client with `responseEncoding: false` to save a quarter of the
 * bytes: pagewise's values are already well-formed text, so Upstash's base64
 * of them only adds size.
 *
 * @example
 * Not run as a doc test: it needs an Upstash database (its URL and token) on
 * the network; the store's tests run against a local stand-in (tests/stores/).
 * ```ts ignore no-assert
 * import { Redis } from "@upstash/redis/cloudflare";
 * import { upstashStore } from "@pagewise/mcp/upstash";
 *
 * const redis = new Redis({
 *   url: "https://<your database>.upstash.io",
 *   token: "<its REST token>",
 *   responseEncoding: false,
 * });
 * const store = upstashStore(redis); // once, outside the request handler: one breaker
 * ```
 *
 * @module
 */

import type { Redis } from "@upstash/redis";
import { checkClient } from "./_client.ts";
import { cacheEngine } from "../cache/engine.ts";
import { CACHE_ENGINE } from "../cache/_engine_key.ts";
import type { CacheStore, StoreLimits } from "./types.ts";
import { ttlMilliseconds } from "./_ttl.ts";

export type { CacheStore, PageStore, StoreLimits } from "./types.ts";

/**
 * The part of an `@upstash/redis` `Redis` that {@linkcode upstashStore} uses;
 * a `Redis` from either entry fits it.
 */
export interface UpstashRedis {
  /** `GET key`. */
  get(key: string): Promise<unknown>;
  /** `MGET key…`: one command for several keys. */
  mget(...keys: string[]): Promise<unknown[]>;
  /** `SET key value PX milliseconds`. */
  set(key: string, value: string, options: { px: number }): Promise<unknown>;
  /** `DEL key…`. */
  del(...keys: string[]): Promise<number>;
  /** A pipeline: several commands in one request. */
  pipeline(): UpstashPipeline;
}

/** The part of an `@upstash/redis` pipeline that {@linkcode upstashStore} uses. */
export interface UpstashPipeline {
  /** Queues `SET key value PX milliseconds`. */
  set(key: string, value: string, options: { px: number }): unknown;
  /** Sends the queued commands; rejects if one failed. */
  exec(): Promise<unknown[]>;
}

// A compile-time check that the real client fits the structural type.
type Fits<T extends UpstashRedis> = T;
type RedisFits = Fits<Redis>;

/** Request limit is 10 MB: leave room for JSON escapes (up to 6 bytes a character). */
const PIPELINE_CHARS = 4 * 1024 * 1024;
/** 64 chunks of 32K characters: at most about 6 MB an answer. */
const MGET_KEYS = 64;

/**
 * A {@linkcode PageStore} on Upstash Redis. Values are plain strings that never
 * parse as JSON, so the client's `automaticDeserialization` may stay on.
 * Range reads use `GETRANGE`; several keys are read with one `MGET`, written
 * with one pipeline of `SET … PX`.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { Redis } from "@upstash/redis";
 * import { upstashStore } from "@pagewise/mcp/upstash";
 *
 * // Making the store sends nothing: no database is needed here.
 * const redis = new Redis({ url: "http://127.0.0.1:1", token: "t", retry: false });
 * const store = upstashStore(redis);
 * assertEquals(store.limits.chunkUnits, 32_768);
 * assertEquals(store.limits.compress, true); // bytes cross a network
 * ```
 */
export function upstashStore(redis: UpstashRedis, ...rest: never[]): CacheStore {
  checkClient(
    "upstashStore",
    redis,
    ["get", "set", "del", "mget", "pipeline"],
    "a Redis of @upstash/redis",
  );
  if (rest.length > 0) {
    throw new TypeError(
      "pagewise: upstashStore takes the Redis client only: its options (url, token, a key " +
        "prefix…) go to new Redis(…).",
    );
  }
  const limits: StoreLimits = {
    maxValueBytes: PIPELINE_CHARS,
    chunkUnits: 32_768,
    compress: true,
  };
  return {
    // The cache engine travels with the store: see src/cache/engine.ts.
    [CACHE_ENGINE]: cacheEngine,
    limits,
    async get(key) {
      return text(await redis.get(key));
    },
    async getMany(keys) {
      // A page is a few keys; a whole result goes in several MGETs, each
      // answer well under the request limits.
      const batches: Promise<unknown[]>[] = [];
      for (let i = 0; i < keys.length; i += MGET_KEYS) {
        batches.push(redis.mget(...keys.slice(i, i + MGET_KEYS)));
      }
      const values = (await Promise.all(batches)).flat();
      if (values.length !== keys.length) {
        throw new Error(`upstashStore: MGET of ${keys.length} keys answered ${values.length}`);
      }
      return values.map(text);
    },
    async set(key, value, ttlSeconds) {
      await redis.set(key, value, { px: ttlMilliseconds(ttlSeconds) });
    },
    async setMany(entries, ttlSeconds) {
      const px = ttlMilliseconds(ttlSeconds);
      for (let i = 0; i < entries.length;) {
        const pipeline = redis.pipeline();
        let chars = 0;
        do {
          const [key, value] = entries[i++];
          pipeline.set(key, value, { px });
          chars += key.length + value.length;
        } while (i < entries.length && chars + entries[i][1].length <= PIPELINE_CHARS);
        await pipeline.exec();
      }
    },
    async delete(key) {
      await redis.del(key);
    },
  };
}

function text(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") {
    throw new TypeError(
      "upstashStore: a stored value came back parsed; build Redis with its default deserialization or automaticDeserialization: false",
    );
  }
  return value;
}
