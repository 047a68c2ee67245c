/**
 * The HTTP proxy: a Web-standard `(request) => Promise<Response>` in front of
 * a remote Streamable HTTP MCP server, with its tools paged. It runs unchanged
 * in a Cloudflare Worker, on Deno Deploy, in Deno, Bun or Node.
 *
 * Requests pass to the server as they are (sessions, server-sent event
 * streams, resumption, `DELETE`, the answers to the server's own requests),
 * and only `tools/list` and `tools/call` go through {@linkcode paginate}, on
 * a server built for that one request. What it keeps between requests: the
 * results in `cache.store` when a cache is given, and for a minute which
 * tools have a cursor argument of their own.
 *
 * @module
 */

// @ts-types="@modelcontextprotocol/sdk/server/index"
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { paginate, PAGINATE_KEYS, type PaginateOptions } from "../mcp/paginate.ts";
import { initializeClientName } from "../mcp/client_session.ts";
import { type ClientSession, clientSessionId, readClientSessionId } from "../mcp/session_id.ts";
import { readAtMost } from "../bytes/bytes.ts";
import { checkFunction, checkKeys, checkStringList, invalid } from "../paging/options.ts";
import { callerIdentity } from "./_caller.ts";
import { events, formatEvent, parseEvent } from "./_sse.ts";
import { ToolMemory } from "./_tool_memory.ts";
import { passThroughValidator } from "./_validator.ts";
import type { JsonRpcMessage } from "./types.ts";

/**
 * Options of {@linkcode proxyHandler}: where the server is, and `paginate`'s.
 *
 * `cache` keeps results after their first page, so that later pages do not
 * run the tool upstream again. The handler builds a server for each request,
 * so the store is the one thing shared between requests: make it once, next
 * to the handler. Callers are kept apart by default by a SHA-256 of what the
 * server can tell them apart by: the headers sent to it (`mcp-session-id`,
 * forwarded headers, those of `headers`) and the client's `Authorization`,
 * forwarded or not. Requests with none of these (a stateless server without
 * authorization) are one caller. `cache.identify` replaces this; it gets the
 * client's headers as `extra.requestInfo.headers`. Pass it too when `headers`
 * adds a value that changes on every request (a request id, a signature):
 * each request would otherwise be a caller of its own, and never hit.
 */
export interface ProxyHandlerOptions extends PaginateOptions {
  /** The server's MCP endpoint, e.g. `https://mcp.example.com/mcp`. */
  upstream: string | URL;
  /**
   * Headers added to every request to the server (an API key, say), or a
   * function of the client's request that returns them.
   */
  headers?: HeadersInit | ((request: Request) => HeadersInit | Promise<HeadersInit>);
  /**
   * Names of the client's own headers passed on to the server, e.g.
   * `["authorization"]`. Default: none. MCP's own headers (`accept`,
   * `content-type`, `mcp-session-id`, `mcp-protocol-version`,
   * `last-event-id`) always pass.
   */
  forwardHeaders?: string[];
  /** The `fetch` used to reach the server (a service binding's, say). */
  fetch?: (request: Request) => Promise<Response>;
  /** Largest request body accepted from a client, in bytes. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Largest tool answer read from the server, in bytes. Default 128 MiB. */
  maxMessageBytes?: number;
}

const PROXY_HANDLER_KEYS = [
  ...PAGINATE_KEYS,
  "upstream",
  "headers",
  "forwardHeaders",
  "fetch",
  "maxBodyBytes",
  "maxMessageBytes",
] as const;

// MCP's own headers: those of the transport, and those MCP 2026-07-28 adds to
// every request for routing (SEP-2243: Mcp-Method, Mcp-Name, Mcp-Param-*).
const MCP_HEADERS = [
  "accept",
  "content-type",
  "mcp-session-id",
  "mcp-protocol-version",
  "last-event-id",
  "mcp-method",
  "mcp-name",
];
const MCP_PARAM_HEADER = /^mcp-param-/;
// Set by the runtime, or no longer true once the body is re-encoded.
const DROPPED_RESPONSE_HEADERS = [
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
];
const PAGED_METHODS = new Set(["tools/list", "tools/call"]);

