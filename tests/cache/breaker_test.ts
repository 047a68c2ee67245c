// The store's circuit breaker: after a few failed store calls in a row
// (timeouts or errors) the store is not called for a cool-down, and pages
// are served by running the tool without waiting for it; then one call
// probes it. Through `paginate` (a real SDK server and client in memory) with
// stores that hang, reject, are slow but within the timeout, and recover;
// the state machine itself on a test clock; the options' checks; and the
// real redis-server behind the Upstash bridge, stopped and started again.
import assert from "node:assert/strict";
import { Redis } from "@upstash/redis";
import {
  type CacheOptions,
  createResultPager,
  memoryStore,
  type PagerEvent,
  type ToolResult,
} from "../../mod.ts";
import type { CacheEvent } from "../../src/paging/events.ts";
import { breakerFor } from "../../src/cache/breaker.ts";
import { upstashStore } from "../../src/stores/upstash.ts";
import { pageStore } from "../../src/stores/page_store.ts";
import type { CacheStore } from "../../src/stores/types.ts";
import { spansJson } from "../../dev/cache_data.ts";
import { startRestartableRedis } from "../../dev/redis_restartable.ts";
import { startUpstashBridge } from "../../dev/upstash_bridge.ts";
import { assertReassembles, connectInMemory, countTokens, toolServer, walk } from "./_rig.ts";

const OUTPUT = spansJson(200);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a store answers: as its backend does, never, with an error, or late. */
type Mode = "ok" | "hang" | "reject" | { delayMs: number };

/** A memory store whose calls can be made to hang, fail or lag; counts its calls. */
function faultyStore(): { store: CacheStore; mode: Mode; calls: number } {
  const inner = memoryStore();
  const state = { mode: "ok" as Mode, calls: 0, store: undefined as unknown as CacheStore };
  const wrap = <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
  async (
    ...args: A
  ): Promise<R> => {
    state.calls++;
    const mode = state.mode;
    if (mode === "hang") return await new Promise<R>(() => {});
    if (mode === "reject") throw new Error("store down");
    if (typeof mode === "object") await sleep(mode.delayMs);
    return await call(...args);
  };
  state.store = pageStore({
    limits: inner.limits,
    get: wrap((key) => inner.get(key)),
    getMany: wrap((keys) => inner.getMany!(keys)),
    set: wrap((key, value, ttl) => inner.set(key, value, ttl)),
    setMany: wrap((entries, ttl) => inner.setMany!(entries, ttl)),
    delete: wrap((key) => inner.delete(key)),
  });
  return state;
}

/** A test clock for the cool-down. */
function testClock(): { now: () => number; pass(ms: number): void } {
  let t = 1_000_000;
  return { now: () => t, pass: (ms) => void (t += ms) };
}

interface Walked {
  pages: number;
  /** Pages whose tool ran. */
  ranAt: number[];
  /** Cache events by page (1-based). */
  eventsOf(page: number): PagerEvent[];
  /** Store calls made while each page was served (1-based). */
  callsOf(page: number): number;
  /** How long each page took (1-based). */
  ms: number[];
}

/** Walks OUTPUT through paginate with `store`; `before(page)` runs before each page. */
async function walkWith(
  faulty: { store: CacheStore; calls: number },
  cache: Omit<CacheOptions, "store">,
  before: (page: number) => unknown,
  output = OUTPUT,
): Promise<Walked> {
  const byPage = new Map<number, PagerEvent[]>();
  const calls = new Map<number, number>();
  let page = 0;
  const ranAt: number[] = [];
  const served = toolServer({
    maxTokens: 2_000,
    countTokens,
    cache: { store: faulty.store, ...cache },
    onEvent: (event) => {
      if (!event.type.startsWith("cache_")) return;
      byPage.set(page, [...(byPage.get(page) ?? []), event]);
    },
  }, () => {
    ranAt.push(page);
    return output;
  });
  const client = await connectInMemory(served.server);
  try {
    let callsBefore = 0;
    const walked = await walk(client, { q: "*" }, async (n) => {
      if (page > 0) calls.set(page, faulty.calls - callsBefore);
      page = n;
      await before(n);
      callsBefore = faulty.calls;
    });
    calls.set(page, faulty.calls - callsBefore);
    assertReassembles(walked.texts, output);
    return {
      pages: walked.texts.length,
      ranAt,
      eventsOf: (n) => byPage.get(n) ?? [],
      callsOf: (n) => calls.get(n) ?? 0,
      ms: [0, ...walked.ms],
    };
  } finally {
    await client.close();
  }
}

