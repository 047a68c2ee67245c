// The demos with the cache switched on from their environment, as a
// deployment would: Upstash Redis (a real redis-server behind the Upstash
// REST bridge) in both runtimes, Workers KV in workerd, Deno KV. Each walk
// runs its tool once, and its pages are the pages served without a cache.
//
// The calls are narrowed by their arguments to 3-6 pages each: the point (the
// first page runs the tool and stores the result, every later page is read
// from the store) holds at any size, and the full-size walks are made by
// deno_deploy_test.ts and cloudflare_test.ts.
import assert from "node:assert/strict";
import { denoDemoOptions } from "../../examples/deno-deploy/options.ts";
import { type WorkerContext, workerDemoOptions } from "../../examples/cloudflare/options.ts";
import { demoOptionsFromEnv } from "../../examples/shared/env.ts";
import { type DemoOptions, handleRequest } from "../../examples/shared/server.ts";
import { toolRuns } from "../../examples/shared/tools.ts";
import { denoServe } from "../support/deno_serve.ts";
import { startRedis } from "../../dev/redis.ts";
import { serveInProcess } from "../support/serve_in_process.ts";
import { startUpstashBridge } from "../../dev/upstash_bridge.ts";
import { bundleWorker, startWorker } from "../support/workerd.ts";
import { connect, walk } from "./_pages.ts";
import { type Call, callName, walkAll, type Walks } from "./_suite.ts";

const CALLS: Call[] = [
  ["search_issues", { query: "auth" }], // a dict whose list is paged: 3 pages
  ["read_log", { contains: "山田太郎" }], // text in several scripts: 6 pages
  ["list_files", { path: "packages/core/src" }], // 3 pages
  ["activity_report", { weeks: 80 }], // text and a PNG: 3 pages
];

/** Tools whose result has an image beside its text: pagewise pages them block by block and caches none. */
const UNCACHED = new Set(["activity_report"]);

/** The counted Worker (the demo plus `GET /test/runs`), bundled by wrangler as the demo is. */
const countedWorker = () =>
  bundleWorker("examples/cloudflare", "../../tests/examples/_counted_worker.ts");
// Bundling waits on wrangler more than it computes: start it now, beside the first tests.
countedWorker().catch(() => {}); // a failure is reported by the tests that need the bundle

/** Serves `options` in this process until `use` is done. */
function serveDemo<T>(options: DemoOptions, use: (url: string) => Promise<T>): Promise<T> {
  return serveInProcess((request) => handleRequest(request, options), use);
}

let uncached: Promise<Walks> | undefined;

/** The calls' pages without a cache (an in-process server with the default options). */
function pagesWithoutCache(): Promise<Walks> {
  uncached ??= serveDemo(
    demoOptionsFromEnv(() => undefined),
    (url) => walkAll(url, "v1", CALLS),
  );
  return uncached;
}

/**
 * Steps, one a call: a client walks every page; the tool ran once (once a
 * page for a tool pagewise does not cache); the pages are those served
 * without a cache. `runs` answers the instance's tool runs once its pending
 * cache writes have settled: it is also called between the first page and
 * the second, so that a deferred write is not raced by a client quicker
 * than any model.
 */
async function checkCachedWalks(
  t: Deno.TestContext,
  url: string,
  sdk: "v1" | "v2",
  runs: () => Promise<Record<string, number>>,
): Promise<void> {
  const expected = await pagesWithoutCache();
  const connection = await connect(url, sdk);
  try {
    for (const call of CALLS) {
      const [name, args] = call;
      const once = UNCACHED.has(name) ? "once a page (not cached)" : "once";
      await t.step(
        `${callName(call)}: the tool runs ${once}, the pages as without a cache`,
        async () => {
          const before = (await runs())[name];
          const pages = await walk(connection, name, args, { afterFirstPage: runs });
          const ran = (await runs())[name] - before;
          assert.ok(pages.length >= 3, `${pages.length} pages: too few to read any from the cache`);
          assert.equal(ran, UNCACHED.has(name) ? pages.length : 1, `${name} ran ${ran} times`);
          assert.deepEqual(pages, expected[callName(call)]);
        },
      );
    }
  } finally {
    await connection.close();
  }
}

