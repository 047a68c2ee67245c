import assert from "node:assert/strict";
import { handleRequest } from "../../examples/shared/server.ts";
import { demoOptionsFromEnv } from "../../examples/shared/env.ts";
import { denoServe, type Instance } from "../support/deno_serve.ts";
import { bundleWorker, startWorker } from "../support/workerd.ts";
import { connect, nextCursor, type Result } from "./_pages.ts";
import { checkHttpFace, TOOL_NAMES, walkEveryTool } from "./_suite.ts";

// The Worker as `wrangler deploy` bundles it, in real workerd; and cursors
// that cross fresh instances of both runtimes. One file, so that the Worker
// is bundled once.
const WORKER = "examples/cloudflare";
const APP = "examples/deno-deploy/main.ts";

Deno.test("the Worker bundle fits the free plan's 3 MB (gzip) and has no Node imports", async () => {
  const { script } = await bundleWorker(WORKER);
  const gzip = await new Response(
    new Blob([script]).stream().pipeThrough(new CompressionStream("gzip")),
  ).arrayBuffer();
  assert.ok(gzip.byteLength < 3 * 1024 * 1024, `${gzip.byteLength} bytes gzip`);
  // Without nodejs_compat, a node: import fails at upload.
  assert.doesNotMatch(script, /from\s*["']node:/);
});

Deno.test("Worker in workerd (wrangler bundle, Miniflare): HTTP face", async (t) => {
  const worker = await startWorker(await bundleWorker(WORKER));
  try {
    await checkHttpFace(t, worker.url, "pagewise-demo.acme.workers.dev");
  } finally {
    await worker.close();
  }
});

Deno.test("Worker in workerd: SDK v2 client walks every page of each tool", async (t) => {
  const worker = await startWorker(await bundleWorker(WORKER));
  try {
    await walkEveryTool(t, worker.url, "v2");
  } finally {
    await worker.close();
  }
});

/** The first `n` pages of each tool from one long-lived in-process server. */
async function referencePages(n: number): Promise<Record<string, Result[]>> {
  const options = demoOptionsFromEnv(() => undefined);
  const abort = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: abort.signal, onListen() {} },
    (request) => handleRequest(request, options),
  );
  const connection = await connect(`http://127.0.0.1:${server.addr.port}/mcp`, "v1");
  try {
    const pages: Record<string, Result[]> = {};
    for (const name of TOOL_NAMES) {
      pages[name] = [await connection.call(name)];
      while (pages[name].length < n) {
        const cursor = nextCursor(pages[name].at(-1)!);
        assert.ok(cursor, `${name} has fewer than ${n} pages`);
        pages[name].push(await connection.call(name, { cursor }));
      }
    }
    return pages;
  } finally {
    await connection.close();
    abort.abort();
    await server.finished;
  }
}

/** Calls `name` on a fresh instance, then stops the instance. */
async function onFreshInstance<T>(
  start: () => Promise<Instance>,
  sdk: "v1" | "v2",
  use: (call: (name: string, args?: Record<string, unknown>) => Promise<Result>) => Promise<T>,
): Promise<T> {
  const instance = await start();
  try {
    const connection = await connect(instance.url, sdk);
    try {
      return await use(connection.call);
    } finally {
      await connection.close();
    }
  } finally {
    await instance.close();
  }
}

Deno.test("each page from a fresh instance, Deno and Worker in turn, equals one instance's page", async () => {
  const bundle = await bundleWorker(WORKER);
  const expected = await referencePages(4);
  const hops = [
    { runtime: "Deno", start: () => denoServe(APP), sdk: "v1" as const },
    { runtime: "Worker", start: () => startWorker(bundle), sdk: "v2" as const },
    { runtime: "Deno", start: () => denoServe(APP), sdk: "v2" as const },
    { runtime: "Worker", start: () => startWorker(bundle), sdk: "v1" as const },
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

Deno.test("with PAGEWISE_SECRET, a Worker with the same secret takes Deno's cursor and one with another refuses it", async () => {
  const bundle = await bundleWorker(WORKER);
  const secret = { PAGEWISE_SECRET: "a shared secret of at least 32 bytes!" };
  const first = await onFreshInstance(
    () => denoServe(APP, secret),
    "v1",
    (call) => call("read_log"),
  );
  const cursor = nextCursor(first)!;
  assert.ok(cursor.length > 40, `a signed cursor is longer: ${cursor}`);
  const second = await onFreshInstance(
    () => startWorker(bundle, secret),
    "v2",
    (call) => call("read_log", { cursor }),
  );
  assert.equal(second.isError, undefined);
  assert.ok(nextCursor(second));
  const refused = await onFreshInstance(
    () => startWorker(bundle, { PAGEWISE_SECRET: "another secret, also 32 bytes long" }),
    "v2",
    (call) => call("read_log", { cursor }),
  );
  assert.equal(refused.isError, true);
  assert.match(JSON.stringify(refused.content), /without a cursor/);
});
