/**
 * Pages every tool of an MCP server: `tools/list` gains an optional cursor
 * argument on each paged tool, and `tools/call` results are paged.
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
  checkOneOf,
  checkRecord,
  checkStringList,
  invalid,
  resolveCursorParam,
  resolveNarrowArguments,
} from "../paging/options.ts";
import type { PagerOptions } from "../paging/pager.ts";
import type { CacheOptions } from "../cache/cache_options.ts";
import { identityOf } from "./_identity.ts";
import { takeCursor } from "./_cursor_argument.ts";
import { type Handler, intercept } from "./_intercept.ts";
import { describe, hasOwnCursor, narrowingOf } from "./_tool_list.ts";
import type { NarrowArguments } from "../cut/notes.ts";
import { createResultPager, type ResultPager } from "./result_pager.ts";
import { toolScope } from "./scope.ts";
import type { ToolDescription, ToolResult } from "./types.ts";

/** Options of {@linkcode paginate}: the core's, which tools to page how, and a cache. */
export interface PaginateOptions extends PagerOptions {
  /** Keep results after their first page, so that later pages do not run the tool again. */
  cache?: CacheOptions;
  /** Name of the cursor argument added to each tool. Default `"cursor"`. */
  cursorParam?: string;
  /**
   * The two arguments that let the model narrow a result instead of reading
   * every page: `grep` (keep the items or lines that contain a text) and
   * `fields` (keep only those fields of each item). On by default; `false`
   * adds neither; `{ grep: "filter", fields: false }` renames one and leaves
   * the other out. A tool that has an argument of that name keeps its own.
   */
  narrow?: boolean | { grep?: string | false; fields?: string | false };
  /** Page only these tools (by name), or all but `exclude`. Default: every tool. */
  tools?: { include?: string[]; exclude?: string[] };
  /** Limits and mode for single tools, by name. */
  perTool?: Record<string, PagerOptions & { mode?: "page" | "trim" }>;
  /** `"page"` (default) or `"trim"`: one page without a cursor. */
  mode?: "page" | "trim";
  /**
   * Announce each paged tool's character limit in `tools/list` as
   * `_meta["anthropic/maxResultSizeChars"]`, which Claude Code reads to keep
   * results of that size inline instead of saving them to a file.
   */
  announceMaxChars?: boolean;
}

const paginated = new WeakSet<object>();

/** Tool names that a full tools/list did not have, remembered until the next tools/list. */
const MAX_MISSES = 10_000;