/** The server's endpoint: an http(s) URL. */
function checkedUpstream(upstream: unknown): URL {
  let url: URL | undefined;
  try {
    url = new URL(upstream as string | URL);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw invalid(
      "upstream",
      "the server's http(s) URL, e.g. https://mcp.example.com/mcp",
      upstream,
    );
  }
  return url;
}

function checkBytes(name: string, value: unknown): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1024 || value > 2 ** 31) {
    throw invalid(name, "a whole number of bytes from 1,024 to 2 GiB", value);
  }
}

/**
 * A Web-standard handler that proxies a Streamable HTTP MCP server and pages
 * its tools' results, each page sized for the client that asked (see
 * `clientLimits`): the client's name is read from its `initialize` and
 * carried in the session id the proxy gives it (the server's own session id,
 * when it has one, wrapped inside and handed on unwrapped), or from each
 * request's `_meta` (MCP 2026-07-28). The client's own `Authorization` is not
 * passed on unless `forwardHeaders` names it. Options are checked here: a bad
 * one throws now, not at the first request.
 *
 * @example
 * Not run as a doc test: it needs an MCP server on the network to forward to
 * (tests/proxy/ runs the handler against local servers).
 * ```ts ignore no-assert
 * import { memoryStore } from "@pagewise/mcp";
 * import { proxyHandler } from "@pagewise/mcp/proxy";
 *
 * const handler = proxyHandler({
 *   upstream: "https://mcp.example.com/mcp",
 *   forwardHeaders: ["authorization"],
 *   cache: { store: memoryStore() }, // one store for every request
 * });
 * export default { fetch: handler }; // a Worker, or `deno serve` on Deno Deploy
 * ```
 */
export function proxyHandler(
  options: ProxyHandlerOptions,
): (request: Request) => Promise<Response> {
  const settings = settingsOf(options);
  return (request) => handle(settings, request);
}

/** The proxy's checked options, and what it keeps between requests. */
interface Settings {
  target: URL;
  headers: ProxyHandlerOptions["headers"];
  /** The client's headers passed on, lower case. */
  passed: Set<string>;
  send: (request: Request) => Promise<Response>;
  maxBodyBytes: number;
  maxMessageBytes: number;
  pageOptions: PaginateOptions;
  toolMemory: ToolMemory;
}

function settingsOf(options: ProxyHandlerOptions): Settings {
  if (options === null || typeof options !== "object") {
    throw invalid("proxyHandler's options", "an object with upstream", options);
  }
  checkKeys("proxyHandler", options, PROXY_HANDLER_KEYS);
  const {
    upstream,
    headers,
    forwardHeaders = [],
    fetch: send = (request: Request) => fetch(request),
    maxBodyBytes = 4 * 1024 * 1024,
    maxMessageBytes = 128 * 1024 * 1024,
    ...pageOptions
  } = options;
  const target = checkedUpstream(upstream);
  checkStringList("forwardHeaders", forwardHeaders);
  checkFunction("fetch", send);
  if (typeof headers !== "function" && headers !== undefined) {
    try {
      new Headers(headers);
    } catch {
      throw invalid("headers", "headers (an object, pairs or Headers) or a function", headers);
    }
  }
  checkBytes("maxBodyBytes", maxBodyBytes);
  checkBytes("maxMessageBytes", maxMessageBytes);
  // paginate checks its options when it is called: call it once now, so that
  // a bad option is an error here rather than a failed request later.
  paginate(pagingServer(), pageOptions);
  return {
    target,
    headers,
    passed: new Set([...MCP_HEADERS, ...forwardHeaders.map((name) => name.toLowerCase())]),
    send,
    maxBodyBytes,
    maxMessageBytes,
    pageOptions,
    toolMemory: new ToolMemory(pageOptions.cursorParam ?? "cursor"),
  };
}

