// A walk through a real MCP server with each store: one tool run per walk
// with the cache, one per page without; every page within the limits by real
// tokenizers, the same page as without the cache, and the walk putting the
// tool's output back together exactly.
import assert from "node:assert/strict";
import { memoryStore, type PaginateOptions } from "../../mod.ts";
import { denoKvStore } from "../../src/stores/deno_kv.ts";
import type { CacheStore } from "../../src/stores/types.ts";
import { max3 } from "../../dev/tokenizers.ts";
import { listWithHugeItem, mixedLog, spansJson } from "../../dev/cache_data.ts";
import {
  assertReassembles,
  assertWithinLimits,
  call,
  connectInMemory,
  eventLog,
  httpServer,
  nextCursor,
  startUpstash,
  textOf,
  toolServer,
  type Walk,
  walk,
  withUpstash,
} from "./_rig.ts";

// Pages are counted with the real tokenizers they are checked against: these
// tests are about the cache, whose pages must fit the counter it is given.
// (Memoized: a cached walk builds the same candidate pages as the uncached one.)
const counted = new Map<string, number>();
const countTokens = (text: string) => {
  let tokens = counted.get(text);
  if (tokens === undefined) counted.set(text, tokens = max3(text));
  return tokens;
};
const LIMITS = { maxTokens: 2_000, countTokens };

const outputs: Record<string, string> = {
  "spans in an object (JSON text)": spansJson(300),
  "a list with an item larger than a page": listWithHugeItem(150),
  "a log of ASCII, CJK and emoji lines": mixedLog(1_500),
};

/** Walks the tool once through InMemoryTransport; the tool's runs counted. */
async function walkWith(
  options: PaginateOptions,
  output: string,
): Promise<Walk & { runs: number }> {
  const served = toolServer(options, () => output);
  const client = await connectInMemory(served.server);
  try {
    const walked = await walk(client, { q: "service:orders" });
    return { ...walked, runs: served.runs() };
  } finally {
    await client.close();
  }
}

// Each output walked once without a cache, as the reference.
const uncached = new Map<string, Promise<Walk & { runs: number }>>();
const plainWalk = (name: string) => {
  if (!uncached.has(name)) {
    uncached.set(
      name,
      walkWith(LIMITS, outputs[name]).then((walked) => {
        assertWithinLimits(walked.texts, LIMITS);
        assertReassembles(walked.texts, outputs[name]);
        return walked;
      }),
    );
  }
  return uncached.get(name)!;
};

async function assertCachedWalks(store: CacheStore): Promise<void> {
  for (const [name, output] of Object.entries(outputs)) {
    const plain = await plainWalk(name);
    const log = eventLog();
    const cached = await walkWith({ ...LIMITS, cache: { store }, onEvent: log.onEvent }, output);
    assert.ok(plain.texts.length >= 8, `${name}: ${plain.texts.length} pages`);
    assert.equal(plain.runs, plain.texts.length, `${name}: one run per page without a cache`);
    assert.equal(cached.runs, 1, `${name}: ${cached.runs} runs with a cache (${log.types()})`);
    assert.equal(cached.texts.length, plain.texts.length, name);
    for (let i = 0; i < plain.texts.length; i++) {
      assert.ok(cached.texts[i] === plain.texts[i], `${name}: page ${i + 1} differs`);
    }
    // The pages are the reference's, byte for byte: within the limits by all
    // three tokenizers and putting the output back together (checked there).
    const types = log.types();
    assert.equal(types.filter((t) => t === "cache_stored").length, 1, `${name}: ${types}`);
    assert.equal(types.filter((t) => t === "cache_hit").length, cached.texts.length - 1, name);
  }
}

Deno.test("memoryStore: one tool run per walk, every page the uncached page, within limits, exact", async () => {
  await assertCachedWalks(memoryStore());
});

Deno.test("Deno KV (:memory:): one tool run per walk, every page the uncached page, within limits, exact", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    await assertCachedWalks(denoKvStore(kv));
  } finally {
    kv.close();
  }
});

Deno.test("Deno KV on disk: one tool run per walk; after a restart later pages still come from the file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "pagewise-kv-" });
  const path = `${dir}/cache.sqlite3`;
  const output = outputs["spans in an object (JSON text)"];
  const args = { q: "service:orders" };
  try {
    let kv = await Deno.openKv(path);
    let cursor: string | undefined;
    try {
      await assertCachedWalks(denoKvStore(kv));
      // The first page, from a server that then goes away.
      const before = toolServer({ ...LIMITS, cache: { store: denoKvStore(kv) } }, () => output);
      const client = await connectInMemory(before.server);
      cursor = nextCursor(textOf(await call(client, args)));
      await client.close();
      assert.equal(before.runs(), 1);
    } finally {
      kv.close();
    }
    // A new server on the reopened file serves the rest without running the tool.
    kv = await Deno.openKv(path);
    try {
      const after = toolServer({ ...LIMITS, cache: { store: denoKvStore(kv) } }, () => output);
      const client = await connectInMemory(after.server);
      const first = await walkWith(LIMITS, output);
      const texts = [first.texts[0]];
      while (cursor) {
        const result = await call(client, { ...args, cursor });
        assert.notEqual(result.isError, true, textOf(result));
        texts.push(textOf(result));
        cursor = nextCursor(texts.at(-1)!);
      }
      await client.close();
      assert.equal(after.runs(), 0);
      assert.deepEqual(texts, first.texts);
      assertReassembles(texts, output);
    } finally {
      kv.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("Upstash (redis-server behind the REST bridge, the real client): one tool run per walk, exact", () =>
  withUpstash((upstash) => assertCachedWalks(upstash.store)));

Deno.test("Upstash over Streamable HTTP, a server per request: one tool run per walk, exact", async () => {
  const upstash = await startUpstash();
  const output = outputs["spans in an object (JSON text)"];
  const http = httpServer(
    "stateless",
    () => ({ ...LIMITS, cache: { store: upstash.store } }),
    () => output,
  );
  try {
    const client = await http.connect({ authorization: "Bearer alice-token" });
    const walked = await walk(client, { q: "service:orders" });
    assert.ok(walked.texts.length >= 8);
    assert.equal(http.runs(), 1);
    assertWithinLimits(walked.texts, LIMITS);
    assertReassembles(walked.texts, output);
  } finally {
    await http.close();
    await upstash.close();
  }
});
