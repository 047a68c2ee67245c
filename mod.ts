/**
 * pagewise keeps MCP tool results under a client's token limit. It cuts any
 * result into pages that fit a budget, each with a cursor and a note that
 * tells the model how to get the next page.
 *
 * @example
 * ```ts
 * import { createPager } from "@pagewise/mcp";
 *
 * const pager = createPager({ maxTokens: 5_000 });
 * const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i}`).join("\n");
 * const page = await pager.page(lines, { scope: "read_log {}" });
 * console.log(page.cut, page.nextCursor !== undefined); // true true
 * ```
 *
 * @module
 */

export { createPager } from "./src/pager.ts";
export type {
  Block,
  BlockPage,
  Page,
  PageKind,
  PageOptions,
  Pager,
  PagerEvent,
  PagerOptions,
  Prepared,
} from "./src/pager.ts";
export { CursorError } from "./src/cursor.ts";
export type { CursorErrorReason } from "./src/cursor.ts";
export { estimateTokens } from "./src/tokens.ts";
export type { TokenCounter } from "./src/tokens.ts";
export { clients } from "./src/limits.ts";
export type { Limits } from "./src/limits.ts";
export { paginate } from "./src/mcp/paginate.ts";
export type { PaginateOptions } from "./src/mcp/paginate.ts";
export { createResultPager, MEDIA_TOKENS, pagedTool, toolScope } from "./src/mcp/result.ts";
export type { PageResultOptions, ResultPager } from "./src/mcp/result.ts";
export type { ContentBlock, ToolDescription, ToolResult } from "./src/mcp/types.ts";
export { listAll, paginateLists } from "./src/mcp/lists.ts";
export type { ListingClient, ListKind, PaginateListsOptions } from "./src/mcp/lists.ts";