const typesOf = (events: PagerEvent[]) =>
  events.map((e) =>
    e.type === "cache_breaker"
      ? `breaker:${e.state}`
      : e.type === "cache_timeout"
      ? `timeout:${e.op}`
      : e.type === "cache_error"
      ? `error:${e.op}`
      : e.type
  );
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const eventsFrom = (walked: Walked, from: number, to = walked.pages) =>
  range(from, to).flatMap((page) => typesOf(walked.eventsOf(page)));

Deno.test("a store that hangs: three timeouts, then no page calls it or waits for it", async () => {
  const faulty = faultyStore();
  const timeoutMs = 200;
  const walked = await walkWith(faulty, { timeoutMs, breaker: { now: () => 0 } }, (page) => {
    if (page === 2) faulty.mode = "hang";
  });
  assert.ok(walked.pages >= 6, `${walked.pages} pages`);
  assert.deepEqual(walked.ranAt, range(1, walked.pages));
  // Page 2: the read and the write time out; page 3: the read, and the breaker opens.
  assert.deepEqual(eventsFrom(walked, 2, 3), [
    "timeout:open",
    "timeout:write",
    "timeout:open",
    "breaker:open",
  ]);
  const opened = walked.eventsOf(3).at(-1);
  assert.deepEqual(opened, {
    type: "cache_breaker",
    state: "open",
    failures: 3,
    coolDownMs: 5_000,
  });
  for (const page of range(4, walked.pages)) {
    assert.deepEqual(typesOf(walked.eventsOf(page)), [], `page ${page}`);
    // No store call, so no timeout to wait out (how long a page takes is the benchmark's).
    assert.equal(walked.callsOf(page), 0, `page ${page}: store calls`);
  }
  // A page waits for a write at most one timeout: page 2 waited two (its read's, its
  // write's), not the hanging write's forever.
  assert.ok(walked.ms[2] < 2 * timeoutMs + 1_000, `page 2: ${walked.ms[2]} ms`);
});

Deno.test("a store that rejects: three errors, then it is left alone, and nothing reaches the model", async () => {
  const faulty = faultyStore();
  const walked = await walkWith(faulty, { breaker: { now: () => 0 } }, (page) => {
    if (page === 1) faulty.mode = "reject";
  });
  assert.deepEqual(walked.ranAt, range(1, walked.pages));
  assert.deepEqual(eventsFrom(walked, 1), [
    "error:write",
    "error:open",
    "error:write",
    "breaker:open",
  ]);
  assert.ok(range(3, walked.pages).every((page) => walked.callsOf(page) === 0));
});

Deno.test("a slow store, each call just under the timeout: the breaker never opens", async () => {
  const faulty = faultyStore();
  const timeoutMs = 300;
  faulty.mode = { delayMs: 200 };
  const walked = await walkWith(faulty, { timeoutMs, breaker: { failures: 1 } }, () => {});
  const types = eventsFrom(walked, 1);
  assert.ok(!types.some((t) => t.startsWith("breaker:")), types.join(", "));
  assert.ok(!types.some((t) => t.startsWith("timeout:")), types.join(", "));
  // Every later page reads the store (the first page's write, two calls of
  // 200 ms, may land after the second page's read: that page runs the tool).
  assert.ok(walked.ranAt.length <= 2, `the tool ran for pages ${walked.ranAt}`);
  for (const page of range(3, walked.pages)) {
    assert.deepEqual(typesOf(walked.eventsOf(page)), ["cache_hit"], `page ${page}`);
  }
});

