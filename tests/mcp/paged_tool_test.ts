/**
 * pagedTool: one tool's callback, paged. An SDK drops every argument the
 * tool's input schema does not declare, so a schema without the cursor is
 * refused when the tool is made, and a tool with no schema at all when it is
 * first called: a walk never answers the first page again and again.
 */
import assert from "node:assert/strict";
import { z } from "zod";
import * as v2 from "@modelcontextprotocol/server";
import * as v2Client from "@modelcontextprotocol/client";
import { pagedTool, type ToolResult } from "../../mod.ts";
import { Client, InMemoryTransport, McpServer } from "../support/mcp_v1.ts";

const rows = (n: number) => Array.from({ length: n }, (_, id) => ({ id, name: `row ${id}` }));
const textOf = (result: ToolResult) => String(result.content?.[0]?.text ?? "");

async function v1Client(server: McpServer): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(b);
  return client;
}

async function walk(call: (args: Record<string, unknown>) => Promise<ToolResult>) {
  const seen: unknown[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const result = await call(cursor ? { cursor } : {});
    assert.equal(result.isError, undefined, textOf(result));
    const { page, items } = JSON.parse(textOf(result));
    seen.push(...items);
    cursor = page.next_cursor;
    assert.ok(++pages < 100, "the walk does not end");
  } while (cursor);
  return { seen, pages };
}

Deno.test("pagedTool with its zod raw shape declaring the cursor walks to the end (SDK v1)", async () => {
  const inputSchema = { cursor: z.string().optional() };
  const server = new McpServer({ name: "s", version: "1.0.0" });
  server.registerTool(
    "rows",
    { inputSchema },
    pagedTool("rows", () => rows(3_000), { maxTokens: 2_000, inputSchema }) as never,
  );
  const client = await v1Client(server);
  const { seen, pages } = await walk((args) =>
    client.callTool({ name: "rows", arguments: args }) as Promise<ToolResult>
  );
  assert.ok(pages > 1);
  assert.deepEqual(seen, rows(3_000));
  await client.close();
});

Deno.test("pagedTool with its zod object declaring the cursor walks to the end (SDK v2)", async () => {
  const inputSchema = z.object({ cursor: z.string().optional() });
  const server = new v2.McpServer({ name: "s", version: "1.0.0" });
  server.registerTool(
    "rows",
    { inputSchema },
    pagedTool("rows", () => rows(3_000), { maxTokens: 2_000, inputSchema }) as never,
  );
  const [a, b] = v2.InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new v2Client.Client({ name: "test", version: "1.0.0" });
  await client.connect(b as never);
  const { seen, pages } = await walk((args) =>
    client.callTool({ name: "rows", arguments: args }) as Promise<ToolResult>
  );
  assert.ok(pages > 1);
  assert.deepEqual(seen, rows(3_000));
  await client.close();
});

Deno.test("pagedTool refuses, when it is made, a schema that does not declare the cursor", () => {
  for (
    const inputSchema of [
      { q: z.string() },
      z.object({ q: z.string() }),
      { type: "object", properties: { q: { type: "string" } } },
    ]
  ) {
    assert.throws(
      () => pagedTool("search", () => [], { inputSchema }),
      /pagedTool\("search"\): its inputSchema does not declare "cursor", so the SDK drops the cursor .* Add cursor: z\.string\(\)\.optional\(\)/,
    );
  }
  assert.throws(
    () =>
      pagedTool("search", () => [], { cursorParam: "page", inputSchema: { cursor: z.string() } }),
    /does not declare "page"/,
  );
  // A trim has no cursor: it needs none declared.
  pagedTool("search", () => [], { mode: "trim", inputSchema: { q: z.string() } });
});

Deno.test("pagedTool refuses what is not an input schema", () => {
  for (const inputSchema of [5, "cursor", { q: 5 }, z.string()]) {
    assert.throws(
      () => pagedTool("search", () => [], { inputSchema }),
      /inputSchema must be the tool's input schema/,
      String(inputSchema),
    );
  }
});

Deno.test("pagedTool refuses, when it is made, to page without the tool's input schema", () => {
  assert.throws(
    () => pagedTool("rows", () => rows(3_000)),
    /pagedTool\("rows"\) needs the tool's inputSchema .* Declare cursor: z\.string\(\)\.optional\(\)/,
  );
  // A trim has no cursor to lose.
  pagedTool("rows", () => rows(3_000), { mode: "trim" });
});

Deno.test("a tool registered without an input schema gets a clear error, not the first page forever", async () => {
  const server = new McpServer({ name: "s", version: "1.0.0" });
  let runs = 0;
  // The schema given to pagedTool is not the one the tool is registered with (none).
  const inputSchema = { cursor: z.string().optional() };
  server.registerTool(
    "rows",
    {},
    pagedTool("rows", () => (runs++, rows(3_000)), { maxTokens: 2_000, inputSchema }) as never,
  );
  const client = await v1Client(server);
  const result = await client.callTool({ name: "rows", arguments: {} }) as ToolResult;
  assert.equal(result.isError, true);
  assert.match(
    textOf(result),
    /pagedTool\("rows"\) was called without arguments: the tool has no input schema/,
  );
  assert.equal(runs, 0);
  await client.close();
});

Deno.test("the model is told of the narrowing arguments the schema declares, and only those", async () => {
  const withGrep = pagedTool("rows", () => rows(3_000), {
    maxTokens: 2_000,
    inputSchema: { cursor: z.string().optional(), grep: z.string().optional() },
  });
  const note = JSON.parse(textOf(await withGrep({}, {}))).page.note as string;
  assert.match(note, /grep=/);
  assert.doesNotMatch(note, /fields=/);
  const without = pagedTool("rows", () => rows(3_000), {
    maxTokens: 2_000,
    inputSchema: { cursor: z.string().optional() },
  });
  assert.doesNotMatch(JSON.parse(textOf(await without({}, {}))).page.note, /grep=|fields=/);
});

Deno.test("pagedTool refuses a cursor declared as anything but an optional string", () => {
  for (
    const inputSchema of [
      { cursor: z.number().optional() },
      { cursor: z.string() },
      z.object({ cursor: z.string().min(100).optional() }),
      { type: "object", properties: { cursor: { type: "integer" } } },
      { type: "object", properties: { cursor: { type: "string" } }, required: ["cursor"] },
      // A raw shape with an argument named shape: its cursor is still the one read.
      { shape: z.string(), cursor: z.number().optional() },
      // ...and one with an argument named properties.
      { properties: z.string(), cursor: z.number().optional() },
    ]
  ) {
    assert.throws(
      () => pagedTool("search", () => [], { inputSchema }),
      /declares "cursor" as something other than an optional string/,
    );
  }
  pagedTool("search", () => [], { inputSchema: { cursor: z.string().optional() } });
  pagedTool("search", () => [], { inputSchema: z.object({ cursor: z.string().nullish() }) });
  pagedTool("search", () => [], {
    inputSchema: { type: "object", properties: { cursor: { type: ["string", "null"] } } },
  });
});
