import assert from "node:assert/strict";
import { z } from "zod";
import { paginate, type PaginateOptions, type ToolResult } from "../../mod.ts";
import { issues } from "../../dev/records.ts";
import { SDKS, type TestClient, type TestServer } from "../support/sdks.ts";
import { o200k } from "../../dev/tokenizers.ts";

const textOf = (result: ToolResult) => String(result.content?.[0]?.text ?? "");
const pageOf = (result: ToolResult) => JSON.parse(textOf(result)).page;
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

function registerFixtures(server: TestServer): void {
  server.registerTool(
    "list_issues",
    {
      description: "Every issue.",
      inputSchema: z.object({ repo: z.string(), state: z.string().optional() }),
    },
    () => ({ content: [{ type: "text", text: JSON.stringify(issues(5_000)) }] }),
  );
  server.registerTool("everything", { description: "No arguments." }, () => ({
    content: [{ type: "text", text: "log line\n".repeat(30_000) }],
  }));
  server.registerTool(
    "structured",
    {
      description: "Structured output.",
      outputSchema: z.object({ count: z.number(), rows: z.array(z.object({ id: z.number() })) }),
    },
    () => {
      const value = { count: 6_000, rows: Array.from({ length: 6_000 }, (_, id) => ({ id })) };
      return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
    },
  );
  server.registerTool("failing", { description: "Fails loudly." }, () => ({
    content: [{ type: "text", text: "stack frame\n".repeat(20_000) }],
    isError: true,
  }));
  server.registerTool("picture", { description: "An image and a long caption." }, () => ({
    content: [
      { type: "image", data: PNG, mimeType: "image/png" },
      { type: "text", text: "caption ".repeat(40_000) },
    ],
  }));
  server.registerTool(
    "own_cursor_structured",
    {
      description: "Pages itself, with an output schema.",
      inputSchema: z.object({ cursor: z.string().optional() }),
      outputSchema: z.object({ rows: z.array(z.object({ id: z.number() })) }),
    },
    () => {
      const value = { rows: Array.from({ length: 5_000 }, (_, id) => ({ id })) };
      return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
    },
  );
  server.registerTool("album", { description: "Nine images." }, () => ({
    content: [
      { type: "text", text: "Nine pictures:" },
      ...Array.from({ length: 9 }, (_, i) => ({
        type: "image",
        data: btoa(`image ${i}`),
        mimeType: "image/png",
      })),
    ],
  }));
  server.registerTool(
    "own_cursor",
    { description: "Pages itself.", inputSchema: z.object({ cursor: z.string().optional() }) },
    () => ({ content: [{ type: "text", text: JSON.stringify(issues(2_000)) }] }),
  );
}

async function setUp(
  sdk: (typeof SDKS)[number],
  options: PaginateOptions = {},
  when: "before" | "after" = "before",
): Promise<TestClient> {
  const server = sdk.server();
  if (when === "after") registerFixtures(server);
  paginate(server, options);
  if (when === "before") registerFixtures(server);
  return await sdk.connect(server);
}

async function follow(client: TestClient, name: string, args: Record<string, unknown>) {
  const results: ToolResult[] = [await client.callTool({ name, arguments: args })];
  for (
    let cursor = pageOf(results[0]).next_cursor;
    cursor;
    cursor = pageOf(results.at(-1)!).next_cursor
  ) {
    results.push(await client.callTool({ name, arguments: { ...args, cursor } }));
  }
  return results;
}

