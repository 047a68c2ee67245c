import assert from "node:assert/strict";
import { EdgeFastMCP, type EdgeTool } from "fastmcp/edge";
import { z } from "zod";
import { pagedTool } from "@pagewise/mcp";
import { type CallResult, nextCursor, textOf } from "../support/tool_pages.ts";
import { LIMITS, recordsResult, TOOL } from "./_records.ts";
import { serving } from "./_serve.ts";
import { startFastmcp } from "./_node_server.ts";
import { assertListsCursor, assertPagedRecords, walkRecords, withClient } from "./_walk.ts";

// fastmcp 4.20 under Node (fastmcp/server.mts, run through tsx), and its
// EdgeFastMCP (fastmcp/edge) served by Deno.serve.

async function onFastmcp(mode: "stateful" | "stateless", use: (url: string) => Promise<void>) {
  const server = await startFastmcp(mode);
  try {
    await use(server.url);
  } finally {
    await server.close();
  }
}

/** The first page's cursor with one character changed, and what the server answers to it. */
async function mistypedCursorAnswer(url: string): Promise<CallResult> {
  return await withClient(url, async (client) => {
    const first = await client.callTool({ name: TOOL, arguments: {} }) as CallResult;
    const cursor = nextCursor(textOf(first));
    assert.ok(cursor, "the first page has a cursor");
    const typo = cursor.slice(0, 5) + (cursor[5] === "A" ? "B" : "A") + cursor.slice(6);
    return await client.callTool({ name: TOOL, arguments: { cursor: typo } }) as CallResult;
  });
}

Deno.test("fastmcp stateful httpStream, paginate(session.server) on connect: tools/list gives the tool an optional cursor", () =>
  onFastmcp("stateful", (url) => assertListsCursor(url)));

Deno.test("fastmcp stateful httpStream, paginate(session.server) on connect: every page fits and the pages join into the records", () =>
  onFastmcp("stateful", async (url) => assertPagedRecords(await walkRecords(url))));

Deno.test("fastmcp stateless httpStream, execute wrapped in pagedTool: every page fits and the pages join into the records", () =>
  onFastmcp("stateless", async (url) => assertPagedRecords(await walkRecords(url))));

Deno.test("fastmcp stateless httpStream, execute wrapped in pagedTool: a mistyped cursor is an isError result that says to start again", () =>
  onFastmcp("stateless", async (url) => {
    const answer = await mistypedCursorAnswer(url);
    assert.equal(answer.isError, true);
    assert.match(textOf(answer), /without a cursor/);
  }));

// EdgeFastMCP has no SDK server to paginate: the tool's execute is wrapped.
// Its execute gets the parameters only (no context), and its type wants
// `content` present, which every pagedTool result has (the type says optional).
type EdgeResult = ReturnType<EdgeTool<{ cursor?: string }>["execute"]>;

function edge(): EdgeFastMCP {
  const paged = pagedTool(TOOL, () => recordsResult(), LIMITS);
  return new EdgeFastMCP({ name: "records-edge", version: "1.0.0" }).addTool({
    name: TOOL,
    description: "Every record, as one JSON list. Long results come in pages: pass next_cursor " +
      "as cursor.",
    parameters: z.object({ cursor: z.string().optional() }),
    execute: (params) => paged(params, undefined) as EdgeResult,
  });
}

Deno.test("EdgeFastMCP (fastmcp/edge), execute wrapped in pagedTool: every page fits and the pages join into the records", () => {
  const server = edge();
  return serving(
    (request) => server.fetch(request),
    async (origin) => assertPagedRecords(await walkRecords(`${origin}/mcp`)),
  );
});

Deno.test("EdgeFastMCP (fastmcp/edge), execute wrapped in pagedTool: a mistyped cursor is answered with the advice to start again, but not as isError", () => {
  const server = edge();
  return serving((request) => server.fetch(request), async (origin) => {
    const answer = await mistypedCursorAnswer(`${origin}/mcp`);
    assert.match(textOf(answer), /without a cursor/);
    // pagedTool returns { isError: true, content }; EdgeFastMCP answers every
    // tools/call with `{ content }` alone (its choice: it drops isError and
    // structuredContent), so the client sees the advice as an ordinary result.
    assert.equal(answer.isError, undefined);
  });
});
