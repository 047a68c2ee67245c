/**
 * Pages every tool of an MCP server: `tools/list` gains an optional cursor
 * argument on each paged tool, and `tools/call` results are paged, each page
 * sized for the client that asked.
 *
 * Works with `McpServer` and `Server` of `@modelcontextprotocol/sdk` (v1) and
 * of `@modelcontextprotocol/server` (v2), whatever registered the tools
 * (`registerTool`, the deprecated `tool()`, or a raw request handler) and
 * whether they were registered before or after the call: it wraps the two
 * request handlers when a request is dispatched, not when they are set.
 *
 * @module
 */

import {
  checkKeys,
  checkOneOf,
  checkRecord,
  checkStringList,
  invalid,
  PAGER_KEYS,
  resolveCursorParam,
  resolveNarrowArguments,
} from "../paging/options.ts";
import type { NarrowArguments } from "../cut/notes.ts";
import type { PagerOptions } from "../paging/pager.ts";
import { clientNameOf } from "./_client.ts";
import { identityOf } from "./_identity.ts";
import { takeCursor } from "./_cursor_argument.ts";
import { type Handler, intercept, type JsonRpcRequest } from "./_intercept.ts";
import { KnownTools, type ListPage } from "./_known_tools.ts";
import { describe } from "./_tool_list.ts";
import {
  createResultPager,
  RESULT_PAGER_KEYS,
  type ResultPager,
  type ResultPagerOptions,
} from "./result_pager.ts";
import { toolScope } from "./scope.ts";
import type { ToolDescription, ToolResult } from "./types.ts";

/** Options of {@linkcode paginate}: the result pager's, and which tools to page how. */
export interface PaginateOptions extends ResultPagerOptions {
  /** Page only these tools (by name), or all but `exclude`. Default: every tool. */
  tools?: { include?: string[]; exclude?: string[] };
  /** Limits and mode for single tools, by name: a ceiling for every client, as the others. */
  perTool?: Record<string, PagerOptions & { mode?: "page" | "trim" }>;
  /** `"page"` (default) or `"trim"`: one page without a cursor. */
  mode?: "page" | "trim";
  /**
   * Announce each paged tool's character limit (for the client that lists
   * the tools) in `tools/list` as `_meta["anthropic/maxResultSizeChars"]`,
   * which Claude Code reads to keep results of that size inline instead of
   * saving them to a file.
   */
  announceMaxChars?: boolean;
}

/** The option names of {@linkcode paginate}. */
export const PAGINATE_KEYS = [
  ...RESULT_PAGER_KEYS,
  "tools",
  "perTool",
  "mode",
  "announceMaxChars",
] as const;

// Every tool of a server has the one cursor argument `cursorParam` names.
const PER_TOOL_KEYS = [...PAGER_KEYS.filter((key) => key !== "cursorParam"), "mode"] as const;

const paginated = new WeakSet<object>();

/**
 * Pages every tool of `server` (see the module doc) and returns the server.
 * Every option is checked here, synchronously.
 *
 * Each page is sized for the client that asked (see `clientLimits`), found
 * from the request's `_meta` (MCP 2026-07-28), the session's `initialize`,
 * or the session id {@linkcode withClientSession} gives a stateless server.
 * A tool that already has an argument named like the cursor keeps its own
 * paging: it gets no second cursor and its results are trimmed instead of
 * paged. Tools lose their `outputSchema` in `tools/list`: a page is not the
 * tool's declared output, and SDK clients reject structured content that
 * does not match it.
 *
 * @example
 * ```ts
 * import { assertEquals, assertExists } from "@std/assert";
 * import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
 * import { Client } from "@modelcontextprotocol/sdk/client/index.js";
 * import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
 * import { paginate } from "@pagewise/mcp";
 *
 * const server = paginate(new McpServer({ name: "issues", version: "1.0.0" }), {
 *   maxTokens: 2_000,
 * });
 * const issues = Array.from({ length: 5_000 }, (_, id) => ({ id, title: `Issue ${id}` }));
 * server.registerTool("list_issues", { description: "All issues" }, () => ({
 *   content: [{ type: "text", text: JSON.stringify(issues) }],
 * }));
 *
 * const [a, b] = InMemoryTransport.createLinkedPair();
 * await server.connect(a);
 * const client = new Client({ name: "example", version: "1.0.0" });
 * await client.connect(b);
 * const result = await client.callTool({ name: "list_issues", arguments: {} });
 * const { page, items } = JSON.parse(result.content[0].text);
 * assertEquals(items[0], { id: 0, title: "Issue 0" });
 * assertEquals([page.items, page.total], [`1-${items.length} of 5000`, 5_000]);
 * assertExists(page.next_cursor);
 * await client.close();
 * ```
 */