for (const sdk of SDKS) {
  Deno.test(`${sdk.name}: tools/list shows an optional, described cursor on each paged tool`, async () => {
    const client = await setUp(sdk);
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === "list_issues")!;
    assert.equal(tool.inputSchema.properties.cursor.type, "string");
    assert.match(tool.inputSchema.properties.cursor.description, /next_cursor/);
    assert.ok(!tool.inputSchema.required?.includes("cursor"));
    assert.match(tool.description, /call this tool again with the same arguments and that cursor/);
    // A text page has no next_cursor: its cursor is in its note, and both say so.
    assert.match(tool.description, /as next_cursor, or in its closing note/);
    assert.match(tool.inputSchema.properties.cursor.description, /or in its closing note/);
    assert.ok(tools.find((t) => t.name === "everything")!.inputSchema.properties.cursor);
    await client.close();
  });

  Deno.test(`${sdk.name}: 5,000 records come back exactly, every page within 20,000 o200k tokens`, async () => {
    const client = await setUp(sdk, { maxTokens: 20_000 });
    const results = await follow(client, "list_issues", { repo: "acme/widgets" });
    assert.ok(results.length > 5);
    const items = results.flatMap((r) => JSON.parse(textOf(r)).items);
    assert.deepEqual(items, issues(5_000));
    for (const result of results) assert.ok(o200k(textOf(result)) <= 20_000);
    await client.close();
  });

  Deno.test(`${sdk.name}: tools registered before paginate are paged too`, async () => {
    const client = await setUp(sdk, { maxTokens: 5_000 }, "after");
    const first = await client.callTool({ name: "everything", arguments: {} });
    assert.match(textOf(first), /\[Output cut: showing characters 1-\d+ of 270000\./);
    await client.close();
  });

  Deno.test(`${sdk.name}: the order of arguments does not matter to a cursor`, async () => {
    const client = await setUp(sdk, { maxTokens: 5_000 });
    const first = await client.callTool({
      name: "list_issues",
      arguments: { repo: "r", state: "open" },
    });
    const cursor = pageOf(first).next_cursor;
    const second = await client.callTool({
      name: "list_issues",
      arguments: { cursor, state: "open", repo: "r" },
    });
    assert.equal(second.isError, undefined);
    assert.match(pageOf(second).items, /^\d+-\d+ of 5000$/);
    await client.close();
  });

  Deno.test(`${sdk.name}: a cursor used with other arguments is an isError result with advice`, async () => {
    const client = await setUp(sdk, { maxTokens: 5_000 });
    const first = await client.callTool({ name: "list_issues", arguments: { repo: "a" } });
    const wrong = await client.callTool({
      name: "list_issues",
      arguments: { repo: "b", cursor: pageOf(first).next_cursor },
    });
    assert.equal(wrong.isError, true);
    assert.match(textOf(wrong), /different tool or to different arguments/);
    await client.close();
  });

  Deno.test(`${sdk.name}: a forged cursor is an isError result, not a protocol error`, async () => {
    const client = await setUp(sdk);
    const result = await client.callTool({ name: "everything", arguments: { cursor: "AAAAAAAA" } });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /without a cursor to start from the beginning/);
    await client.close();
  });

  Deno.test(`${sdk.name}: an error result is trimmed, keeps isError and has no cursor`, async () => {
    const client = await setUp(sdk, { maxTokens: 2_000 });
    const result = await client.callTool({ name: "failing", arguments: {} });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /\[Output trimmed: showing characters 1-\d+ of 240000/);
    assert.doesNotMatch(textOf(result), /cursor=/);
    await client.close();
  });

  Deno.test(`${sdk.name}: an image stays an image block beside the paged text`, async () => {
    const client = await setUp(sdk, { maxTokens: 5_000 });
    const result = await client.callTool({ name: "picture", arguments: {} });
    assert.deepEqual(result.content![0], { type: "image", data: PNG, mimeType: "image/png" });
    const texts = result.content!.slice(1).map((b) => String(b.text));
    assert.match(texts.at(-1)!, /^\[Output cut: showing content blocks 1-2 of 2 \(block 2 up to/);
    assert.ok(o200k(texts.join("")) <= 5_000 - 1_600, "the image's share is kept free");
    await client.close();
  });

  Deno.test(`${sdk.name}: images that do not fit beside each other go on pages of their own`, async () => {
    const client = await setUp(sdk, { maxTokens: 4_000 });
    const results = [await client.callTool({ name: "album", arguments: {} })];
    const cursorOf = (r: ToolResult) =>
      /cursor="([^"]+)"/.exec(String(r.content!.at(-1)!.text))?.[1];
    for (let cursor = cursorOf(results[0]); cursor; cursor = cursorOf(results.at(-1)!)) {
      results.push(await client.callTool({ name: "album", arguments: { cursor } }));
    }
    const images = results.flatMap((r) => r.content!.filter((b) => b.type === "image"));
    assert.equal(images.length, 9);
    assert.deepEqual(
      images.map((b) => b.data),
      Array.from({ length: 9 }, (_, i) => btoa(`image ${i}`)),
    );
    for (const r of results) {
      const count = r.content!.filter((b) => b.type === "image").length;
      assert.ok(count <= 2, `${count} images on a page of 4,000 tokens`);
    }
    await client.close();
  });

  Deno.test(`${sdk.name}: a tool with an outputSchema still validates in the client when paged`, async () => {
    const client = await setUp(sdk, { maxTokens: 3_000 });
    const { tools } = await client.listTools();
    assert.equal(tools.find((t) => t.name === "structured")!.outputSchema, undefined);
    const result = await client.callTool({ name: "structured", arguments: {} });
    const structured = result.structuredContent as { page: { total: number }; rows: unknown[] };
    assert.equal(structured.page.total, 6_000);
    assert.deepEqual(structured, JSON.parse(textOf(result)));
    await client.close();
  });

  Deno.test(`${sdk.name}: a tool with its own cursor argument is left alone and trimmed`, async () => {
    const client = await setUp(sdk, { maxTokens: 3_000 });
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === "own_cursor")!;
    assert.doesNotMatch(tool.description, /Long results come in pages/);
    const result = await client.callTool({ name: "own_cursor", arguments: {} });
    assert.equal(pageOf(result).next_cursor, undefined);
    assert.match(pageOf(result).note, /Narrow the request/);
    await client.close();
  });

  Deno.test(`${sdk.name}: a tool with its own cursor keeps its paging, and its trimmed result is within the limits`, async () => {
    const client = await setUp(sdk, { maxTokens: 3_000 });
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === "own_cursor_structured")!;
    assert.equal(tool.outputSchema, undefined);
    assert.doesNotMatch(tool.description ?? "", /Long results come in pages/);
    const result = await client.callTool({ name: "own_cursor_structured", arguments: {} });
    assert.equal(result.isError, undefined);
    assert.match(pageOf(result).note, /Narrow the request/);
    assert.ok(o200k(textOf(result)) <= 3_000);
    const structured = result.structuredContent as { page: { note: string } } | undefined;
    if (structured) assert.ok(o200k(JSON.stringify(structured)) <= 3_000);
    await client.close();
  });

  Deno.test(`${sdk.name}: a tool in trim mode gets no cursor argument and loses its output schema`, async () => {
    const client = await setUp(sdk, { perTool: { structured: { mode: "trim" } } });
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === "structured")!;
    assert.equal(tool.inputSchema.properties?.cursor, undefined);
    assert.equal(tool.outputSchema, undefined);
    assert.doesNotMatch(tool.description, /Long results come in pages/);
    await client.close();
  });

  Deno.test(`${sdk.name}: excluded tools are neither described nor paged`, async () => {
    const client = await setUp(sdk, { maxTokens: 3_000, tools: { exclude: ["everything"] } });
    const { tools } = await client.listTools();
    assert.equal(
      tools.find((t) => t.name === "everything")!.inputSchema.properties?.cursor,
      undefined,
    );
    const result = await client.callTool({ name: "everything", arguments: {} });
    assert.equal(textOf(result).length, 270_000);
    await client.close();
  });

  Deno.test(`${sdk.name}: announceMaxChars puts the limit in _meta for Claude Code`, async () => {
    const client = await setUp(sdk, { maxChars: 80_000, announceMaxChars: true });
    const { tools } = await client.listTools();
    assert.equal(tools[0]._meta["anthropic/maxResultSizeChars"], 80_000);
    await client.close();
  });
}

