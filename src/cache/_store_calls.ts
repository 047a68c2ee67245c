// Calls to a store as the cache makes them: each bounded by a timeout, let
// through or refused by the store's breaker, its failure reported as an event
// (redacted) and never thrown, and a `getMany` that answers anything but one
// value a key counted as a failure.

import { emitter } from "../paging/emit.ts";
import type { CacheEvent, CacheOp } from "../paging/events.ts";
import type { PageStore } from "../stores/types.ts";
import type { Breaker } from "./breaker.ts";

/** What a guarded call gives: its value, or nothing (the failure already reported). */
export type Guarded<T> = { ok: true; value: T } | { ok: false };

/** Runs one store call of `op` under the guard. */
export type Guard = <T>(run: () => Promise<T>) => Promise<Guarded<T>>;

const UNGUARDED = { done() {} };
// Pure, for bundlers: a bundle without a cache drops it.
const TIMED_OUT = /* @__PURE__ */ Symbol("timeout");

/**
 * The guard of store calls of `op` on the result stored under `key`: at most
 * `timeoutMs` each; with a `breaker`, a call it refuses fails at once, without
 * an event, and every outcome is reported to it.
 */
export function guarded(
  emit: (event: CacheEvent) => void,
  key: string,
  op: CacheOp,
  timeoutMs: number,
  breaker?: Breaker,
): Guard {
  return async <T>(run: () => Promise<T>): Promise<Guarded<T>> => {
    // An open breaker: the store is not called, and the caller does not wait.
    const ticket = breaker === undefined
      ? UNGUARDED
      : breaker.admit(op === "write" ? "write" : "read");
    if (ticket === undefined) return { ok: false };
    let timer: ReturnType<typeof setTimeout> | undefined;
    let call: Promise<T>;
    try {
      call = Promise.resolve(run());
    } catch (error) {
      emit({ type: "cache_error", key, op, error });
      ticket.done(false);
      return { ok: false };
    }
    // A call that settles after its timeout must not surface as an unhandled rejection.
    call.catch(() => {});
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
    });
    try {
      const outcome = await Promise.race([call, timeout]);
      if (outcome === TIMED_OUT) {
        emit({ type: "cache_timeout", key, op, timeoutMs });
        // However late it answers, a store slower than its timeout costs every page that
        // timeout: it counts as a failure.
        ticket.done(false);
        return { ok: false };
      }
      ticket.done(true);
      return { ok: true, value: outcome as T };
    } catch (error) {
      emit({ type: "cache_error", key, op, error });
      ticket.done(false);
      return { ok: false };
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The values of `keys` in one call where the store has `getMany`. */
export async function getMany(
  store: PageStore,
  keys: string[],
): Promise<(string | undefined)[]> {
  if (keys.length === 1) return [await store.get(keys[0])];
  if (!store.getMany) return await Promise.all(keys.map((k) => store.get(k)));
  const got: unknown = await store.getMany(keys);
  // A store that answers with anything but one value a key has failed, as if it threw.
  if (!Array.isArray(got) || got.length !== keys.length) {
    throw new TypeError(
      `getMany answered ${
        Array.isArray(got) ? `${got.length} values` : String(got)
      } for ${keys.length} keys`,
    );
  }
  return got;
}

/** Reports through `onEvent` (which may throw), a store's error redacted (see `redacted`). */
export function emitterRedacting(
  onEvent?: (event: CacheEvent) => void,
): (event: CacheEvent) => void {
  return emitter<CacheEvent>((event) =>
    onEvent?.(event.type === "cache_error" ? { ...event, error: redacted(event.error) } : event)
  );
}

/**
 * A store's error as an event carries it: some clients (the Upstash one)
 * quote the whole command in their messages, cached results included, and
 * events end up in logs. The name and the first 200 characters are kept.
 */
function redacted(error: unknown): Error {
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  const out = new Error(message.length > 200 ? `${message.slice(0, 200)}… (cut)` : message);
  out.name = name;
  return out;
}