Deno.test("a store that recovers: after the cool-down one call probes it, and pages come from it again", async () => {
  const faulty = faultyStore();
  const clock = testClock();
  const walked = await walkWith(faulty, {
    breaker: { coolDownMs: 1_000, maxCoolDownMs: 3_000, now: clock.now },
  }, (page) => {
    if (page === 3) faulty.mode = "reject";
    // The cool-down ends while the store still fails: the probe fails, the cool-down doubles.
    if (page === 6) clock.pass(1_000);
    if (page === 7) clock.pass(1_000); // not over yet: 2 s now
    if (page === 8) {
      faulty.mode = "ok";
      clock.pass(1_000);
    }
  });
  assert.ok(walked.pages >= 10, `${walked.pages} pages`);
  assert.deepEqual(eventsFrom(walked, 3, 4), [
    "error:open",
    "error:write",
    "error:open",
    "breaker:open",
  ]);
  assert.deepEqual(eventsFrom(walked, 5, 5), []);
  assert.deepEqual(typesOf(walked.eventsOf(6)), [
    "breaker:half_open",
    "error:open",
    "breaker:open",
  ]);
  assert.deepEqual(walked.eventsOf(6).at(-1), {
    type: "cache_breaker",
    state: "open",
    failures: 4,
    coolDownMs: 2_000,
  });
  assert.equal(walked.callsOf(6), 1, "one probe");
  assert.deepEqual(typesOf(walked.eventsOf(7)), []);
  // Recovered: the probe answers, the breaker closes, the entry of page 1 is read.
  assert.deepEqual(typesOf(walked.eventsOf(8)), [
    "breaker:half_open",
    "breaker:closed",
    "cache_hit",
  ]);
  assert.deepEqual(walked.eventsOf(8)[1], {
    type: "cache_breaker",
    state: "closed",
    failures: 4,
    coolDownMs: 2_000,
  });
  assert.deepEqual(walked.ranAt, [1, 3, 4, 5, 6, 7]);
  for (const page of range(9, walked.pages)) {
    assert.deepEqual(typesOf(walked.eventsOf(page)), ["cache_hit"], `page ${page}`);
  }
});

Deno.test("a write never holds a page back longer than one timeout, even without waitUntil; it still lands", async () => {
  const faulty = faultyStore();
  const timeoutMs = 400;
  // About 2.2 M characters: three batches and the record, four calls of 250 ms.
  const big = spansJson(7_000);
  const events: CacheEvent[] = [];
  let runs = 0;
  const results = createResultPager({
    maxTokens: 20_000,
    cache: { store: faulty.store, timeoutMs },
    onEvent: (e) => void (e.type.startsWith("cache_") && events.push(e as CacheEvent)),
  });
  const tool = () => (runs++, { content: [{ type: "text" as const, text: big }] });
  // The page without a cache, for its own cost.
  const plain = createResultPager({ maxTokens: 20_000 });
  let started = performance.now();
  await plain.run(tool, { scope: "s" });
  const uncachedMs = performance.now() - started;
  faulty.mode = { delayMs: 250 };
  started = performance.now();
  const first = await results.run(tool, { scope: "s" });
  const firstMs = performance.now() - started;
  assert.ok(firstMs < uncachedMs + timeoutMs + 300, `${firstMs} ms (uncached ${uncachedMs} ms)`);
  assert.ok(!events.some((e) => e.type === "cache_stored"), "answered before the write landed");
  // The write goes on and lands; a later page is then read from the store.
  for (let i = 0; i < 100 && !events.some((e) => e.type === "cache_stored"); i++) await sleep(50);
  assert.ok(events.some((e) => e.type === "cache_stored"), events.map((e) => e.type).join());
  const cursor = /"next_cursor":"([^"]+)"/.exec(String(first.content?.[0].text))?.[1];
  assert.ok(cursor);
  runs = 0;
  await results.run(tool, { scope: "s", cursor });
  assert.equal(runs, 0);
  assert.ok(!events.some((e) => e.type === "cache_breaker" || e.type === "cache_timeout"));
});

