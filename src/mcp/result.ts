/**
 * Pages one tool result: translates a `CallToolResult` to a value for the
 * paging core and the page back to a `CallToolResult`.
 *
 * @module
 */

import { CursorError } from "../cursor.ts";
import { type Block, createPager, type Page, type Pager, type PagerOptions } from "../pager.ts";
import type { ContentBlock, ToolResult } from "./types.ts";

/** Options of {@linkcode pageResult}. */
export interface PageResultOptions {
  /** The cursor argument of this call, if any. */
  cursor?: string;
  /** What cursors are bound to: see {@linkcode toolScope}. */
  scope?: string;
  /** `"page"` (default) or `"trim"`: one page without a cursor. */
  mode?: "page" | "trim";
  /**
   * Keep `structuredContent` as the tool returned it, for a tool whose
   * `outputSchema` clients still hold; by default a cut result's structured
   * content is its page.
   */
  keepStructuredContent?: boolean;
}

/**
 * Tokens an image or audio block counts for: about what a model pays for a
 * 1,092 × 1,092 image (pixels ÷ 750). Media data never counts as text.
 *
 * @example
 * ```ts
 * import { MEDIA_TOKENS } from "@pagewise/mcp";
 *
 * // Room left for text beside two screenshots on a 20,000-token page:
 * console.log(20_000 - 2 * MEDIA_TOKENS); // 16800
 * ```
 */
export const MEDIA_TOKENS = 1_600;

const isMedia = (block: ContentBlock) => block.type === "image" || block.type === "audio";

/**
 * The scope that binds cursors to one call: the tool name and the canonical
 * JSON of its arguments (keys sorted, so their order does not matter).
 *
 * @example
 * ```ts
 * import { toolScope } from "@pagewise/mcp";
 *
 * console.log(toolScope("search", { b: 1, a: 2 }) === toolScope("search", { a: 2, b: 1 })); // true
 * ```
 */
export function toolScope(name: string, args: unknown): string {
  return `${name} ${canonicalJson(args ?? {})}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    const record = value as Record<string, unknown>;
    return `{${
      keys.filter((k) => record[k] !== undefined).map((k) =>
        `${JSON.stringify(k)}:${canonicalJson(record[k])}`
      ).join(",")
    }}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** What the model should see of a text-only result, as one value: parsed JSON, or text. */
function valueOf(result: ToolResult): unknown {
  const texts = (result.content ?? []).map((b) => String(b.text ?? ""));
  if (texts.length === 0 && result.structuredContent !== undefined) {
    return result.structuredContent;
  }
  // Several text blocks are paged as one text, joined by line breaks: nothing
  // is lost, and the model reads them in order as before.
  const text = texts.join("\n");
  if (texts.length === 1 && /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      // Not JSON after all: page it as text.
    }
  }
  return text;
}

/** A tool result that tells the model its cursor cannot be used, and what to do. */
export function cursorErrorResult(error: CursorError): ToolResult {
  return { content: [{ type: "text", text: error.message }], isError: true };
}

function toResult(original: ToolResult, page: Page, keepStructured: boolean): ToolResult {
  const out: ToolResult = { ...original, content: [{ type: "text", text: page.text }] };
  if (keepStructured) return out;
  delete out.structuredContent;
  if (original.structuredContent !== undefined && page.text.startsWith("{")) {
    try {
      // The page's envelope is the structured content of a paged result.
      out.structuredContent = JSON.parse(page.text);
    } catch {
      // A JSON text cut as text: no structured content for this page.
    }
  }
  return out;
}

/** Pages tool results; see {@linkcode createResultPager}. */
export interface ResultPager {
  /** The core pager, for values that are not tool results. */
  readonly pager: Pager;
  /** The `CallToolResult` for this call of a tool that returned `resultOrValue`. */
  page(resultOrValue: unknown, options?: PageResultOptions): Promise<ToolResult>;
}

