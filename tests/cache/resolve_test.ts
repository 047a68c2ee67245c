// The cache's options checked when the cache is made (src/cache/resolve.ts).
import assert from "node:assert/strict";
import { type CacheStore, memoryStore } from "../../mod.ts";
import { resolveCache } from "../../src/cache/resolve.ts";

const withFlag = (flag: string, value: unknown): CacheStore => {
  const store = memoryStore();
  return { ...store, limits: { ...store.limits, [flag]: value } };
};

Deno.test("a store's compress and inMemory are true, false or nothing", () => {
  for (const flag of ["compress", "inMemory"]) {
    for (const value of [true, false, undefined]) {
      assert.ok(resolveCache({ store: withFlag(flag, value) }, () => {}));
    }
    for (const value of ["yes", 1, null]) {
      assert.throws(
        () => resolveCache({ store: withFlag(flag, value) }, () => {}),
        new RegExp(`cache\\.store\\.limits\\.${flag} must be true, false or nothing`),
      );
    }
  }
});

Deno.test("a store's numeric limits are whole numbers in range, and the one that is not is named", () => {
  const cases: [string, unknown, RegExp][] = [
    [
      "maxValueBytes",
      10,
      /cache\.store\.limits\.maxValueBytes must be a whole number from 1,024 to 2 \*\* 31; got 10\./,
    ],
    ["chunkUnits", 1.5, /cache\.store\.limits\.chunkUnits must be a whole number from 256/],
    [
      "capacityBytes",
      "1mb",
      /cache\.store\.limits\.capacityBytes must be a whole number from 1,024.*got "1mb"/,
    ],
    ["maxValueBytes", undefined, /cache\.store\.limits\.maxValueBytes must be/],
  ];
  for (const [name, value, said] of cases) {
    assert.throws(() => resolveCache({ store: withFlag(name, value) }, () => {}), said);
  }
  assert.ok(resolveCache({ store: withFlag("capacityBytes", undefined) }, () => {}));
});

Deno.test("caches over one store object share what the isolate remembers of it; another object, nothing", () => {
  const store = memoryStore();
  const a = resolveCache({ store }, () => {})!;
  const b = resolveCache({ store, ttlSeconds: 60 }, () => {})!;
  const c = resolveCache({ store: { ...store } }, () => {})!;
  assert.equal(a.memory, b.memory);
  assert.notEqual(a.memory, c.memory);
});
