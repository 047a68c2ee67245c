// paginate() against the real SDK v1: cursors checked before the tool runs,
// the SDK's own answers kept, structured content within the limits.
import assert from "node:assert/strict";
import { z } from "zod";
import {
  pagedTool,
  paginate,
  type PaginateOptions,
  type ToolResult,
  toolScope,
} from "../../mod.ts";
import { Client, InMemoryTransport, McpServer } from "../support/mcp_v1.ts";
import { o200k } from "../../dev/tokenizers.ts";

// @ts-types="@modelcontextprotocol/sdk/types"
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";

const rows = (n: number) => Array.from({ length: n }, (_, id) => ({ id, name: `row ${id}` }));

async function connect(server: McpServer): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(b);
  return client;
}

function serverWith(runs: { n: number }, options: PaginateOptions | undefined) {
  const server = new McpServer({ name: "s", version: "1.0.0" });
  if (options) paginate(server, options);
  server.registerTool("list_rows", { inputSchema: { q: z.string().optional() } }, () => {
    runs.n++;
    return { content: [{ type: "text", text: JSON.stringify(rows(3_000)) }] };
  });
  return server;
}

const textOf = (result: ToolResult) => String(result.content?.[0]?.text ?? "");

Deno.test("a malformed, foreign, badly signed or expired cursor is answered without running the tool", async () => {
  let now = 1_700_000_000_000;
  const secret = "a secret of sixteen bytes or more";
  const runs = { n: 0 };
  const client = await connect(
    serverWith(runs, { secret, cursorTtlSeconds: 60, now: () => now, maxTokens: 2_000 }),
  );
  const first = await client.callTool({ name: "list_rows", arguments: { q: "a" } }) as ToolResult;
  const cursor = JSON.parse(textOf(first)).page.next_cursor;
  assert.equal(runs.n, 1);
  const other = new McpServer({ name: "o", version: "1" });
  paginate(other, { secret: "another secret, also long enough", maxTokens: 2_000 });
  other.registerTool("list_rows", { inputSchema: { q: z.string().optional() } }, () => ({
    content: [{ type: "text", text: JSON.stringify(rows(3_000)) }],
  }));
  const otherClient = await connect(other);
  const foreignSigned = JSON.parse(
    textOf(await otherClient.callTool({ name: "list_rows", arguments: { q: "a" } }) as ToolResult),
  ).page.next_cursor;
  const bad: Array<[Record<string, unknown>, RegExp]> = [
    [{ q: "a", cursor: "mistyped" }, /not one this tool issued/],
    [{ q: "b", cursor }, /different tool or to different arguments/],
    [{ q: "a", cursor: foreignSigned }, /signature does not match/],
  ];
  for (const [args, message] of bad) {
    const result = await client.callTool({ name: "list_rows", arguments: args }) as ToolResult;
    assert.equal(result.isError, true);
    assert.match(textOf(result), message);
  }
  now += 61_000;
  const expired = await client.callTool({
    name: "list_rows",
    arguments: { q: "a", cursor },
  }) as ToolResult;
  assert.match(textOf(expired), /expired/);
  assert.equal(runs.n, 1);
  await client.close();
  await otherClient.close();
});

Deno.test("arguments that are not an object get the SDK's own answer, with or without paginate", async () => {
  const answers: string[][] = [];
  for (const options of [undefined, {}]) {
    const client = await connect(serverWith({ n: 0 }, options));
    const answer: string[] = [];
    for (const args of [[1, 2], "text", null]) {
      const outcome = await client.request(
        { method: "tools/call", params: { name: "list_rows", arguments: args as never } },
        CallToolResultSchema,
      ).then((r) => `result ${JSON.stringify(r).slice(0, 120)}`, (e) => `error ${e.code}`);
      answer.push(outcome);
    }
    answers.push(answer);
    await client.close();
  }
  assert.deepEqual(answers[1], answers[0]);
  assert.ok(
    answers[0].every((a) => a.startsWith("error") || a.includes("isError")),
    answers[0].join(),
  );
});