Deno.test("paginate refuses a second call on the same server", () => {
  const server = SDKS[0].server();
  paginate(server);
  assert.throws(() => paginate(server), /already called/);
});

Deno.test("paginate refuses something that is not an MCP server", () => {
  assert.throws(() => paginate({}), /McpServer or Server/);
});

Deno.test("SDK v2: a tool that asks for input first passes that round on, then is paged", async () => {
  const { inputRequired } = await import("@modelcontextprotocol/server");
  const sdk = SDKS[1];
  const server = sdk.server();
  paginate(server, { maxTokens: 1_000 });
  let rounds = 0;
  server.registerTool(
    "confirm",
    { description: "Asks first." },
    ((ctx: {
      mcpReq: { requestState?: string | (() => string | undefined) };
    }) => {
      rounds++;
      const state = typeof ctx.mcpReq.requestState === "function"
        ? ctx.mcpReq.requestState()
        : ctx.mcpReq.requestState;
      if (!state) return inputRequired({ requestState: "confirmed" });
      return { content: [{ type: "text", text: JSON.stringify(issues(500)) }] };
    }) as never,
  );
  const client = await sdk.connect(server);
  const result = await client.callTool({ name: "confirm", arguments: {} });
  assert.equal(rounds, 2);
  assert.match(pageOf(result).items, /^1-\d+ of 500$/);
  await client.close();
});

