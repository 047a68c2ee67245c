// The cache's options checked, and the cache the paging layer uses made from them.

import type { Cache } from "./cache.ts";
import type { CacheOptions } from "./cache_options.ts";
import type { CacheEvent } from "../paging/events.ts";
import { checkFunction, checkKeys, invalid } from "../paging/options.ts";
import type { PageStore } from "../stores/types.ts";
import { isPageStore } from "../stores/_shape.ts";
import { type Breaker, BREAKER_DEFAULTS, breakerFor } from "./breaker.ts";
import { memoryOf } from "./_memory.ts";
import { sealOf } from "./_seal.ts";
import { CACHE_KEYS } from "./_engine_of.ts";

const TEN_YEARS = 10 * 365 * 24 * 3600;
const AN_HOUR_MS = 3_600_000;

/**
 * Checks cache options and makes the cache the paging layer uses. With the
 * pager's `secret` (already checked by the pager), every value it writes is
 * signed with a key derived from it, and every value it reads is checked
 * against that key.
 */
export function resolveCache(
  options: CacheOptions | undefined,
  onEvent: (event: CacheEvent) => void,
  secret?: string | Uint8Array,
): Cache | undefined {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== "object") {
    throw invalid("cache", "an object with a store", options);
  }
  checkKeys("cache", options, CACHE_KEYS);
  const store: unknown = options.store;
  if (!isPageStore(store)) {
    throw invalid("cache.store", "a PageStore (memoryStore(), upstashStore(redis), …)", store);
  }
  const limits = store.limits as Partial<PageStore["limits"]>;
  const whole = (n: unknown, min: number) =>
    typeof n === "number" && Number.isInteger(n) && n >= min && n <= 2 ** 31;
  const wanted = [["maxValueBytes", 1_024], ["chunkUnits", 256], ["capacityBytes", 1_024]] as const;
  for (const [name, min] of wanted) {
    const value = limits[name];
    if (name === "capacityBytes" && value === undefined) continue;
    if (!whole(value, min)) {
      throw invalid(
        `cache.store.limits.${name}`,
        `a whole number from ${min.toLocaleString("en-US")} to 2 ** 31`,
        value,
      );
    }
  }
  checkKeys("cache.store.limits", limits, [
    "maxValueBytes",
    "chunkUnits",
    "capacityBytes",
    "compress",
    "inMemory",
  ]);
  for (const flag of ["compress", "inMemory"] as const) {
    if (limits[flag] !== undefined && typeof limits[flag] !== "boolean") {
      throw invalid(`cache.store.limits.${flag}`, "true, false or nothing", limits[flag]);
    }
  }
  const ttl = options.ttlSeconds ?? 600;
  if (typeof ttl !== "number" || !Number.isFinite(ttl) || ttl < 1 || ttl > TEN_YEARS) {
    throw invalid("cache.ttlSeconds", `a number of seconds from 1 to ${TEN_YEARS}`, ttl);
  }
  const timeout = options.timeoutMs ?? 1_000;
  if (typeof timeout !== "number" || !Number.isFinite(timeout) || timeout < 1 || timeout > 60_000) {
    throw invalid("cache.timeoutMs", "a number of milliseconds from 1 to 60,000", timeout);
  }
  // paginate reads `tools` and hands its pagers the rest: here it has no use.
  if (options.tools !== undefined) {
    throw new TypeError(
      "pagewise: cache.tools chooses which of a server's tools paginate caches; here every call " +
        "is one tool's: leave it out, and pass cache: false to run() for a call not to cache.",
    );
  }
  checkFunction("cache.identify", options.identify);
  checkFunction("cache.waitUntil", options.waitUntil);
  const breaker = resolveBreaker(options.breaker, options.store, onEvent);
  return {
    store: options.store,
    ttlSeconds: ttl,
    timeoutMs: timeout,
    waitUntil: options.waitUntil,
    onEvent: breaker ? distrusting(onEvent, breaker) : onEvent,
    breaker,
    memory: memoryOf(options.store),
    seal: sealOf(secret),
  };
}

function resolveBreaker(
  options: CacheOptions["breaker"],
  store: PageStore,
  onEvent: (event: CacheEvent) => void,
): Breaker | undefined {
  if (options === false) return undefined;
  if (
    options !== undefined &&
    (options === null || typeof options !== "object" || Array.isArray(options))
  ) {
    throw invalid(
      "cache.breaker",
      "false or an object ({ failures, coolDownMs, maxCoolDownMs })",
      options,
    );
  }
  if (options) {
    checkKeys("cache.breaker", options, ["failures", "coolDownMs", "maxCoolDownMs", "now"]);
  }

  const failures = options?.failures ?? BREAKER_DEFAULTS.failures;
  if (
    typeof failures !== "number" || !Number.isInteger(failures) || failures < 1 || failures > 1_000
  ) {
    throw invalid("cache.breaker.failures", "a whole number from 1 to 1,000", failures);
  }
  const ms = (name: string, value: unknown): number => {
    if (typeof value !== "number" || !Number.isFinite(value) || value < 1 || value > AN_HOUR_MS) {
      throw invalid(`cache.breaker.${name}`, "a number of milliseconds from 1 to 3,600,000", value);
    }
    return value;
  };
  const coolDownMs = ms("coolDownMs", options?.coolDownMs ?? BREAKER_DEFAULTS.coolDownMs);
  const maxCoolDownMs = ms(
    "maxCoolDownMs",
    options?.maxCoolDownMs ?? Math.max(coolDownMs, BREAKER_DEFAULTS.maxCoolDownMs),
  );
  if (maxCoolDownMs < coolDownMs) {
    throw new RangeError(
      `pagewise: cache.breaker.maxCoolDownMs (${maxCoolDownMs}) must be at least ` +
        `cache.breaker.coolDownMs (${coolDownMs}).`,
    );
  }
  checkFunction("cache.breaker.now", options?.now);
  const now = options?.now ?? Date.now;
  return breakerFor(store, { failures, coolDownMs, maxCoolDownMs, now }, onEvent);
}

/**
 * The cache's events, each lie of the store (a value that failed its check,
 * or values that make no page) counted by its breaker as a failed call: a
 * store that lies on every read is left alone as one that fails is, so that
 * it costs no more than no cache (the tool runs; nothing is written again).
 */
function distrusting(
  onEvent: (event: CacheEvent) => void,
  breaker: Breaker,
): (event: CacheEvent) => void {
  return (event) => {
    onEvent(event);
    if (event.type === "cache_hit") breaker.trusted();
    else if (
      event.type === "cache_miss" && (event.reason === "altered" || event.reason === "unusable")
    ) {
      breaker.lied();
    }
  };
}
