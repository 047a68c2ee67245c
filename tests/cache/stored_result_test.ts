import assert from "node:assert/strict";
import fc from "fast-check";
import { memoryStore } from "../../src/stores/memory.ts";
import type { PageStore } from "../../src/stores/types.ts";
import {
  type CacheEvent,
  openResult,
  storageKey,
  writeResult,
} from "../../src/cache/stored_result.ts";
import { type Seal, sealOf } from "../../src/cache/_seal.ts";
import { CheckedValues } from "../../src/cache/_memory.ts";
import { counted, lineIndex, mixedText, withLimits } from "../stores/_fixtures.ts";
import { assertRaceHeals, assertRaceReadsWhole } from "../support/concurrent_writes.ts";

const big = () => memoryStore({ maxBytes: 256 * 1024 * 1024, maxEntries: 100_000 });

function recorder() {
  const events: CacheEvent[] = [];
  return { events, onEvent: (event: CacheEvent) => events.push(event) };
}

Deno.test("a 5 MB result in many scripts with lone surrogates round-trips exactly", async () => {
  const text = mixedText(5_000_000);
  assert.equal(text.isWellFormed(), false);
  const index = lineIndex(text);
  for (const compress of [false, true]) {
    const store = withLimits(big(), { chunkUnits: 32_768 });
    const outcome = await writeResult(store, "key", { meta: { kind: "text" }, text, index }, {
      ttlSeconds: 60,
      compress,
      timeoutMs: 10_000,
    });
    assert.equal(outcome, "stored");
    const reader = await openResult(store, "key");
    assert.ok(reader);
    assert.deepEqual(reader.meta, { kind: "text" });
    assert.equal(reader.length, text.length);
    assert.equal(reader.indexLength, index.length);
    assert.ok((await reader.read(0, Infinity)) === text, `compress: ${compress}`);
    assert.deepEqual(await reader.readIndex(0, Infinity), index);
  }
});

Deno.test("compression stores JSON text in fewer characters and reads back the same", async () => {
  const text = mixedText(1_000_000);
  const sizes: number[] = [];
  for (const compress of [false, true]) {
    const { events, onEvent } = recorder();
    const store = withLimits(big(), { chunkUnits: 32_768 });
    await writeResult(store, "k", { meta: null, text }, { ttlSeconds: 60, compress, onEvent });
    const stored = events.find((e) => e.type === "cache_stored");
    assert.ok(stored?.type === "cache_stored");
    sizes.push(stored.chars);
    const reader = await openResult(store, "k");
    assert.ok((await reader!.read(123_457, 654_321)) === text.slice(123_457, 654_321));
  }
  assert.ok(sizes[1] < sizes[0] / 2, `compressed ${sizes[1]} vs raw ${sizes[0]}`);
});

Deno.test("a ranged read fetches only the chunks that cover it, in one call", async () => {
  const text = mixedText(2_000_000);
  const { store, counts } = counted(withLimits(big(), { chunkUnits: 10_000 }));
  await writeResult(store, "k", { meta: 1, text }, { ttlSeconds: 60 });
  const reader = await openResult(store, "k");
  counts.calls = counts.keysRead = counts.charsRead = 0;
  // 35,000 characters from the middle, not on a chunk boundary: chunks 100..103.
  const page = await reader!.read(1_000_500, 1_035_500);
  assert.ok(page === text.slice(1_000_500, 1_035_500));
  assert.deepEqual([counts.calls, counts.keysRead], [1, 4]);
  assert.ok(counts.charsRead < 4 * 10_000 * 1.01, `read ${counts.charsRead} characters`);
});

Deno.test("readIndex reads the whole index chunks that cover the range, in one call", async () => {
  const index = Uint32Array.from({ length: 10_000 }, (_, i) => i * 3);
  const { store, counts } = counted(big());
  await writeResult(store, "k", { meta: 1, text: "x", index }, { ttlSeconds: 60 });
  const reader = await openResult(store, "k");
  counts.calls = counts.keysRead = 0;
  // 2,048 entries a chunk: [8,100, 8,300) lies in chunks 3 and 4.
  assert.deepEqual(await reader!.readIndex(8_100, 8_300), index.slice(8_100, 8_300));
  assert.deepEqual([counts.calls, counts.keysRead], [1, 2]);
  assert.deepEqual(await reader!.readIndex(-5, 3), index.slice(0, 3));
  assert.deepEqual(await reader!.readIndex(7, 7), new Uint32Array(0));
});

