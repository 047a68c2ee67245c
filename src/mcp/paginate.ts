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

import type { PagerOptions } from "../pager.ts";
import { createResultPager, type ResultPager, toolScope } from "./result.ts";
import type { ToolDescription, ToolResult } from "./types.ts";
import { type Handler, intercept } from "./_intercept.ts";

/** Options of {@linkcode paginate}: the core's, and which tools to page how. */
export interface PaginateOptions extends PagerOptions {
  /** Name of the cursor argument added to each tool. Default `"cursor"`. */
  cursorParam?: string;
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

const CURSOR_SENTENCE = " Long results come in pages: when a result has a next_cursor, call " +
  "this tool again with the same arguments and that cursor to get the next page.";

const paginated = new WeakSet<object>();

/**
 * Pages every tool of `server` (see the module doc) and returns the server.
 *
 * A tool that already has an argument named like the cursor is left alone in
 * `tools/list` and its results are trimmed instead of paged. Paged tools lose
 * their `outputSchema` in `tools/list`: a page is not the tool's declared
 * output, and SDK clients reject structured content that does not match it.
 *
 * @example
 * ```ts ignore
 * import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
 * import { paginate } from "@pagewise/mcp";
 *
 * const server = paginate(new McpServer({ name: "issues", version: "1.0.0" }), {
 *   maxTokens: 20_000,
 * });
 * server.registerTool("list_issues", { description: "All issues" }, () => ({
 *   content: [{ type: "text", text: JSON.stringify(allIssues) }],
 * }));
 * ```
 */
export function paginate<S extends object>(server: S, options: PaginateOptions = {}): S {
  if (paginated.has(server)) {
    throw new Error("pagewise: paginate() was already called on this server; call it once.");
  }
  const cursorParam = options.cursorParam ?? "cursor";
  const pagers = new Map<string, ResultPager>();
  const pagerFor = (tool: string): ResultPager => {
    const key = options.perTool?.[tool] ? tool : "";
    let pager = pagers.get(key);
    if (!pager) {
      pager = createResultPager({ ...options, ...options.perTool?.[tool], cursorParam });
      pagers.set(key, pager);
    }
    return pager;
  };
  const isPaged = (tool: string): boolean => {
    const { include, exclude } = options.tools ?? {};
    return (!include || include.includes(tool)) && !exclude?.includes(tool);
  };
  const maxChars = (tool: string) =>
    options.perTool?.[tool]?.maxChars ?? options.maxChars ?? 50_000;

  const modeOf = (tool: string) => options.perTool?.[tool]?.mode ?? options.mode ?? "page";

  function describe(tool: ToolDescription): ToolDescription {
    if (!isPaged(tool.name)) return tool;
    const schema = tool.inputSchema ?? { type: "object" };
    // A tool with its own cursor keeps its description and output schema: its
    // trimmed results keep the structured content it returned.
    if (schema.properties && cursorParam in schema.properties) return tool;
    const out: ToolDescription = { ...tool };
    delete out.outputSchema;
    if (modeOf(tool.name) === "page") {
      out.description = (tool.description ?? "") + CURSOR_SENTENCE;
      out.inputSchema = {
        ...schema,
        type: "object",
        properties: {
          ...schema.properties,
          [cursorParam]: {
            type: "string",
            description: "Cursor of the next page, from next_cursor of the previous result. " +
              "Leave it out for the first page.",
          },
        },
      };
    }
    if (options.announceMaxChars) {
      out._meta = { ...tool._meta, "anthropic/maxResultSizeChars": maxChars(tool.name) };
    }
    return out;
  }

  // Which tools declare their own cursor argument, learnt from every tools/list
  // answer (a client re-lists after tools/list_changed), so that a tools/call
  // reads the whole list only for a tool it has not seen listed.
  const ownCursor = new Map<string, boolean>();
  const learn = (tools: ToolDescription[]) => {
    for (const tool of tools) {
      ownCursor.set(tool.name, cursorParam in (tool.inputSchema?.properties ?? {}));
    }
  };

  function listWrapper(inner: Handler): Handler {
    return async (request, extra) => {
      const result = await inner(request, extra) as { tools?: ToolDescription[] };
      if (!Array.isArray(result?.tools)) return result;
      learn(result.tools);
      return { ...result, tools: result.tools.map(describe) };
    };
  }

  // Whether the tool declares an argument named like the cursor, read from
  // the server's own tools/list (every page of it).
  async function hasOwnCursor(name: string, extra: unknown): Promise<boolean> {
    const known = ownCursor.get(name);
    if (known !== undefined) return known;
    const list = original("tools/list");
    if (!list) return false;
    let cursor: string | undefined;
    for (let pages = 0; pages < 1_000; pages++) {
      const result = await list(
        { jsonrpc: "2.0", id: 0, method: "tools/list", params: cursor ? { cursor } : {} },
        extra,
      ) as { tools?: ToolDescription[]; nextCursor?: string };
      learn(result?.tools ?? []);
      if (ownCursor.has(name)) return ownCursor.get(name)!;
      cursor = result?.nextCursor;
      if (!cursor) return false;
    }
    return false;
  }

  function callWrapper(inner: Handler): Handler {
    return async (request, extra) => {
      const params = request.params ?? {};
      const name = String(params.name);
      if (!isPaged(name)) return inner(request, extra);
      const args = (params.arguments ?? {}) as Record<string, unknown>;
      const mode = modeOf(name);
      if (await hasOwnCursor(name, extra)) {
        return pageIfResult(await inner(request, extra), name, args, undefined, "own");
      }
      const { [cursorParam]: cursor, ...rest } = args;
      if (cursor !== undefined && typeof cursor !== "string") {
        return {
          content: [{
            type: "text",
            text: `The ${cursorParam} argument must be the string from next_cursor. Call the ` +
              `tool again without ${cursorParam} to start from the beginning.`,
          }],
          isError: true,
        };
      }
      const forwarded = { ...request, params: { ...params, arguments: rest } };
      return pageIfResult(await inner(forwarded, extra), name, rest, cursor, mode);
    };
  }

  function pageIfResult(
    result: unknown,
    name: string,
    args: Record<string, unknown>,
    cursor: string | undefined,
    mode: "page" | "trim" | "own",
  ): unknown {
    // Task results and input requests are not tool output: pass them on.
    const content = (result as ToolResult | undefined)?.content;
    if (!Array.isArray(content)) return result;
    return pagerFor(name).page(result, {
      cursor,
      scope: toolScope(name, args),
      mode: mode === "own" ? "trim" : mode,
      keepStructuredContent: mode === "own",
    });
  }

  intercept(server, "tools/list", listWrapper);
  const { original } = intercept(server, "tools/call", callWrapper);
  paginated.add(server);
  return server;
}
