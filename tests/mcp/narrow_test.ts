// Narrowing through paginate(), against both real SDK generations: the
// arguments in tools/list, a narrowed walk, its cursors, its errors, its cache.
import assert from "node:assert/strict";
import { z } from "zod";
import {
  memoryStore,
  pagedTool,
  paginate,
  type PaginateOptions,
  type ToolResult,
} from "../../mod.ts";
import { o200k } from "../../dev/tokenizers.ts";
import { SDKS, type TestClient, type TestServer } from "../support/sdks.ts";
import { assertWithin } from "../support/limits.ts";

const spans = Array.from({ length: 4_000 }, (_, i) => ({
  id: i,
  status: i % 97 === 5 ? "ERROR" : "ok",
  meta: { host: `h${i % 7}`, ms: i * 3 },
}));
const LIMITS = { maxTokens: 1_500, maxChars: 6_000 };

function serve(server: TestServer, runs: { n: number }) {
  server.registerTool("spans", {
    description: "Trace spans.",
    inputSchema: z.object({ trace: z.string().optional() }),
  }, () => {
    runs.n++;
    return { content: [{ type: "text", text: JSON.stringify(spans) }] };
  });
  server.registerTool("logs", {
    description: "Log lines.",
    inputSchema: z.object({ grep: z.string().optional() }),
  }, () => ({ content: [{ type: "text", text: "own grep" }] }));
  server.registerTool("broken", { description: "Fails." }, () => ({
    content: [{ type: "text", text: "database is down" }],
    isError: true,
  }));
  server.registerTool("report", { description: "Structured only." }, () => ({
    content: [],
    structuredContent: { spans },
  }));
}

const textOf = (result: ToolResult) => String(result.content?.[0]?.text ?? "");

async function walk(client: TestClient, args: Record<string, unknown>) {
  const pages: ToolResult[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.callTool({
      name: "spans",
      arguments: cursor ? { ...args, cursor } : args,
    });
    pages.push(page);
    cursor = JSON.parse(textOf(page)).page.next_cursor;
  } while (cursor);
  return pages;
}

for (const sdk of SDKS) {
  const setup = async (options: PaginateOptions = {}) => {
    const runs = { n: 0 };
    const server = paginate(sdk.server(), { ...LIMITS, ...options });
    serve(server, runs);
    return { client: await sdk.connect(server), runs };
  };

  Deno.test(`${sdk.name}: tools/list offers grep and fields beside the cursor, a tool keeping an argument of its own`, async () => {
    const { client } = await setup();
    const { tools } = await client.listTools();
    const spansTool = tools.find((t) => t.name === "spans")!;
    assert.deepEqual(Object.keys(spansTool.inputSchema.properties), [
      "trace",
      "cursor",
      "grep",
      "fields",
    ]);
    assert.equal(spansTool.inputSchema.properties.fields.type, "array");
    const logs = tools.find((t) => t.name === "logs")!;
    assert.deepEqual(Object.keys(logs.inputSchema.properties), ["grep", "cursor", "fields"]);
    assert.equal(logs.inputSchema.properties.grep.description, undefined);
    const own = await client.callTool({ name: "logs", arguments: { grep: "x" } });
    assert.equal(textOf(own), "own grep");
    await client.close();
  });

  Deno.test(`${sdk.name}: a grep walk gives exactly the matching spans with their positions, every page within the limits, the tool run each page`, async () => {
    const { client, runs } = await setup();
    const pages = await walk(client, { grep: "error" });
    const positions = pages.flatMap((p) => JSON.parse(textOf(p)).page.positions);
    const items = pages.flatMap((p) => JSON.parse(textOf(p)).items);
    const expected = spans.filter((s) => s.status === "ERROR");
    assert.deepEqual(items, expected);
    assert.deepEqual(positions, expected.map((s) => s.id + 1));
    for (const page of pages) assertWithin({ text: textOf(page) } as never, LIMITS);
    assert.equal(runs.n, pages.length);
    await client.close();
  });

  Deno.test(`${sdk.name}: with a cache a narrowed walk runs the tool once`, async () => {
    const { client, runs } = await setup({ cache: { store: memoryStore() } });
    const pages = await walk(client, { grep: "h3", fields: ["id", "meta.host"] });
    assert.ok(pages.length > 2);
    const items = pages.flatMap((p) => JSON.parse(textOf(p)).items);
    assert.deepEqual(
      items,
      spans.filter((s) => s.meta.host === "h3").map((s) => ({ id: s.id, meta: { host: "h3" } })),
    );
    assert.equal(runs.n, 1);
    await client.close();
  });

  Deno.test(`${sdk.name}: a cursor of one grep sent with another is refused as foreign, without running the tool`, async () => {
    const { client, runs } = await setup();
    const first = await client.callTool({ name: "spans", arguments: { grep: "h1" } });
    const cursor = JSON.parse(textOf(first)).page.next_cursor;
    const other = await client.callTool({ name: "spans", arguments: { grep: "h2", cursor } });
    assert.equal(other.isError, true);
    assert.match(textOf(other), /different tool or to different arguments/);
    assert.equal(runs.n, 1);
    await client.close();
  });

  Deno.test(`${sdk.name}: a grep or fields that cannot be used is an isError result with advice, the tool not run`, async () => {
    const { client, runs } = await setup();
    for (const args of [{ grep: "" }, { grep: 7 }, { fields: ["a..b"] }, { fields: "id" }]) {
      const result = await client.callTool({ name: "spans", arguments: args });
      assert.equal(result.isError, true, JSON.stringify(args));
      assert.match(textOf(result), /Call the tool again/);
    }
    assert.equal(runs.n, 0);
    await client.close();
  });

  Deno.test(`${sdk.name}: a structured-only result is narrowed as it is paged`, async () => {
    const { client } = await setup();
    const page = await client.callTool({
      name: "report",
      arguments: { grep: "ERROR", fields: ["id"] },
    });
    const envelope = JSON.parse(textOf(page));
    assert.deepEqual(
      envelope.spans,
      spans.filter((s) => s.status === "ERROR").map((s) => ({ id: s.id })),
    );
    assert.deepEqual(page.structuredContent, envelope);
    await client.close();
  });

  Deno.test(`${sdk.name}: narrow: false adds neither argument; an object renames them`, async () => {
    const off = await setup({ narrow: false });
    const tool = (await off.client.listTools()).tools.find((t) => t.name === "spans")!;
    assert.deepEqual(Object.keys(tool.inputSchema.properties), ["trace", "cursor"]);
    await off.client.close();
    const renamed = await setup({ narrow: { grep: "filter", fields: false } });
    const named = (await renamed.client.listTools()).tools.find((t) => t.name === "spans")!;
    assert.deepEqual(Object.keys(named.inputSchema.properties), ["trace", "cursor", "filter"]);
    const page = await renamed.client.callTool({ name: "spans", arguments: { filter: "error" } });
    assert.equal(JSON.parse(textOf(page)).page.total, 42);
    await renamed.client.close();
  });
}

