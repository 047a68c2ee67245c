// Upstash failing in the middle of a walk: redis-server killed, the REST
// bridge answering 500, hanging past the timeout, refusing the token. Every
// page is still served (the tool runs again), each failure is reported
// through onEvent and never reaches the model, no page waits much past the
// timeout, and the walk puts the tool's output back together exactly. After
// three failed store calls in a row the store's breaker opens: later pages
// call the store not at all until its cool-down is over (a test clock here),
// then one call probes it. The last test walks without the breaker.
import assert from "node:assert/strict";
import type { Redis } from "@upstash/redis";
import type { CacheOptions, PagerEvent } from "../../mod.ts";
import { type UpstashRedis, upstashStore } from "../../src/stores/upstash.ts";
import type { CacheStore } from "../../src/stores/types.ts";
import { spansJson } from "../../dev/cache_data.ts";
import {
  assertReassembles,
  connectInMemory,
  countTokens,
  toolServer,
  walk,
  withUpstash,
} from "./_rig.ts";

const OUTPUT = spansJson(300);
// The store timeout: the default, and a short one where the bridge hangs (a
// healthy call on this shared machine can take a few hundred ms at worst).
const TIMEOUT_MS = 1_000;
const HANG_TIMEOUT_MS = 300;
// A plain counter (UTF-8 bytes / 2), so these tests depend on the cache only.
const FAULT_AT = 4; // the page before which the fault starts

/** An `@upstash/redis` client that can be swapped for another mid-walk (a rotated token). */
function swappable(first: Redis): { redis: UpstashRedis; use(next: Redis): void } {
  let current = first;
  const redis: UpstashRedis = {
    get: (key) => current.get(key),
    mget: (...keys) => current.mget(...keys),
    set: (key, value, options) => current.set(key, value, options),
    del: (...keys) => current.del(...keys),
    pipeline: () => current.pipeline(),
  };
  return { redis, use: (next) => void (current = next) };
}

interface FaultedWalk {
  pages: number;
  runs: number;
  /** The page each tool run served. */
  ranAt: number[];
  /** The cache events of each page, by page number. */
  eventsOf: (page: number) => PagerEvent[];
  slowestMs: number;
  /** How long each page took, by page number (1-based: `ms[0]` is unused). */
  ms: number[];
}

/** A test clock for the breaker's cool-down, moved on by hand. */
function testClock(): { now: () => number; pass(ms: number): void } {
  let t = 1_000_000;
  return { now: () => t, pass: (ms) => void (t += ms) };
}

/**
 * Walks the spans with `store`; `fault(page)` runs before each page is asked
 * for (it starts and ends the fault).
 */
async function faultedWalk(
  store: CacheStore,
  fault: (page: number) => unknown,
  timeoutMs = TIMEOUT_MS,
  breaker?: CacheOptions["breaker"],
): Promise<FaultedWalk> {
  const byPage = new Map<number, PagerEvent[]>();
  let page = 0;
  const ranAt: number[] = [];
  const served = toolServer({
    maxTokens: 2_000,
    countTokens,
    cache: { store, timeoutMs, breaker },
    onEvent: (event) => {
      if (!event.type.startsWith("cache_")) return;
      byPage.set(page, [...(byPage.get(page) ?? []), event]);
    },
  }, () => {
    ranAt.push(page);
    return OUTPUT;
  });
  const client = await connectInMemory(served.server);
  try {
    const walked = await walk(client, { q: "status:ERROR" }, async (n) => {
      page = n;
      await fault(n);
    });
    assertReassembles(walked.texts, OUTPUT);
    return {
      pages: walked.texts.length,
      runs: served.runs(),
      ranAt,
      eventsOf: (n) => byPage.get(n) ?? [],
      slowestMs: Math.max(...walked.ms),
      ms: [0, ...walked.ms],
    };
  } finally {
    await client.close();
  }
}

/** Event types, a breaker's with its state (`cache_breaker:open`). */
const typesOf = (events: PagerEvent[]) =>
  events.map((e) => e.type === "cache_breaker" ? `${e.type}:${e.state}` : e.type);

/** What a page asked for after the store's outage reports: the probe, the breaker closing, a hit. */
const RECOVERED = ["cache_breaker:half_open", "cache_breaker:closed", "cache_hit"];