Deno.test("the breaker is per store: a bad store does not switch off another; caches over one store share it", async () => {
  const bad = faultyStore();
  const good = faultyStore();
  bad.mode = "reject";
  const scope = "s";
  const tool = () => ({ content: [{ type: "text" as const, text: OUTPUT }] });
  const events: string[] = [];
  const pagerOn = (store: CacheStore, name: string) =>
    createResultPager({
      maxTokens: 2_000,
      countTokens,
      cache: { store, breaker: { now: () => 0 } },
      onEvent: (e) => void (e.type === "cache_breaker" && events.push(`${name}:${e.state}`)),
    });
  const badOne = pagerOn(bad.store, "bad");
  const badTwo = pagerOn(bad.store, "bad-two");
  const goodOne = pagerOn(good.store, "good");
  const cursorOf = (r: ToolResult) =>
    /"next_cursor":"([^"]+)"/.exec(String(r.content?.[0]?.text))?.[1]!;
  const firstBad = await badOne.run(tool, { scope });
  await badOne.run(tool, { scope, cursor: cursorOf(firstBad) });
  assert.deepEqual(events, ["bad:open"]);
  // Another cache over the same store object: open too, the store is not called.
  const callsBefore = bad.calls;
  const again = await badTwo.run(tool, { scope });
  await badTwo.run(tool, { scope, cursor: cursorOf(again) });
  assert.equal(bad.calls, callsBefore);
  // The good store is called and serves its pages.
  let runs = 0;
  const counted = () => (runs++, tool());
  const firstGood = await goodOne.run(counted, { scope });
  await goodOne.run(counted, { scope, cursor: cursorOf(firstGood) });
  assert.equal(runs, 1);
  assert.deepEqual(events, ["bad:open"]);
});

Deno.test("the state machine: opens after N failures in a row, ignores late outcomes, one probe at a time, cool-down doubling to its cap", () => {
  const events: CacheEvent[] = [];
  const clock = testClock();
  const store = {};
  const breaker = breakerFor(
    store,
    { failures: 2, coolDownMs: 100, maxCoolDownMs: 250, now: clock.now },
    (e) => events.push(e),
  );
  const state = () => events.map((e) => e.type === "cache_breaker" ? e.state : e.type);
  // A success between failures resets the count.
  breaker.admit("read")!.done(false);
  breaker.admit("read")!.done(true);
  breaker.admit("read")!.done(false);
  assert.deepEqual(state(), []);
  const late = breaker.admit("read")!;
  breaker.admit("read")!.done(false);
  assert.deepEqual(state(), ["open"]);
  assert.equal(breaker.blocked(), true);
  assert.equal(breaker.admit("read"), undefined);
  // A call that began before the breaker opened says nothing of now.
  late.done(true);
  assert.equal(breaker.blocked(), true);
  clock.pass(100);
  assert.equal(breaker.blocked(), false);
  const probe = breaker.admit("read")!;
  assert.deepEqual(state(), ["open", "half_open"]);
  // One probe at a time.
  assert.equal(breaker.blocked(), true);
  assert.equal(breaker.admit("read"), undefined);
  probe.done(false);
  probe.done(true); // reported once only
  const cooldowns = () =>
    events.flatMap((e) => e.type === "cache_breaker" && e.state === "open" ? [e.coolDownMs] : []);
  assert.deepEqual(cooldowns(), [100, 200]);
  clock.pass(199);
  assert.equal(breaker.admit("read"), undefined);
  clock.pass(1);
  breaker.admit("read")!.done(false);
  clock.pass(250);
  breaker.admit("read")!.done(false);
  assert.deepEqual(cooldowns(), [100, 200, 250, 250]);
  clock.pass(250);
  breaker.admit("read")!.done(true);
  assert.deepEqual(events.at(-1), {
    type: "cache_breaker",
    state: "closed",
    failures: 5,
    coolDownMs: 250,
  });
  assert.equal(breaker.blocked(), false);
  // Closed again: the count starts over, and the first cool-down is the base one.
  breaker.admit("read")!.done(false);
  assert.equal(breaker.blocked(), false);
  breaker.admit("read")!.done(false);
  assert.deepEqual(cooldowns(), [100, 200, 250, 250, 100]);
  // Another store has a breaker of its own.
  const other = breakerFor(
    {},
    { failures: 2, coolDownMs: 100, maxCoolDownMs: 250, now: clock.now },
    () => {},
  );
  assert.equal(other.blocked(), false);
  // The same store object: the same state, whichever cache asks.
  const same = breakerFor(
    store,
    { failures: 9, coolDownMs: 9, maxCoolDownMs: 9, now: clock.now },
    () => {},
  );
  assert.equal(same.blocked(), true);
});

