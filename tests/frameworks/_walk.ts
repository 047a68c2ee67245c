/**
 * What every framework test checks, through a real SDK client over
 * Streamable HTTP: the tool lists its cursor, and a walk of every page
 * (following next_cursor, as a model would) as a client that names itself
 * as Claude Code, VS Code, … gives back the records exactly, in order, every
 * page within that client's own limit and the largest not sized for a
 * smaller client (tests/support/client_cases.ts).
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import * as v2 from "@modelcontextprotocol/client";
import { Client } from "../support/mcp_v1.ts";
import { checkPages, CLIENT_CASES, type ClientCase } from "../support/client_cases.ts";
import { joinListPages, walkTool } from "../support/tool_pages.ts";
import { RECORDS_JSON, TOOL } from "./_records.ts";

/** Every client of {@linkcode CLIENT_CASES}, by name. */
export const ALL_CLIENTS: string[] = CLIENT_CASES.map((c) => c.name);

/**
 * The clients a wiring's walk is checked as where all seven cost too much (a
 * server out of process, or a second wiring of the same kind): Claude Code's
 * large pages, VS Code's smallest, and an unknown client's default ones.
 */
export const THREE_CLIENTS = ["claude-code", "Visual Studio Code", "some-new-agent"];

function clientCase(name: string): ClientCase {
  const found = CLIENT_CASES.find((c) => c.name === name);
  if (!found) throw new Error(`${name} is not in CLIENT_CASES`);
  return found;
}

/**
 * Runs `use` with an SDK v1 client (MCP 2025-11-25, which names itself only
 * in initialize) named `name` connected to `url`, then closes it.
 */
export async function withClient<T>(
  url: string,
  use: (client: Client) => Promise<T>,
  name = "frameworks-test",
): Promise<T> {
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/**
 * Every page's text of the records tool at `url` as the client named `name`,
 * first to last: an SDK v1 client (MCP 2025-11-25), or with `pin2026` an SDK
 * v2 client pinned to MCP 2026-07-28 (which names itself in every request's
 * `_meta` and sends no initialize).
 */
export async function walkRecords(url: string, name: string, pin2026 = false): Promise<string[]> {
  if (!pin2026) return await withClient(url, (client) => walkTool(client, TOOL, {}), name);
  const client = new v2.Client({ name, version: "1.0.0" }, {
    versionNegotiation: { mode: { pin: "2026-07-28" } },
  } as never);
  await client.connect(new v2.StreamableHTTPClientTransport(new URL(url)) as never);
  try {
    return await walkTool(client as unknown as Client, TOOL, {});
  } finally {
    await client.close();
  }
}

/**
 * Asserts that `texts`, the pages the client named `name` was given, are
 * each within that client's limit, the largest not sized for a smaller
 * client, and that their items joined are the records exactly, in order.
 */
export function assertPagedFor(name: string, texts: string[]): void {
  const items = joinListPages(texts);
  assert.equal(items.length, 8_000, `${name}: items lost or repeated`);
  assert.equal(JSON.stringify(items), RECORDS_JSON, `${name}: items changed`);
  checkPages(clientCase(name), texts);
}

/**
 * The SDK v1 clients of `names`, and the SDK v2 clients pinned to 2026-07-28
 * of `pinned2026`, walk the records at `url` all at once, as clients of one
 * server do (each must still get its own pages); then a step for each checks
 * its pages.
 */
export async function walkAsEach(
  t: Deno.TestContext,
  url: string,
  names: string[],
  pinned2026: string[] = [],
): Promise<void> {
  const walkers = [
    ...names.map((name) => ({ name, pin2026: false, step: name })),
    ...pinned2026.map((name) => ({
      name,
      pin2026: true,
      step: `${name}, SDK v2 pinned to 2026-07-28`,
    })),
  ];
  const walks = walkers.map(({ name, pin2026 }) => walkRecords(url, name, pin2026));
  // Each is awaited by its step; this keeps a failure before then from being unhandled.
  walks.forEach((walk) => walk.catch(() => {}));
  for (const [i, { name, step }] of walkers.entries()) {
    await t.step(step, async () => assertPagedFor(name, await walks[i]));
  }
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