/** `GET /test/runs` of a counted instance at `url` (its MCP endpoint). */
const runsAt = (url: string) => async (): Promise<Record<string, number>> => {
  const response = await fetch(new URL("/test/runs", url));
  assert.equal(response.status, 200);
  return await response.json();
};

Deno.test("with UPSTASH_REDIS_REST_URL and _TOKEN, each runtime serves later pages from Upstash Redis", async (t) => {
  const redis = await startRedis();
  const bridge = startUpstashBridge({ redisPort: redis.port });
  const upstash = { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token };
  try {
    await t.step("Deno example under deno serve (SDK v1 client)", async (t) => {
      const app = await denoServe("tests/examples/_counted_app.ts", upstash, [
        "--allow-net=127.0.0.1",
      ]);
      try {
        await checkCachedWalks(t, app.url, "v1", runsAt(app.url));
      } finally {
        await app.close();
      }
    });
    await t.step("Worker in workerd (SDK v2 client)", async (t) => {
      bridge.resetCounts();
      const worker = await startWorker(await countedWorker(), upstash);
      try {
        await checkCachedWalks(t, worker.url, "v2", runsAt(worker.url));
      } finally {
        await worker.close();
      }
      // The Worker's own reads and writes, through @upstash/redis/cloudflare.
      assert.ok(bridge.log.some((commands) => commands.includes("mget")), "no reads");
      assert.ok(bridge.log.some((commands) => commands.includes("set")), "no writes");
    });
  } finally {
    await bridge.close();
    await redis.close();
  }
});

Deno.test("with a KV namespace bound as PAGEWISE_KV, the Worker serves later pages from Workers KV", async (t) => {
  const worker = await startWorker(await countedWorker(), {}, { kvNamespaces: ["PAGEWISE_KV"] });
  try {
    await checkCachedWalks(t, worker.url, "v2", runsAt(worker.url));
  } finally {
    await worker.close();
  }
});

Deno.test("with PAGEWISE_DENO_KV, the Deno example serves later pages from Deno KV", async (t) => {
  let kv: Deno.Kv | undefined;
  const options = await denoDemoOptions(
    (name) => (name === "PAGEWISE_DENO_KV" ? ":memory:" : undefined),
    async (path) => (kv = await Deno.openKv(path)),
  );
  try {
    assert.equal(options.cache, "Deno KV at :memory:");
    await serveDemo(
      options,
      (url) => checkCachedWalks(t, url, "v1", () => Promise.resolve({ ...toolRuns })),
    );
  } finally {
    kv?.close();
  }
});

Deno.test("a failing store is logged, and every page is still served, by running the tool", async () => {
  const bridge = startUpstashBridge({ redisPort: 1 }); // every request answers 500 first
  bridge.fault = "500";
  const env: Record<string, string> = {
    UPSTASH_REDIS_REST_URL: bridge.url,
    UPSTASH_REDIS_REST_TOKEN: bridge.token,
  };
  const warned: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warned.push(args.join(" "));
  try {
    const options = await denoDemoOptions((name) => env[name]);
    const [name, args] = CALLS[0];
    const expected = (await pagesWithoutCache())[callName(CALLS[0])];
    const before = toolRuns[name];
    const pages = await serveDemo(options, async (url) => {
      const connection = await connect(url, "v1");
      try {
        return await walk(connection, name, args);
      } finally {
        await connection.close();
      }
    });
    assert.deepEqual(pages, expected);
    assert.equal(toolRuns[name] - before, pages.length);
    const host = new URL(bridge.url).host;
    assert.ok(
      warned.some((line) =>
        line.startsWith(`pagewise cache (Upstash Redis at ${host}): write failed`)
      ),
      warned.join("\n"),
    );
    assert.ok(warned.some((line) => / (open|read) failed/.test(line)), warned.join("\n"));
    // The client's messages quote whole commands, stored results included: not in the log.
    const ours = warned.filter((line) => line.startsWith("pagewise cache"));
    for (const line of ours) assert.ok(line.length < 400, `${line.length} characters logged`);
  } finally {
    console.warn = warn;
    await bridge.close();
  }
});

