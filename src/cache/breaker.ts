// A circuit breaker for a store: after a few consecutive failed calls
// (timeouts, however late the answer, or errors), the store is not called for
// a cool-down, so that a store that is down costs pages nothing; then one call
// probes it. A read that answers does not clear a write's failures, nor a
// write a read's: a store that fails only one of them (an MGET over its size
// limit, a full disk) opens it too, though the other keeps answering.
//
//   closed ──(failures in a row)──▶ open ──(cool-down over: next call)──▶ half_open
//     ▲                               ▲                                     │
//     └──────(probe answers in time)──┼─────────────────────────────────────┤
//                                     └──(probe fails: cool-down doubled)───┘
//
// The state is kept per store object (a WeakMap), not per cache: two caches
// over one store (paginate's per-tool pagers, createResultPager and pagedTool
// in one server) see one outage, and one bad store does not switch another
// off. Each cache applies its own thresholds to the shared state and reports
// the transitions its own calls cause through its own onEvent.

import type { CacheEvent } from "../paging/events.ts";

/** How a breaker trips and recovers (every field filled). */
export interface BreakerPolicy {
  /** Consecutive failed store calls that open the breaker. */
  failures: number;
  /** The first cool-down, in milliseconds; doubled after each failed probe. */
  coolDownMs: number;
  /** The longest cool-down. */
  maxCoolDownMs: number;
  /** Clock in milliseconds. */
  now: () => number;
}

/** The breaker's defaults: open after 3 failures in a row, cool down 5 s, doubling up to 60 s. */
export const BREAKER_DEFAULTS: Omit<BreakerPolicy, "now"> = {
  failures: 3,
  coolDownMs: 5_000,
  maxCoolDownMs: 60_000,
};

/** A call let through: report how it went, once. */
export interface Ticket {
  done(ok: boolean): void;
}

/** What a store call does: reads and writes fail apart. */
export type CallKind = "read" | "write";

/** The breaker of one store, as one cache uses it. */
export interface Breaker {
  /** Whether store calls are being skipped now (open and cooling down, or a probe in flight). */
  blocked(): boolean;
  /** Lets one call through (a ticket to report its outcome), or refuses it (undefined). */
  admit(kind: CallKind): Ticket | undefined;
  /**
   * The store gave back a value that failed its check: as many lies in a row
   * as failures open the breaker, each such opening cooling down twice as
   * long as the last (a store that answers, and lies, is as bad as one that
   * fails).
   */
  lied(): void;
  /** A page was served from what the store gave back: its lies are forgotten. */
  trusted(): void;
}

interface State {
  state: "closed" | "open" | "half_open";
  /** Consecutive failed calls (an answer of the kind that failed last clears them). */
  failures: number;
  /** What the last failed call was. */
  failing?: CallKind;
  /** While open: when the next call may probe. */
  until: number;
  /** The cool-down of the last opening (0: never opened). */
  coolDownMs: number;
  /** Bumped on every transition: an outcome reported for an older state is stale. */
  epoch: number;
  /** Lies in a row (values that failed their check), and the cool-down they last opened. */
  lies: number;
  liesCoolDownMs: number;
}

const states = new WeakMap<object, State>();

/** The breaker of `store` for a cache with `policy`, reporting through `emit`. */
export function breakerFor(
  store: object,
  policy: BreakerPolicy,
  emit: (event: CacheEvent) => void,
): Breaker {
  let s = states.get(store);
  if (s === undefined) {
    s = {
      state: "closed",
      failures: 0,
      until: 0,
      coolDownMs: 0,
      epoch: 0,
      lies: 0,
      liesCoolDownMs: 0,
    };
    states.set(store, s);
  }
  const state = s;
  // A clock that throws or answers nonsense must not break paging: Date.now stands in.
  const now = () => {
    try {
      const t = policy.now();
      return Number.isFinite(t) ? t : Date.now();
    } catch {
      return Date.now();
    }
  };
  const report = () =>
    emit({
      type: "cache_breaker",
      state: state.state,
      failures: state.failures,
      coolDownMs: state.coolDownMs,
    });
  const open = (coolDownMs: number) => {
    state.state = "open";
    state.coolDownMs = Math.min(policy.maxCoolDownMs, Math.max(1, coolDownMs));
    state.until = now() + state.coolDownMs;
    state.epoch++;
    report();
  };
  const close = () => {
    state.state = "closed";
    state.epoch++;
    report();
    state.coolDownMs = 0;
    state.failures = 0;
    state.failing = undefined;
  };
  const ticket = (kind: CallKind, probe: boolean): Ticket => {
    const epoch = state.epoch;
    let reported = false;
    return {
      done(ok) {
        if (reported) return;
        reported = true;
        // A call that started before the last transition says nothing about now.
        if (state.epoch !== epoch) return;
        if (ok) {
          if (probe) close();
          if (state.failing === undefined || state.failing === kind) {
            state.failures = 0;
            state.failing = undefined;
          }
          return;
        }
        state.failures++;
        state.failing = kind;
        if (probe) open(2 * state.coolDownMs);
        else if (state.failures >= policy.failures) open(policy.coolDownMs);
      },
    };
  };
  return {
    lied() {
      state.lies++;
      if (state.state !== "closed" || state.lies < policy.failures) return;
      state.lies = 0;
      state.liesCoolDownMs = state.liesCoolDownMs === 0
        ? policy.coolDownMs
        : 2 * state.liesCoolDownMs;
      open(state.liesCoolDownMs);
    },
    trusted() {
      state.lies = 0;
      state.liesCoolDownMs = 0;
    },
    blocked() {
      return state.state === "half_open" || (state.state === "open" && now() < state.until);
    },
    admit(kind) {
      if (state.state === "closed") return ticket(kind, false);
      if (state.state === "half_open" || now() < state.until) return undefined;
      state.state = "half_open";
      state.epoch++;
      report();
      return ticket(kind, true);
    },
  };
}