Deno.test("any text and any range read back exactly (property)", async () => {
  const store = withLimits(big(), { chunkUnits: 7 });
  await fc.assert(
    fc.asyncProperty(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.nat(),
      fc.nat(),
      async (text, a, b) => {
        await writeResult(store, "p", { meta: 0, text }, { ttlSeconds: 60 });
        const reader = await openResult(store, "p");
        const [start, end] = [a % (text.length + 2), b % (text.length + 2)].sort((x, y) => x - y);
        assert.equal(await reader!.read(start, end), text.slice(start, end));
        assert.equal(await reader!.read(0, text.length), text);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("compressed chunks of any text read back exactly (property)", async () => {
  const store = withLimits(big(), { chunkUnits: 600, compress: true });
  const unit = fc.oneof(
    fc.constantFrom("a", "b", "{", '"', "\n", "\uffff", "\ud800", "\udc00", "😀", "語", "é"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 3 }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(unit, { maxLength: 2_000 }), async (units) => {
      const text = units.join("");
      await writeResult(store, "z", { meta: 0, text }, { ttlSeconds: 60 });
      const reader = await openResult(store, "z");
      assert.equal(await reader!.read(0, Infinity), text);
      assert.equal(await reader!.read(599, 1_201), text.slice(599, 1_201));
    }),
    { numRuns: 100 },
  );
});

Deno.test("an absent key, an expired entry and a record of another version open as misses; a value that is no record is altered", async () => {
  // The store keeps entries by its own clock (as Deno KV keeps them past expireIn).
  let now = 1_000_000;
  const store = memoryStore();
  const { events, onEvent } = recorder();
  assert.equal(await openResult(store, "nothing", { onEvent }), undefined);
  await writeResult(store, "k", { meta: 1, text: "abc" }, { ttlSeconds: 10, now: () => now });
  now += 10_000;
  assert.equal(await openResult(store, "k", { onEvent, now: () => now }), undefined);
  await store.set(await storageKey("bad"), 'M{"v":99}', 60);
  assert.equal(await openResult(store, "bad", { onEvent }), undefined);
  await store.set(await storageKey("junk"), "not a record", 60);
  assert.equal(await openResult(store, "junk", { onEvent }), undefined);
  assert.deepEqual(
    events.map((e) => e.type === "cache_miss" && e.reason),
    ["absent", "expired", "invalid", "altered"],
  );
});

Deno.test("nothing is served after ttlSeconds, even from a reader opened before", async () => {
  let now = 0;
  const store = memoryStore({ now: () => now });
  await writeResult(store, "k", { meta: 1, text: "hello", index: Uint32Array.of(0, 3) }, {
    ttlSeconds: 5,
    now: () => now,
  });
  const { events, onEvent } = recorder();
  const reader = await openResult(store, "k", { now: () => now, onEvent });
  now = 4_999;
  assert.equal(await reader!.read(0, 5), "hello");
  now = 5_000;
  assert.equal(await reader!.read(0, 5), undefined);
  assert.equal(await reader!.readIndex(0, 2), undefined);
  assert.deepEqual(events.map((e) => e.type), ["cache_miss", "cache_miss"]);
});

Deno.test("no stored value outlives ttlSeconds: each is written with the time left", async () => {
  const ttls: number[] = [];
  const base = memoryStore();
  let now = 0;
  const store: PageStore = {
    ...base,
    limits: { ...base.limits, chunkUnits: 100 },
    setMany: async (entries, ttl) => {
      ttls.push(ttl);
      now += 1_500; // a slow backend
      await base.setMany!(entries, ttl);
    },
    set: async (key, value, ttl) => {
      ttls.push(ttl);
      await base.set(key, value, ttl);
    },
  };
  await writeResult(store, "k", { meta: 1, text: "x".repeat(1_000) }, {
    ttlSeconds: 10,
    now: () => now,
  });
  assert.deepEqual(ttls, [10, 8.5]);
});

Deno.test("the record is written last: a reader during a write misses, never reads part", async () => {
  const base = withLimits(big(), { chunkUnits: 1_000 });
  let release!: () => void;
  const paused = new Promise<void>((resolve) => release = resolve);
  let writing!: () => void;
  const started = new Promise<void>((resolve) => writing = resolve);
  const store: PageStore = {
    ...base,
    limits: base.limits,
    setMany: async (entries, ttl) => {
      await base.setMany!(entries, ttl);
      writing();
      await paused;
    },
  };
  const text = mixedText(50_000);
  const write = writeResult(store, "k", { meta: 1, text }, { ttlSeconds: 60, timeoutMs: 5_000 });
  await started;
  assert.equal(await openResult(store, "k"), undefined);
  release();
  assert.equal(await write, "stored");
  assert.equal(await (await openResult(store, "k"))!.read(0, Infinity), text);
});

Deno.test("concurrent writers and readers of one key: every read is one whole result", async () => {
  const store = withLimits(big(), { chunkUnits: 2_000 });
  const texts = [1, 2, 3, 4, 5].map((seed) => mixedText(40_000 + seed, seed));
  await assertRaceReadsWhole(store, texts, { reads: 20, pauseMs: 0 });
  await assertRaceHeals(store, texts);
});

Deno.test("a store that throws: open, read and write resolve and report the error", async () => {
  const base = memoryStore();
  let broken = false;
  const fail = <T>(message: string, value: () => Promise<T>) =>
    broken ? Promise.reject(new Error(message)) : value();
  const store: PageStore = {
    limits: base.limits,
    get: (key) => fail("connection reset", () => base.get(key)),
    getMany: (keys) => {
      if (broken) throw new Error("sync failure");
      return base.getMany!(keys);
    },
    set: (key, value, ttl) => fail("read-only", () => base.set(key, value, ttl)),
    delete: (key) => base.delete(key),
  };
  await writeResult(store, "k", { meta: 1, text: "abc".repeat(100_000) }, { ttlSeconds: 60 });
  const readLog = recorder();
  const reader = await openResult(store, "k", { onEvent: readLog.onEvent });
  broken = true;
  const { events, onEvent } = recorder();
  assert.equal(await openResult(store, "k", { onEvent }), undefined);
  assert.equal(await reader!.read(0, 100_000), undefined);
  assert.equal(
    await writeResult(store, "k", { meta: 1, text: "abc" }, { ttlSeconds: 60, onEvent }),
    "failed",
  );
  broken = false;
  assert.equal(await reader!.read(0, 3), "abc");
  assert.deepEqual(
    events.map((e) => e.type === "cache_error" && [e.op, (e.error as Error).message]),
    [["open", "connection reset"], ["write", "read-only"]],
  );
  assert.deepEqual(
    readLog.events.map((e) =>
      e.type === "cache_error" ? [e.op, (e.error as Error).message] : e.type
    ),
    [["read", "sync failure"]],
  );
});

Deno.test("a store that hangs: each call gives up at timeoutMs with a timeout event", async () => {
  const hanging: PageStore = {
    limits: memoryStore().limits,
    get: () => new Promise(() => {}),
    set: () => new Promise(() => {}),
    delete: () => new Promise(() => {}),
  };
  const { events, onEvent } = recorder();
  const started = Date.now();
  assert.equal(await openResult(hanging, "k", { timeoutMs: 50, onEvent }), undefined);
  assert.equal(
    await writeResult(hanging, "k", { meta: 1, text: "x" }, {
      ttlSeconds: 60,
      timeoutMs: 50,
      onEvent,
    }),
    "failed",
  );
  assert.ok(Date.now() - started < 1_000);
  assert.deepEqual(events.map((e) => e.type === "cache_timeout" && [e.op, e.timeoutMs]), [
    ["open", 50],
    ["write", 50],
  ]);
});

Deno.test("a lost chunk makes the read undefined with an incomplete miss; a damaged one, altered", async () => {
  const { store, counts } = counted(withLimits(big(), { chunkUnits: 1_000 }));
  const text = "0123456789".repeat(500);
  await writeResult(store, "k", { meta: 1, text, index: Uint32Array.of(1, 2, 3) }, {
    ttlSeconds: 60,
  });
  const chunk = (name: string) => counts.keysWritten.find((k) => k.endsWith(name))!;
  // Letter, tag and MAC: what a damaged chunk keeps of the one it replaces.
  const head = (await store.get(chunk(":t0")))!.slice(1, 31);
  const { events, onEvent } = recorder();
  const reader = await openResult(store, "k", { onEvent });
  await store.delete(chunk(":t1"));
  assert.equal(await reader!.read(500, 1_500), undefined);
  assert.equal(await reader!.read(0, 999), text.slice(0, 999));
  await store.set(chunk(":t2"), "T" + head + "x".repeat(999), 60); // one short
  assert.equal(await reader!.read(2_000, 2_001), undefined);
  await store.set(chunk(":t3"), "Z" + head + "AAAA", 60); // not deflate
  assert.equal(await reader!.read(3_000, 3_001), undefined);
  await store.set(chunk(":t4"), "E" + head + "ab\uffffzz", 60); // a broken escape
  assert.equal(await reader!.read(4_000, 4_001), undefined);
  await store.set(chunk(":x0"), "I" + head + "!!!!", 60);
  assert.equal(await reader!.readIndex(0, 3), undefined);
  assert.deepEqual(
    events.filter((e) => e.type === "cache_miss").map((e) => e.type === "cache_miss" && e.check),
    [undefined, "text_chunk", "text_chunk", "text_chunk", "index_chunk"],
  );
  assert.deepEqual(
    events.filter((e) => e.type === "cache_miss").map((e) => e.type === "cache_miss" && e.reason),
    ["incomplete", "altered", "altered", "altered", "altered"],
  );
});

Deno.test("values written with one secret read as altered with another, or with none", async () => {
  const store = withLimits(big(), { chunkUnits: 1_000 });
  const text = mixedText(5_000);
  const written = sealOf("the writer's secret, 16+ bytes");
  await writeResult(store, "k", { meta: 1, text }, { ttlSeconds: 60, seal: written });
  for (const seal of [sealOf("another secret, of 16+ bytes"), sealOf()]) {
    const { events, onEvent } = recorder();
    assert.equal(await openResult(store, "k", { seal, onEvent }), undefined);
    assert.deepEqual(events, [
      { type: "cache_miss", key: await storageKey("k"), reason: "altered", check: "record" },
    ]);
  }
  const reader = await openResult(store, "k", { seal: written });
  assert.equal(await reader!.read(0, Infinity), text);
});

Deno.test("a chunk of another key, or at another place of the same result, is altered", async () => {
  const { store, counts } = counted(withLimits(big(), { chunkUnits: 1_000 }));
  const text = "0123456789".repeat(500);
  await writeResult(store, "k", { meta: 1, text }, { ttlSeconds: 60 });
  await writeResult(store, "other", { meta: 1, text }, { ttlSeconds: 60 });
  const [k0, k1] = counts.keysWritten.filter((key) => /:t[01]$/.test(key));
  const other0 = counts.keysWritten.find((key) => key !== k0 && key.endsWith(":t0"))!;
  const { events, onEvent } = recorder();
  const reader = await openResult(store, "k", { onEvent });
  // Chunks 0 and 1 hold the same text: swapped, each is still refused.
  await store.set(k1, (await store.get(k0))!, 60);
  assert.equal(await reader!.read(1_000, 1_001), undefined);
  await store.set(k0, (await store.get(other0))!, 60);
  assert.equal(await reader!.read(0, 1), undefined);
  assert.deepEqual(
    events.map((e) => e.type === "cache_miss" && [e.reason, e.check]),
    [["altered", "text_chunk"], ["altered", "text_chunk"]],
  );
});

Deno.test("a value read again unchanged is not checked again; changed, it is, and fails", async () => {
  const { store, counts } = counted(withLimits(big(), { chunkUnits: 1_000 }));
  const text = mixedText(5_000);
  await writeResult(store, "k", { meta: 1, text }, { ttlSeconds: 60 });
  const signed: string[][] = [];
  const seal: Seal = {
    sign: (parts) => (signed.push([...parts]), sealOf().sign(parts)),
    id: () => sealOf().id(),
  };
  const checked = new CheckedValues();
  const read = async () => (await openResult(store, "k", { seal, checked }))?.read(1_500, 2_500);
  assert.equal(await read(), text.slice(1_500, 2_500));
  assert.equal(signed.length, 3); // the record, chunks 1 and 2
  signed.length = 0;
  assert.equal(await read(), text.slice(1_500, 2_500));
  assert.equal(signed.length, 0);
  // Chunk 2 changed in the store: checked again, and refused.
  const chunk = counts.keysWritten.find((key) => key.endsWith(":t2"))!;
  const value = (await store.get(chunk))!;
  await store.set(chunk, value.slice(0, -1) + (value.at(-1) === "a" ? "b" : "a"), 60);
  assert.equal(await read(), undefined);
  assert.deepEqual(signed.map((parts) => parts[0]), [chunk]);
  // A seal of another key checks everything itself.
  const other: Seal = { sign: seal.sign, id: () => Promise.resolve("another seal") };
  signed.length = 0;
  await openResult(store, "k", { seal: other, checked });
  assert.equal(signed.length, 1);
});

Deno.test("a chunk of another result under the same key is never mixed in", async () => {
  const store = withLimits(big(), { chunkUnits: 1_000 });
  const first = "a".repeat(5_000);
  const second = "b".repeat(5_000);
  await writeResult(store, "k", { meta: 1, text: first }, { ttlSeconds: 60 });
  const { events, onEvent } = recorder();
  const old = await openResult(store, "k", { onEvent });
  await writeResult(store, "k", { meta: 2, text: second }, { ttlSeconds: 60 });
  // The old reader's record names the first result: the chunks now hold the second.
  assert.equal(await old!.read(0, 2_000), undefined);
  assert.deepEqual(events.at(-1), {
    type: "cache_miss",
    key: await storageKey("k"),
    reason: "incomplete",
  });
  const fresh = await openResult(store, "k");
  assert.equal(await fresh!.read(0, Infinity), second);
});

Deno.test("writers of the same result write the same values", async () => {
  const a = counted(withLimits(big(), { chunkUnits: 1_000, compress: true }));
  const b = counted(withLimits(big(), { chunkUnits: 1_000, compress: true }));
  const result = { meta: { x: 1 }, text: mixedText(20_000), index: Uint32Array.of(1, 5, 9) };
  await writeResult(a.store, "k", result, { ttlSeconds: 60 });
  await writeResult(b.store, "k", result, { ttlSeconds: 60 });
  const keys = a.counts.keysWritten.filter((k) => k.slice(4).includes(":"));
  assert.equal(keys.length, 21);
  assert.deepEqual(await b.store.getMany!(keys), await a.store.getMany!(keys));
});

Deno.test("prefetch: the record and a page's chunks come in one call, the page reads need none", async () => {
  const text = mixedText(2_000_000);
  const index = lineIndex(text);
  const { store, counts } = counted(withLimits(big(), { chunkUnits: 16_384 }));
  await writeResult(store, "k", { meta: 1, text, index }, { ttlSeconds: 60 });
  counts.calls = counts.keysRead = 0;
  const reader = await openResult(store, "k", {
    prefetch: { text: [1_000_000, 1_040_000], index: [30_000, 31_000] },
  });
  // The record, 3 text chunks (61..63 of 16,384 units), 2 index chunks (29, 30 of 1,024).
  assert.deepEqual([counts.calls, counts.keysRead], [1, 6]);
  assert.ok((await reader!.read(1_000_000, 1_040_000)) === text.slice(1_000_000, 1_040_000));
  assert.deepEqual(await reader!.readIndex(30_000, 31_000), index.slice(30_000, 31_000));
  assert.equal(counts.calls, 1);
  // Outside the prefetch: one more call.
  assert.ok((await reader!.read(0, 10)) === text.slice(0, 10));
  assert.equal(counts.calls, 2);
});

Deno.test("prefetch on a miss costs the same one call, and is bounded", async () => {
  const { store, counts } = counted(big());
  const { events, onEvent } = recorder();
  const reader = await openResult(store, "absent", {
    prefetch: { text: [0, 1e12], index: [0, 1e12] },
    onEvent,
  });
  assert.equal(reader, undefined);
  assert.equal(counts.calls, 1);
  assert.ok(counts.keysRead <= 1 + 2 * 256, `${counts.keysRead} keys`);
  assert.deepEqual(events.map((e) => e.type), ["cache_miss"]);
});

Deno.test("a chunk that inflates past its size is refused, not inflated", async () => {
  const { store, counts } = counted(withLimits(big(), { chunkUnits: 1_000 }));
  await writeResult(store, "k", { meta: 1, text: "a".repeat(1_000) }, { ttlSeconds: 60 });
  const bomb = new Uint8Array(
    await new Response(
      new Blob([new Uint8Array(5_000_000)]).stream().pipeThrough(
        new CompressionStream("deflate-raw"),
      ),
    ).arrayBuffer(),
  );
  // Signed as the cache without a secret signs: only the inflate's limit stops it.
  const key = counts.keysWritten[0];
  const tag = (await store.get(key))!.slice(1, 9);
  const payload = bomb.toBase64();
  const mac = await sealOf().sign([key, tag, "Z", payload]);
  await store.set(key, "Z" + tag + mac + payload, 60);
  const { events, onEvent } = recorder();
  const reader = await openResult(store, "k", { onEvent });
  assert.equal(await reader!.read(0, 10), undefined);
  assert.deepEqual(events.at(-1), {
    type: "cache_miss",
    key: await storageKey("k"),
    reason: "altered",
    check: "text_chunk",
  });
});

Deno.test("storage keys are fixed-length, backend-safe and distinct for distinct keys", async () => {
  const keys = ["", "a", "a".repeat(100_000), "..", "\ud800", "\ufffd", "user:1|tool", "ü"];
  const stored = await Promise.all(keys.map(storageKey));
  for (const key of stored) assert.match(key, /^pw1:[A-Za-z0-9_-]{43}$/);
  assert.equal(new Set(stored).size, keys.length);
});

Deno.test("writeResult with waitUntil returns at once and hands over the whole write", async () => {
  const store = big();
  const handed: Promise<unknown>[] = [];
  const outcome = await writeResult(store, "k", { meta: 1, text: mixedText(200_000) }, {
    ttlSeconds: 60,
    waitUntil: (promise) => handed.push(promise),
  });
  assert.equal(outcome, "deferred");
  assert.equal(handed.length, 1);
  assert.equal(await handed[0], "stored");
  assert.equal((await openResult(store, "k"))!.length, 200_000);
});

Deno.test("a result larger than the store's capacity is not stored", async () => {
  const store = memoryStore({ maxBytes: 100_000 });
  await store.set("other", "Tkeep", 60);
  const { events, onEvent } = recorder();
  const outcome = await writeResult(store, "k", { meta: 1, text: "x".repeat(200_000) }, {
    ttlSeconds: 60,
    onEvent,
  });
  assert.equal(outcome, "failed");
  assert.match(String((events[0] as { error: Error }).error), /does not fit/);
  assert.equal(await store.get("other"), "Tkeep");
});

Deno.test("bad input is refused with an error event, never thrown", async () => {
  const store = memoryStore({ maxBytes: 1_000_000 });
  const { events, onEvent } = recorder();
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const cases = [
    writeResult(store, "k", { meta: cyclic, text: "x" }, { ttlSeconds: 60, onEvent }),
    writeResult(store, "k", { meta: () => 1, text: "x" }, { ttlSeconds: 60, onEvent }),
    writeResult(store, "k", { meta: 1, text: "x" }, { ttlSeconds: 0, onEvent }),
    writeResult(store, "k", { meta: 1, text: 5 as unknown as string }, { ttlSeconds: 9, onEvent }),
    writeResult(store, "k", { meta: "m".repeat(2_000_000), text: "" }, { ttlSeconds: 9, onEvent }),
  ];
  assert.deepEqual(await Promise.all(cases), ["failed", "failed", "failed", "failed", "failed"]);
  assert.equal(events.filter((e) => e.type === "cache_error").length, 5);
  assert.equal(await openResult(store, "k"), undefined);
});

Deno.test("a reader whose store now has another chunk size still reads exactly", async () => {
  const base = big();
  const text = mixedText(100_000);
  await writeResult(withLimits(base, { chunkUnits: 1_000 }), "k", { meta: 1, text }, {
    ttlSeconds: 60,
  });
  // A new deployment with other limits: the prefetch guesses the wrong keys.
  const reader = await openResult(withLimits(base, { chunkUnits: 3_000 }), "k", {
    prefetch: { text: [50_000, 60_000] },
  });
  assert.ok((await reader!.read(50_000, 60_000)) === text.slice(50_000, 60_000));
});

Deno.test("a store error reaches onEvent with its message cut to 200 characters", async () => {
  const huge = "secret row ".repeat(10_000);
  const events: CacheEvent[] = [];
  const store: PageStore = {
    limits: { maxValueBytes: 1 << 20, chunkUnits: 16_384 },
    get: () => Promise.reject(new Error(`Command failed: SET k ${huge}`)),
    set: () => Promise.reject(new Error(`Command failed: SET k ${huge}`)),
    delete: () => Promise.resolve(),
  };
  await writeResult(store, "k", { meta: {}, text: huge }, {
    ttlSeconds: 60,
    onEvent: (e) => events.push(e),
  });
  const errors = events.filter((e) => e.type === "cache_error");
  assert.ok(errors.length > 0);
  for (const e of errors) {
    const message = (e as { error: Error }).error.message;
    assert.ok(message.length <= 210, `${message.length} characters`);
  }
});