/**
 * Pages every tool of `server` (see the module doc) and returns the server.
 * Every option is checked here, synchronously.
 *
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
  checkRecord("tools", options.tools);
  checkStringList("tools.include", options.tools?.include);
  checkStringList("tools.exclude", options.tools?.exclude);
  checkOneOf("mode", options.mode, ["page", "trim"] as const);
  checkRecord("perTool", options.perTool);
  if (options.announceMaxChars !== undefined && typeof options.announceMaxChars !== "boolean") {
    throw invalid("announceMaxChars", "true or false", options.announceMaxChars);
  }
  const cursorParam = resolveCursorParam(options.cursorParam);
  const narrowNames = resolveNarrowArguments(options.narrow, cursorParam);

  // Every pager is made now, so that each tool's options are checked now.
  const shared = createResultPager({ ...options, cursorParam });
  const cached = (tool: string) =>
    options.cache !== undefined && (!options.cache.tools || options.cache.tools.includes(tool));
  const perTool = new Map<string, ResultPager>();
  for (const name of Object.keys(options.perTool ?? {})) {
    const own = options.perTool![name];
    checkRecord(`perTool.${name}`, own);
    checkOneOf(`perTool.${name}.mode`, own.mode, ["page", "trim"] as const);
    perTool.set(name, createResultPager({ ...options, ...own, cursorParam, cache: options.cache }));
  }
  const pagerFor = (tool: string) => perTool.get(tool) ?? shared;
  const isPaged = (tool: string): boolean => {
    const { include, exclude } = options.tools ?? {};
    return (!include || include.includes(tool)) && !exclude?.includes(tool);
  };
  const modeOf = (tool: string) => options.perTool?.[tool]?.mode ?? options.mode ?? "page";

  // Which tools declare their own cursor argument (and which of the narrowing
  // arguments they get), learnt from every tools/list answer (a client
  // re-lists after tools/list_changed), so that a tools/call reads the whole
  // list only for a tool it has not seen listed.
  const ownCursor = new Map<string, boolean>();
  const narrowable = new Map<string, NarrowArguments | undefined>();
  const misses = new Set<string>();
  const note = (tool: ToolDescription) => {
    ownCursor.set(tool.name, hasOwnCursor(tool, cursorParam));
    narrowable.set(tool.name, narrowingOf(tool, narrowNames));
  };
  const learn = (tools: ToolDescription[]) => {
    misses.clear();
    for (const tool of tools) note(tool);
  };

  function listWrapper(inner: Handler): Handler {
    return async (request, extra) => {
      const result = await inner(request, extra) as { tools?: ToolDescription[] };
      if (!Array.isArray(result?.tools)) return result;
      learn(result.tools);
      return {
        ...result,
        tools: result.tools.map((tool) =>
          isPaged(tool.name)
            ? describe(tool, {
              cursorParam,
              narrow: narrowNames,
              mode: modeOf(tool.name),
              announceMaxChars: options.announceMaxChars
                ? pagerFor(tool.name).pager.limits.maxChars
                : undefined,
            })
            : tool
        ),
      };
    };
  }

  async function ownsCursor(name: string, extra: unknown): Promise<boolean> {
    const known = ownCursor.get(name);
    if (known !== undefined) return known;
    if (misses.has(name)) return false;
    const list = original("tools/list");
    if (!list) return false;
    let cursor: string | undefined;
    for (let pages = 0; pages < 1_000; pages++) {
      const result = await list(
        { jsonrpc: "2.0", id: 0, method: "tools/list", params: cursor ? { cursor } : {} },
        extra,
      ) as { tools?: ToolDescription[]; nextCursor?: string };
      for (const tool of result?.tools ?? []) note(tool);
      if (ownCursor.has(name)) return ownCursor.get(name)!;
      cursor = result?.nextCursor;
      if (!cursor) break;
    }
    if (misses.size >= MAX_MISSES) misses.clear();
    misses.add(name);
    return false;
  }

  function callWrapper(inner: Handler): Handler {
    return async (request, extra) => {
      const params = request.params ?? {};
      const name = params.name;
      const args = params.arguments;
      // Anything the SDK will refuse (no name, arguments that are not an
      // object) goes to it unchanged, so that it answers as it always does.
      if (typeof name !== "string" || !isPaged(name)) return inner(request, extra);
      if (
        args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args))
      ) {
        return inner(request, extra);
      }
      // A tool the McpServer does not have (or has disabled): the SDK answers
      // that, at the cost of a lookup rather than a listing of every tool.
      if (registered(server, name) === false) return inner(request, extra);
      const pager = pagerFor(name);
      const given = (args ?? {}) as Record<string, unknown>;
      const owns = await ownsCursor(name, extra);
      // A tool the server does not list: the SDK answers that it does not exist.
      if (misses.has(name)) return inner(request, extra);
      if (owns) {
        const result = await inner(request, extra);
        if (!isResult(result)) return result;
        return pager.page(result, { scope: toolScope(name, given), mode: "trim" });
      }
      // A trim has no pages to narrow: the tool gets no narrowing arguments.
      const narrow = modeOf(name) === "page" ? narrowable.get(name) : undefined;
      const taken = takeCursor(given, cursorParam, narrow);
      if ("error" in taken) return taken.error;
      const forwarded = { ...request, params: { ...params, arguments: taken.rest } };
      const identity = options.cache ? await identityOf(options.cache, extra) : "";
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
        mode: modeOf(name),
        grep: taken.grep as string | undefined,
        fields: taken.fields as string[] | undefined,
        narrowable: narrow,
        identity: identity ?? "",
        cache: cached(name) && identity !== undefined,
      });
      return passed ?? result;
    };
  }

  intercept(server, "tools/list", listWrapper);
  const { original } = intercept(server, "tools/call", callWrapper);
  paginated.add(server);
  return server;
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