Deno.test("a call naming an unknown tool lists the tools once, not on every call", async () => {
  const server = new McpServer({ name: "s", version: "1.0.0" });
  paginate(server);
  for (let i = 0; i < 200; i++) server.registerTool(`tool_${i}`, {}, () => ({ content: [] }));
  const client = await connect(server);
  const handlers = (server.server as unknown as { _requestHandlers: Map<string, unknown> })
    ._requestHandlers;
  const list = handlers.get("tools/list") as (...args: unknown[]) => unknown;
  let lists = 0;
  handlers.set("tools/list", (...args: unknown[]) => (lists++, list(...args)));
  for (let i = 0; i < 20; i++) {
    await client.callTool({ name: "no_such_tool", arguments: {} }).catch(() => undefined);
  }
  assert.ok(lists <= 1, `${lists} lists`);
  await client.close();
});

Deno.test("toolScope gives BigInt, Date and Map arguments one canonical form", () => {
  const date = new Date(0);
  assert.equal(
    toolScope("t", { n: 12345678901234567890n, when: date, m: new Map([["b", 1], ["a", 2]]) }),
    `t {"m":{"a":2,"b":1},"n":12345678901234567890,"when":"1970-01-01T00:00:00.000Z"}`,
  );
  assert.notEqual(toolScope("t", { n: 1n }), toolScope("t", { n: 2n }));
  assert.notEqual(toolScope("t", { m: new Map([["a", 1]]) }), toolScope("t", { m: new Map() }));
});

Deno.test("pagedTool pages a tool called with BigInt arguments", async () => {
  const tool = pagedTool("t", () => rows(3_000), {
    maxTokens: 2_000,
    inputSchema: { type: "object", properties: { n: {}, cursor: { type: "string" } } },
  });
  const first = await tool({ n: 5n } as never, {});
  const next = JSON.parse(textOf(first)).page.next_cursor;
  const second = await tool({ n: 5n, cursor: next } as never, {});
  assert.equal(second.isError, undefined);
  const third = await tool({ n: 6n, cursor: next } as never, {});
  assert.equal(third.isError, true);
});

Deno.test("structured content alone over the limits is paged, after the tool's own text", async () => {
  const server = new McpServer({ name: "s", version: "1.0.0" });
  paginate(server, { maxTokens: 2_000 });
  server.registerTool("search", {}, () => ({
    content: [{ type: "text", text: "Found 3000 rows." }],
    structuredContent: { count: 3_000, rows: rows(3_000) },
  }));
  const client = await connect(server);
  const result = await client.callTool({ name: "search", arguments: {} }) as ToolResult;
  assert.equal(result.content?.[0]?.text, "Found 3000 rows.");
  const pageText = String(result.content?.at(-1)?.text);
  const page = JSON.parse(pageText);
  assert.equal(page.page.total, 3_000);
  assert.deepEqual(result.structuredContent, page);
  const shown = result.content!.map((b) => String(b.text)).join("\n");
  assert.ok(o200k(shown) <= 2_000);
  assert.ok(o200k(JSON.stringify(result.structuredContent)) <= 2_000);
  await client.close();
});

Deno.test("a short text beside large structured content is never passed through unchanged", async () => {
  const server = new McpServer({ name: "s", version: "1.0.0" });
  paginate(server, { maxChars: 10_000 });
  server.registerTool("blob", {}, () => ({
    content: [{ type: "text", text: "ok" }],
    structuredContent: { blob: "x".repeat(393_000) },
  }));
  const client = await connect(server);
  let result = await client.callTool({ name: "blob", arguments: {} }) as ToolResult;
  let chars = 0;
  for (let pages = 0; pages < 100; pages++) {
    const shown = result.content!.map((b) => String(b.text)).join("\n");
    assert.ok(shown.length <= 10_000);
    assert.equal(result.content?.[0]?.text, "ok");
    assert.ok(JSON.stringify(result.structuredContent ?? null).length <= 10_000);
    const pageText = String(result.content?.at(-1)?.text);
    chars += pageText.length;
    const next = /cursor="([^"]+)"/.exec(pageText)?.[1];
    if (!next) break;
    result = await client.callTool({ name: "blob", arguments: { cursor: next } }) as ToolResult;
  }
  assert.ok(chars > 393_000);
  await client.close();
});

Deno.test("a call of a tool that does not exist gets the SDK's answer, cursor or not", async () => {
  const client = await connect(serverWith({ n: 0 }, {}));
  for (const args of [{}, { cursor: "AgQJAGOKno1O41rgBDpxh" }]) {
    const outcome = await client.callTool({ name: "nope", arguments: args }).then(
      (r) => String((r as ToolResult).content?.[0]?.text),
      (e) => String(e.message),
    );
    assert.match(outcome, /Tool nope not found/);
  }
  await client.close();
});