/** One request, answered; a server that cannot be reached is a 502 for the request's id. */
async function handle(settings: Settings, request: Request): Promise<Response> {
  let id: string | number | null = null;
  try {
    return await route(settings, request, (known) => (id = known));
  } catch (error) {
    if (request.signal.aborted) throw error;
    // The server cannot be reached (refused, reset, DNS): say so, as JSON-RPC.
    return jsonRpcError(
      502,
      id,
      `pagewise proxy: cannot reach the MCP server at ${settings.target.origin}: ${
        error instanceof Error ? error.message : error
      }`,
      ErrorCode.InternalError,
    );
  }
}

async function route(
  settings: Settings,
  request: Request,
  requestId: (id: string | number) => void,
): Promise<Response> {
  // A session id of ours names the client, and wraps the server's own one (if any).
  const session = readClientSessionId(request.headers.get("mcp-session-id"));
  const outHeaders = await upstreamHeaders(settings, request, session);
  const forgetTools = () => settings.toolMemory.forget();
  if (request.method !== "POST") {
    const init = { method: request.method, headers: outHeaders, signal: request.signal };
    const response = await settings.send(new Request(settings.target, init));
    return withClientSession(relay(response, forgetTools), session?.name, false);
  }
  const body = await readText(request.body, settings.maxBodyBytes);
  if (body === undefined) {
    return jsonRpcError(413, null, `The request body is over ${settings.maxBodyBytes} bytes.`);
  }
  const message = parseJson(body);
  if (Array.isArray(message) && message.some((m) => PAGED_METHODS.has(m?.method))) {
    return jsonRpcError(
      400,
      null,
      "pagewise proxy: send tools/list and tools/call each in a request of its own " +
        "(JSON-RPC batches are not paged; MCP 2025-06-18 removed them).",
    );
  }
  if (isRequest(message)) requestId(message.id!);
  const initializing = isRequest(message) && message.method === "initialize";
  const client = session?.name ?? (initializing ? initializeClientName(body) : undefined);
  if (!isRequest(message) || !PAGED_METHODS.has(message.method!)) {
    const response = await post(settings, { headers: outHeaders, body, signal: request.signal });
    return withClientSession(relay(response, forgetTools), client, initializing);
  }
  const paged = await pageThrough(settings, message, outHeaders, request);
  return withClientSession(paged, client, false);
}

/** The headers sent to the server: MCP's, those forwarded, `headers`; our session id unwrapped. */
async function upstreamHeaders(
  settings: Settings,
  request: Request,
  session: ClientSession | undefined,
): Promise<Headers> {
  const out = new Headers();
  for (const [name, value] of request.headers) {
    if (settings.passed.has(name) || MCP_PARAM_HEADER.test(name)) out.set(name, value);
  }
  if (session) {
    if (session.upstream === undefined) out.delete("mcp-session-id");
    else out.set("mcp-session-id", session.upstream);
  }
  const { headers } = settings;
  const extra = typeof headers === "function" ? await headers(request) : headers;
  for (const [name, value] of new Headers(extra)) out.set(name, value);
  return out;
}

/**
 * The response with the session id the client keeps: the server's own,
 * wrapped in one that names the client; a new one for an `initialize` the
 * server answered without (a stateless server).
 */
function withClientSession(
  response: Response,
  client: string | undefined,
  initializing: boolean,
): Response {
  if (client === undefined) return response;
  const own = response.headers.get("mcp-session-id");
  if (own === null && !(initializing && response.ok)) return response;
  response.headers.set("mcp-session-id", clientSessionId(client, own ?? undefined));
  return response;
}

function post(
  settings: Settings,
  init: { headers: Headers; body: string; signal: AbortSignal },
): Promise<Response> {
  return settings.send(new Request(settings.target, { method: "POST", ...init }));
}

