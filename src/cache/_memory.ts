// What an isolate remembers of the results it keeps in one store: where their
// elements start (hints for what to fetch with a record), the estimates of
// their elements, which values passed their checks lately, and which writes
// are in flight. One memory per store
// object, shared by every cache over it (paginate's per-tool pagers, a server
// made per request over a store made once), and dropped with the store. The
// hints only ever say what to fetch: every read is checked against the store,
// so a wrong or missing hint costs a round trip, never a wrong page.

import type { PageStore } from "../stores/types.ts";

/** What an isolate knows of one stored result. */
export interface Hint {
  kind: "text" | "elements";
  /** Element at `starts[0]`. */
  from: number;
  /** Element start offsets into the stored text. */
  starts: Uint32Array;
  /**
   * The estimate of each element as it follows the one before it (aligned
   * with `starts`; NaN where unknown), priced when this isolate wrote the result.
   */
  prices?: Float64Array;
}

// Offsets kept over all hints of a store (4 bytes each): 4 MiB.
const HINT_BUDGET = 1 << 20;
const MOST_HINTS = 10_000;

// Offsets' worth (4 bytes) a hint takes of the budget.
const size = (hint: Hint) => hint.starts.length + 2 * (hint.prices?.length ?? 0);

/** Hints by cache key, least recently used first, within a budget of offsets. */
export class Hints {
  #hints = new Map<string, Hint>();
  #used = 0;

  /** Keeps `hint` for `key` (its offsets dropped if they alone pass the budget). */
  remember(key: string, hint: Hint): void {
    this.forget(key);
    if (size(hint) > HINT_BUDGET) hint = { ...hint, starts: new Uint32Array(0), prices: undefined };
    for (const [old] of this.#hints) {
      if (this.#used + size(hint) <= HINT_BUDGET && this.#hints.size < MOST_HINTS) break;
      this.forget(old);
    }
    this.#hints.set(key, hint);
    this.#used += size(hint);
  }

  forget(key: string): void {
    const hint = this.#hints.get(key);
    if (hint === undefined) return;
    this.#hints.delete(key);
    this.#used -= size(hint);
  }

  /** The hint of `key`, now the most recently used. */
  recall(key: string): Hint | undefined {
    const hint = this.#hints.get(key);
    if (hint !== undefined) {
      this.#hints.delete(key);
      this.#hints.set(key, hint);
    }
    return hint;
  }

  /** The hint of `key`, its place left as it is. */
  peek(key: string): Hint | undefined {
    return this.#hints.get(key);
  }

  /**
   * Room for the prices of every element of `key`'s hint (NaN each), when it
   * knows all of them from the first and the budget allows.
   */
  pricesFor(key: string, count: number): Float64Array | undefined {
    const hint = this.#hints.get(key);
    if (hint === undefined || hint.from !== 0 || hint.starts.length !== count) return undefined;
    if (hint.prices !== undefined || this.#used + 2 * count > HINT_BUDGET) return undefined;
    hint.prices = new Float64Array(count).fill(NaN);
    this.#used += 2 * count;
    return hint.prices;
  }
}

// Characters of the values remembered as checked, over all of them: a few
// pages' worth (they are mostly the very strings a memoryStore holds).
const CHECKED_CHARS = 1 << 21;
const MOST_CHECKED = 64;

/**
 * The values read from a store lately whose MAC held, by the seal that
 * checked them and their key: a value read again, the same to the last
 * character (a chunk that the next page reads too), needs no MAC again. The
 * MAC is a function of the seal's key, the value's key and the value: the
 * same answer, without computing it.
 */
export class CheckedValues {
  #values = new Map<string, string>();
  #chars = 0;

  /** Whether `value` at `key` was checked by the seal `sealId`. */
  has(sealId: string, key: string, value: string): boolean {
    const known = this.#values.get(`${sealId}\u0000${key}`);
    return known !== undefined && known === value;
  }

  /** Remembers that `value` at `key` passed the check of the seal `sealId`. */
  add(sealId: string, key: string, value: string): void {
    const at = `${sealId}\u0000${key}`;
    this.#forget(at);
    if (value.length > CHECKED_CHARS) return;
    for (const [old] of this.#values) {
      if (this.#chars + value.length <= CHECKED_CHARS && this.#values.size < MOST_CHECKED) break;
      this.#forget(old);
    }
    this.#values.set(at, value);
    this.#chars += value.length;
  }

  #forget(at: string): void {
    const known = this.#values.get(at);
    if (known === undefined) return;
    this.#values.delete(at);
    this.#chars -= known.length;
  }
}

/** What an isolate remembers of one store. */
export interface StoreMemory {
  readonly hints: Hints;
  /** Values whose MAC held lately. */
  readonly checked: CheckedValues;
  /** Writes in flight, by cache key: one write of a result at a time. */
  readonly writing: Map<string, Promise<unknown>>;
  /** When a cache over the store was first made (`Date.now()`). */
  readonly since: number;
  /** The results this isolate stored there lately: until when (ms) each should be there. */
  readonly kept: KeptResults;
}

// Results remembered as stored, at most (the oldest forgotten first).
const MOST_KEPT = 1_024;

/**
 * The results this isolate stored in a store lately, by storage key, and
 * until when each should be there (its TTL): one absent before then was
 * lost by the store (a store that drops writes, or evicts at once).
 */
export class KeptResults {
  #until = new Map<string, number>();

  /** Notes that the result under `storageKey` was stored, to live `ttlSeconds`. */
  stored(storageKey: string, ttlSeconds: number, now = Date.now()): void {
    this.#until.delete(storageKey);
    // A second short of its TTL: the record was written a moment after the TTL was set.
    this.#until.set(storageKey, now + (ttlSeconds - 1) * 1_000);
    if (this.#until.size > MOST_KEPT) this.#until.delete(this.#until.keys().next().value!);
  }

  /** Whether the result under `storageKey`, found absent, was stored and should still be there. */
  lost(storageKey: string, now = Date.now()): boolean {
    const until = this.#until.get(storageKey);
    if (until === undefined) return false;
    // Once: the tool runs again and the result is stored anew.
    this.#until.delete(storageKey);
    return now < until;
  }
}

const memories = new WeakMap<PageStore, StoreMemory>();

/** This isolate's memory of `store`, made the first time a cache over it is made. */
export function memoryOf(store: PageStore): StoreMemory {
  let memory = memories.get(store);
  if (memory === undefined) {
    memory = {
      hints: new Hints(),
      checked: new CheckedValues(),
      writing: new Map(),
      since: Date.now(),
      kept: new KeptResults(),
    };
    memories.set(store, memory);
  }
  return memory;
}
