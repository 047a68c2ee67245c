// Each store checks, when it is made, what it is built on (src/stores/_client.ts).
import assert from "node:assert/strict";

Deno.test("each store refuses, when it is made, what it cannot be built on", async () => {
  const { upstashStore } = await import("../../src/stores/upstash.ts");
  const { denoKvStore } = await import("../../src/stores/deno_kv.ts");
  const { workersKvStore } = await import("../../src/stores/workers_kv.ts");
  assert.throws(
    () => upstashStore({} as never),
    /upstashStore's first argument must be a Redis of @upstash\/redis/,
  );
  assert.throws(
    () =>
      (upstashStore as (...a: unknown[]) => unknown)({
        get() {},
        set() {},
        del() {},
        mget() {},
        pipeline() {},
      }, { prefix: "x" }),
    /upstashStore takes the Redis client only/,
  );
  assert.throws(
    () => denoKvStore(undefined as never),
    /denoKvStore's first argument must be a Deno KV database/,
  );
  const kv = await Deno.openKv(":memory:");
  try {
    assert.throws(
      () => denoKvStore(kv, { prefix: 5 as never }),
      /denoKvStore's prefix must be a list of key parts/,
    );
  } finally {
    kv.close();
  }
  assert.throws(
    () => workersKvStore(undefined as never),
    /workersKvStore's first argument must be a KV namespace binding/,
  );
  assert.throws(
    () => workersKvStore({ get() {}, put() {}, delete() {} } as never, { prefix: 5 as never }),
    /workersKvStore's prefix must be a string/,
  );
});
