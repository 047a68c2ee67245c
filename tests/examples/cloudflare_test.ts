import assert from "node:assert/strict";
import { bundleWorker, startWorker } from "../support/workerd.ts";
import { checkHttpFace, walkEveryTool } from "./_suite.ts";

const WORKER = "examples/cloudflare";

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
