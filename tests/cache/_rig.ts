/**
 * What the end-to-end cache tests share: a real SDK v1 MCP server paged by
 * `paginate` with a counted tool, an SDK client over InMemoryTransport or
 * Streamable HTTP on Deno.serve, a walk that follows the cursors as a model
 * would, page checks with real tokenizers, and the output put back together.
 */
import assert from "node:assert/strict";
import { z } from "zod";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type CacheEvent, type PagerEvent, paginate, type PaginateOptions } from "../../mod.ts";
import { upstashStore } from "../../src/stores/upstash.ts";
import type { CacheStore } from "../../src/stores/types.ts";
import { Client, InMemoryTransport, McpServer } from "../support/mcp_v1.ts";
import { startUpstashRig, type UpstashRig } from "../support/upstash_rig.ts";
import {
  type CallResult,
  joinListPages,
  nextCursor,
  pageInfo,
  TEXT_NOTE,
  textOf,
} from "../support/tool_pages.ts";
import { max3 } from "../../dev/tokenizers.ts";

export { type CallResult, nextCursor, textOf };

/** A stand-in token counter: two UTF-8 bytes a token, so pages are small and many. */
export const countTokens = (text: string): number =>
  Math.ceil(new TextEncoder().encode(text).length / 2);

/** The tool every test server has. */
export const TOOL = "search_traces";

/** What the tool answers: its output for the caller (`extra` is the SDK's request context). */
export type Produce = (args: { q: string }, extra: Record<string, unknown>) => string;

/** A server and how often its tool ran. */
export interface Served {
  server: McpServer;
  runs: () => number;
}

/** An SDK v1 McpServer with one paged (and, with `cache`, cached) tool that counts its runs. */
export function toolServer(options: PaginateOptions, produce: Produce, counter = { n: 0 }): Served {
  const server = paginate(new McpServer({ name: "traces", version: "1.0.0" }), options);
  server.registerTool(
    TOOL,
    { description: "Trace spans matching a query.", inputSchema: { q: z.string() } },
    (args: { q: string }, extra: unknown) => {
      counter.n++;
      const text = produce(args, extra as Record<string, unknown>);
      return { content: [{ type: "text" as const, text }] };
    },
  );
  return { server, runs: () => counter.n };
}

/** A connected client over InMemoryTransport; every request carries `authInfo` when given. */
export async function connectInMemory(
  server: McpServer,
  authInfo?: { token: string; clientId: string; scopes: string[] },
): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  if (authInfo) {
    // InMemoryTransport hands `authInfo` of a send to the other side, as an
    // HTTP transport does with the request's verified token.
    const send = clientSide.send.bind(clientSide);
    clientSide.send = (message, options) => send(message, { ...options, authInfo });
  }
  await server.connect(serverSide);
  const client = new Client({ name: "cache-test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

/** A Streamable HTTP MCP endpoint on Deno.serve, and a client of it. */
export interface HttpServed {
  url: string;
  runs: () => number;
  /** A new client; `headers` go with every request (e.g. an authorization header). */
  connect(headers?: Record<string, string>): Promise<Client>;
  close(): Promise<void>;
}

/**
 * Serves the tool over Streamable HTTP. `stateless`: a server per request
 * (as on an edge runtime), its `authInfo` taken from the bearer token;
 * `sessions`: one server per MCP session, so requests carry a session id.
 */
export function httpServer(
  mode: "stateless" | "sessions",
  options: () => PaginateOptions,
  produce: Produce,
): HttpServed {
  const counter = { n: 0 };
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const clients: Client[] = [];
  const abort = new AbortController();
  const handle = async (request: Request): Promise<Response> => {
    if (request.method !== "POST") return new Response(null, { status: 405 });
    const bearer = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
    const authInfo = bearer ? { token: bearer, clientId: "test-client", scopes: [] } : undefined;
    if (mode === "sessions") {
      const id = request.headers.get("mcp-session-id");
      const known = id ? sessions.get(id) : undefined;
      if (known) return known.handleRequest(request, { authInfo });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
      });
      await toolServer(options(), produce, counter).server.connect(transport);
      return transport.handleRequest(request, { authInfo });
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await toolServer(options(), produce, counter).server.connect(transport);
    return transport.handleRequest(request, { authInfo });
  };
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: abort.signal, onListen() {} },
    handle,
  );
  const url = `http://127.0.0.1:${server.addr.port}/mcp`;
  return {
    url,
    runs: () => counter.n,
    async connect(headers = {}) {
      const client = new Client({ name: "cache-test", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
      );
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) await client.close();
      for (const transport of sessions.values()) await transport.close();
      abort.abort();
      await server.finished;
    },
  };
}

