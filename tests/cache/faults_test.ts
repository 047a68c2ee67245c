// Upstash failing in the middle of a walk: redis-server killed, the REST
// bridge answering 500, hanging past the timeout, refusing the token. Every
// page is still served (the tool runs again), each failure is reported
// through onEvent and never reaches the model, no page waits much past the
// timeout, and the walk puts the tool's output back together exactly.
import assert from "node:assert/strict";
import type { Redis } from "@upstash/redis";
import type { PagerEvent } from "../../mod.ts";
import { type UpstashRedis, upstashStore } from "../../src/stores/upstash.ts";
import type { PageStore } from "../../src/stores/types.ts";
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
    getrange: (key, start, end) => current.getrange(key, start, end),
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
}

/**
 * Walks the spans with `store`; `fault(page)` runs before each page is asked
 * for (it starts and ends the fault).
 */
async function faultedWalk(
  store: PageStore,
  fault: (page: number) => unknown,
  timeoutMs = TIMEOUT_MS,
): Promise<FaultedWalk> {
  const byPage = new Map<number, PagerEvent[]>();
  let page = 0;
  const ranAt: number[] = [];
  const served = toolServer({
    maxTokens: 2_000,
    countTokens,
    cache: { store, timeoutMs },
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
    };
  } finally {
    await client.close();
  }
}

const typesOf = (events: PagerEvent[]) => events.map((e) => e.type);

Deno.test("redis-server killed mid-walk: every later page is served by running the tool, errors reported", async () => {
  await withUpstash(async (upstash) => {
    const walked = await faultedWalk(upstash.store, async (page) => {
      if (page === FAULT_AT) await upstash.redis.kill();
    });
    assert.ok(walked.pages > FAULT_AT + 3, `${walked.pages} pages`);
    // The first page, then one run for each page from the fault on.
    assert.equal(walked.runs, 1 + walked.pages - FAULT_AT + 1);
    for (let page = 2; page < FAULT_AT; page++) {
      assert.deepEqual(typesOf(walked.eventsOf(page)), ["cache_hit"]);
    }
    for (let page = FAULT_AT; page <= walked.pages; page++) {
      const events = walked.eventsOf(page);
      // The read fails, the tool runs, and storing its result fails too.
      assert.deepEqual(typesOf(events), ["cache_error", "cache_error"], `page ${page}`);
      const error = (events[0] as { error: unknown }).error;
      assert.match(String(error), /redis unreachable/);
    }
    // Refused at once: no page waited for the timeout.
    for (let page = 1; page <= walked.pages; page++) {
      assert.ok(!typesOf(walked.eventsOf(page)).includes("cache_timeout"), `page ${page}`);
    }
  });
});

Deno.test("the bridge answering 500 mid-walk: pages are served by running the tool; once it recovers, from the cache again", async () => {
  await withUpstash(async (upstash) => {
    const walked = await faultedWalk(upstash.store, (page) => {
      if (page === FAULT_AT) upstash.bridge.fault = "500";
      if (page === FAULT_AT + 3) upstash.bridge.fault = "none";
    });
    // Three pages ran the tool; after that the entry stored by the first page is read again.
    assert.deepEqual(walked.ranAt, [1, FAULT_AT, FAULT_AT + 1, FAULT_AT + 2]);
    for (let page = FAULT_AT; page < FAULT_AT + 3; page++) {
      const events = walked.eventsOf(page);
      assert.deepEqual(typesOf(events), ["cache_error", "cache_error"], `page ${page}`);
      assert.match(String((events[0] as { error: unknown }).error), /injected fault/);
    }
    for (let page = FAULT_AT + 3; page <= walked.pages; page++) {
      assert.deepEqual(typesOf(walked.eventsOf(page)), ["cache_hit"], `page ${page}`);
    }
  });
});

Deno.test("the bridge hanging mid-walk: each page waits only the timeout, then runs the tool; timeouts reported", async () => {
  await withUpstash(async (upstash) => {
    const walked = await faultedWalk(upstash.store, (page) => {
      if (page === FAULT_AT) upstash.bridge.fault = "hang";
      if (page === FAULT_AT + 3) upstash.bridge.fault = "none";
    }, HANG_TIMEOUT_MS);
    assert.deepEqual(walked.ranAt, [1, FAULT_AT, FAULT_AT + 1, FAULT_AT + 2]);
    for (let page = FAULT_AT; page < FAULT_AT + 3; page++) {
      const events = walked.eventsOf(page);
      assert.deepEqual(typesOf(events), ["cache_timeout", "cache_timeout"], `page ${page}`);
      assert.deepEqual(
        events.map((e) => (e as { op: string; timeoutMs: number }).op),
        ["open", "write"],
      );
    }
    // A hung read, then a hung write: two timeouts, and no more.
    assert.ok(walked.slowestMs < 2 * HANG_TIMEOUT_MS + 500, `${walked.slowestMs} ms`);
    assert.ok(walked.slowestMs >= 2 * HANG_TIMEOUT_MS - 20, `${walked.slowestMs} ms`);
  });
});

Deno.test("a wrong token mid-walk (a rotated secret): pages are served by running the tool, Unauthorized reported", async () => {
  await withUpstash(async (upstash) => {
    const client = swappable(upstash.client);
    const walked = await faultedWalk(upstashStore(client.redis), (page) => {
      if (page === FAULT_AT) client.use(upstash.clientWithToken("a-revoked-token"));
      if (page === FAULT_AT + 3) client.use(upstash.client);
    });
    assert.deepEqual(walked.ranAt, [1, FAULT_AT, FAULT_AT + 1, FAULT_AT + 2]);
    for (let page = FAULT_AT; page < FAULT_AT + 3; page++) {
      const events = walked.eventsOf(page);
      assert.deepEqual(typesOf(events), ["cache_error", "cache_error"], `page ${page}`);
      assert.match(String((events[0] as { error: unknown }).error), /Unauthorized/);
    }
    for (let page = FAULT_AT + 3; page <= walked.pages; page++) {
      assert.deepEqual(typesOf(walked.eventsOf(page)), ["cache_hit"], `page ${page}`);
    }
  });
});

Deno.test("Upstash down from the first page: every page runs the tool, and the walk is still exact", async () => {
  await withUpstash(async (upstash) => {
    upstash.bridge.fault = "500";
    const walked = await faultedWalk(upstash.store, () => {});
    assert.equal(walked.runs, walked.pages);
    assert.deepEqual(typesOf(walked.eventsOf(1)), ["cache_error"]);
    assert.deepEqual(typesOf(walked.eventsOf(2)), ["cache_error", "cache_error"]);
  });
});
