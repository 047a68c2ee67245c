/**
 * The demos, with no limit set, page each client for its own limit: the
 * Deno example under `deno serve` (as `deno task demo` runs it, SDK v1
 * clients of the 2025-11-25 protocol) and the Worker in workerd (SDK v2
 * clients pinned to 2026-07-28, and v1 clients) each walk search_issues
 * (1.4 MB) as seven clients, exactly, every page within that client's limit.
 */
import assert from "node:assert/strict";
import { TOOLS } from "../../examples/shared/tools.ts";
import { denoServe } from "../support/deno_serve.ts";
import { bundleWorker, startWorker } from "../support/workerd.ts";
import { checkPages, CLIENT_CASES } from "../support/client_cases.ts";
import { type ClientOptions, connect, rebuild, type Result, walk } from "./_pages.ts";
import { APP } from "./_suite.ts";

const WORKER = "examples/cloudflare";
const TOOL = "search_issues";

async function walkAs(url: string, sdk: "v1" | "v2", client: ClientOptions & { name: string }) {
  const connection = await connect(url, sdk, client);
  try {
    const pages: Result[] = await walk(connection, TOOL);
    assert.deepEqual(rebuild(pages, TOOLS[TOOL]({})), TOOLS[TOOL]({}).content);
    const shown = pages.map((page) =>
      page.content.map((block) => (block.type === "text" ? block.text : "")).join("")
    );
    checkPages(CLIENT_CASES.find((c) => c.name === client.name)!, shown);
  } finally {
    await connection.close();
  }
}

Deno.test("the Deno example with no limit set pages each v1 client (2025-11-25) for its own limit", async (t) => {
  const app = await denoServe(APP);
  try {
    for (const { name } of CLIENT_CASES) {
      await t.step(name, () => walkAs(app.url, "v1", { name }));
    }
  } finally {
    await app.close();
  }
});

Deno.test("the Worker in workerd pages each client for its own limit, v2 pinned to 2026-07-28 and v1", async (t) => {
  const worker = await startWorker(await bundleWorker(WORKER));
  try {
    for (const { name } of CLIENT_CASES) {
      await t.step(
        `${name}, SDK v2 pinned to 2026-07-28`,
        () => walkAs(worker.url, "v2", { name, pin2026: true }),
      );
    }
    for (const name of ["codex-mcp-client", "claude-ai (via mcp-remote 0.1.38)"]) {
      await t.step(`${name}, SDK v1`, () => walkAs(worker.url, "v1", { name }));
    }
  } finally {
    await worker.close();
  }
});
