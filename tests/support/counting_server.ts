/**
 * An MCP server (SDK v1, low-level `Server`) that counts what it is asked, for
 * tests that check how often the proxy runs a tool upstream. Over stdio as
 * `deno run -A counting_server.ts`, or over HTTP with {@linkcode serveCounting}.
 *
 * Tools:
 * - `rows {seed, n}`: n rows as JSON text, the same for the same arguments;
 *   counted per seed (`rows:<seed>`).
 * - `mine {n}`: n rows that name the request's Authorization (HTTP), so that
 *   two callers get different results.
 * - `wait`: answers only when cancelled, and records the cancellation.
 * - `change_tools`: adds the tool `extra` and announces it with
 *   `notifications/tools/list_changed` on the request's stream.
 * - `counts`: the counts so far (not counted itself).
 *
 * Reading the resource `counting://change-tools` does what `change_tools` does.
 */
// @ts-types="@modelcontextprotocol/sdk/server/index"
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
// @ts-types="@modelcontextprotocol/sdk/server/stdio"
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

/** What the server was asked so far. */
export interface Counts {
  /** Runs per tool (`rows:<seed>` for rows). */
  calls: Record<string, number>;
  /** `tools/list` requests answered. */
  lists: number;
  /** Reasons of the cancellations the `wait` tool received. */
  cancelled: string[];
  /** Whether `change_tools` has added the tool `extra`. */
  changed: boolean;
}

/** Fresh counts. */
export function newCounts(): Counts {
  return { calls: {}, lists: 0, cancelled: [], changed: false };
}

const WORDS = [
  "ledger",
  "invoice",
  "café",
  "naïve",
  "東京",
  "データ",
  "Überweisung",
  "payment",
  "refund",
  "😀",
  "отчёт",
  "status",
];

/** The rows `rows {seed, n}` returns (`owner` for `mine`). */
export function rowsOf(seed: number, n: number, owner: string | null = null): unknown[] {
  let state = seed >>> 0 || 1;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0);
  return Array.from({ length: n }, (_, id) => ({
    id,
    seed,
    ...(owner === null ? {} : { owner }),
    note: Array.from({ length: 3 + (next() % 6) }, () => WORDS[next() % WORDS.length]).join(" "),
    amount: (next() % 100_000) / 100,
  }));
}

const object = (properties: Record<string, unknown> = {}) => ({ type: "object", properties });
const TOOLS = [
  {
    name: "rows",
    description: "n rows for a seed.",
    inputSchema: object({ seed: { type: "number" }, n: { type: "number" } }),
  },
  {
    name: "mine",
    description: "n rows of the caller.",
    inputSchema: object({ n: { type: "number" } }),
  },
  { name: "wait", description: "Answers when cancelled.", inputSchema: object() },
  { name: "change_tools", description: "Adds the tool extra.", inputSchema: object() },
  { name: "counts", description: "What the server was asked.", inputSchema: object() },
];
const EXTRA = { name: "extra", description: "Added by change_tools.", inputSchema: object() };

const text = (value: unknown) => ({ content: [{ type: "text", text: JSON.stringify(value) }] });

/** A server that counts into `counts` (shared between servers built per request). */
export function countingServer(counts: Counts): Server {
  const server = new Server({ name: "counting", version: "1.0.0" }, {
    capabilities: { tools: { listChanged: true }, resources: {} },
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    counts.changed = true;
    await extra.sendNotification({ method: "notifications/tools/list_changed" });
    return { contents: [{ uri: request.params.uri, text: "changed" }] };
  });
  server.setRequestHandler(ListToolsRequestSchema, () => {
    counts.lists++;
    return { tools: counts.changed ? [...TOOLS, EXTRA] : TOOLS };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    if (name === "counts") return text(counts);
    const key = name === "rows" ? `rows:${args.seed}` : name;
    counts.calls[key] = (counts.calls[key] ?? 0) + 1;
    switch (name) {
      case "rows":
        return text(rowsOf(Number(args.seed), Number(args.n)));
      case "mine":
        return text(
          rowsOf(7, Number(args.n), extra.requestInfo?.headers.authorization as string ?? null),
        );
      case "wait":
        return await new Promise((resolve) => {
          const cancelled = () => {
            clearTimeout(timer);
            counts.cancelled.push(String(extra.signal.reason));
            resolve(text("cancelled"));
          };
          const timer = setTimeout(() => resolve(text("not cancelled")), 30_000);
          // Cancelled before this handler ran, on a loaded machine: the signal is already aborted.
          if (extra.signal.aborted) cancelled();
          else extra.signal.addEventListener("abort", cancelled);
        });
      case "change_tools":
        counts.changed = true;
        await extra.sendNotification({ method: "notifications/tools/list_changed" });
        return text("changed");
      case "extra":
        return text("extra");
    }
    throw new Error(`no tool ${name}`);
  });
  return server;
}

/** The counting server on Deno.serve, stateless (a server per request), as on an edge runtime. */
export function serveCounting(
  { json = true }: { json?: boolean } = {},
): { url: string; counts: Counts; stop(): Promise<void> } {
  const counts = newCounts();
  const abort = new AbortController();
  const served = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: abort.signal, onListen() {} },
    async (request) => {
      if (request.method !== "POST") return new Response(null, { status: 405 });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: json,
      });
      await countingServer(counts).connect(transport);
      return transport.handleRequest(request);
    },
  );
  return {
    url: `http://127.0.0.1:${served.addr.port}/mcp`,
    counts,
    async stop() {
      abort.abort();
      await served.finished;
    },
  };
}

/** The command that runs the counting server over stdio. */
export function countingCommand(): string[] {
  return [Deno.execPath(), "run", "-A", "--quiet", new URL(import.meta.url).pathname];
}

if (import.meta.main) await countingServer(newCounts()).connect(new StdioServerTransport());
