/**
 * Pages one tool result: a `CallToolResult` (or any value a tool returns)
 * in, the `CallToolResult` of one page out.
 *
 * @module
 */

import { CursorError } from "../cursor.ts";
import { createPager, type OpenCursor, type Pager, type PagerOptions } from "../pager.ts";
import {
  blocksOf,
  isTextOnly,
  isToolResult,
  pageResult,
  structuredFits,
  targetOf,
} from "./_content.ts";
import type { ToolResult } from "./types.ts";

/** Options of {@linkcode ResultPager.page}. */
export interface PageResultOptions {
  /** The cursor argument of this call (or the one {@linkcode ResultPager.open} opened). */
  cursor?: string | OpenCursor;
  /** What cursors are bound to: see {@linkcode toolScope}. */
  scope?: string;
  /** `"page"` (default) or `"trim"`: one page without a cursor. */
  mode?: "page" | "trim";
}

/** Pages tool results; see {@linkcode createResultPager}. */
export interface ResultPager {
  /** The core pager, for values that are not tool results. */
  readonly pager: Pager;
  /**
   * Checks a call's cursor before the tool runs. Returns the opened cursor to
   * pass to `page`, or the `isError` result to answer instead of running the
   * tool (a malformed, foreign, badly signed or expired cursor).
   */
  open(cursor: string, scope: string): Promise<{ cursor: OpenCursor } | { error: ToolResult }>;
  /** The `CallToolResult` for this call of a tool that returned `resultOrValue`. */
  page(resultOrValue: unknown, options?: PageResultOptions): Promise<ToolResult>;
}

/** A tool result that tells the model its cursor cannot be used, and what to do. */
export function cursorErrorResult(error: CursorError): ToolResult {
  return { content: [{ type: "text", text: error.message }], isError: true };
}

/**
 * Pages tool results (or any value, as a tool would return it) into the
 * `CallToolResult` for each call:
 *
 * - within every limit, text and structured content both: the result unchanged;
 * - text content: a text that is JSON is paged from its source (items copied
 *   verbatim), other text as text; several text blocks are paged as one text
 *   joined by line breaks; when only `structuredContent` is over the limits,
 *   it is what gets paged, and the text content carries the same page;
 * - `structuredContent` of a cut result is the page's JSON envelope when the
 *   page is JSON and within the limits, and is left out otherwise;
 * - a result with images, audio, resource links or embedded resources is
 *   paged block by block ({@linkcode Pager.pageBlocks}): those blocks stay
 *   whole, on a page of their own when they do not fit beside the others;
 * - `isError: true` results are trimmed, never paged, and keep the flag;
 * - a bad cursor gives an `isError` result with advice, not an exception.
 *
 * @example
 * ```ts
 * import { createResultPager } from "@pagewise/mcp";
 *
 * const results = createResultPager({ maxTokens: 1_000 });
 * const rows = Array.from({ length: 1_000 }, (_, i) => ({ id: i }));
 * const first = await results.page(rows, { scope: "list_rows {}" });
 * const text = String(first.content?.[0].text);
 * if (!text.startsWith('{"page":')) throw new Error("expected a page envelope");
 * ```
 */
export function createResultPager(options: PagerOptions = {}): ResultPager {
  const pager = createPager(options);

  async function page(
    resultOrValue: unknown,
    pageOptions: PageResultOptions = {},
  ): Promise<ToolResult> {
    const { cursor, scope } = pageOptions;
    if (!isToolResult(resultOrValue)) {
      // A plain value is what the tool would have sent as JSON text.
      const trim = pageOptions.mode === "trim";
      const shown = trim
        ? await pager.trim(resultOrValue, { scope })
        : await pager.page(resultOrValue, { cursor, scope });
      return { content: [{ type: "text", text: shown.text }] };
    }
    const result = resultOrValue;
    const trim = pageOptions.mode === "trim" || result.isError === true;
    if (!isTextOnly(result)) {
      const shown = await pager.pageBlocks(blocksOf(result), { cursor, scope, trim });
      if (!shown.cut && cursor === undefined && structuredFits(pager, result)) return result;
      const out: ToolResult = {
        ...result,
        content: shown.blocks.map((b) => ("text" in b ? { type: "text", text: b.text } : b.whole)),
      };
      if (shown.cut || !structuredFits(pager, result)) delete out.structuredContent;
      return out;
    }
    const target = targetOf(pager, result, cursor !== undefined);
    if (!target) return result;
    const shown = trim
      ? await pager.trim(target.value, { scope, json: target.json })
      : await pager.page(target.value, { cursor, scope, json: target.json });
    return pageResult(pager, result, shown, target);
  }

  return {
    pager,
    async open(cursor, scope) {
      try {
        return { cursor: await pager.openCursor(cursor, scope) };
      } catch (error) {
        if (error instanceof CursorError) return { error: cursorErrorResult(error) };
        throw error;
      }
    },
    async page(resultOrValue, pageOptions) {
      try {
        return await page(resultOrValue, pageOptions);
      } catch (error) {
        if (error instanceof CursorError) return cursorErrorResult(error);
        throw error;
      }
    },
  };
}