export function paginate<S extends object>(server: S, options: PaginateOptions = {}): S {
  if (options === null || typeof options !== "object") {
    throw new TypeError("pagewise: paginate takes a server and an options object (or nothing).");
  }
  if (paginated.has(server)) {
    throw new Error("pagewise: paginate() was already called on this server; call it once.");
  }
  const plan = planOf(options);
  const paged: Paged = {
    plan,
    known: new KnownTools(plan.cursorParam, plan.narrowNames),
    server,
  };
  intercept(
    server,
    "tools/list",
    (inner) => (request, extra) => listTools(paged, inner, request, extra),
  );
  const { original } = intercept(
    server,
    "tools/call",
    (inner) => (request, extra) =>
      callTool(paged, inner, request, extra, listPages(original, extra)),
  );
  paginated.add(server);
  return server;
}

/** A paginated server: its plan, and what it has learnt of its tools. */
interface Paged {
  plan: Plan;
  known: KnownTools;
  server: object;
}

/** The checked options, and the result pagers made from them. */
interface Plan {
  options: PaginateOptions;
  cursorParam: string;
  narrowNames: NarrowArguments | undefined;
  shared: ResultPager;
  perTool: Map<string, ResultPager>;
}

/** Checks every option now, synchronously, and makes every pager (each checks its own). */
function planOf(options: PaginateOptions): Plan {
  checkKeys("paginate", options, PAGINATE_KEYS);
  checkRecord("tools", options.tools);
  if (options.tools) {
    checkKeys("tools", options.tools, ["include", "exclude"]);
  }
  checkStringList("tools.include", options.tools?.include);
  checkStringList("tools.exclude", options.tools?.exclude);
  checkOneOf("mode", options.mode, ["page", "trim"] as const);
  checkStringList("cache.tools", options.cache?.tools);
  checkRecord("perTool", options.perTool);
  if (options.announceMaxChars !== undefined && typeof options.announceMaxChars !== "boolean") {
    throw invalid("announceMaxChars", "true or false", options.announceMaxChars);
  }
  const cursorParam = resolveCursorParam(options.cursorParam);
  const narrowNames = resolveNarrowArguments(options.narrow, cursorParam);
  const { tools: _t, perTool: _p, mode: _m, announceMaxChars: _a, ...rest } = options;
  // `cache.tools` is paginate's to read (which tools are cached); the pagers get the rest.
  const resultOptions = rest.cache?.tools === undefined
    ? rest
    : { ...rest, cache: { ...rest.cache, tools: undefined } };
  const perTool = new Map<string, ResultPager>();
  for (const name of Object.keys(options.perTool ?? {})) {
    const own = options.perTool![name];
    checkRecord(`perTool.${name}`, own);
    checkKeys(`perTool.${name}`, own, PER_TOOL_KEYS);
    checkOneOf(`perTool.${name}.mode`, own.mode, ["page", "trim"] as const);
    const { mode: _mode, ...limits } = own;
    perTool.set(name, createResultPager({ ...resultOptions, ...limits, cursorParam }));
  }
  return {
    options,
    cursorParam,
    narrowNames,
    shared: createResultPager({ ...resultOptions, cursorParam }),
    perTool,
  };
}

function pagerFor(plan: Plan, tool: string): ResultPager {
  return plan.perTool.get(tool) ?? plan.shared;
}

function isPaged(plan: Plan, tool: string): boolean {
  const { include, exclude } = plan.options.tools ?? {};
  return (!include || include.includes(tool)) && !exclude?.includes(tool);
}

function modeOf(plan: Plan, tool: string): "page" | "trim" {
  return plan.options.perTool?.[tool]?.mode ?? plan.options.mode ?? "page";
}

function isCached(plan: Plan, tool: string): boolean {
  const { cache } = plan.options;
  return cache !== undefined && (!cache.tools || cache.tools.includes(tool));
}