/** One call of the tool. */
export async function call(
  client: Client,
  args: Record<string, unknown>,
): Promise<CallResult> {
  return await client.callTool({ name: TOOL, arguments: args }) as CallResult;
}

/** A walk: every page's text, and how long each call took. */
export interface Walk {
  texts: string[];
  ms: number[];
}

/**
 * Calls the tool, then follows each page's cursor to the end, as a model
 * would. `between(n)` runs before page n (1-based) is asked for.
 */
export async function walk(
  client: Client,
  args: Record<string, unknown>,
  between?: (page: number) => unknown,
  maxPages = 2_000,
): Promise<Walk> {
  const texts: string[] = [];
  const ms: number[] = [];
  let cursor: string | undefined;
  do {
    if (texts.length >= maxPages) throw new Error(`more than ${maxPages} pages`);
    await between?.(texts.length + 1);
    const started = performance.now();
    const result = await call(client, cursor ? { ...args, cursor } : args);
    ms.push(performance.now() - started);
    assert.notEqual(result.isError, true, `page ${texts.length + 1}: ${textOf(result)}`);
    texts.push(textOf(result));
    cursor = nextCursor(texts.at(-1)!);
  } while (cursor);
  return { texts, ms };
}

/** Fails unless every page is within `maxTokens` by the largest of three real tokenizers. */
export function assertWithinLimits(
  texts: string[],
  limits: { maxTokens: number; maxChars?: number },
): void {
  for (const [i, text] of texts.entries()) {
    const tokens = max3(text);
    assert.ok(tokens <= limits.maxTokens, `page ${i + 1}: ${tokens} tokens > ${limits.maxTokens}`);
    const maxChars = limits.maxChars ?? 50_000;
    assert.ok(text.length <= maxChars, `page ${i + 1}: ${text.length} characters > ${maxChars}`);
  }
}

/**
 * What the pages show, put back together: a text's chunks joined (a
 * string), or a JSON value's items concatenated (parts of a split item
 * joined) inside the first page's object without its `page` field.
 */
export function reassemble(texts: string[]): unknown {
  if (texts.length === 1 && !pageInfo(texts[0]) && !TEXT_NOTE.test(texts[0])) return texts[0];
  if (!pageInfo(texts[0])) return texts.map((t) => t.replace(TEXT_NOTE, "")).join("");
  let shell: Record<string, unknown> | undefined;
  let key: string | undefined;
  const items = joinListPages(texts, (json, info) => {
    // The note names the paged list when it is inside an object.
    const listKey = /^Showing \w+ [\d-]+ of \d+ in "([^"]+)"/.exec(String(info.note))?.[1];
    key ??= listKey ?? "items";
    const { page: _, ...rest } = json;
    shell ??= rest;
    return rest[key] as unknown[];
  });
  if (key === "items" && shell && Object.keys(shell).length === 1) return items;
  return { ...shell, [key!]: items };
}

/** Fails unless the pages put back together are `output` exactly. */
export function assertReassembles(texts: string[], output: string): void {
  const back = reassemble(texts);
  if (typeof back === "string") {
    assert.ok(back === output, "the text pages do not join to the tool's output");
  } else {
    assert.deepEqual(back, JSON.parse(output));
  }
}

/** Cache and page events of a pager, collected. */
export function eventLog(): {
  events: PagerEvent[];
  onEvent: (e: PagerEvent) => void;
  types(): string[];
} {
  const events: PagerEvent[] = [];
  return {
    events,
    onEvent: (event) => events.push(event),
    types: () => events.map((e) => e.type).filter((t) => t.startsWith("cache_")),
  };
}

/** The cache events of a log. */
export function cacheEvents(events: PagerEvent[]): CacheEvent[] {
  return events.filter((e) => e.type.startsWith("cache_")) as CacheEvent[];
}

/** The Upstash stand-in, with a store on its client. */
export interface Upstash extends UpstashRig {
  /** A store on `client`. */
  store: CacheStore;
}

/** Starts redis-server and the bridge (see startUpstashRig), with a store on the client. */
export async function startUpstash(): Promise<Upstash> {
  const rig = await startUpstashRig();
  return { ...rig, store: upstashStore(rig.client) };
}

/** Runs `run` with the Upstash stand-in, then stops it. */
export async function withUpstash(run: (upstash: Upstash) => Promise<unknown>): Promise<void> {
  const upstash = await startUpstash();
  try {
    await run(upstash);
  } finally {
    await upstash.close();
  }
}