Deno.test("the first page of a cut result tells the model it can narrow", async () => {
  const server = paginate(SDKS[0].server(), LIMITS);
  serve(server, { n: 0 });
  const client = await SDKS[0].connect(server);
  const page = await client.callTool({ name: "spans", arguments: {} });
  assert.match(JSON.parse(textOf(page)).page.note, /To read less, call the tool again with grep=/);
  await client.close();
});

Deno.test("grep and fields add at most four dozen o200k tokens to each tool in tools/list", async () => {
  const listed = async (options: PaginateOptions) => {
    const server = paginate(SDKS[0].server(), { ...LIMITS, ...options });
    serve(server, { n: 0 });
    const client = await SDKS[0].connect(server);
    const tool = (await client.listTools()).tools.find((t) => t.name === "spans")!;
    await client.close();
    return o200k(JSON.stringify(tool));
  };
  const added = (await listed({})) - (await listed({ narrow: false }));
  assert.ok(added > 0 && added <= 48, `grep and fields add ${added} tokens`);
});

for (const sdk of SDKS) {
  Deno.test(`${sdk.name}: an error result is shown as the tool wrote it, whatever the grep`, async () => {
    const server = paginate(sdk.server(), LIMITS);
    serve(server, { n: 0 });
    const client = await sdk.connect(server);
    for (const args of [{ grep: "timeout" }, { fields: ["id"] }]) {
      const result = await client.callTool({ name: "broken", arguments: args });
      assert.equal(result.isError, true);
      assert.equal(textOf(result), "database is down");
    }
    await client.close();
  });
}

Deno.test("narrow names that an object would not keep as its own are refused", () => {
  for (const name of ["__proto__", "constructor", "prototype"]) {
    assert.throws(
      () => paginate(SDKS[0].server(), { narrow: { grep: name } }),
      /narrow.grep must be/,
    );
  }
});

Deno.test("pagedTool tells the model it can narrow only when narrow says the tool declares the arguments", async () => {
  const rows = () => Array.from({ length: 3_000 }, (_, id) => ({ id }));
  const quiet = pagedTool("rows", rows, LIMITS);
  const told = pagedTool("rows", rows, { ...LIMITS, narrow: true });
  assert.doesNotMatch(textOf(await quiet({}, {})), /To read less/);
  assert.match(textOf(await told({}, {})), /To read less, call the tool again with grep=/);
  const narrowed = JSON.parse(textOf(await quiet({ grep: '"id":7}' }, {})));
  assert.deepEqual(narrowed.items, [{ id: 7 }]);
});