// A breaker that opens after two failures in a row, and the states it reports.
function twoFailureBreaker() {
  const states: string[] = [];
  const breaker = breakerFor(
    {},
    { failures: 2, coolDownMs: 100, maxCoolDownMs: 1_000, now: testClock().now },
    (e) => void (e.type === "cache_breaker" && states.push(e.state)),
  );
  return { breaker, states };
}

Deno.test("the state machine: an answer of the other kind does not clear failures, so a store that fails only reads (or writes) opens it", () => {
  // A read fails, a write answers, a read fails: two reads in a row failed;
  // and the other way round, on a store of its own.
  for (const [failing, answering] of [["read", "write"], ["write", "read"]] as const) {
    const { breaker, states } = twoFailureBreaker();
    breaker.admit(failing)!.done(false);
    breaker.admit(answering)!.done(true);
    breaker.admit(failing)!.done(false);
    assert.deepEqual(states, ["open"], `${failing}s failing`);
    assert.equal(breaker.blocked(), true);
  }
});

Deno.test("the state machine: a clock that throws or answers nonsense is replaced by Date.now", () => {
  for (
    const now of [() => NaN, () => undefined as unknown as number, () => {
      throw new Error("clock secret");
    }]
  ) {
    const breaker = breakerFor(
      {},
      { failures: 1, coolDownMs: 60_000, maxCoolDownMs: 60_000, now },
      () => {},
    );
    breaker.admit("read")!.done(false);
    assert.equal(breaker.blocked(), true);
    assert.equal(breaker.admit("read"), undefined);
  }
});

Deno.test("cache.breaker options are checked when the pager is made", () => {
  const store = memoryStore();
  const make = (breaker: unknown) =>
    createResultPager({ cache: { store, breaker: breaker as CacheOptions["breaker"] } });
  make(undefined);
  make(false);
  make({});
  make({ failures: 1, coolDownMs: 1, maxCoolDownMs: 1 });
  make({ coolDownMs: 120_000 }); // the cap follows a longer cool-down
  assert.throws(() => make(true), /cache\.breaker must be false or an object/);
  assert.throws(() => make(null), /cache\.breaker must be false or an object/);
  assert.throws(() => make([]), /cache\.breaker must be false or an object/);
  assert.throws(
    () => make({ failurs: 3 }),
    /cache\.breaker has no option "failurs"; did you mean "failures"\?/,
  );
  assert.throws(
    () => make({ failures: 0 }),
    /cache\.breaker\.failures must be a whole number from 1 to 1,000; got 0/,
  );
  assert.throws(() => make({ failures: 2.5 }), /cache\.breaker\.failures/);
  assert.throws(() => make({ failures: "3" }), /cache\.breaker\.failures.*got "3"/);
  assert.throws(
    () => make({ coolDownMs: 0 }),
    /cache\.breaker\.coolDownMs must be a number of milliseconds from 1 to 3,600,000; got 0/,
  );
  assert.throws(() => make({ coolDownMs: Infinity }), /cache\.breaker\.coolDownMs/);
  assert.throws(() => make({ maxCoolDownMs: 4_000_000 }), /cache\.breaker\.maxCoolDownMs/);
  assert.throws(
    () => make({ coolDownMs: 10_000, maxCoolDownMs: 5_000 }),
    /maxCoolDownMs \(5000\) must be at least cache\.breaker\.coolDownMs \(10000\)/,
  );
  assert.throws(() => make({ now: 5 }), /cache\.breaker\.now must be a function/);
});

