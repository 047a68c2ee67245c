import assert from "node:assert/strict";
import { Redis } from "@upstash/redis";
import { upstashStore } from "../../src/stores/upstash.ts";
import { type CacheEvent, openResult, writeResult } from "../../src/cache/stored_result.ts";
import { type RedisServer, startRedis } from "../../dev/redis.ts";
import { startUpstashBridge, type UpstashBridge } from "../../dev/upstash_bridge.ts";
import { startUpstashRig } from "../support/upstash_rig.ts";
import { assertRaceHeals, assertRaceReadsWhole } from "../support/concurrent_writes.ts";
import { lineIndex, mixedText } from "./_fixtures.ts";

interface Rig {
  server: RedisServer;
  bridge: UpstashBridge;
  redis: Redis;
}

/** A redis-server, the bridge in front of it and a real client, for one test. */
async function withUpstash(test: (rig: Rig) => Promise<void>): Promise<void> {
  const upstash = await startUpstashRig();
  try {
    await test({ server: upstash.redis, bridge: upstash.bridge, redis: upstash.client });
  } finally {
    await upstash.close();
    // Let requests released by close() settle inside this test.
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A 3 MB result with its line index, written under "walk" in a store on `redis`. */
async function writeWalk(redis: Redis) {
  const store = upstashStore(redis);
  const text = mixedText(3_000_000);
  const index = lineIndex(text);
  await writeResult(store, "walk", { meta: 1, text, index }, {
    ttlSeconds: 60,
    timeoutMs: 10_000,
  });
  return { store, text, index };
}

function recorder() {
  const events: CacheEvent[] = [];
  return { events, onEvent: (event: CacheEvent) => events.push(event) };
}

Deno.test("the bridge answers the real client: commands, pipelines, transactions, base64", () =>
  withUpstash(async ({ redis, bridge }) => {
    assert.equal(await redis.set("a", "héllo 😀"), "OK");
    assert.equal(await redis.get("a"), "héllo 😀");
    assert.equal(await redis.ping(), "PONG");
    assert.deepEqual(await redis.pipeline().set("n", 1).incr("n").get("n").exec(), ["OK", 2, 2]);
    assert.deepEqual(await redis.multi().set("m", "x").get("m").exec(), ["OK", "x"]);
    assert.equal(await redis.getrange("a", 0, 1), "h\ufffd"); // half of "é"
    await assert.rejects(() => redis.incr("a"), /not an integer/);
    assert.ok(bridge.log.some((names) => names.length === 3));
  }));

Deno.test("upstashStore round-trips a 5 MB result with lone surrogates exactly", () =>
  withUpstash(async ({ redis }) => {
    const store = upstashStore(redis);
    const text = mixedText(5_000_000);
    const index = lineIndex(text);
    const outcome = await writeResult(store, "walk", { meta: { n: 1 }, text, index }, {
      ttlSeconds: 60,
      timeoutMs: 10_000,
    });
    assert.equal(outcome, "stored");
    const reader = await openResult(store, "walk");
    assert.ok(reader);
    assert.ok((await reader.read(0, Infinity)) === text);
    assert.deepEqual(await reader.readIndex(0, Infinity), index);
  }));

Deno.test("a page read is one MGET, and an index read one MGET of its chunk, moving about a page", () =>
  withUpstash(async ({ redis, bridge }) => {
    const { store, text, index } = await writeWalk(redis);
    const reader = await openResult(store, "walk");
    bridge.resetCounts();
    const page = await reader!.read(1_500_000, 1_540_000);
    assert.ok(page === text.slice(1_500_000, 1_540_000));
    assert.deepEqual(bridge.log, [["mget"]]);
    // Compressed chunks: fewer bytes than the page itself.
    assert.ok(bridge.bytesOut < 40_000, `moved ${bridge.bytesOut} bytes`);
    bridge.resetCounts();
    // 1,024 entries an index chunk: [20,500, 21,000) lies in chunk 20, read
    // whole (its MAC covers all of it).
    const entries = await reader!.readIndex(20_500, 21_000);
    assert.deepEqual(entries, index.slice(20_500, 21_000));
    assert.deepEqual(bridge.log, [["get"]]);
    // 4 bytes an entry, base64 by pagewise, base64 again on the wire.
    assert.ok(bridge.bytesOut < 4 * 1_024 * (4 / 3) ** 2 + 300, `moved ${bridge.bytesOut} bytes`);
  }));

Deno.test("a later page with prefetch is one request: one MGET of the record and the page", () =>
  withUpstash(async ({ redis, bridge }) => {
    const { store, text, index } = await writeWalk(redis);
    bridge.resetCounts();
    const reader = await openResult(store, "walk", {
      prefetch: { text: [2_000_000, 2_040_000], index: [40_000, 41_000] },
    });
    assert.ok((await reader!.read(2_000_000, 2_040_000)) === text.slice(2_000_000, 2_040_000));
    assert.deepEqual(await reader!.readIndex(40_000, 41_000), index.slice(40_000, 41_000));
    assert.deepEqual(bridge.log, [["mget"]]);
    assert.equal(bridge.requests, 1);
  }));

Deno.test("upstashStore entries expire in Redis at ttlSeconds", () =>
  withUpstash(async ({ redis }) => {
    const store = upstashStore(redis);
    await writeResult(store, "short", { meta: 1, text: "x".repeat(100_000) }, { ttlSeconds: 1 });
    assert.ok(await openResult(store, "short"));
    const keys = await redis.keys("pw1:*");
    assert.ok(keys.length >= 2);
    for (const key of keys) assert.ok((await redis.pttl(key)) <= 1_000);
    await new Promise((r) => setTimeout(r, 1_100));
    const { events, onEvent } = recorder();
    assert.equal(await openResult(store, "short", { onEvent }), undefined);
    assert.deepEqual(await redis.keys("pw1:*"), []);
    assert.deepEqual(events.map((e) => e.type === "cache_miss" && e.reason), ["absent"]);
  }));

async function faultMidRead(
  breakIt: (rig: Rig) => Promise<void> | void,
  expect: { type: CacheEvent["type"]; message?: RegExp },
) {
  await withUpstash(async (rig) => {
    const store = upstashStore(rig.redis);
    const text = mixedText(400_000);
    await writeResult(store, "walk", { meta: 1, text, index: lineIndex(text) }, {
      ttlSeconds: 60,
    });
    const { events, onEvent } = recorder();
    const reader = await openResult(store, "walk", { onEvent, timeoutMs: 300 });
    assert.equal(await reader!.read(0, 30_000), text.slice(0, 30_000));
    await breakIt(rig);
    const started = Date.now();
    assert.equal(await reader!.read(30_000, 60_000), undefined);
    assert.equal(await reader!.readIndex(0, 100), undefined);
    assert.equal(await openResult(store, "walk", { onEvent, timeoutMs: 300 }), undefined);
    const elapsed = Date.now() - started;
    assert.ok(elapsed < 3 * 300 + 500, `took ${elapsed} ms`);
    const faults = events.filter((e) => e.type !== "cache_hit");
    assert.deepEqual(faults.map((e) => [e.type, "op" in e && e.op]), [
      [expect.type, "read"],
      [expect.type, "read_index"],
      [expect.type, "open"],
    ]);
    if (expect.message) {
      for (const fault of faults) {
        assert.match(String((fault as { error: unknown }).error), expect.message);
      }
    }
  });
}

Deno.test("redis-server killed mid-walk: reads resolve undefined with error events", () =>
  faultMidRead(({ server }) => server.kill(), {
    type: "cache_error",
    message: /redis unreachable|closed/,
  }));

Deno.test("the bridge answering 500 mid-walk: reads resolve undefined with error events", () =>
  faultMidRead(({ bridge }) => {
    bridge.fault = "500";
  }, { type: "cache_error", message: /injected fault/ }));

Deno.test("the bridge hanging mid-walk: reads give up at the timeout with timeout events", () =>
  faultMidRead(({ bridge }) => {
    bridge.fault = "hang";
  }, { type: "cache_timeout" }));

Deno.test("a wrong token mid-walk: reads resolve undefined with Unauthorized errors", () =>
  faultMidRead((rig) => {
    const wrong = new Redis({
      url: rig.bridge.url,
      token: "wrong",
      retry: false,
      enableTelemetry: false,
    });
    // The store keeps its client: swap the methods it calls.
    for (const name of ["get", "mget", "set", "del", "pipeline"] as const) {
      (rig.redis as unknown as Record<string, unknown>)[name] = wrong[name].bind(wrong);
    }
  }, { type: "cache_error", message: /Unauthorized/ }));

Deno.test("a client that retries an unreachable endpoint is cut off at the timeout", async () => {
  const server = await startRedis();
  const bridge = startUpstashBridge({ redisPort: server.port });
  const url = bridge.url;
  await bridge.close();
  await server.close();
  // The client retries network errors (here 5 times, 300 ms apart): 1.5 s in all.
  const redis = new Redis({
    url,
    token: "t",
    retry: { retries: 5, backoff: () => 300 },
    enableTelemetry: false,
  });
  const { events, onEvent } = recorder();
  const started = Date.now();
  assert.equal(await openResult(upstashStore(redis), "k", { timeoutMs: 200, onEvent }), undefined);
  assert.ok(Date.now() - started < 500, `took ${Date.now() - started} ms`);
  assert.deepEqual(events.map((e) => e.type), ["cache_timeout"]);
  // Let the client's last retry fail inside this test: its rejection is handled.
  await new Promise((r) => setTimeout(r, 1_800));
});

Deno.test("a write against a failing bridge reports failed, stores nothing readable", () =>
  withUpstash(async ({ redis, bridge }) => {
    const store = upstashStore(redis);
    const { events, onEvent } = recorder();
    bridge.fault = "500";
    const outcome = await writeResult(store, "k", { meta: 1, text: mixedText(100_000) }, {
      ttlSeconds: 60,
      onEvent,
    });
    assert.equal(outcome, "failed");
    assert.equal(events[0].type, "cache_error");
    bridge.fault = "none";
    assert.equal(await openResult(store, "k"), undefined);
  }));

Deno.test("concurrent writers of different results under one key: whole results or misses", () =>
  withUpstash(async ({ redis }) => {
    const store = upstashStore(redis);
    const texts = [1, 2, 3].map((seed) => mixedText(150_000 + seed, seed));
    await assertRaceReadsWhole(store, texts, { reads: 10, pauseMs: 5 });
    await assertRaceHeals(store, texts);
  }));

Deno.test("concurrent writers of the same result leave it whole for every reader", () =>
  withUpstash(async ({ redis }) => {
    const store = upstashStore(redis);
    const text = mixedText(300_000);
    const index = lineIndex(text);
    const writes = [1, 2, 3, 4].map(() =>
      writeResult(store, "k", { meta: "same", text, index }, { ttlSeconds: 60 })
    );
    const reads: Promise<string | undefined>[] = [];
    for (let i = 0; i < 10; i++) {
      reads.push(openResult(store, "k").then((reader) => reader?.read(0, Infinity)));
      await new Promise((r) => setTimeout(r, 5));
    }
    assert.deepEqual(await Promise.all(writes), ["stored", "stored", "stored", "stored"]);
    for (const read of await Promise.all(reads)) assert.ok(read === undefined || read === text);
    const reader = await openResult(store, "k");
    assert.ok((await reader!.read(0, Infinity)) === text);
    assert.deepEqual(await reader!.readIndex(0, Infinity), index);
  }));

Deno.test("values survive the client's automatic JSON deserialization", () =>
  withUpstash(async ({ redis }) => {
    const store = upstashStore(redis);
    // Index slices that read as JSON numbers, null or true must come back as text.
    const index = Uint32Array.from({ length: 3_000 }, (_, i) => (i * 2_654_435_761) >>> 0);
    await writeResult(store, "k", { meta: "1", text: "123", index }, { ttlSeconds: 60 });
    const reader = await openResult(store, "k");
    assert.equal(reader!.meta, "1");
    assert.equal(await reader!.read(0, 3), "123");
    for (let from = 0; from < 3_000; from += 37) {
      assert.deepEqual(await reader!.readIndex(from, from + 3), index.slice(from, from + 3));
    }
  }));

Deno.test("a client built with responseEncoding: false reads results exactly", () =>
  withUpstash(async ({ bridge }) => {
    const redis = new Redis({
      url: bridge.url,
      token: bridge.token,
      retry: false,
      enableTelemetry: false,
      responseEncoding: false,
    });
    const store = upstashStore(redis);
    const text = mixedText(300_000);
    const index = lineIndex(text);
    await writeResult(store, "k", { meta: 1, text, index }, { ttlSeconds: 60 });
    const reader = await openResult(store, "k", { prefetch: { text: [1_000, 40_000] } });
    assert.ok((await reader!.read(1_000, 40_000)) === text.slice(1_000, 40_000));
    assert.ok((await reader!.read(0, Infinity)) === text);
    assert.deepEqual(await reader!.readIndex(100, 300), index.slice(100, 300));
  }));
