/**
 * The proxy's core: an MCP server that forwards everything to another MCP
 * server, with {@linkcode paginate} applied to its tools. It translates, it
 * never cuts: the pages are those that `paginate` makes.
 *
 * The client side is a low-level SDK v1 `Server`, the server side a `Client`.
 * `initialize` passes through (the client's capabilities and protocol version
 * go upstream, the server's answer comes back as it is), and so does every
 * other request and notification, both ways: resources, prompts, completions,
 * logging, progress, cancellation, list changes, and requests from the server
 * (sampling, elicitation, roots). Only `tools/list` and `tools/call` are
 * changed, by `paginate`.
 *
 * @module
 */

// @ts-types="@modelcontextprotocol/sdk/server/index"
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  ResultSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";
import { paginate, PAGINATE_KEYS, type PaginateOptions } from "../mcp/paginate.ts";
import { checkFunction, checkKeys, invalid } from "../paging/options.ts";
import { passThroughValidator } from "./_validator.ts";
import type { JsonRpcMessage, McpTransport } from "./types.ts";

/** Default time to wait for an answer from either side: 10 minutes. */
export const DEFAULT_TIMEOUT_MS = 600_000;

/** Options of {@linkcode connectProxy}: `paginate`'s, and the proxy's own. */
export interface ProxyOptions extends PaginateOptions {
  /**
   * Milliseconds to wait for the answer to a forwarded request (default 10
   * minutes); each progress notification restarts the clock. A request that
   * runs out gets a JSON-RPC error that says so.
   */
  timeoutMs?: number;
  /** Errors that belong to no request: unreadable messages, failed notifications. */
  onError?: (error: Error) => void;
}

/** A running proxy; see {@linkcode connectProxy}. */
export interface ProxyConnection {
  /**
   * Resolves when either side has closed (`"client"` or `"server"`, the one
   * that closed first) and the other has been closed in turn. When the server
   * goes first, requests it left unanswered are answered with an error first.
   */
  readonly closed: Promise<"client" | "server">;
  /** Whether the server side has been connected (it is, once the client's first message came). */
  readonly serverConnected: boolean;
  /** Closes both sides. */
  close(): Promise<void>;
}

type Extra = {
  signal: AbortSignal;
  sendNotification(notification: { method: string; params?: unknown }): Promise<void>;
};
type Request = { method: string; params?: Record<string, unknown> };
type Peer = Client | Server;

/**
 * Connects a client (`downstream`, e.g. the proxy's own stdin and stdout) to
 * an MCP server (`upstream`, e.g. a child process's stdio or a Streamable
 * HTTP client transport) and starts forwarding, with the server's tools paged.
 * The server is initialized when the client's first message (its
 * `initialize`) arrives, with the client's capabilities.
 *
 * @example
 * ```ts
 * import { assertMatch } from "@std/assert";
 * import { connectProxy } from "@pagewise/mcp/proxy";
 * import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
 * import { Client } from "@modelcontextprotocol/sdk/client/index.js";
 * import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
 *
 * const server = new McpServer({ name: "lines", version: "1.0.0" });
 * server.registerTool("lines", { description: "Many lines" }, () => ({
 *   content: [{ type: "text", text: "line\n".repeat(50_000) }],
 * }));
 * const [toServer, upstream] = InMemoryTransport.createLinkedPair();
 * await server.connect(toServer);
 * const [toProxy, downstream] = InMemoryTransport.createLinkedPair();
 * const proxy = await connectProxy(downstream, upstream, { maxTokens: 2_000 });
 *
 * const client = new Client({ name: "model", version: "1.0.0" });
 * await client.connect(toProxy);
 * const result = await client.callTool({ name: "lines", arguments: {} });
 * const text = (result.content as { text: string }[])[0].text;
 * assertMatch(text, /^(line\n)+\n\n\[Output cut: showing characters 1-\d+ of 250000\. /);
 * assertMatch(text, /cursor="[\w-]+" for the next page\. To read less, call the tool again with grep=/);
 * await client.close();
 * await proxy.closed;
 * ```
 */