Deno.test("Upstash with redis-server stopped, then started again: the breaker opens, and after the cool-down pages come from the store again", async () => {
  const redis = await startRestartableRedis();
  const bridge = startUpstashBridge({ redisPort: redis.port });
  try {
    const client = new Redis({
      url: bridge.url,
      token: bridge.token,
      retry: false,
      enableTelemetry: false,
    });
    const store = upstashStore(client);
    const coolDownMs = 400;
    let requestsBefore = 0;
    const requests = new Map<number, number>();
    const walked = await walkWith(
      { store, calls: 0 },
      { breaker: { coolDownMs } },
      async (page) => {
        requests.set(page - 1, bridge.requests - requestsBefore);
        if (page === 3) await redis.stop();
        if (page === 7) {
          await redis.start();
          await sleep(coolDownMs + 50);
        }
        requestsBefore = bridge.requests;
      },
    );
    assert.ok(walked.pages >= 9, `${walked.pages} pages`);
    assert.deepEqual(eventsFrom(walked, 2, 2), ["cache_hit"]);
    // Stopped: the bridge answers 500 at once; three errors open the breaker.
    assert.deepEqual(eventsFrom(walked, 3, 4), [
      "error:open",
      "error:write",
      "error:open",
      "breaker:open",
    ]);
    // Open: no request reaches the bridge.
    for (const page of [5, 6]) {
      assert.deepEqual(typesOf(walked.eventsOf(page)), [], `page ${page}`);
      assert.equal(requests.get(page), 0, `page ${page}: requests`);
    }
    // Started again (empty: no persistence): the probe answers, the result is
    // stored again by this page, and every later page is read from Redis.
    assert.deepEqual(typesOf(walked.eventsOf(7)), [
      "breaker:half_open",
      "breaker:closed",
      "cache_miss",
      "cache_stored",
    ]);
    assert.deepEqual(walked.ranAt, [1, 3, 4, 5, 6, 7]);
    for (const page of range(8, walked.pages)) {
      assert.deepEqual(typesOf(walked.eventsOf(page)), ["cache_hit"], `page ${page}`);
    }
  } finally {
    await bridge.close();
    await redis.close();
  }
});

/** memoryStore, but its getMany answers `answer` (and its reads wait `readMs`). */
function oddStore(options: { getMany?: () => unknown; readMs?: number }) {
  const inner = memoryStore();
  let reads = 0;
  const wait = () => new Promise((r) => setTimeout(r, options.readMs ?? 0));
  const store: CacheStore = {
    ...inner,
    get: async (key) => (reads++, await wait(), inner.get(key)),
    getMany: async (keys) => {
      reads++;
      await wait();
      return options.getMany ? options.getMany() as never : await inner.getMany!(keys);
    },
  };
  return { store, reads: () => reads };
}

async function walkThrough(
  store: CacheStore,
  cache: Partial<CacheOptions>,
  onEvent?: (e: PagerEvent) => void,
) {
  let runs = 0;
  const results = createResultPager({ maxTokens: 2_000, cache: { store, ...cache }, onEvent });
  const text = spansJson(300);
  const tool = () => (runs++, { content: [{ type: "text" as const, text }] });
  const items: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 200; page++) {
    const result = await results.run(tool, { scope: "s", cursor });
    const json = JSON.parse(String(result.content?.[0].text));
    items.push(...json.spans);
    cursor = json.page.next_cursor;
    if (!cursor) break;
  }
  return { items, runs: () => runs };
}

Deno.test("a getMany that answers null or a short list is a failed read: the tool runs and the walk is exact", async () => {
  const whole = JSON.parse(spansJson(300)).spans;
  for (const answer of [null, undefined, [], 7]) {
    const { store } = oddStore({ getMany: () => answer });
    const events: string[] = [];
    const walked = await walkThrough(store, { breaker: false }, (e) => events.push(e.type));
    assert.deepEqual(walked.items, whole, String(answer));
    assert.ok(events.includes("cache_error"), String(answer));
  }
});

Deno.test("a store that answers every read just after its timeout opens the breaker: a late answer is a failure", async () => {
  const { store, reads } = oddStore({ readMs: 80 });
  const states: string[] = [];
  await walkThrough(
    store,
    { timeoutMs: 40, breaker: { now: () => 0 } },
    (e) => void (e.type === "cache_breaker" && states.push(e.state)),
  );
  assert.deepEqual(states, ["open"]);
  assert.equal(reads(), 3);
});