// --- Wiring, in process ------------------------------------------------------

const context = (): WorkerContext & { handed: Promise<unknown>[] } => {
  const handed: Promise<unknown>[] = [];
  return { handed, waitUntil: (promise) => void handed.push(promise) };
};

Deno.test("without cache settings neither runtime has a cache", async () => {
  assert.equal((await denoDemoOptions(() => undefined)).pagewise.cache, undefined);
  const worker = workerDemoOptions({}, context());
  assert.equal(worker.pagewise.cache, undefined);
  assert.equal(worker.cache, "off");
});

Deno.test("the Worker's cache writes go to the waitUntil of the request that made them", () => {
  const env = {
    UPSTASH_REDIS_REST_URL: "https://eu1-demo.upstash.io",
    UPSTASH_REDIS_REST_TOKEN: "t",
  };
  const [a, b] = [context(), context()];
  const first = workerDemoOptions(env, a);
  const second = workerDemoOptions(env, b);
  assert.equal(first.cache, "Upstash Redis at eu1-demo.upstash.io");
  // One store for the isolate, read from env once.
  assert.equal(first.pagewise.cache!.store, second.pagewise.cache!.store);
  first.pagewise.cache!.waitUntil!(Promise.resolve("a"));
  second.pagewise.cache!.waitUntil!(Promise.resolve("b"));
  assert.deepEqual([a.handed.length, b.handed.length], [1, 1]);
});

const namespace = { get() {}, put() {}, delete() {} };

Deno.test("Upstash wins over PAGEWISE_KV when both are set; KV alone is Workers KV", () => {
  const upstash = { UPSTASH_REDIS_REST_URL: "https://x.upstash.io", UPSTASH_REDIS_REST_TOKEN: "t" };
  assert.match(
    workerDemoOptions({ ...upstash, PAGEWISE_KV: namespace }, context()).cache,
    /^Upstash/,
  );
  assert.equal(workerDemoOptions({ PAGEWISE_KV: namespace }, context()).cache, "Workers KV");
});

Deno.test("a bad cache setting fails at start-up with the variable's name", async () => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ UPSTASH_REDIS_REST_URL: "https://x.upstash.io" }, /UPSTASH_REDIS_REST_TOKEN is missing/],
    [{ UPSTASH_REDIS_REST_TOKEN: "t" }, /UPSTASH_REDIS_REST_URL is missing/],
    [
      { UPSTASH_REDIS_REST_URL: "x.upstash.io", UPSTASH_REDIS_REST_TOKEN: "t" },
      /UPSTASH_REDIS_REST_URL must be a URL/,
    ],
    [
      // The token would cross the network in clear.
      { UPSTASH_REDIS_REST_URL: "http://x.upstash.io", UPSTASH_REDIS_REST_TOKEN: "t" },
      /UPSTASH_REDIS_REST_URL must use https/,
    ],
    [{ PAGEWISE_KV: "a namespace id" }, /PAGEWISE_KV must be a KV namespace binding/],
    [{ PAGEWISE_KV: namespace, PAGEWISE_CACHE_TTL: "soon" }, /PAGEWISE_CACHE_TTL must be a/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => workerDemoOptions(env, context()), message, JSON.stringify(env));
  }
  const ttl = { PAGEWISE_DENO_KV: ":memory:", PAGEWISE_CACHE_TTL: "999999999999" };
  let kv: Deno.Kv | undefined;
  try {
    await assert.rejects(
      denoDemoOptions(
        (name) => ttl[name as keyof typeof ttl],
        async (path) => (kv = await Deno.openKv(path)),
      ),
      /cache\.ttlSeconds/,
    );
  } finally {
    kv?.close();
  }
});

Deno.test("Upstash settings in a deno serve without --allow-net for its host stop the start, naming the flag", async () => {
  const env = {
    UPSTASH_REDIS_REST_URL: "https://eu1-demo.upstash.io",
    UPSTASH_REDIS_REST_TOKEN: "t",
  };
  await assert.rejects(
    denoServe("examples/deno-deploy/main.ts", env),
    /run it with --allow-net=eu1-demo\.upstash\.io/,
  );
});