// Runs one tools/list or tools/call through a server built for it, whose
// handlers send the (cursor-less) request on to the upstream server.
async function pageThrough(
  settings: Settings,
  message: JsonRpcMessage,
  outHeaders: Headers,
  client: Request,
): Promise<Response> {
  const caller = await callerIdentity(client.headers, outHeaders);
  const exchange = new Exchange(settings, message, outHeaders, client.signal, caller);
  const server = pagingServer();
  const forward = (request: { method: string; params?: unknown }) => exchange.forward(request);
  server.setRequestHandler(ListToolsRequestSchema, forward as never);
  server.setRequestHandler(CallToolRequestSchema, forward as never);
  const { cache } = settings.pageOptions;
  paginate(
    server,
    cache
      ? {
        ...settings.pageOptions,
        cache: { ...cache, identify: cache.identify ?? (() => caller) },
      }
      : settings.pageOptions,
  );
  const { link } = exchange;
  await server.connect(link as never);
  link.answer(message.id!).then((answer) => {
    exchange.decide(
      new Response(JSON.stringify(answer), {
        status: 200,
        headers: responseHeaders(exchange.answerHeaders, "application/json"),
      }),
    );
  });
  // The client's headers reach paginate as the SDK's requestInfo, so that a
  // cache can tell one caller from another (its identify option), and
  // paginate which client asked (the session id names it).
  link.deliver(message, { requestInfo: { headers: Object.fromEntries(client.headers) } });
  // The server goes once it has answered (after the client has the response
  // when the answer travels in a stream).
  link.answer(message.id!).finally(() => server.close());
  return await exchange.decided;
}

/**
 * One paged request's exchange with the server: the request itself (whose
 * answer is replaced by the page) and the tools/list lookups paginate makes
 * while it handles a tools/call (read whole, shown to nobody).
 */
class Exchange {
  readonly link = new Link();
  readonly decided: Promise<Response>;
  decide!: (response: Response) => void;
  /** The headers of the server's JSON answer, for the page's response. */
  answerHeaders?: Headers;
  readonly #calledTool: unknown;

  constructor(
    private readonly settings: Settings,
    private readonly message: JsonRpcMessage,
    private readonly outHeaders: Headers,
    private readonly signal: AbortSignal,
    private readonly caller: string,
  ) {
    this.decided = new Promise<Response>((resolve) => (this.decide = resolve));
    this.#calledTool = message.method === "tools/call" ? message.params?.name : undefined;
  }

  async forward(request: { method: string; params?: unknown }): Promise<Record<string, unknown>> {
    const { toolMemory } = this.settings;
    const own = request.method === this.message.method;
    if (!own && request.method === "tools/list") {
      const known = toolMemory.answer(this.caller, this.#calledTool);
      if (known) return known;
    }
    const result = own ? await this.#askOwn(request) : await this.#askAside(request);
    if (request.method === "tools/list") {
      const cursor = (request.params as { cursor?: unknown } | undefined)?.cursor;
      toolMemory.learn(this.caller, result.tools, cursor === undefined);
    }
    return result;
  }

  async #send(id: string | number, request: { method: string; params?: unknown }) {
    const outgoing = { jsonrpc: "2.0", id, method: request.method, params: request.params };
    try {
      return await post(this.settings, {
        headers: this.outHeaders,
        body: JSON.stringify(outgoing),
        signal: this.signal,
      });
    } catch (error) {
      throw rpcError(
        ErrorCode.InternalError,
        `pagewise proxy: cannot reach the MCP server at ${this.settings.target.origin}: ${
          error instanceof Error ? error.message : error
        }`,
      );
    }
  }

