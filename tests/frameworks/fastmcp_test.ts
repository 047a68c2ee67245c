import assert from "node:assert/strict";
import { AsyncLocalStorage } from "node:async_hooks";
import { EdgeFastMCP, type EdgeTool } from "fastmcp/edge";
import { z } from "zod";
import { pagedTool, withClientSession } from "@pagewise/mcp";
import { type CallResult, nextCursor, textOf } from "../support/tool_pages.ts";
import { recordsResult, TOOL } from "./_records.ts";
import { serving } from "./_serve.ts";
import { startFastmcp } from "./_node_server.ts";
import {
  assertListsCursor,
  assertPagedFor,
  THREE_CLIENTS,
  walkAsEach,
  walkRecords,
  withClient,
} from "./_walk.ts";

// fastmcp 4.20 under Node (fastmcp/server.mts, run through tsx), and its
// EdgeFastMCP (fastmcp/edge) served by Deno.serve. No limits are set.

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

/** The first page's text as the client named `name` is given it. */
function firstPage(url: string, name: string): Promise<string> {
  return withClient(url, async (client) => {
    return textOf(await client.callTool({ name: TOOL, arguments: {} }) as CallResult);
  }, name);
}

Deno.test("fastmcp stateful httpStream, paginate(session.server) on connect: tools/list gives the tool an optional cursor", () =>
  onFastmcp("stateful", (url) => assertListsCursor(url)));

Deno.test("fastmcp stateful httpStream, paginate(session.server) on connect: each client walks the records in pages sized for it, from its session's initialize", (t) =>
  onFastmcp("stateful", (url) => walkAsEach(t, url, THREE_CLIENTS)));

Deno.test("fastmcp stateless httpStream, execute wrapped in pagedTool: nothing of the client reaches execute, so every client gets the default pages", () =>
  onFastmcp("stateless", async (url) => {
    assertPagedFor("some-new-agent", await walkRecords(url, "some-new-agent"));
    const unknown = await firstPage(url, "some-new-agent");
    for (const name of ["Visual Studio Code", "codex-mcp-client"]) {
      assert.equal(await firstPage(url, name), unknown, `${name} gets the default page`);
    }
  }));

Deno.test("fastmcp stateless httpStream, execute wrapped in pagedTool: a mistyped cursor is an isError result that says to start again", () =>
  onFastmcp("stateless", async (url) => {
    const answer = await mistypedCursorAnswer(url);
    assert.equal(answer.isError, true);
    assert.match(textOf(answer), /without a cursor/);
  }));

// EdgeFastMCP has no SDK server to paginate: the tool's execute is wrapped.
// Its execute gets the parameters only (no context, no request), and its type
// wants `content` present, which every pagedTool result has (the type says
// optional). Its fetch is Web-standard: withClientSession names the client in
// the session id, and an AsyncLocalStorage hands the request's headers to
// pagedTool as an SDK v1 handler's `extra` holds them (`requestInfo.headers`).
type EdgeResult = ReturnType<EdgeTool<{ cursor?: string }>["execute"]>;

function edge(): (request: Request) => Promise<Response> {
  const requests = new AsyncLocalStorage<Request>();
  const parameters = z.object({ cursor: z.string().optional() });
  const paged = pagedTool(TOOL, () => recordsResult(), { inputSchema: parameters });
  const server = new EdgeFastMCP({ name: "records-edge", version: "1.0.0" }).addTool({
    name: TOOL,
    description: "Every record, as one JSON list. Long results come in pages: pass next_cursor " +
      "as cursor.",
    parameters,
    execute: (params) =>
      paged(params, { requestInfo: { headers: requests.getStore()?.headers } }) as EdgeResult,
  });
  return withClientSession((request: Request) =>
    requests.run(request, () => server.fetch(request))
  );
}

Deno.test("EdgeFastMCP (fastmcp/edge), execute wrapped in pagedTool, behind withClientSession: each client walks the records in pages sized for it", (t) =>
  serving(edge(), (origin) => walkAsEach(t, `${origin}/mcp`, THREE_CLIENTS)));

Deno.test("EdgeFastMCP (fastmcp/edge), execute wrapped in pagedTool: a mistyped cursor is answered with the advice to start again, but not as isError", () =>
  serving(edge(), async (origin) => {
    const answer = await mistypedCursorAnswer(`${origin}/mcp`);
    assert.match(textOf(answer), /without a cursor/);
    // pagedTool returns { isError: true, content }; EdgeFastMCP answers every
    // tools/call with `{ content }` alone (its choice: it drops isError and
    // structuredContent), so the client sees the advice as an ordinary result.
    assert.equal(answer.isError, undefined);
  }));
