/**
 * Workers KV in real workerd (Miniflare): a Worker that uses workersKvStore
 * with a KV namespace binding, and the same binding driven from the test.
 */
import assert from "node:assert/strict";
import { startKvWorker } from "../support/miniflare_kv.ts";
import { type WorkersKvNamespace, workersKvStore } from "../../src/stores/workers_kv.ts";
import { openResult, storageKey, writeResult } from "../../src/cache/stored_result.ts";
import { lineIndex, mixedText } from "./_fixtures.ts";

interface ReadReply {
  miss?: true;
  meta?: unknown;
  length?: number;
  text?: string;
  index?: number[];
  read?: { gets: number; keysRead: number; charsRead: number };
  events: { type: string; reason?: string }[];
}

Deno.test("Workers KV in workerd", async (t) => {
  const { mf } = await startKvWorker("tests/stores/_workers_kv_worker.ts");
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await mf.dispatchFetch(`http://worker${path}`, {
      method: body === undefined ? "GET" : "POST",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.equal(response.status, 200, await response.clone().text());
    return await response.json() as T;
  };
  const namespace = await mf.getKVNamespace("PAGES") as unknown as WorkersKvNamespace;
  try {
    await t.step("a Worker stores a 5 MB result and reads it back exactly", async () => {
      const text = mixedText(5_000_000);
      const index = Array.from(lineIndex(text));
      const written = await call<{ outcome: string; counts: { puts: number } }>(
        "/write?key=big",
        { text, index, ttlSeconds: 600 },
      );
      assert.equal(written.outcome, "stored");
      // 131,072 units a chunk: 39 text chunks, 2 index chunks of 4,096 entries... plus the record.
      assert.ok(written.counts.puts < 80, `${written.counts.puts} puts`);
      const all = await call<ReadReply>(`/read?key=big&from=0&to=${index.length}`);
      assert.ok(all.text === text);
      assert.deepEqual(all.index, index);
    });

    await t.step("a page read is one bulk get of the covering chunks", async () => {
      const text = mixedText(5_000_000);
      const page = await call<ReadReply>("/read?key=big&start=2600000&end=2640000");
      assert.ok(page.text === text.slice(2_600_000, 2_640_000));
      // Units 2,600,000..2,639,999 lie in chunks 19 and 20 (131,072 units each).
      assert.deepEqual([page.read!.gets, page.read!.keysRead], [1, 2]);
      assert.ok(page.read!.charsRead < 2 * 131_072, `${page.read!.charsRead} characters`);
    });

    await t.step(
      "with waitUntil the Worker answers first and the write still completes",
      async () => {
        const text = mixedText(1_000_000, 3);
        const written = await call<{ outcome: string }>("/write?key=later&defer", {
          text,
          ttlSeconds: 600,
        });
        assert.equal(written.outcome, "deferred");
        let read: ReadReply | undefined;
        for (let i = 0; i < 100 && !read?.text; i++) {
          read = await call<ReadReply>("/read?key=later");
          if (!read.text) await new Promise((r) => setTimeout(r, 50));
        }
        assert.ok(read?.text === text);
      },
    );

    await t.step("a TTL under KV's 60 s minimum is kept by the deadline in the value", async () => {
      const store = workersKvStore(namespace);
      await writeResult(store, "short", { meta: 1, text: "x".repeat(10_000) }, { ttlSeconds: 1 });
      assert.equal((await openResult(store, "short"))!.length, 10_000);
      await new Promise((r) => setTimeout(r, 1_050));
      assert.equal(await openResult(store, "short"), undefined);
      // KV still holds the values (expirationTtl 60): only the deadline keeps them from being served.
      assert.notEqual(await namespace.get(await storageKey("short"), "text"), null);
      const reply = await call<ReadReply>("/read?key=short");
      assert.equal(reply.miss, true);
      assert.deepEqual(reply.events.map((e) => e.reason), ["absent"]);
    });

    await t.step("bulk get of more than 100 keys is split into calls of 100", async () => {
      const store = workersKvStore(namespace, { prefix: "bulk:" });
      const entries = Array.from({ length: 250 }, (_, i) => [`k${i}`, `T${i}`] as const);
      await store.setMany!(entries, 120);
      assert.deepEqual(
        await store.getMany!([...entries.map(([k]) => k), "absent"]),
        [...entries.map(([, v]) => v), undefined],
      );
    });

    await t.step("concurrent writers and readers of one key read whole results", async () => {
      const texts = [1, 2, 3].map((seed) => mixedText(200_000 + seed, seed));
      const writes = texts.map((text) =>
        call<{ outcome: string }>("/write?key=race", { text, ttlSeconds: 600 })
      );
      const reads = [];
      for (let i = 0; i < 6; i++) reads.push(call<ReadReply>("/read?key=race"));
      assert.deepEqual((await Promise.all(writes)).map((w) => w.outcome), [
        "stored",
        "stored",
        "stored",
      ]);
      for (const read of await Promise.all(reads)) {
        assert.ok(read.miss || texts.includes(read.text!), "a read mixed two results");
      }
    });
  } finally {
    await mf.dispose();
  }
});
