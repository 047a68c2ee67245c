/**
 * What every framework test checks, through a real SDK client over
 * Streamable HTTP: the tool lists its cursor, and a walk of every page
 * (following next_cursor, as a model would) stays within the limits and
 * gives back the records exactly, in order.
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client } from "../support/mcp_v1.ts";
import { overLimits } from "../support/limits.ts";
import { joinListPages, walkTool } from "../support/tool_pages.ts";
import { LIMITS, records, TOOL } from "./_records.ts";

/** Runs `use` with an SDK v1 client connected to `url`, then closes it. */
export async function withClient<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: "frameworks-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** Every page's text of the records tool at `url`, first to last. */
export function walkRecords(url: string, tool = TOOL): Promise<string[]> {
  return withClient(url, (client) => walkTool(client, tool, {}));
}

/**
 * Asserts that `texts` are several pages, each within {@linkcode LIMITS}
 * (the pager's own estimate and the character count), whose items joined
 * are the records exactly, in order.
 */
export function assertPagedRecords(texts: string[]): void {
  const expected = records();
  // 1.2 MB of JSON at 50,000 characters a page: at least 25 pages.
  assert.ok(texts.length >= 25, `${texts.length} pages`);
  for (const [k, text] of texts.entries()) {
    assert.deepEqual(overLimits(text, LIMITS), [], `page ${k + 1} of ${texts.length}`);
  }
  const items = joinListPages(texts);
  assert.equal(items.length, expected.length);
  assert.equal(JSON.stringify(items), JSON.stringify(expected));
}

/** Asserts that tools/list at `url` shows the tool with an optional string `cursor`. */
export async function assertListsCursor(url: string, tool = TOOL): Promise<void> {
  await withClient(url, async (client) => {
    const { tools } = await client.listTools();
    const listed = tools.find((t) => t.name === tool);
    assert.ok(listed, `${tool} is listed: ${tools.map((t) => t.name).join(", ")}`);
    const properties = listed.inputSchema.properties as Record<string, { type?: string }>;
    assert.equal(properties?.cursor?.type, "string");
    assert.ok(!(listed.inputSchema.required ?? []).includes("cursor"), "cursor is optional");
    assert.match(listed.description ?? "", /next_cursor/);
  });
}