Deno.test("redis-server killed mid-walk: every later page is served by running the tool; after three errors the store is left alone", async () => {
  await withUpstash(async (upstash) => {
    const clock = testClock();
    const walked = await faultedWalk(
      upstash.store,
      async (page) => {
        if (page === FAULT_AT) await upstash.redis.kill();
      },
      TIMEOUT_MS,
      { now: clock.now },
    );
    assert.ok(walked.pages > FAULT_AT + 3, `${walked.pages} pages`);
    // The first page, then one run for each page from the fault on.
    assert.equal(walked.runs, 1 + walked.pages - FAULT_AT + 1);
    for (let page = 2; page < FAULT_AT; page++) {
      assert.deepEqual(typesOf(walked.eventsOf(page)), ["cache_hit"]);
    }
    // The read fails, the tool runs, and storing its result fails too; the
    // third failure in a row opens the breaker, and the write is not tried.
    assert.deepEqual(typesOf(walked.eventsOf(FAULT_AT)), ["cache_error", "cache_error"]);
    assert.deepEqual(typesOf(walked.eventsOf(FAULT_AT + 1)), [
      "cache_error",
      "cache_breaker:open",
    ]);
    assert.match(String((walked.eventsOf(FAULT_AT)[0] as { error: unknown }).error), /unreachable/);
    const opened = walked.eventsOf(FAULT_AT + 1)[1];
    assert.deepEqual(opened, {
      type: "cache_breaker",
      state: "open",
      failures: 3,
      coolDownMs: 5_000,
    });
    for (let page = FAULT_AT + 2; page <= walked.pages; page++) {
      assert.deepEqual(typesOf(walked.eventsOf(page)), [], `page ${page}`);
    }
    // Refused at once: no page waited for the timeout.
    for (let page = 1; page <= walked.pages; page++) {
      assert.ok(!typesOf(walked.eventsOf(page)).includes("cache_timeout"), `page ${page}`);
    }
  });
});

Deno.test("the bridge answering 500 mid-walk: pages are served by running the tool; after the cool-down, from the cache again", async () => {
  await withUpstash(async (upstash) => {
    const clock = testClock();
    const walked = await faultedWalk(
      upstash.store,
      (page) => {
        if (page === FAULT_AT) upstash.bridge.fault = "500";
        if (page === FAULT_AT + 3) {
          upstash.bridge.fault = "none";
          clock.pass(5_000);
        }
      },
      TIMEOUT_MS,
      { now: clock.now },
    );
    // Three pages ran the tool; after that the entry stored by the first page is read again.
    assert.deepEqual(walked.ranAt, [1, FAULT_AT, FAULT_AT + 1, FAULT_AT + 2]);
    assert.deepEqual(typesOf(walked.eventsOf(FAULT_AT)), ["cache_error", "cache_error"]);
    assert.match(String((walked.eventsOf(FAULT_AT)[0] as { error: unknown }).error), /injected/);
    assert.deepEqual(typesOf(walked.eventsOf(FAULT_AT + 1)), [
      "cache_error",
      "cache_breaker:open",
    ]);
    assert.deepEqual(typesOf(walked.eventsOf(FAULT_AT + 2)), []);
    assert.deepEqual(typesOf(walked.eventsOf(FAULT_AT + 3)), RECOVERED);
    for (let page = FAULT_AT + 4; page <= walked.pages; page++) {
      assert.deepEqual(typesOf(walked.eventsOf(page)), ["cache_hit"], `page ${page}`);
    }
  });
});

Deno.test("the bridge hanging mid-walk: three timeouts, then pages wait for nothing; after the cool-down, from the cache again", async () => {
  await withUpstash(async (upstash) => {
    const clock = testClock();
    const walked = await faultedWalk(
      upstash.store,
      (page) => {
        if (page === FAULT_AT) upstash.bridge.fault = "hang";
        if (page === FAULT_AT + 3) {
          upstash.bridge.fault = "none";
          clock.pass(5_000);
        }
      },
      HANG_TIMEOUT_MS,
      { now: clock.now },
    );
    assert.deepEqual(walked.ranAt, [1, FAULT_AT, FAULT_AT + 1, FAULT_AT + 2]);
    const ops = (page: number) =>
      walked.eventsOf(page).map((e) =>
        e.type === "cache_timeout" ? `timeout:${e.op}` : typesOf([e])[0]
      );
    // The page waits for the write at most one timeout: the write's own
    // timeout may be reported during the next page.
    assert.deepEqual([...ops(FAULT_AT), ...ops(FAULT_AT + 1)], [
      "timeout:open",
      "timeout:write",
      "timeout:open",
      "cache_breaker:open",
    ]);
    assert.deepEqual(ops(FAULT_AT + 2), []);
    assert.deepEqual(typesOf(walked.eventsOf(FAULT_AT + 3)), RECOVERED);
    // A hung read, then a hung write: two timeouts, and no more.
    assert.ok(walked.ms[FAULT_AT] < 2 * HANG_TIMEOUT_MS + 500, `${walked.ms[FAULT_AT]} ms`);
    assert.ok(walked.ms[FAULT_AT] >= 2 * HANG_TIMEOUT_MS - 20, `${walked.ms[FAULT_AT]} ms`);
    assert.ok(walked.ms[FAULT_AT + 1] >= HANG_TIMEOUT_MS - 20, `${walked.ms[FAULT_AT + 1]} ms`);
    // The breaker open: the page runs the tool without waiting for the store.
    assert.ok(walked.ms[FAULT_AT + 2] < HANG_TIMEOUT_MS / 2, `${walked.ms[FAULT_AT + 2]} ms`);
  });
});

