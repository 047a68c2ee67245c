// One paged request through the proxy: a paging server built for it, whose
// handlers send the (cursor-less) request on to the upstream server, and the
// tools/list lookups paginate makes meanwhile.

// @ts-types="@modelcontextprotocol/sdk/server/index"
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { paginate, type PaginateOptions } from "../mcp/paginate.ts";
import { callerIdentity } from "./_caller.ts";
import {
  answerIn,
  isAnswerTo,
  isToolsChanged,
  jsonRpcError,
  parseJson,
  relay,
  responseHeaders,
  rpcError,
  unreachable,
  unwrap,
} from "./_http.ts";
import { events, formatEvent, parseEvent } from "./_sse.ts";
import type { ToolMemory } from "./_tool_memory.ts";
import { passThroughValidator } from "./_validator.ts";
import type { JsonRpcMessage } from "./types.ts";

// The `_meta` keys MCP 2026-07-28 reserves for the request's envelope (client, version).
const RESERVED_META = "io.modelcontextprotocol/";

/** The server behind the proxy, and what the proxy keeps between requests. */
export interface Upstream {
  target: URL;
  send: (request: Request) => Promise<Response>;
  maxMessageBytes: number;
  pageOptions: PaginateOptions;
  toolMemory: ToolMemory;
}

/** A POST to the server. */
export function post(
  upstream: Upstream,
  init: { headers: Headers; body: string; signal: AbortSignal },
): Promise<Response> {
  return upstream.send(new Request(upstream.target, { method: "POST", ...init }));
}

// Runs one tools/list or tools/call through a server built for it, whose
// handlers send the (cursor-less) request on to the upstream server.
export async function pageThrough(
  settings: Upstream,
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
        // No headers to tell callers apart: the request's own identity (a
        // session id of the proxy's, or none: one caller), not "no cache".
        cache: { ...cache, identify: cache.identify ?? (() => caller || undefined) },
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
    private readonly settings: Upstream,
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

  async #send(
    id: string | number,
    request: { method: string; params?: unknown },
    headers = this.outHeaders,
  ) {
    const outgoing = { jsonrpc: "2.0", id, method: request.method, params: request.params };
    try {
      return await post(this.settings, {
        headers,
        body: JSON.stringify(outgoing),
        signal: this.signal,
      });
    } catch (error) {
      // As for a request the proxy only relays: a 502 for the client's request.
      const message = unreachable(this.settings.target, error);
      this.decide(jsonRpcError(502, this.message.id!, message, ErrorCode.InternalError));
      throw rpcError(ErrorCode.InternalError, message);
    }
  }

  // A request of paginate's own: its answer, read whole.
  // A request of paginate's own (a tools/list): made as the client's request
  // would be (its session, its credentials, MCP 2026-07-28's envelope), its
  // answer read whole. An HTTP error (an expired session, a credential
  // refused) goes to the client as it is: its own request would get the same.
  async #askAside(request: { method: string; params?: unknown }) {
    const id = `pagewise-${crypto.randomUUID()}`;
    const response = await this.#send(id, this.#asClient(request), this.#asideHeaders(request));
    if (!response.ok) {
      this.decide(relay(response));
      throw new Error(`HTTP ${response.status}`);
    }
    const answer = await answerIn(response, id, this.settings.maxMessageBytes);
    return unwrap(answer, request.method);
  }

  /** `request` with the client's envelope (MCP 2026-07-28's reserved `_meta` keys). */
  #asClient(request: { method: string; params?: unknown }) {
    const meta = this.message.params?._meta as Record<string, unknown> | undefined;
    const envelope = Object.entries(meta ?? {}).filter(([key]) => key.startsWith(RESERVED_META));
    if (!envelope.length) return request;
    const params = (request.params ?? {}) as Record<string, unknown>;
    return { ...request, params: { ...params, _meta: Object.fromEntries(envelope) } };
  }

  /** The client's headers, but those that name the client's own request's method and tool. */
  #asideHeaders(request: { method: string }): Headers {
    const headers = new Headers(this.outHeaders);
    for (const [name] of this.outHeaders) {
      if (name === "mcp-name" || name.startsWith("mcp-param-")) headers.delete(name);
    }
    if (headers.has("mcp-method")) headers.set("mcp-method", request.method);
    return headers;
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

export function pagingServer(): Server {
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
