// A circuit breaker for a store: after a few consecutive failed calls
// (timeouts or errors) the store is not called for a cool-down, so that a
// store that is down costs pages nothing; then one call probes it.
//
//   closed ──(failures in a row)──▶ open ──(cool-down over: next call)──▶ half_open
//     ▲                               ▲                                     │
//     └───(probe answers, even late)──┼─────────────────────────────────────┤
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
  /**
   * The call answered after all, past its timeout: the store is up, only
   * slow (or this process was too busy to see its answer in time). Clears
   * the count of failures, and closes the breaker this call (a probe) opened
   * again. Without it, a process overloaded for a while would keep its cache
   * off: every probe would time out, and every page would run its tool.
   */
  late(): void;
}

/** The breaker of one store, as one cache uses it. */
export interface Breaker {
  /** Whether store calls are being skipped now (open and cooling down, or a probe in flight). */
  blocked(): boolean;
  /** Lets one call through (a ticket to report its outcome), or refuses it (undefined). */
  admit(): Ticket | undefined;
}

interface State {
  state: "closed" | "open" | "half_open";
  /** Consecutive failed calls. */
  failures: number;
  /** While open: when the next call may probe. */
  until: number;
  /** The cool-down of the last opening (0: never opened). */
  coolDownMs: number;
  /** Bumped on every transition: an outcome reported for an older state is stale. */
  epoch: number;
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
    s = { state: "closed", failures: 0, until: 0, coolDownMs: 0, epoch: 0 };
    states.set(store, s);
  }
  const state = s;
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
    state.until = policy.now() + state.coolDownMs;
    state.epoch++;
    report();
  };
  const close = () => {
    state.state = "closed";
    state.epoch++;
    report();
    state.coolDownMs = 0;
    state.failures = 0;
  };
  const ticket = (probe: boolean): Ticket => {
    let epoch = state.epoch;
    let reported = false;
    let failed = false;
    return {
      done(ok) {
        if (reported) return;
        reported = true;
        // A call that started before the last transition says nothing about now.
        if (state.epoch !== epoch) return;
        if (ok) {
          if (probe) close();
          state.failures = 0;
          return;
        }
        failed = true;
        state.failures++;
        if (probe) open(2 * state.coolDownMs);
        else if (state.failures >= policy.failures) open(policy.coolDownMs);
        epoch = state.epoch;
      },
      late() {
        if (!failed || state.epoch !== epoch) return;
        failed = false;
        if (state.state === "closed") state.failures = 0;
        else if (probe) close();
      },
    };
  };
  return {
    blocked() {
      return state.state === "half_open" || (state.state === "open" && policy.now() < state.until);
    },
    admit() {
      if (state.state === "closed") return ticket(false);
      if (state.state === "half_open" || policy.now() < state.until) return undefined;
      state.state = "half_open";
      state.epoch++;
      report();
      return ticket(true);
    },
  };
}