Deno.test("a wrong token mid-walk (a rotated secret): pages are served by running the tool, Unauthorized reported", async () => {
  await withUpstash(async (upstash) => {
    const client = swappable(upstash.client);
    const clock = testClock();
    const walked = await faultedWalk(
      upstashStore(client.redis),
      (page) => {
        if (page === FAULT_AT) client.use(upstash.clientWithToken("a-revoked-token"));
        if (page === FAULT_AT + 3) {
          client.use(upstash.client);
          clock.pass(5_000);
        }
      },
      TIMEOUT_MS,
      { now: clock.now },
    );
    assert.deepEqual(walked.ranAt, [1, FAULT_AT, FAULT_AT + 1, FAULT_AT + 2]);
    assert.deepEqual(typesOf(walked.eventsOf(FAULT_AT)), ["cache_error", "cache_error"]);
    assert.match(
      String((walked.eventsOf(FAULT_AT)[0] as { error: unknown }).error),
      /Unauthorized/,
    );
    assert.deepEqual(typesOf(walked.eventsOf(FAULT_AT + 1)), [
      "cache_error",
      "cache_breaker:open",
    ]);
    assert.deepEqual(typesOf(walked.eventsOf(FAULT_AT + 3)), RECOVERED);
    for (let page = FAULT_AT + 4; page <= walked.pages; page++) {
      assert.deepEqual(typesOf(walked.eventsOf(page)), ["cache_hit"], `page ${page}`);
    }
  });
});

Deno.test("Upstash down from the first page: every page runs the tool, and the walk is still exact", async () => {
  await withUpstash(async (upstash) => {
    upstash.bridge.fault = "500";
    const walked = await faultedWalk(upstash.store, () => {}, TIMEOUT_MS, { now: () => 0 });
    assert.equal(walked.runs, walked.pages);
    assert.deepEqual(typesOf(walked.eventsOf(1)), ["cache_error"]);
    assert.deepEqual(typesOf(walked.eventsOf(2)), [
      "cache_error",
      "cache_error",
      "cache_breaker:open",
    ]);
    for (let page = 3; page <= walked.pages; page++) {
      assert.deepEqual(typesOf(walked.eventsOf(page)), [], `page ${page}`);
    }
  });
});

Deno.test("breaker: false, the bridge hanging mid-walk: each page waits the read's and the write's timeouts, and no more", async () => {
  await withUpstash(async (upstash) => {
    const walked = await faultedWalk(
      upstash.store,
      (page) => {
        if (page === FAULT_AT) upstash.bridge.fault = "hang";
        if (page === FAULT_AT + 3) upstash.bridge.fault = "none";
      },
      HANG_TIMEOUT_MS,
      false,
    );
    assert.deepEqual(walked.ranAt, [1, FAULT_AT, FAULT_AT + 1, FAULT_AT + 2]);
    // A read and a write timeout on each page of the fault (the write's may
    // be reported during the next page: a page waits for it one timeout at most).
    const all = Array.from({ length: walked.pages }, (_, i) => walked.eventsOf(i + 1)).flat();
    const timeouts = all.flatMap((e) => e.type === "cache_timeout" ? [e.op] : []);
    assert.deepEqual(timeouts, ["open", "write", "open", "write", "open", "write"]);
    for (let page = FAULT_AT + 3; page <= walked.pages; page++) {
      const hits = walked.eventsOf(page).filter((e) => e.type !== "cache_timeout");
      assert.deepEqual(typesOf(hits), ["cache_hit"], `page ${page}`);
    }
    assert.ok(walked.slowestMs < 2 * HANG_TIMEOUT_MS + 500, `${walked.slowestMs} ms`);
    assert.ok(walked.slowestMs >= 2 * HANG_TIMEOUT_MS - 20, `${walked.slowestMs} ms`);
  });
});
