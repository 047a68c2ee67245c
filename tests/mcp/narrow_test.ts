// Narrowing through paginate(), against both real SDK generations: the
// arguments in tools/list, a narrowed walk, its cursors, its errors, its cache.
import assert from "node:assert/strict";
import { z } from "zod";
import {
  createResultPager,
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
  server.registerTool("files", { description: "A directory listing." }, () => ({
    content: [{ type: "text", text: JSON.stringify(files) }],
  }));
  server.registerTool("rows", { description: "A table's rows." }, () => ({
    content: [{ type: "text", text: JSON.stringify(rows) }],
  }));
}

// A directory listing, as a filesystem server returns it: no "id", no "meta".
const files = Array.from({ length: 3_000 }, (_, i) => ({
  name: `file-${i}.txt`,
  type: i % 9 ? "file" : "directory",
  size: i * 17,
}));
// A table's rows, some Greek words among them.
const rows = Array.from({ length: 2_000 }, (_, id) => ({
  id,
  word: ["ΟΣΑ", "λόγος", "ΑΛΛΑ", "όσα", "Straße"][id % 5],
}));

const textOf = (result: ToolResult) => String(result.content?.[0]?.text ?? "");

async function walk(client: TestClient, args: Record<string, unknown>, name = "spans") {
  const pages: ToolResult[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.callTool({
      name,
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

for (const sdk of SDKS) {
  const setup = async (options: PaginateOptions = {}) => {
    const server = paginate(sdk.server(), { ...LIMITS, ...options });
    serve(server, { n: 0 });
    return await sdk.connect(server);
  };
  const pageOf = (result: ToolResult) => JSON.parse(textOf(result)).page;

  Deno.test(`${sdk.name}: the first page offers fields the items have, and they keep something of each`, async () => {
    const client = await setup();
    const note: string = pageOf(await client.callTool({ name: "files", arguments: {} })).note;
    const offered = /fields=(\[[^\]]*\])/.exec(note);
    assert.ok(offered, note);
    const fields = JSON.parse(offered[1]);
    assert.deepEqual(fields, ["name", "type"]);
    const pages = await walk(client, { fields }, "files");
    const items = pages.flatMap((p) => JSON.parse(textOf(p)).items);
    assert.deepEqual(items, files.map(({ name, type }) => ({ name, type })));
    await client.close();
  });

  Deno.test(`${sdk.name}: fields no item has are said so on every page, with the keys the items have`, async () => {
    const client = await setup();
    const pages = await walk(client, { fields: ["nosuch"] }, "files");
    assert.ok(pages.length > 1);
    for (const page of pages) {
      assert.match(
        pageOf(page).note,
        /No item on this page has "nosuch"; the items have "name", "type", "size"\./,
      );
    }
    await client.close();
  });

  Deno.test(`${sdk.name}: a page of fields alone carries no positions, a grep's page does`, async () => {
    const client = await setup();
    const fieldsOnly = pageOf(
      await client.callTool({ name: "spans", arguments: { fields: ["id"] } }),
    );
    assert.equal(fieldsOnly.positions, undefined);
    const grepped = pageOf(await client.callTool({ name: "spans", arguments: { grep: "error" } }));
    assert.deepEqual(grepped.positions.slice(0, 2), [6, 103]);
    await client.close();
  });

  Deno.test(`${sdk.name}: renamed arguments are called by their names in the notes`, async () => {
    const client = await setup({ narrow: { grep: "filter", fields: "keep" } });
    const found = pageOf(await client.callTool({ name: "spans", arguments: { filter: "error" } }));
    assert.match(found.items, /matching filter "error" \(4000 in all\)$/);
    assert.match(found.note, /that match the filter/);
    const none = pageOf(await client.callTool({ name: "spans", arguments: { filter: "zzz" } }));
    assert.match(none.note, /No items match filter "zzz".*without filter/);
    const first = pageOf(await client.callTool({ name: "files", arguments: {} }));
    assert.match(first.note, /filter="some text".*keep=\["name", "type"\]/);
    for (const text of [found.items, found.note, none.note, first.note]) {
      assert.doesNotMatch(text, /\bgrep\b|fields=/);
    }
    await client.close();
  });

  Deno.test(`${sdk.name}: a grep finds a word in any case, a final sigma as any sigma`, async () => {
    const client = await setup();
    const pages = await walk(client, { grep: "οσ|STRASSE" }, "rows");
    const words = new Set(
      pages.flatMap((p) => JSON.parse(textOf(p)).items.map((r: { word: string }) => r.word)),
    );
    // λόγος ends in a final sigma, ΟΣΑ has a capital one; όσα has a tonos; ß is not ss.
    assert.deepEqual([...words], ["ΟΣΑ", "λόγος"]);
    const sigma = await walk(client, { grep: "ΟΣ" }, "rows");
    assert.equal(pageOf(sigma[0]).total, 800);
    await client.close();
  });

  Deno.test(`${sdk.name}: at the smallest limits, with a secret, a grep and fields that keep every span walk to the end`, async () => {
    const server = paginate(sdk.server(), {
      maxTokens: 300,
      maxChars: 800,
      secret: "a secret of 32 bytes, or longer!",
    });
    serve(server, { n: 0 });
    const client = await sdk.connect(server);
    const pages = await walk(client, { grep: "t", fields: ["id"] }, "rows");
    for (const page of pages) {
      assert.notEqual(page.isError, true, textOf(page));
      assertWithin({ text: textOf(page) } as never, { maxTokens: 300, maxChars: 800 });
    }
    const items = pages.flatMap((p) => JSON.parse(textOf(p)).items);
    assert.deepEqual(
      items,
      rows.filter((r) => /t/i.test(JSON.stringify(r))).map(({ id }) => ({ id })),
    );
    await client.close();
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

Deno.test("pagedTool tells the model it can narrow only by the arguments its schema declares", async () => {
  const rows = () => Array.from({ length: 3_000 }, (_, id) => ({ id }));
  const cursorOnly = { type: "object", properties: { cursor: { type: "string" } } };
  const withGrep = {
    type: "object",
    properties: { cursor: { type: "string" }, grep: { type: "string" } },
  };
  const quiet = pagedTool("rows", rows, { ...LIMITS, inputSchema: cursorOnly });
  const told = pagedTool("rows", rows, { ...LIMITS, inputSchema: withGrep });
  assert.doesNotMatch(textOf(await quiet({}, {})), /To read less/);
  assert.match(textOf(await told({}, {})), /To read less, call the tool again with grep=/);
  const narrowed = JSON.parse(textOf(await told({ grep: '"id":7}' }, {})));
  assert.deepEqual(narrowed.items, [{ id: 7 }]);
});

Deno.test("createResultPager with renamed narrowing: a narrowed call's notes name the pager's arguments, without narrowable", async () => {
  const results = createResultPager({ maxTokens: 1_000, narrow: { grep: "q", fields: "cols" } });
  const rows = Array.from({ length: 3_000 }, (_, id) => ({ id, name: `row ${id}` }));
  const texts: string[] = [];
  for (const grep of ["row 1", "zzz"]) {
    const page = await results.page(rows, { scope: "rows {}", grep });
    texts.push(String(page.content?.[0]?.text));
  }
  assert.match(texts[0], /\bq\b/);
  assert.match(texts[1], /without q\b/);
  for (const text of texts) assert.doesNotMatch(text, /\bgrep\b|\bfields\b/);
});
