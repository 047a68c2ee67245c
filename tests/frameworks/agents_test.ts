import { assertListsCursor, THREE_CLIENTS, walkAsEach } from "./_walk.ts";
import { AGENTS_WORKER, startAgentsWorker } from "./_workerd.ts";
import { bundleWorker } from "../support/workerd.ts";

// Cloudflare `agents` in real workerd (the Worker as `wrangler deploy` bundles
// it, served by Miniflare); see agents/worker.ts for both wirings. Bundling
// waits on wrangler: start it now, beside the first test.
bundleWorker(AGENTS_WORKER).catch(() => {}); // a failure is reported by the tests

async function onWorker(use: (origin: string) => Promise<void>): Promise<void> {
  const worker = await startAgentsWorker();
  try {
    await use(worker.origin);
  } finally {
    await worker.close();
  }
}

Deno.test("agents createMcpHandler (SDK v2 factory): tools/list gives the tool an optional cursor", () =>
  onWorker((origin) => assertListsCursor(`${origin}/mcp`)));

Deno.test("agents createMcpHandler (SDK v2 factory) behind withClientSession: each client walks the records in pages sized for it", (t) =>
  onWorker((origin) => walkAsEach(t, `${origin}/mcp`, THREE_CLIENTS, ["codex-mcp-client"])));

Deno.test("agents McpAgent (SDK v1, Durable Object): tools/list gives the tool an optional cursor", () =>
  onWorker((origin) => assertListsCursor(`${origin}/agent`)));

Deno.test("agents McpAgent (SDK v1, Durable Object): each client walks the records in pages sized for it, from its session's initialize", (t) =>
  onWorker((origin) => walkAsEach(t, `${origin}/agent`, THREE_CLIENTS)));