export async function connectProxy(
  downstream: McpTransport,
  upstream: McpTransport,
  options: ProxyOptions = {},
): Promise<ProxyConnection> {
  if (options === null || typeof options !== "object") {
    throw invalid("connectProxy's options", "an options object", options);
  }
  checkKeys("connectProxy", options, PROXY_KEYS);
  const { timeoutMs = DEFAULT_TIMEOUT_MS, onError, ...pageOptions } = options;
  if (!(timeoutMs > 0)) throw new RangeError(`timeoutMs must be positive, got ${timeoutMs}.`);
  checkFunction("onError", onError);
  // paginate checks its options when it is called: once now, so that a bad
  // option is an error here, not when the client's first message comes.
  paginate(
    new Server({ name: "check", version: "0" }, { capabilities: { tools: {} } }),
    pageOptions,
  );
  const bridge = new Bridge(downstream, upstream, timeoutMs, pageOptions, onError);
  downstream.onmessage = (message) => bridge.receive(message);
  downstream.onclose = () => bridge.clientClosed();
  downstream.onerror = (error) => bridge.clientError(error);
  await downstream.start();
  return {
    closed: bridge.closed,
    get serverConnected() {
      return bridge.serverConnected;
    },
    async close() {
      await bridge.finish("client");
      await downstream.close().catch((error) => bridge.report(error));
    },
  };
}

const PROXY_KEYS = [...PAGINATE_KEYS, "timeoutMs", "onError"] as const;

/**
 * One proxy connection: the client's side (a `Server`, made once the
 * server's `initialize` answer is known) and the server's (a `Client`, made
 * with the client's own `initialize`), and how either closing ends both.
 */
class Bridge {
  readonly closed: Promise<"client" | "server">;
  readonly #front: Front;
  readonly #back: Back;
  #server?: Server;
  #client?: Client;
  /** Messages from the client while the server side is being set up; undefined after. */
  #queue: JsonRpcMessage[] | undefined = [];
  #serverReady!: () => void;
  readonly #whenServerReady = new Promise<void>((resolve) => (this.#serverReady = resolve));
  #closing?: "client" | "server";
  #settle!: (side: "client" | "server") => void;