  // A request of paginate's own: its answer, read whole.
  async #askAside(request: { method: string; params?: unknown }) {
    const id = `pagewise-${crypto.randomUUID()}`;
    const response = await this.#send(id, request);
    const answer = await answerIn(response, id, this.settings.maxMessageBytes);
    return unwrap(answer, request.method);
  }

  // The client's request: an error status goes to the client as it is; an
  // event stream goes on to it as it comes, the answer replaced by the page.
  async #askOwn(request: { method: string; params?: unknown }) {
    const id = this.message.id!;
    const response = await this.#send(id, request);
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok || !/json|event-stream/.test(type)) {
      // Auth challenges, an expired session, a failure: the client sees them as they are.
      this.decide(relay(response));
      throw new Error(`HTTP ${response.status}`);
    }
    if (type.includes("application/json")) {
      this.answerHeaders = response.headers;
      return unwrap(await answerIn(response, id, this.settings.maxMessageBytes), request.method);
    }
    let resolveMine!: (message: JsonRpcMessage | Error) => void;
    const mine = new Promise<JsonRpcMessage | Error>((resolve) => (resolveMine = resolve));
    const stream = rewrite(
      response.body!,
      id,
      resolveMine,
      this.link.answer(id),
      this.settings.maxMessageBytes,
      () => this.settings.toolMemory.forget(),
    );
    this.decide(
      new Response(stream, { status: response.status, headers: responseHeaders(response.headers) }),
    );
    const answer = await mine;
    if (answer instanceof Error) throw answer;
    return unwrap(answer, request.method);
  }
}

function pagingServer(): Server {
  return new Server({ name: "pagewise-proxy", version: "1" }, {
    capabilities: { tools: {} },
    jsonSchemaValidator: passThroughValidator as never,
  });
}

// A transport with the paging server at the other end: requests go in, and
// each answer resolves the promise of its id.
class Link {
  onmessage?: (message: JsonRpcMessage, extra?: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  #answers = new Map<string | number, Promise<JsonRpcMessage>>();
  #resolvers = new Map<string | number, (message: JsonRpcMessage) => void>();

  start(): Promise<void> {
    return Promise.resolve();
  }

  answer(id: string | number): Promise<JsonRpcMessage> {
    let answer = this.#answers.get(id);
    if (!answer) {
      answer = new Promise((resolve) => this.#resolvers.set(id, resolve));
      this.#answers.set(id, answer);
    }
    return answer;
  }

  deliver(message: JsonRpcMessage, extra?: unknown): void {
    this.answer(message.id!);
    this.onmessage?.(message, extra);
  }

  send(message: JsonRpcMessage): Promise<void> {
    if (message.id !== undefined && message.method === undefined) {
      this.#resolvers.get(message.id)?.(message);
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.onclose?.();
    return Promise.resolve();
  }
}

// The upstream stream, event by event, with the answer to `id` handed to
// `onMine` and replaced by `page` once that is ready.
function rewrite(
  body: ReadableStream<Uint8Array>,
  id: string | number,
  onMine: (message: JsonRpcMessage | Error) => void,
  page: Promise<JsonRpcMessage>,
  maxBytes: number,
  onToolsChanged: () => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = events(body, maxBytes);
  let seen = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) {
          if (!seen) {
            seen = true;
            onMine(new Error("the server closed its stream before answering"));
            controller.enqueue(
              encoder.encode(formatEvent({ event: "message", data: JSON.stringify(await page) })),
            );
          }
          controller.close();
          return;
        }
        const event = parseEvent(next.value);
        const message = parseJson(event.data);
        if (!seen && isAnswerTo(message, id)) {
          seen = true;
          onMine(message as JsonRpcMessage);
          const paged = await page;
          controller.enqueue(
            encoder.encode(formatEvent({ ...event, data: JSON.stringify(paged) })),
          );
          return;
        }
        if (isToolsChanged(message)) onToolsChanged();
        controller.enqueue(encoder.encode(next.value + "\n\n"));
      } catch (error) {
        if (!seen) {
          seen = true;
          onMine(error instanceof Error ? error : new Error(String(error)));
          controller.enqueue(
            encoder.encode(formatEvent({ event: "message", data: JSON.stringify(await page) })),
          );
        }
        controller.close();
      }
    },
    async cancel(reason) {
      await iterator.return(undefined);
      if (!seen) onMine(new Error(`the client went away (${reason})`));
    },
  });
}

