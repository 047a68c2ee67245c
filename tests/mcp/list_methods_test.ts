import assert from "node:assert/strict";
import { listAll, paginate, paginateLists } from "../../mod.ts";
import { SDKS, type TestServer } from "../support/sdks.ts";

function manyTools(server: TestServer, n: number): void {
  for (let i = 0; i < n; i++) {
    server.registerTool(
      `tool_${String(i).padStart(3, "0")}`,
      { description: `Tool ${i}.` },
      () => ({
        content: [{ type: "text", text: "ok" }],
      }),
    );
  }
}

for (const sdk of SDKS) {
  Deno.test(`${sdk.name}: listAll follows nextCursor through every page of tools/list`, async () => {
    const server = sdk.server();
    paginateLists(server, { pageSize: 50 });
    manyTools(server, 120);
    const client = await sdk.connect(server);
    const tools = await listAll(client, "tools") as Array<{ name: string }>;
    assert.deepEqual(
      tools.map((t) => t.name),
      Array.from({ length: 120 }, (_, i) => `tool_${String(i).padStart(3, "0")}`),
    );
    await client.close();
  });

  Deno.test(`${sdk.name}: a page of tools/list holds pageSize tools and a cursor, the last page none`, async () => {
    const server = sdk.server();
    paginateLists(server, { pageSize: 50 });
    manyTools(server, 120);
    const client = await sdk.connect(server);
    const first = await client.toolsPage();
    assert.equal(first.tools.length, 50);
    const second = await client.toolsPage(first.nextCursor);
    assert.equal(second.tools[0].name, "tool_050");
    const third = await client.toolsPage(second.nextCursor);
    assert.equal(third.tools.length, 20);
    assert.equal(third.nextCursor, undefined);
    await client.close();
  });

  Deno.test(`${sdk.name}: a forged list cursor gets a JSON-RPC invalid-params error`, async () => {
    const server = sdk.server();
    paginateLists(server, { pageSize: 10 });
    manyTools(server, 30);
    const client = await sdk.connect(server);
    await assert.rejects(
      () => client.toolsPage("AQAKAAAAAAAAAAAAAAAAAA"),
      (error: { code?: number; message: string }) =>
        error.code === -32602 && /Invalid cursor/.test(error.message),
    );
    await client.close();
  });

  Deno.test(`${sdk.name}: paginate and paginateLists work together`, async () => {
    const server = sdk.server();
    paginate(server);
    paginateLists(server, { pageSize: 7 });
    manyTools(server, 20);
    const client = await sdk.connect(server);
    const tools = await listAll(client, "tools") as Array<{ inputSchema: { properties: object } }>;
    assert.equal(tools.length, 20);
    assert.ok(tools.every((t) => "cursor" in t.inputSchema.properties));
    await client.close();
  });
}

Deno.test("a cursor of one list is refused by another", async () => {
  const server = SDKS[0].server() as TestServer & {
    registerPrompt(name: string, config: object, cb: () => unknown): void;
  };
  paginateLists(server, { pageSize: 5 });
  manyTools(server, 12);
  for (let i = 0; i < 12; i++) {
    server.registerPrompt(`prompt_${i}`, { description: "p" }, () => ({ messages: [] }));
  }
  const client = await SDKS[0].connect(server) as unknown as {
    listTools(p: object): Promise<{ nextCursor: string }>;
    listPrompts(p: object): Promise<unknown>;
    close(): Promise<void>;
  };
  const { nextCursor } = await client.listTools({});
  await assert.rejects(() => client.listPrompts({ cursor: nextCursor }), /another list/);
  await client.close();
});

Deno.test("listAll stops a server that never ends", async () => {
  let n = 0;
  const endless = { listTools: () => Promise.resolve({ tools: [n], nextCursor: `c${n++}` }) };
  await assert.rejects(
    () => listAll(endless, "tools", { maxPages: 25 }),
    /did not end after 25 pages/,
  );
});

Deno.test("listAll stops on a repeated cursor", async () => {
  const loop = { listTools: () => Promise.resolve({ tools: [1], nextCursor: "same" }) };
  await assert.rejects(() => listAll(loop, "tools"), /sent the cursor same twice/);
});

Deno.test("resources/list is answered in pages that listAll joins", async () => {
  const server = SDKS[0].server() as TestServer & {
    registerResource(name: string, uri: string, meta: object, cb: () => unknown): void;
  };
  paginateLists(server, { pageSize: 4 });
  for (let i = 0; i < 10; i++) {
    server.registerResource(`r${i}`, `test://r/${i}`, { mimeType: "text/plain" }, () => ({
      contents: [],
    }));
  }
  const client = await SDKS[0].connect(server);
  const first = await (client as unknown as {
    listResources(p: object): Promise<{ resources: unknown[]; nextCursor?: string }>;
  }).listResources({});
  assert.equal(first.resources.length, 4);
  assert.equal(typeof first.nextCursor, "string");
  const all = await listAll(client as never, "resources") as Array<{ uri: string }>;
  assert.deepEqual(all.map((r) => r.uri), Array.from({ length: 10 }, (_, i) => `test://r/${i}`));
  await client.close();
});
