import assert from "node:assert/strict";
import { handleRequest } from "../../examples/shared/server.ts";
import { demoOptionsFromEnv } from "../../examples/shared/env.ts";
import { denoServe, type Instance } from "../support/deno_serve.ts";
import { serveInProcess } from "../support/serve_in_process.ts";
import { bundleWorker, startWorker } from "../support/workerd.ts";
import { connect, nextCursor, type Result } from "./_pages.ts";
import {
  APP,
  checkHttpFace,
  checkNarrowing,
  checkSameWalks,
  checkToolList,
  denoWalks,
  TOOL_NAMES,
} from "./_suite.ts";

// The Worker as `wrangler deploy` bundles it, in real workerd; and cursors
// that cross fresh instances of both runtimes. One file, so that the Worker
// is bundled once.
const WORKER = "examples/cloudflare";
// Bundling waits on wrangler more than it computes: start it now, beside the first tests.
bundleWorker(WORKER).catch(() => {}); // a failure is reported by the tests that need the bundle

Deno.test("the Worker bundle fits the free plan's 3 MB (gzip) and has no Node imports", async () => {
  const { script } = await bundleWorker(WORKER);
  const gzip = await new Response(
    new Blob([script]).stream().pipeThrough(new CompressionStream("gzip")),
  ).arrayBuffer();
  assert.ok(gzip.byteLength < 3 * 1024 * 1024, `${gzip.byteLength} bytes gzip`);
  // Without nodejs_compat, a node: import fails at upload.
  assert.doesNotMatch(script, /from\s*["']node:/);
});

Deno.test("Worker in workerd (wrangler bundle, Miniflare): HTTP face, and an SDK v2 client walks every page of each tool", async (t) => {
  const expected = await denoWalks();
  const worker = await startWorker(await bundleWorker(WORKER));
  try {
    await checkHttpFace(t, worker.url, "pagewise-demo.acme.workers.dev");
    const connection = await connect(worker.url, "v2");
    try {
      await checkToolList(t, connection);
      await checkNarrowing(t, connection);
      // Equal pages, cursors included: within the limits and rebuilding the
      // output as the Deno walk was checked to, and each runtime's cursors
      // are the other's.
      await checkSameWalks(t, connection, expected, "the Deno example");
    } finally {
      await connection.close();
    }
  } finally {
    await worker.close();
  }
});

/** Serves the Deno example in this process with `env` until `use` is done. */
function inProcess<T>(env: Record<string, string>, use: (url: string) => Promise<T>) {
  const options = demoOptionsFromEnv((name) => env[name]);
  return serveInProcess((request) => handleRequest(request, options), use);
}

/** Calls `name` on a fresh instance, then stops the instance. */
async function onFreshInstance<T>(
  start: () => Promise<Instance>,
  sdk: "v1" | "v2",
  use: (call: (name: string, args?: Record<string, unknown>) => Promise<Result>) => Promise<T>,
): Promise<T> {
  const instance = await start();
  try {
    return await callOn(instance.url, sdk, use);
  } finally {
    await instance.close();
  }
}

async function callOn<T>(
  url: string,
  sdk: "v1" | "v2",
  use: (call: (name: string, args?: Record<string, unknown>) => Promise<Result>) => Promise<T>,
): Promise<T> {
  const connection = await connect(url, sdk);
  try {
    return await use(connection.call);
  } finally {
    await connection.close();
  }
}

// Deno's cursor to a fresh Worker, and the Worker's to a fresh Deno: both
// directions, each from a process that has never seen the result.
Deno.test("each page from a fresh instance, Deno and Worker in turn, equals one instance's page", async () => {
  const bundle = await bundleWorker(WORKER);
  const expected = await denoWalks();
  const hops = [
    { runtime: "Deno", start: () => denoServe(APP), sdk: "v1" as const },
    { runtime: "Worker", start: () => startWorker(bundle), sdk: "v2" as const },
    { runtime: "Deno", start: () => denoServe(APP), sdk: "v2" as const },
  ];
  const cursors: Record<string, string | undefined> = {};
  for (const [k, hop] of hops.entries()) {
    await onFreshInstance(hop.start, hop.sdk, async (call) => {
      for (const name of TOOL_NAMES) {
        const cursor = cursors[name];
        const page = await call(name, cursor ? { cursor } : {});
        assert.deepEqual(page, expected[name][k], `${name} page ${k + 1} from ${hop.runtime}`);
        cursors[name] = nextCursor(page);
      }
    });
  }
});

Deno.test("with PAGEWISE_SECRET, a fresh Worker with the same secret takes Deno's cursor, and another secret refuses it", async () => {
  const bundle = await bundleWorker(WORKER);
  const secret = { PAGEWISE_SECRET: "a shared secret of at least 32 bytes!" };
  // The fresh process that matters is the Worker's: it has never seen the
  // result or the secret's key. The Deno side can run in this process.
  const first = await inProcess(secret, (url) => callOn(url, "v1", (call) => call("read_log")));
  const cursor = nextCursor(first)!;
  assert.ok(cursor.length > 40, `a signed cursor is longer: ${cursor}`);
  const second = await onFreshInstance(
    () => startWorker(bundle, secret),
    "v2",
    (call) => call("read_log", { cursor }),
  );
  assert.equal(second.isError, undefined);
  assert.ok(nextCursor(second));
  const refused = await inProcess(
    { PAGEWISE_SECRET: "another secret, also 32 bytes long" },
    (url) => callOn(url, "v2", (call) => call("read_log", { cursor })),
  );
  assert.equal(refused.isError, true);
  assert.match(JSON.stringify(refused.content), /without a cursor/);
});