// The answer to `id` in a response to a POST: a JSON body or an event stream.
async function answerIn(
  response: Response,
  id: string | number,
  maxBytes: number,
): Promise<JsonRpcMessage> {
  if (!response.ok) {
    await response.body?.cancel();
    throw rpcError(ErrorCode.InternalError, `the MCP server answered HTTP ${response.status}`);
  }
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("text/event-stream")) {
    for await (const raw of events(response.body!, maxBytes)) {
      const message = parseJson(parseEvent(raw).data);
      if (isAnswerTo(message, id)) return message as JsonRpcMessage;
    }
    throw rpcError(ErrorCode.ConnectionClosed, "the MCP server closed its stream before answering");
  }
  const text = await readText(response.body, maxBytes);
  if (text === undefined) {
    throw rpcError(
      ErrorCode.InternalError,
      `the MCP server's answer is over ${maxBytes} bytes (maxMessageBytes); ask for less`,
    );
  }
  const parsed = parseJson(text);
  const found = (Array.isArray(parsed) ? parsed : [parsed]).find((m) => isAnswerTo(m, id));
  if (!found) {
    throw rpcError(
      ErrorCode.InternalError,
      "the MCP server's answer has no response to the request",
    );
  }
  return found as JsonRpcMessage;
}

function unwrap(answer: JsonRpcMessage, method: string): Record<string, unknown> {
  if (answer.error) throw rpcError(answer.error.code, answer.error.message, answer.error.data);
  if (!answer.result) {
    throw rpcError(ErrorCode.InternalError, `the MCP server's answer to ${method} has no result`);
  }
  return answer.result;
}

class RpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
  }
}

function rpcError(code: number, message: string, data?: unknown): RpcError {
  return new RpcError(code, message, data);
}

// The response as it came, its event stream watched for a change of tools.
function relay(response: Response, onToolsChanged?: () => void): Response {
  let body: ReadableStream<Uint8Array> | null = response.body;
  const type = response.headers.get("content-type") ?? "";
  if (body && onToolsChanged && type.includes("text/event-stream")) {
    body = body.pipeThrough(watchFor(TOOLS_CHANGED, onToolsChanged));
  }
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: responseHeaders(response.headers),
  });
}

function responseHeaders(from: Headers | undefined, contentType?: string): Headers {
  const out = new Headers(from);
  for (const name of DROPPED_RESPONSE_HEADERS) out.delete(name);
  if (contentType) out.set("content-type", contentType);
  return out;
}

function jsonRpcError(
  status: number,
  id: string | number | null,
  message: string,
  code: number = ErrorCode.InvalidRequest,
): Response {
  return new Response(
    JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } }),
    { status, headers: { "content-type": "application/json" } },
  );
}

// The body as text, or undefined when it is over `maxBytes`.
async function readText(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<string | undefined> {
  if (!body) return "";
  const bytes = await readAtMost(body, maxBytes);
  return bytes && new TextDecoder().decode(bytes);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRequest(value: unknown): value is JsonRpcMessage {
  const m = value as JsonRpcMessage | undefined;
  return typeof m === "object" && m !== null && typeof m.method === "string" &&
    (typeof m.id === "string" || typeof m.id === "number");
}

const TOOLS_CHANGED = "notifications/tools/list_changed";

function isToolsChanged(value: unknown): boolean {
  return (value as JsonRpcMessage | undefined)?.method === TOOLS_CHANGED;
}

// Passes bytes on unchanged, and calls `found` each time `needle` (ASCII)
// goes by, across chunk boundaries too.
function watchFor(needle: string, found: () => void): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  let tail = "";
  return new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      const text = tail + decoder.decode(chunk, { stream: true });
      if (text.includes(needle)) found();
      tail = text.slice(-(needle.length - 1));
    },
  });
}

function isAnswerTo(value: unknown, id: string | number): boolean {
  const m = value as JsonRpcMessage | undefined;
  return typeof m === "object" && m !== null && m.method === undefined && m.id === id &&
    ("result" in m || "error" in m);
}
