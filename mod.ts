/**
 * pagewise keeps MCP tool results under a client's token limit. It cuts any
 * result into pages that fit a budget, each with a cursor and a note that
 * tells the model how to get the next page.
 *
 * @example
 * ```ts
 * import { assert, assertEquals } from "@std/assert";
 * import { createPager, estimateTokens } from "@pagewise/mcp";
 *
 * const pager = createPager({ maxTokens: 5_000 });
 * const log = Array.from({ length: 20_000 }, (_, i) => `line ${i}`).join("\n");
 * const page = await pager.page(log, { scope: "read_log {}" });
 * assert(estimateTokens(page.text) <= 5_000);
 * // The model sees the first lines, cut at a line break, and how to get the next page:
 * assertEquals(log[page.to - 1], "\n");
 * assertEquals(
 *   page.text,
 *   log.slice(0, page.to) + `\n\n[Output cut: showing characters 1-${page.to} of ${log.length}. ` +
 *     `Call this tool again with the same arguments and cursor="${page.nextCursor}" for the next page.]`,
 * );
 * const next = await pager.page(log, { scope: "read_log {}", cursor: page.nextCursor });
 * assertEquals(next.from, page.to + 1);
 * ```
 *
 * @module
 */

export { createPager } from "./src/paging/pager.ts";
export type { OpenCursor, PageOptions, Pager, PagerOptions, Prepared } from "./src/paging/pager.ts";
export type { CacheCheck, CacheEvent, CacheOp, PagerEvent } from "./src/paging/events.ts";
export type { Block, BlockPage, Page, PageKind } from "./src/cut/page.ts";
export { CursorError } from "./src/cursor/cursor_error.ts";
export type { CursorErrorReason } from "./src/cursor/cursor_error.ts";
export { NarrowingError } from "./src/narrow/narrowing_error.ts";
export type { NarrowingErrorReason } from "./src/narrow/narrowing_error.ts";
export type { NarrowArguments } from "./src/cut/notes.ts";
export { estimateTokens } from "./src/tokens/estimate_tokens.ts";
export type { TokenCounter } from "./src/tokens/estimate_tokens.ts";
export { clients } from "./src/limits/limits.ts";
export type { Limits } from "./src/limits/limits.ts";
export type { ClientLimits } from "./src/limits/client_limits.ts";
export { withClientSession } from "./src/mcp/client_session.ts";
export { paginate } from "./src/mcp/paginate.ts";
export type { PaginateOptions } from "./src/mcp/paginate.ts";
export { createResultPager } from "./src/mcp/result_pager.ts";
export type {
  NarrowingAsked,
  PageResultOptions,
  ResultPager,
  ResultPagerOptions,
  RunOptions,
} from "./src/mcp/result_pager.ts";
export type {
  CacheOptions,
  CacheStore,
  PageStore,
  StoreLimits,
} from "./src/cache/cache_options.ts";
export { memoryStore } from "./src/stores/memory.ts";
export { pageStore } from "./src/stores/page_store.ts";
export type { MemoryStoreOptions } from "./src/stores/memory.ts";
export { MEDIA_TOKENS } from "./src/mcp/media.ts";
export { pagedTool } from "./src/mcp/paged_tool.ts";
export type { PagedToolOptions } from "./src/mcp/paged_tool.ts";
export { toolScope } from "./src/mcp/scope.ts";
export type { ContentBlock, ToolDescription, ToolResult } from "./src/mcp/types.ts";
export { listAll, paginateLists } from "./src/mcp/list_methods.ts";
export type { ListingClient, ListKind, PaginateListsOptions } from "./src/mcp/list_methods.ts";