/** tools/list: the server's answer, each paged tool described with its new arguments. */
async function listTools(
  { plan, known, server }: Paged,
  inner: Handler,
  request: JsonRpcRequest,
  extra: unknown,
): Promise<unknown> {
  const result = await inner(request, extra) as { tools?: ToolDescription[] };
  if (!Array.isArray(result?.tools)) return result;
  known.learn(result.tools);
  const client = plan.options.announceMaxChars ? clientNameOf(request, extra, server) : undefined;
  return {
    ...result,
    tools: result.tools.map((tool) =>
      isPaged(plan, tool.name)
        ? describe(tool, {
          cursorParam: plan.cursorParam,
          narrow: plan.narrowNames,
          mode: modeOf(plan, tool.name),
          announceMaxChars: plan.options.announceMaxChars
            ? pagerFor(plan, tool.name).limitsFor(client).maxChars
            : undefined,
        })
        : tool
    ),
  };
}

/** The server's own tools/list, a page at a time, for a tool not seen listed yet. */
function listPages(original: (method: string) => Handler | undefined, extra: unknown): ListPage {
  return async (cursor) => {
    const list = original("tools/list");
    if (!list) return undefined;
    const request = {
      jsonrpc: "2.0",
      id: 0,
      method: "tools/list",
      params: cursor ? { cursor } : {},
    };
    return await list(request, extra) as { tools?: ToolDescription[]; nextCursor?: string };
  };
}

/** tools/call: the cursor and narrowing taken out, the tool run (or the cache read), a page back. */
async function callTool(
  { plan, known, server }: Paged,
  inner: Handler,
  request: JsonRpcRequest,
  extra: unknown,
  list: ListPage,
): Promise<unknown> {
  const params = request.params ?? {};
  const { name, arguments: args } = params;
  // Anything the SDK will refuse (no name, arguments that are not an
  // object) goes to it unchanged, so that it answers as it always does.
  if (typeof name !== "string" || !isPaged(plan, name)) return inner(request, extra);
  if (args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args))) {
    return inner(request, extra);
  }
  // A tool the McpServer does not have (or has disabled): the SDK answers
  // that, at the cost of a lookup rather than a listing of every tool.
  if (registered(server, name) === false) return inner(request, extra);
  const lookedUp = await known.lookUp(name, list);
  if (lookedUp === "unknown") return inner(request, extra);
  const pager = pagerFor(plan, name);
  const given = (args ?? {}) as Record<string, unknown>;
  const client = clientNameOf(request, extra, server);
  if (lookedUp === "own_cursor") {
    const result = await inner(request, extra);
    if (!isResult(result)) return result;
    return pager.page(result, { scope: toolScope(name, given), mode: "trim", client });
  }
  // A trim has no pages to narrow: the tool gets no narrowing arguments.
  const mode = modeOf(plan, name);
  const narrow = mode === "page" ? known.narrowing(name) : undefined;
  const taken = takeCursor(given, plan.cursorParam, narrow);
  if ("error" in taken) return taken.error;
  const forwarded = { ...request, params: { ...params, arguments: taken.rest } };
  const identity = plan.options.cache
    ? await identityOf(plan.options.cache, extra, plan.options.onEvent)
    : "";
  // Task results and input requests are not tool output: they pass on.
  let passed: unknown;
  const result = await pager.run(async () => {
    const result = await inner(forwarded, extra);
    if (isResult(result)) return result;
    passed = result;
    return { content: [] };
  }, {
    cursor: taken.cursor,
    scope: toolScope(name, taken.rest),
    mode,
    grep: taken.grep as string | undefined,
    fields: taken.fields as string[] | undefined,
    narrowable: narrow,
    identity: identity ?? "",
    cache: isCached(plan, name) && identity !== undefined,
    client,
  });
  return passed ?? result;
}

/**
 * Whether an McpServer (SDK v1 or v2) has an enabled tool `name`, read from
 * its registry (`_registeredTools`, what its own tools/list and tools/call
 * handlers answer from); undefined for a server without one (a low-level
 * `Server` with handlers of its own), whose tools only a listing tells.
 */
function registered(server: object, name: string): boolean | undefined {
  const { _registeredTools: tools, _toolHandlersInitialized: own } = server as {
    _registeredTools?: unknown;
    _toolHandlersInitialized?: unknown;
  };
  if (own !== true || tools === null || typeof tools !== "object") return undefined;
  if (!Object.hasOwn(tools, name)) return false;
  const tool = (tools as Record<string, { enabled?: unknown } | undefined>)[name];
  return tool?.enabled !== false;
}

function isResult(result: unknown): result is ToolResult {
  return Array.isArray((result as ToolResult | undefined)?.content);
}