  constructor(
    private readonly downstream: McpTransport,
    private readonly upstream: McpTransport,
    private readonly timeoutMs: number,
    private readonly pageOptions: PaginateOptions,
    private readonly onError: ((error: Error) => void) | undefined,
  ) {
    this.#front = new Front(downstream);
    this.#back = new Back(upstream);
    this.#front.onInitializeAnswered = () => this.#serverReady();
    this.closed = new Promise((resolve) => (this.#settle = resolve));
  }

  get serverConnected(): boolean {
    return this.#client !== undefined;
  }

  /** Reports an error that belongs to no request; a reporting hook that throws is ignored. */
  report(error: unknown): void {
    try {
      this.onError?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // A reporting hook that throws must not break forwarding.
    }
  }

  /** A message from the client: queued until the server side is set up, then delivered. */
  receive(message: JsonRpcMessage): void {
    if (!this.#queue) {
      if (this.#server) this.#front.deliver(message);
      return;
    }
    this.#queue.push(message);
    if (this.#queue.length > 1) return;
    this.#setup(message).catch(async (error) => {
      this.report(
        new Error(`the MCP server could not be initialized: ${reasonOf(error, this.timeoutMs)}`),
      );
      await this.#refuseWaiting(error);
      await this.finish("server");
    });
  }

  clientClosed(): void {
    this.#front.onclose?.();
    void this.finish("client");
  }

  clientError(error: Error): void {
    if (this.#front.onerror) this.#front.onerror(error);
    else this.report(error);
  }

  /** Closes the other side once `side` has closed (the first call decides). */
  async finish(side: "client" | "server"): Promise<void> {
    if (this.#closing) return;
    this.#closing = side;
    this.#serverReady();
    if (side === "server") {
      // The server went while it was being set up (it exited before it
      // answered initialize): the client's requests are answered before its
      // connection closes, not left to wait.
      if (!this.#server) {
        await this.#refuseWaiting(new McpError(ErrorCode.ConnectionClosed, "Connection closed"));
      }
      await this.#front.drain(2_000);
      await this.downstream.close().catch((error) => this.report(error));
    } else {
      await (this.#client ? this.#client.close() : this.upstream.close())
        .catch((error) => this.report(error));
    }
    this.#settle(side);
  }

  async #forward(target: Peer, peer: string, request: Request, extra: Extra): Promise<unknown> {
    const token = (request.params?._meta as { progressToken?: unknown } | undefined)
      ?.progressToken;
    try {
      return await target.request(
        { method: request.method, params: request.params } as never,
        ResultSchema,
        {
          signal: extra.signal,
          timeout: this.timeoutMs,
          resetTimeoutOnProgress: true,
          onprogress: token === undefined ? undefined : (progress: Record<string, unknown>) => {
            extra.sendNotification({
              method: "notifications/progress",
              params: { ...progress, progressToken: token },
            }).catch((error) => this.report(error));
          },
        },
      );
    } catch (error) {
      throw explain(error, request.method, peer, this.timeoutMs);
    }
  }

  // The server's side first, with the client's initialize; then the client's
  // side, which answers that initialize with the server's own answer.
  async #setup(first: JsonRpcMessage): Promise<void> {
    const upward = await this.#connectUpward(first);
    const downward = this.#serverFor(upward);
    this.#front.initializeResult = this.#back.initializeResult ?? {};
    await downward.connect(this.#front as never);
    // The messages that came while the server was starting go first, in order.
    const waiting = this.#queue ?? [];
    this.#queue = undefined;
    this.#server = downward;
    for (const queued of waiting) this.#front.deliver(queued);
  }

  /** The SDK client that speaks to the server as the client would, with its capabilities. */
  async #connectUpward(first: JsonRpcMessage): Promise<Client> {
    const init = first.method === "initialize" ? first.params ?? {} : {};
    this.#back.protocolVersion = init.protocolVersion as string | undefined;
    const upward = new Client(
      (init.clientInfo ?? { name: "pagewise-proxy", version: "0" }) as never,
      {
        capabilities: (init.capabilities ?? {}) as never,
        jsonSchemaValidator: passThroughValidator as never,
      },
    );
    this.#client = upward;
    upward.removeRequestHandler("ping");
    upward.fallbackRequestHandler = async (request, extra) => {
      await this.#whenServerReady;
      if (!this.#server) throw new McpError(ErrorCode.ConnectionClosed, "The client has gone.");
      return await this.#forward(
        this.#server,
        "the MCP client",
        request as Request,
        extra as Extra,
      ) as never;
    };
    upward.fallbackNotificationHandler = async (notification) => {
      await this.#whenServerReady;
      await this.#server?.notification(notification as never).catch((e) => this.report(e));
    };
    upward.onerror = (error) => this.report(error);
    upward.onclose = () => void this.finish("server");
    await upward.connect(this.#back as never, { timeout: this.timeoutMs });
    return upward;
  }

  /**
   * The SDK server the client speaks to: the server's info and capabilities,
   * every request forwarded, tools paged (for the client its `initialize`
   * named: paginate reads it from this server).
   */
  #serverFor(upward: Client): Server {
    const answer = this.#back.initializeResult ?? {};
    const capabilities = (answer.capabilities ?? {}) as Record<string, unknown>;
    const downward = new Server(
      (answer.serverInfo ?? upward.getServerVersion()) as never,
      {
        capabilities: capabilities as never,
        instructions: answer.instructions as string | undefined,
        jsonSchemaValidator: passThroughValidator as never,
      },
    );
    downward.removeRequestHandler("ping");
    downward.removeRequestHandler("logging/setLevel");
    const up = (request: unknown, extra: unknown) =>
      this.#forward(upward, "the MCP server", request as Request, extra as Extra);
    if (capabilities.tools) {
      downward.setRequestHandler(ListToolsRequestSchema, up as never);
      downward.setRequestHandler(CallToolRequestSchema, up as never);
      paginate(downward, this.pageOptions);
    }
    downward.fallbackRequestHandler = up as never;
    downward.fallbackNotificationHandler = async (notification) => {
      await upward.notification(notification as never).catch((e) => this.report(e));
    };
    downward.onerror = (error) => this.report(error);
    return downward;
  }

  /** Answers the client's requests with why the server could not be initialized. */
  /** Answers the requests queued while the server was set up with why it could not be. */
  async #refuseWaiting(error: unknown): Promise<void> {
    const messages = this.#queue ?? [];
    this.#queue = undefined;
    const reason = reasonOf(error, this.timeoutMs);
    for (const message of messages) {
      if (message.method === undefined || message.id === undefined) continue;
      await this.downstream.send({
        jsonrpc: "2.0",
        id: message.id,
        error: {
          code: ErrorCode.InternalError,
          message: `pagewise proxy: the MCP server could not be initialized: ${reason}`,
        },
      }).catch((e) => this.report(e));
    }
  }
}

// What the Server is connected to: the client's transport, with the answer to
// `initialize` replaced by the upstream server's own, and a count of the
// requests not answered yet.
class Front implements McpTransport {
  onmessage?: (message: JsonRpcMessage, extra?: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  initializeResult?: Record<string, unknown>;
  onInitializeAnswered?: () => void;
  #open = new Set<string | number>();
  #initializeIds = new Set<string | number>();
  #idle: (() => void)[] = [];

  constructor(private readonly inner: McpTransport) {}

  start(): Promise<void> {
    return Promise.resolve();
  }

  deliver(message: JsonRpcMessage): void {
    if (message.method !== undefined && message.id !== undefined) {
      this.#open.add(message.id);
      if (message.method === "initialize") this.#initializeIds.add(message.id);
    }
    if (message.method === "notifications/cancelled") {
      this.#settled((message.params as { requestId?: string | number })?.requestId);
    }
    this.onmessage?.(message);
  }

  async send(message: JsonRpcMessage, options?: { relatedRequestId?: string | number }) {
    const isAnswer = message.method === undefined && message.id !== undefined;
    if (isAnswer && this.#initializeIds.delete(message.id!) && message.result) {
      message = { ...message, result: this.initializeResult ?? message.result };
      await this.inner.send(message, options);
      this.#settled(message.id);
      this.onInitializeAnswered?.();
      return;
    }
    try {
      await this.inner.send(message, options);
    } finally {
      if (isAnswer) this.#settled(message.id);
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  // Resolves once every request received has been answered, or after `ms`.
  drain(ms: number): Promise<void> {
    if (!this.#open.size) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  #settled(id: string | number | undefined): void {
    if (id === undefined) return;
    this.#open.delete(id);
    if (this.#open.size) return;
    for (const wake of this.#idle.splice(0)) wake();
  }
}

// What the Client is connected to: the server's transport, with the client's
// protocol version in `initialize` and the server's raw answer kept.
class Back implements McpTransport {
  onmessage?: (message: JsonRpcMessage, extra?: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  protocolVersion?: string;
  initializeResult?: Record<string, unknown>;
  setProtocolVersion?: (version: string) => void;
  #initializeId?: string | number;

  constructor(private readonly inner: McpTransport) {
    if (inner.setProtocolVersion) {
      this.setProtocolVersion = (version) => inner.setProtocolVersion!(version);
    }
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    // One message per microtask turn: the SDK handles a notification a turn
    // later but an answer at once, so a progress notification that arrives
    // right before its request's answer would otherwise come after it.
    let turn = Promise.resolve();
    this.inner.onmessage = (message, extra) => {
      if (message.id !== undefined && message.id === this.#initializeId && message.result) {
        this.initializeResult = message.result;
      }
      turn = turn.then(() => this.onmessage?.(message, extra));
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    return this.inner.start();
  }

  send(message: JsonRpcMessage, options?: { relatedRequestId?: string | number }): Promise<void> {
    if (message.method === "initialize") {
      this.#initializeId = message.id;
      if (SUPPORTED_PROTOCOL_VERSIONS.includes(this.protocolVersion as string)) {
        message = {
          ...message,
          params: { ...message.params, protocolVersion: this.protocolVersion },
        };
      }
    }
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** An error answer passed on: the original code, message and data. */
class ForwardedError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
  }
}

// The SDK's errors, made to say what happened: the peer's own errors pass on
// unchanged (without the SDK's "MCP error N:" prefix); a timeout or a closed
// connection says which side and what to do.
function explain(error: unknown, method: string, peer: string, timeoutMs: number): Error {
  if (error instanceof McpError) {
    const message = error.message.replace(/^MCP error -?\d+: /, "");
    if (error.code === ErrorCode.RequestTimeout && message === "Request timed out") {
      return new ForwardedError(
        error.code,
        `pagewise proxy: ${peer} did not answer ${method} within ${timeoutMs / 1000} s; it may ` +
          `be stuck. (The proxy's timeout: --timeout in the CLI, timeoutMs in code.)`,
      );
    }
    if (error.code === ErrorCode.ConnectionClosed && message === "Connection closed") {
      return new ForwardedError(error.code, closedMessage(method, peer));
    }
    return new ForwardedError(error.code, message, error.data);
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/^Not connected/.test(message)) {
    return new ForwardedError(ErrorCode.ConnectionClosed, closedMessage(method, peer));
  }
  return new ForwardedError(ErrorCode.InternalError, `pagewise proxy: ${method}: ${message}`);
}

/** Why the server's `initialize` failed, in words for a log line or the client. */
function reasonOf(error: unknown, timeoutMs: number): string {
  return explain(error, "initialize", "the MCP server", timeoutMs).message
    .replace(/^pagewise proxy: /, "");
}

function closedMessage(method: string, peer: string): string {
  return `pagewise proxy: the connection to ${peer} closed before it answered ${method}` +
    (peer === "the MCP server" ? " (the server exited or crashed; see its stderr)." : ".");
}
