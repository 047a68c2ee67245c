// Expiry through a real MCP server: a stored result is never served after
// ttlSeconds (Deno KV expires lazily, so its store checks its own deadline),
// the page after expiry is the same page from a new tool run, and signed
// cursors with cursorTtlSeconds expire with a cache as they do without one.
import assert from "node:assert/strict";
import { memoryStore, type PagerEvent } from "../../mod.ts";
import { denoKvStore } from "../../src/stores/deno_kv.ts";
import type { CacheStore } from "../../src/stores/types.ts";
import { spansJson } from "../../dev/cache_data.ts";
import {
  call,
  connectInMemory,
  countTokens,
  nextCursor,
  textOf,
  toolServer,
  walk,
  withUpstash,
} from "./_rig.ts";

const OUTPUT = spansJson(200);
const args = { q: "status:OK" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The uncached pages, as reference. */
const reference = (async () => {
  const served = toolServer({ maxTokens: 2_000, countTokens }, () => OUTPUT);
  const client = await connectInMemory(served.server);
  const walked = await walk(client, args);
  await client.close();
  return walked.texts;
})();

async function assertExpires(store: CacheStore): Promise<PagerEvent[]> {
  const events: PagerEvent[] = [];
  const served = toolServer({
    maxTokens: 2_000,
    countTokens,
    cache: { store, ttlSeconds: 2 },
    onEvent: (e) => events.push(e),
  }, () => OUTPUT);
  const client = await connectInMemory(served.server);
  try {
    const pages = await reference;
    const texts = [textOf(await call(client, args))];
    const next = async () => {
      const result = await call(client, { ...args, cursor: nextCursor(texts.at(-1)!)! });
      assert.notEqual(result.isError, true, textOf(result));
      texts.push(textOf(result));
    };
    await next();
    assert.equal(served.runs(), 1, "the second page within the TTL comes from the cache");
    await sleep(2_100);
    events.length = 0;
    await next();
    assert.equal(served.runs(), 2, "the third page after the TTL ran the tool");
    assert.ok(!events.some((e) => e.type === "cache_hit"), "served after its TTL");
    // The new run stored the result again: the fourth page is read from it.
    await next();
    assert.equal(served.runs(), 2);
    assert.deepEqual(texts, pages.slice(0, 4));
    return events;
  } finally {
    await client.close();
  }
}

Deno.test("memoryStore: a result is not served after ttlSeconds; the tool runs and the page is the same", async () => {
  await assertExpires(memoryStore());
});

Deno.test("Deno KV: a result is not served after ttlSeconds though KV expires lazily", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const events = await assertExpires(denoKvStore(kv));
    const misses = events.filter((e) => e.type === "cache_miss").map((e) =>
      (e as { reason: string }).reason
    );
    // Either KV dropped the record, or it still held it and the deadline refused it.
    assert.ok(misses.length === 1 && ["absent", "expired"].includes(misses[0]), misses.join());
  } finally {
    kv.close();
  }
});

Deno.test("Deno KV: an entry KV still holds past its deadline is never read", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let now = Date.now();
    const store = denoKvStore(kv, { now: () => now });
    await store.set("k", "Tvalue", 1);
    now += 1_001;
    // KV itself still has it (expireIn is lazy and the real clock has not moved).
    const raw = await kv.get(["pagewise", "k"]);
    assert.notEqual(raw.value, null);
    assert.equal(await store.get("k"), undefined);
  } finally {
    kv.close();
  }
});

Deno.test("Upstash: a result is not served after ttlSeconds (Redis PX)", () =>
  withUpstash((upstash) => assertExpires(upstash.store)));

Deno.test("signed cursors with cursorTtlSeconds expire with a cache: refused, the tool does not run, the store is not read", async () => {
  let clock = Date.now();
  const events: PagerEvent[] = [];
  const served = toolServer({
    maxTokens: 2_000,
    countTokens,
    secret: "a secret of sixteen bytes or more",
    cursorTtlSeconds: 60,
    now: () => clock,
    cache: { store: memoryStore(), ttlSeconds: 600 },
    onEvent: (e) => events.push(e),
  }, () => OUTPUT);
  const client = await connectInMemory(served.server);
  try {
    const first = textOf(await call(client, args));
    const cursor = nextCursor(first)!;
    clock += 59_000;
    const second = await call(client, { ...args, cursor });
    assert.notEqual(second.isError, true);
    assert.equal(served.runs(), 1);
    // Cursor expiry has one-second resolution (rounded up when issued): 64 s is past it.
    clock += 5_000;
    events.length = 0;
    const expired = await call(client, { ...args, cursor });
    assert.equal(expired.isError, true);
    assert.match(textOf(expired), /expired/);
    assert.equal(served.runs(), 1);
    assert.deepEqual(events.filter((e) => e.type.startsWith("cache_")), []);
    // A new walk (no cursor) works and issues fresh cursors.
    const again = textOf(await call(client, args));
    const fresh = await call(client, { ...args, cursor: nextCursor(again)! });
    assert.notEqual(fresh.isError, true);
  } finally {
    await client.close();
  }
});
