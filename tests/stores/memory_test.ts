import assert from "node:assert/strict";
import { memoryStore } from "../../src/stores/memory.ts";

Deno.test("memoryStore returns what was set and undefined for an absent key", async () => {
  const store = memoryStore();
  await store.set("k", "Tvalue", 60);
  assert.deepEqual(await store.get("k"), "Tvalue");
  assert.deepEqual(await store.get("other"), undefined);
  assert.deepEqual(await store.getMany!(["k", "other"]), ["Tvalue", undefined]);
});

Deno.test("memoryStore evicts the least recently used entry past maxEntries", async () => {
  const store = memoryStore({ maxEntries: 3 });
  for (const key of ["a", "b", "c"]) await store.set(key, "T" + key, 60);
  await store.get("a");
  await store.set("d", "Td", 60);
  assert.deepEqual(await store.getMany!(["a", "b", "c", "d"]), ["Ta", undefined, "Tc", "Td"]);
});

Deno.test("memoryStore evicts by bytes, counting two bytes a character beyond Latin-1", async () => {
  // Each entry: 1-char key + 1,000-char value + 64 overhead.
  const latin = memoryStore({ maxBytes: 3 * 1065 });
  for (const key of ["a", "b", "c"]) await latin.set(key, "é".repeat(1000), 60);
  assert.deepEqual((await latin.getMany!(["a", "b", "c"])).filter(Boolean).length, 3);

  const wide = memoryStore({ maxBytes: 3 * 1065 });
  for (const key of ["a", "b", "c"]) await wide.set(key, "語".repeat(1000), 60);
  // 2,065 bytes each: only one fits.
  assert.deepEqual(await wide.getMany!(["a", "b", "c"]), [undefined, undefined, "語".repeat(1000)]);
});

Deno.test("memoryStore drops an entry at its TTL", async () => {
  let now = 1_000_000;
  const store = memoryStore({ now: () => now });
  await store.set("k", "Tv", 2);
  now += 1_999;
  assert.deepEqual(await store.get("k"), "Tv");
  now += 1;
  assert.deepEqual(await store.get("k"), undefined);
});

Deno.test("memoryStore evicts expired entries before live ones", async () => {
  let now = 0;
  const store = memoryStore({ maxEntries: 2, now: () => now });
  await store.set("short", "Ts", 1);
  await store.set("long", "Tl", 60);
  await store.get("short");
  now = 5_000;
  await store.set("new", "Tn", 60);
  assert.deepEqual(await store.getMany!(["short", "long", "new"]), [undefined, "Tl", "Tn"]);
});

Deno.test("memoryStore refuses a value larger than maxBytes and keeps the rest", async () => {
  const store = memoryStore({ maxBytes: 1_000 });
  await store.set("small", "Tx", 60);
  await assert.rejects(() => store.set("big", "T".repeat(2_000), 60), {
    name: "RangeError",
    message: /raise\ maxBytes/,
  });
  assert.deepEqual(await store.get("small"), "Tx");
});

Deno.test("memoryStore rejects nonsense options and TTLs with what to do", async () => {
  assert.throws(() => memoryStore({ maxEntries: 0 }), {
    name: "RangeError",
    message: /maxEntries\ must\ be\ at\ least\ 1/,
  });
  assert.throws(() => memoryStore({ maxBytes: NaN }), { name: "RangeError", message: /maxBytes/ });
  const store = memoryStore();
  await assert.rejects(() => store.set("k", "T", 0), { name: "RangeError", message: /ttlSeconds/ });
  await assert.rejects(() => store.set("k", "T", Infinity), {
    name: "RangeError",
    message: /ttlSeconds/,
  });
  assert.equal(await store.get("k"), undefined);
});
