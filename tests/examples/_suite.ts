/**
 * The checks every runtime's example must pass, run against a live instance.
 */
import assert from "node:assert/strict";
import { TOOLS } from "../../examples/shared/tools.ts";
import { connect, overLimits, rebuild, walk } from "./_pages.ts";
import { INITIALIZE, MCP_POST, rawRequest } from "./_http.ts";

/** The demo's default page limits (examples/shared/env.ts). */
export const LIMITS = { maxTokens: 20_000, maxChars: 50_000 };

/** The tools called with no arguments: each is paged. */
export const TOOL_NAMES = Object.keys(TOOLS);

/**
 * Steps: an SDK client lists the tools and walks every page of each; every
 * page is within the limits by three real tokenizers, and the pages rebuild
 * the tool's output exactly.
 */
export async function walkEveryTool(
  t: Deno.TestContext,
  url: string,
  sdk: "v1" | "v2",
): Promise<void> {
  const connection = await connect(url, sdk);
  try {
    await t.step("tools/list offers the four tools, each with an optional cursor", async () => {
      const tools = await connection.tools();
      assert.deepEqual(tools.map((tool) => tool.name).sort(), [...TOOL_NAMES].sort());
      for (const tool of tools) assert.ok("cursor" in (tool.inputSchema.properties ?? {}));
    });
    for (const name of TOOL_NAMES) {
      await t.step(
        `${name}: every page within the limits, the pages rebuild its output`,
        async () => {
          const pages = await walk(connection, name);
          assert.ok(pages.length > 2, `${name} gave ${pages.length} pages: not a paging test`);
          pages.forEach((page, i) =>
            assert.deepEqual(overLimits(page, LIMITS), [], `page ${i + 1}`)
          );
          const full = await TOOLS[name]({});
          assert.deepEqual(rebuild(pages, full), full.content);
        },
      );
    }
  } finally {
    await connection.close();
  }
}

/** Steps: the HTTP face as the wire sees it (forged Host headers need raw HTTP). */
export async function checkHttpFace(
  t: Deno.TestContext,
  url: string,
  platformHost: string,
): Promise<void> {
  const host = new URL(url).host;
  await t.step("GET and DELETE /mcp get 405 with Allow: POST", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await rawRequest(url, method, { host, accept: "text/event-stream" });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers["allow"], "POST");
    }
  });
  await t.step("POST /mcp with a loopback Host and no Origin initializes", async () => {
    const response = await rawRequest(url, "POST", { host, ...MCP_POST }, INITIALIZE);
    assert.equal(response.status, 200);
    assert.match(response.body, /"serverInfo":\{"name":"pagewise-demo"/);
  });
  await t.step(`the platform's own host (${platformHost}) is served`, async () => {
    const response = await rawRequest(url, "POST", { host: platformHost, ...MCP_POST }, INITIALIZE);
    assert.equal(response.status, 200);
  });
  await t.step("a rebound Host gets 403 before anything runs", async () => {
    const response = await rawRequest(
      url,
      "POST",
      { host: "attacker.example", ...MCP_POST },
      INITIALIZE,
    );
    assert.equal(response.status, 403);
    assert.match(response.body, /Host \\"attacker.example\\" is not allowed/);
  });
  await t.step("a foreign browser Origin gets 403", async () => {
    const response = await rawRequest(
      url,
      "POST",
      { host, origin: "http://attacker.example", ...MCP_POST },
      INITIALIZE,
    );
    assert.equal(response.status, 403);
  });
}
