// A tools/call naming a tool the server does not have: the SDK's own answer
// reaches the client unchanged, with and without a cursor, for both SDK
// generations, and paginate answers it from the McpServer's registry (a
// lookup), never by listing every tool. A low-level Server, which has no
// registry, still lists its tools (once per unknown name).
import assert from "node:assert/strict";
import { paginate } from "../../mod.ts";
import { SDKS, type TestServer } from "../support/sdks.ts";
import { Client, InMemoryTransport } from "../support/mcp_v1.ts";
// @ts-types="@modelcontextprotocol/sdk/server/index"
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

/** Counts calls of the server's stored tools/list handler (what paginate would list with). */
function countLists(server: unknown): () => number {
  const low = (server as { server?: unknown }).server ?? server;
  const map = (low as { _requestHandlers: Map<string, (...args: unknown[]) => unknown> })
    ._requestHandlers;
  const list = Map.prototype.get.call(map, "tools/list") as (...args: unknown[]) => unknown;
  let lists = 0;
  Map.prototype.set.call(map, "tools/list", (...args: unknown[]) => (lists++, list(...args)));
  return () => lists;
}

/** What a call answers: its result, or its error's code and message. */
async function outcome(
  call: () => Promise<unknown>,
): Promise<unknown> {
  try {
    return { result: await call() };
  } catch (error) {
    const e = error as { code?: unknown; message?: unknown };
    return { error: { code: e.code, message: e.message } };
  }
}

for (const sdk of SDKS) {
  const withTools = (
    paged: boolean,
    count: number,
  ): TestServer & { disable(name: string): void } => {
    const server = sdk.server();
    if (paged) paginate(server);
    const handles = new Map<string, { disable(): void }>();
    for (let i = 0; i < count; i++) {
      const handle = server.registerTool(`tool_${i}`, { description: `Tool ${i}` }, () => ({
        content: [{ type: "text", text: `ran ${i}` }],
      })) as { disable(): void };
      handles.set(`tool_${i}`, handle);
    }
    return Object.assign(server, { disable: (name: string) => handles.get(name)!.disable() });
  };

  Deno.test(`${sdk.name}: an unknown tool gets the SDK's own answer, and no listing of the 5,000 tools`, async () => {
    const bare = withTools(false, 5_000);
    const paged = withTools(true, 5_000);
    const lists = countLists(paged);
    const bareClient = await sdk.connect(bare);
    const pagedClient = await sdk.connect(paged);
    try {
      for (let i = 0; i < 50; i++) {
        for (const args of [{}, { cursor: "AgQJAGOKno1O41rgBDpxh" }, undefined]) {
          const name = `no_such_tool_${i}`;
          const call = (client: typeof bareClient) => () =>
            client.callTool(args === undefined ? { name } : { name, arguments: args });
          const expected = await outcome(call(bareClient));
          assert.deepEqual(await outcome(call(pagedClient)), expected);
          assert.match(JSON.stringify(expected), /not found/);
        }
      }
      // Special names are not tools either (the registry is a plain object).
      for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
        const expected = await outcome(() => bareClient.callTool({ name, arguments: {} }));
        assert.deepEqual(
          await outcome(() => pagedClient.callTool({ name, arguments: {} })),
          expected,
        );
      }
      assert.equal(lists(), 0, "tools/list ran");
      // A tool that exists is paged as before (its cursor argument learnt from one listing).
      const ran = await pagedClient.callTool({ name: "tool_4999", arguments: {} });
      assert.equal(ran.content?.[0]?.text, "ran 4999");
      assert.equal(lists(), 1);
    } finally {
      await bareClient.close();
      await pagedClient.close();
    }
  });

  Deno.test(`${sdk.name}: a disabled tool, and one registered after the first call, get the SDK's answers`, async () => {
    const bare = withTools(false, 3);
    const paged = withTools(true, 3);
    const lists = countLists(paged);
    bare.disable("tool_1");
    paged.disable("tool_1");
    const bareClient = await sdk.connect(bare);
    const pagedClient = await sdk.connect(paged);
    try {
      const call = (client: typeof bareClient, name: string) => () =>
        client.callTool({ name, arguments: {} });
      const disabled = await outcome(call(bareClient, "tool_1"));
      assert.match(JSON.stringify(disabled), /disabled/);
      assert.deepEqual(await outcome(call(pagedClient, "tool_1")), disabled);
      assert.deepEqual(
        await outcome(call(pagedClient, "late")),
        await outcome(call(bareClient, "late")),
      );
      paged.registerTool("late", {}, () => ({ content: [{ type: "text", text: "late" }] }));
      const late = await pagedClient.callTool({ name: "late", arguments: {} });
      assert.equal(late.content?.[0]?.text, "late");
      assert.equal(lists(), 1, "the known tool's listing only");
    } finally {
      await bareClient.close();
      await pagedClient.close();
    }
  });
}

Deno.test("a low-level Server (no registry): an unknown tool is still looked for in its listing, and the SDK answers", async () => {
  const server = new Server({ name: "raw", version: "1.0.0" }, { capabilities: { tools: {} } });
  paginate(server);
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: "only", inputSchema: { type: "object" as const } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    if (request.params.name !== "only") throw new Error(`Tool ${request.params.name} not found`);
    return { content: [{ type: "text", text: "ran" }] };
  });
  const lists = countLists(server);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "c", version: "1.0.0" });
  await client.connect(b);
  try {
    const answer = await outcome(() => client.callTool({ name: "nope", arguments: {} }));
    assert.match(JSON.stringify(answer), /Tool nope not found/);
    assert.equal(lists(), 1);
    const ran = await client.callTool({ name: "only", arguments: {} }) as {
      content: { text: string }[];
    };
    assert.equal(ran.content[0].text, "ran");
  } finally {
    await client.close();
  }
});
