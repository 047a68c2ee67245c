// The cache's options checked, and the cache the paging layer uses made from them.

import type { Cache } from "./cache.ts";
import type { CacheOptions } from "./cache_options.ts";
import type { CacheEvent } from "../paging/events.ts";
import { checkFunction, checkStringList, invalid } from "../paging/options.ts";
import type { PageStore } from "../stores/types.ts";

const TEN_YEARS = 10 * 365 * 24 * 3600;

/** Checks cache options and makes the cache the paging layer uses. */
export function resolveCache(
  options: CacheOptions | undefined,
  onEvent: (event: CacheEvent) => void,
): Cache | undefined {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== "object") {
    throw invalid("cache", "an object with a store", options);
  }
  const store = options.store as Partial<PageStore> | undefined;
  if (
    !store || typeof store.get !== "function" || typeof store.set !== "function" ||
    typeof store.delete !== "function" || typeof store.limits !== "object"
  ) {
    throw invalid("cache.store", "a PageStore (memoryStore(), upstashStore(redis), …)", store);
  }
  const limits = store.limits as Partial<PageStore["limits"]>;
  const whole = (n: unknown, min: number) =>
    typeof n === "number" && Number.isInteger(n) && n >= min && n <= 2 ** 31;
  if (
    !whole(limits.maxValueBytes, 1_024) || !whole(limits.chunkUnits, 256) ||
    (limits.capacityBytes !== undefined && !whole(limits.capacityBytes, 1_024))
  ) {
    throw invalid(
      "cache.store.limits",
      "whole numbers: maxValueBytes and capacityBytes from 1,024, chunkUnits from 256",
      limits,
    );
  }
  const ttl = options.ttlSeconds ?? 600;
  if (typeof ttl !== "number" || !Number.isFinite(ttl) || ttl < 1 || ttl > TEN_YEARS) {
    throw invalid("cache.ttlSeconds", `a number of seconds from 1 to ${TEN_YEARS}`, ttl);
  }
  const timeout = options.timeoutMs ?? 1_000;
  if (typeof timeout !== "number" || !Number.isFinite(timeout) || timeout < 1 || timeout > 60_000) {
    throw invalid("cache.timeoutMs", "a number of milliseconds from 1 to 60,000", timeout);
  }
  checkStringList("cache.tools", options.tools);
  checkFunction("cache.identify", options.identify);
  checkFunction("cache.waitUntil", options.waitUntil);
  return {
    store: options.store,
    ttlSeconds: ttl,
    timeoutMs: timeout,
    waitUntil: options.waitUntil,
    onEvent,
  };
}