/**
 * Pages tool results (or any value, as a tool would return it) into the
 * `CallToolResult` for each call:
 *
 * - within every limit: the result unchanged;
 * - text content: a text that is JSON is paged as a value, other text as
 *   text; several text blocks are paged as one text joined by line breaks;
 * - `structuredContent` of a cut result becomes the page's JSON envelope
 *   when the page is JSON, and is left out when the page is text;
 * - a result with images, audio, resource links or embedded resources is
 *   paged block by block ({@linkcode Pager.pageBlocks}): those blocks stay
 *   whole, on a page of their own when they do not fit beside the others;
 *   text blocks are cut like text. An image or audio block counts
 *   {@linkcode MEDIA_TOKENS} tokens and no characters, other blocks their JSON;
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
 * console.log(first.content?.[0].type); // "text"
 * ```
 */
export function createResultPager(options: PagerOptions = {}): ResultPager {
  const pager = createPager(options);
  return {
    pager,
    async page(resultOrValue, pageOptions = {}) {
      const result = isToolResult(resultOrValue)
        ? resultOrValue
        : { content: [{ type: "text", text: textOf(resultOrValue) }] };
      const trim = pageOptions.mode === "trim" || result.isError === true;
      const { cursor, scope } = pageOptions;
      try {
        if (result.content?.some((block) => block.type !== "text")) {
          const keep = pageOptions.keepStructuredContent === true;
          return await pageMixed(pager, result, { cursor, scope, trim, keep });
        }
        const value = valueOf(result);
        const page = trim
          ? await pager.trim(value, { scope })
          : await pager.page(value, { cursor, scope });
        if (!page.cut && cursor === undefined) return result;
        return toResult(result, page, pageOptions.keepStructuredContent === true);
      } catch (error) {
        if (error instanceof CursorError) return cursorErrorResult(error);
        throw error;
      }
    },
  };
}

// Content with images, audio or resources: text blocks are cut like text,
// the others stay whole, on pages of their own when they do not fit beside.
async function pageMixed(
  pager: Pager,
  result: ToolResult,
  options: { cursor?: string; scope?: string; trim: boolean; keep: boolean },
): Promise<ToolResult> {
  const blocks: Block<ContentBlock>[] = (result.content ?? []).map((block) =>
    block.type === "text"
      ? { text: String(block.text ?? "") }
      : { whole: block, tokens: isMedia(block) ? MEDIA_TOKENS : undefined }
  );
  const page = await pager.pageBlocks(blocks, options);
  if (!page.cut && options.cursor === undefined) return result;
  const out: ToolResult = {
    ...result,
    content: page.blocks.map((b) => ("text" in b ? { type: "text", text: b.text } : b.whole)),
  };
  if (!options.keep) delete out.structuredContent;
  return out;
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value) ?? "null";
}

/** Whether `value` has the shape of a `CallToolResult`. */
export function isToolResult(value: unknown): value is ToolResult {
  return value !== null && typeof value === "object" &&
    Array.isArray((value as ToolResult).content);
}

/**
 * Wraps one tool callback so that its results are paged: the cursor argument
 * is taken out of the arguments, the callback runs with the rest, and its
 * result (a `CallToolResult` or any value) is paged with a scope made of the
 * tool name and those arguments. Declare the cursor in the tool's input
 * schema (an optional string), or the SDK drops it before the callback runs.
 *
 * @example
 * ```ts ignore
 * import { z } from "zod";
 * import { pagedTool } from "@pagewise/mcp";
 *
 * server.registerTool(
 *   "search",
 *   { inputSchema: z.object({ q: z.string(), cursor: z.string().optional() }) },
 *   pagedTool("search", async ({ q }) => await search(q), { maxTokens: 10_000 }),
 * );
 * ```
 */
export function pagedTool<A extends Record<string, unknown>, E>(
  name: string,
  handler: (args: A, extra: E) => unknown,
  options: PagerOptions & { mode?: "page" | "trim" } = {},
): (args: A, extra: E) => Promise<ToolResult> {
  const results = createResultPager(options);
  const cursorParam = options.cursorParam ?? "cursor";
  return async (args, extra) => {
    const { [cursorParam]: cursor, ...rest } = args ?? {};
    if (cursor !== undefined && typeof cursor !== "string") {
      return cursorErrorResult(new CursorError("malformed"));
    }
    const result = await handler(rest as A, extra);
    return results.page(result, { cursor, scope: toolScope(name, rest), mode: options.mode });
  };
}
