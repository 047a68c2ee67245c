import assert from "node:assert/strict";
import { denoKvStore } from "../../src/stores/deno_kv.ts";
import { type CacheEvent, openResult, writeResult } from "../../src/cache/stored_result.ts";
import { counted, lineIndex, mixedText } from "./_fixtures.ts";
import { assertRaceReadsWhole } from "../support/concurrent_writes.ts";

/** Runs `test` against a Deno KV in memory and one in a file on disk. */
async function eachKv(test: (kv: Deno.Kv, where: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "pagewise-kv-" });
  try {
    for (const where of [":memory:", `${dir}/cache.sqlite3`]) {
      const kv = await Deno.openKv(where);
      try {
        await test(kv, where);
      } finally {
        kv.close();
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("denoKvStore round-trips a 5 MB result with lone surrogates, in memory and on disk", () =>
  eachKv(async (kv, where) => {
    const store = denoKvStore(kv);
    const text = mixedText(5_000_000);
    const index = lineIndex(text);
    const outcome = await writeResult(store, "walk", { meta: { where }, text, index }, {
      ttlSeconds: 60,
      timeoutMs: 20_000,
    });
    assert.equal(outcome, "stored", where);
    const reader = await openResult(store, "walk");
    assert.deepEqual(reader!.meta, { where });
    assert.ok((await reader!.read(0, Infinity)) === text, where);
    assert.deepEqual(await reader!.readIndex(0, Infinity), index);
  }));

Deno.test("every value fits 64 KiB whatever the text: CJK, emoji, lone surrogates, U+FFFF", () =>
  eachKv(async (kv) => {
    const store = denoKvStore(kv);
    const kinds = {
      cjk: "語".repeat(200_000),
      emoji: "😀".repeat(100_000),
      lone: "\ud800".repeat(200_000),
      escapes: "\uffff".repeat(200_000),
      mixed: "a\udc00語".repeat(70_000),
    };
    for (const [kind, text] of Object.entries(kinds)) {
      const events: CacheEvent[] = [];
      const outcome = await writeResult(store, kind, { meta: kind, text }, {
        ttlSeconds: 60,
        timeoutMs: 20_000,
        onEvent: (e) => events.push(e),
      });
      assert.equal(outcome, "stored", `${kind}: ${JSON.stringify(events)}`);
      const reader = await openResult(store, kind);
      assert.ok((await reader!.read(0, Infinity)) === text, kind);
    }
  }));

Deno.test("a value past its deadline is a miss while Deno KV still holds it", () =>
  eachKv(async (kv) => {
    let now = Date.now();
    const store = denoKvStore(kv, { now: () => now });
    await writeResult(store, "k", { meta: 1, text: "hello" }, { ttlSeconds: 30, now: () => now });
    now += 30_001;
    const events: CacheEvent[] = [];
    assert.equal(
      await openResult(store, "k", { now: () => now, onEvent: (e) => events.push(e) }),
      undefined,
    );
    assert.deepEqual(events.map((e) => e.type === "cache_miss" && e.reason), ["absent"]);
    // Deno KV itself has not dropped it: only the deadline check keeps it from being served.
    const raw = [];
    for await (const entry of kv.list({ prefix: ["pagewise"] })) raw.push(entry);
    assert.ok(raw.length >= 2);
  }));

Deno.test("a result written with a 1 s TTL is gone after 1 s on a real clock", () =>
  eachKv(async (kv) => {
    const store = denoKvStore(kv);
    await writeResult(store, "k", { meta: 1, text: "x".repeat(50_000) }, { ttlSeconds: 1 });
    assert.equal((await openResult(store, "k"))!.length, 50_000);
    await new Promise((r) => setTimeout(r, 1_050));
    assert.equal(await openResult(store, "k"), undefined);
  }));

Deno.test("a page read fetches only the covering chunks, more than 10 keys in batches of 10", () =>
  eachKv(async (kv) => {
    const { store, counts } = counted(denoKvStore(kv));
    const text = mixedText(2_000_000);
    await writeResult(store, "k", { meta: 1, text }, { ttlSeconds: 60, timeoutMs: 20_000 });
    const reader = await openResult(store, "k");
    counts.calls = counts.keysRead = 0;
    assert.ok((await reader!.read(700_001, 740_000)) === text.slice(700_001, 740_000));
    // 21,757 units a chunk: units 700,001..739,999 lie in chunks 32..34.
    assert.deepEqual([counts.calls, counts.keysRead], [1, 3]);
    counts.calls = counts.keysRead = 0;
    assert.ok((await reader!.read(0, 500_000)) === text.slice(0, 500_000));
    assert.deepEqual([counts.calls, counts.keysRead], [1, 23]);
  }));

Deno.test("setMany splits writes into atomic operations within 800 KiB and 1,000 mutations", () =>
  eachKv(async (kv) => {
    const store = denoKvStore(kv);
    const wide = Array.from({ length: 40 }, (_, i) => [`w${i}`, "語".repeat(20_000)] as const);
    const many = Array.from({ length: 2_500 }, (_, i) => [`m${i}`, `T${i}`] as const);
    await store.setMany!([...wide, ...many], 60);
    const keys = [...wide, ...many].map(([k]) => k);
    const values = await store.getMany!(keys);
    assert.deepEqual(values, [...wide, ...many].map(([, v]) => v));
  }));

Deno.test("concurrent writers and readers of one key over Deno KV read whole results", () =>
  eachKv(async (kv) => {
    const store = denoKvStore(kv);
    const texts = [1, 2, 3].map((seed) => mixedText(120_000 + seed, seed));
    await assertRaceReadsWhole(store, texts, { reads: 10, pauseMs: 2, timeoutMs: 10_000 });
  }));