Deno.test("SDK v1: a tool registered with the deprecated tool() is paged", async () => {
  const sdk = SDKS[0];
  const server = sdk.server() as TestServer & { tool(name: string, cb: () => unknown): void };
  paginate(server, { maxTokens: 1_000 });
  server.tool(
    "old_style",
    () => ({ content: [{ type: "text", text: JSON.stringify(issues(300)) }] }),
  );
  const client = await sdk.connect(server);
  const result = await client.callTool({ name: "old_style", arguments: {} });
  assert.match(pageOf(result).items, /^1-\d+ of 300$/);
  await client.close();
});

for (const sdk of SDKS) {
  Deno.test(`${sdk.name}: per-tool limits and mode apply to their tool only`, async () => {
    const client = await setUp(sdk, {
      maxTokens: 20_000,
      perTool: { list_issues: { maxTokens: 1_000 }, everything: { mode: "trim" } },
    });
    const small = await client.callTool({ name: "list_issues", arguments: { repo: "r" } });
    assert.ok(o200k(textOf(small)) <= 1_000);
    const trimmed = await client.callTool({ name: "everything", arguments: {} });
    assert.match(textOf(trimmed), /\[Output trimmed: /);
    const structured = await client.callTool({ name: "structured", arguments: {} });
    assert.ok(textOf(structured).length > 20_000, "the default limits hold for other tools");
    await client.close();
  });
}

Deno.test("pagedTool pages one tool's results and binds cursors to its arguments", async () => {
  const { pagedTool } = await import("../../mod.ts");
  const sdk = SDKS[0];
  const server = sdk.server();
  const inputSchema = z.object({ q: z.string(), cursor: z.string().optional() });
  server.registerTool(
    "search",
    { inputSchema },
    pagedTool("search", ({ q }: { q: string }) => issues(400).map((i) => ({ ...i, q })), {
      maxTokens: 2_000,
      inputSchema,
    }) as never,
  );
  const client = await sdk.connect(server);
  const first = await client.callTool({ name: "search", arguments: { q: "x" } });
  const cursor = pageOf(first).next_cursor;
  const second = await client.callTool({ name: "search", arguments: { q: "x", cursor } });
  const lastOnFirst = Number(/^1-(\d+) of 400$/.exec(pageOf(first).items)![1]);
  assert.equal(JSON.parse(textOf(second)).items[0].number, lastOnFirst + 1);
  const other = await client.callTool({ name: "search", arguments: { q: "y", cursor } });
  assert.equal(other.isError, true);
  await client.close();
});

Deno.test("several text blocks are paged as one text joined by line breaks, nothing lost", async () => {
  const sdk = SDKS[0];
  const server = sdk.server();
  paginate(server, { maxTokens: 1_000 });
  const parts = Array.from({ length: 3 }, (_, b) => `block ${b}\n` + "word ".repeat(2_000));
  server.registerTool("parts", { description: "Three texts." }, () => ({
    content: parts.map((text) => ({ type: "text", text })),
  }));
  const client = await sdk.connect(server);
  let joined = "";
  for (let cursor: string | undefined, n = 0; n === 0 || cursor; n++) {
    const result = await client.callTool({ name: "parts", arguments: cursor ? { cursor } : {} });
    const text = textOf(result);
    joined += text.slice(0, text.lastIndexOf("\n\n[Output cut:"));
    cursor = /cursor="([^"]+)"/.exec(text)?.[1];
  }
  assert.equal(joined, parts.join("\n"));
  await client.close();
});
