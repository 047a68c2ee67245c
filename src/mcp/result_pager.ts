/**
 * Pages one tool result: a `CallToolResult` (or any value a tool returns)
 * in, the `CallToolResult` of one page out.
 *
 * @module
 */

import type { Cache } from "../cache/cache.ts";
import type { CacheOptions } from "../cache/cache_options.ts";
import { resolveCache } from "../cache/resolve.ts";
import { keepSource, type Owner, servePage } from "../cache/serve.ts";
import { CursorError } from "../cursor/cursor_error.ts";
import type { NarrowArguments } from "../cut/notes.ts";
import { narrowBlocks, narrowedScope, parseNarrow } from "../narrow/narrow.ts";
import { NarrowingError } from "../narrow/narrowing_error.ts";
import { serializeValue } from "../json/serialize.ts";
import {
  type Core,
  coreBeside,
  createCore,
  cursorState,
  pageSource,
  pageValue,
  prepareSource,
} from "../paging/core.ts";
import type { Page } from "../cut/page.ts";
import { resolveNarrowArguments } from "../paging/options.ts";
import { type OpenCursor, type Pager, pagerOf, type PagerOptions } from "../paging/pager.ts";
import {
  blocksOf,
  isTextOnly,
  isToolResult,
  pageResult,
  structuredFits,
  type Target,
  targetOf,
} from "./_content.ts";
import type { ToolResult } from "./types.ts";

/** Options of {@linkcode createResultPager}: the core's, and an optional cache. */
export interface ResultPagerOptions extends PagerOptions {
  /** Keep results after their first page, so that later pages do not run the tool again. */
  cache?: CacheOptions;
  /**
   * Let the model narrow a result (`grep`, `fields`): on by default; `false`
   * ignores any narrowing asked for; an object renames the two arguments (a
   * name set to `false` leaves that one out), for `paginate` and `pagedTool`.
   */
  narrow?: boolean | { grep?: string | false; fields?: string | false };
}

/** Options of {@linkcode ResultPager.run}. */
export interface RunOptions {
  /** The cursor argument of this call, if any. */
  cursor?: string;
  /** What cursors are bound to: see {@linkcode toolScope}. */
  scope?: string;
  /** `"page"` (default) or `"trim"`: one page without a cursor (and no cache). */
  mode?: "page" | "trim";
  /** The caller's identity, which cached results are kept under (see {@linkcode CacheOptions}). */
  identity?: string;
  /** `false`: neither read nor keep this call's result in the cache. Default true. */
  cache?: boolean;
  /** Keep only what contains this (see {@linkcode PageOptions.grep}); part of what cursors are bound to. */
  grep?: string;
  /** Keep only these fields of each item (see {@linkcode PageOptions.fields}). */
  fields?: string[];
  /** The names of the tool's narrowing arguments, for the first page's note. */
  narrowable?: NarrowArguments;
}

/** Options of {@linkcode ResultPager.page}. */
export interface PageResultOptions {
  /** The cursor argument of this call (or the one {@linkcode ResultPager.open} opened). */
  cursor?: string | OpenCursor;
  /** What cursors are bound to: see {@linkcode toolScope}. */
  scope?: string;
  /** `"page"` (default) or `"trim"`: one page without a cursor. */
  mode?: "page" | "trim";
  /** Keep only what contains this (see {@linkcode PageOptions.grep}); part of what cursors are bound to. */
  grep?: string;
  /** Keep only these fields of each item (see {@linkcode PageOptions.fields}). */
  fields?: string[];
  /** The names of the tool's narrowing arguments, for the first page's note. */
  narrowable?: NarrowArguments;
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
  /**
   * The `CallToolResult` for one call: checks the cursor first (a bad one is
   * answered without running the tool), serves the page from the cache when
   * it has the result, and otherwise runs `tool` and pages what it returns
   * (keeping it in the cache when it was cut).
   */
  run(tool: () => unknown, options?: RunOptions): Promise<ToolResult>;
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
 * import { assertEquals } from "@std/assert";
 * import { createResultPager } from "@pagewise/mcp";
 *
 * const results = createResultPager({ maxTokens: 1_000 });
 * const rows = Array.from({ length: 1_000 }, (_, i) => ({ id: i }));
 * const first = await results.page(rows, { scope: "list_rows {}" });
 * const { page, items } = JSON.parse(String(first.content?.[0].text));
 * assertEquals(items.slice(0, 2), [{ id: 0 }, { id: 1 }]);
 * assertEquals(page.items, `1-${items.length} of 1000`);
 * assertEquals(
 *   page.note,
 *   `Showing items 1-${items.length} of 1000. Call this tool again with the same arguments ` +
 *     `and cursor="${page.next_cursor}" for the next page.`,
 * );
 * ```
 */
export function createResultPager(options: ResultPagerOptions = {}): ResultPager {
  if (options === null || typeof options !== "object") {
    throw new TypeError("pagewise: createResultPager takes an options object (or nothing).");
  }
  const { cache: cacheOptions, narrow: narrowOption, ...pagerOptions } = options;
  const core = createCore(pagerOptions);
  const narrowing = resolveNarrowArguments(narrowOption, core.cursorParam) !== undefined;
  const pager = pagerOf(core);
  const cache: Cache | undefined = resolveCache(cacheOptions, core.emit, pagerOptions.secret);
  // How values are written: servers that write them differently share no entry.
  const layout = JSON.stringify(pagerOptions.indent ?? "");

  // The core whose pages leave room for a text shown before each of them
  // (the result's own text, when its structured content is what gets paged).
  interface Paging {
    core: Core;
    pager: Pager;
  }
  const main: Paging = { core, pager };
  const beside = new Map<string, Paging | null>();
  function pagingBeside(keep: string | undefined): Paging | undefined {
    if (keep === undefined) return main;
    let found = beside.get(keep);
    if (found === undefined) {
      const room = coreBeside(core, keep);
      found = room ? { core: room, pager: pagerOf(room) } : null;
      if (beside.size > 64) beside.clear();
      beside.set(keep, found);
    }
    return found ?? undefined;
  }

  async function page(
    resultOrValue: unknown,
    pageOptions: PageResultOptions = {},
    owner?: Omit<Owner, "scope" | "layout">,
  ): Promise<ToolResult> {
    const { cursor } = pageOptions;
    let result: ToolResult;
    let target: Target | undefined;
    if (!isToolResult(resultOrValue)) {
      // A plain value is what the tool would have sent as JSON text.
      result = { content: [] };
      target = { value: resultOrValue, json: false, structured: false };
    } else {
      result = resultOrValue;
      if (!isTextOnly(result)) return await pageMixed(result, pageOptions);
      const narrowed = narrowing && result.isError !== true &&
        (pageOptions.grep !== undefined || pageOptions.fields !== undefined);
      target = targetOf(pager, result, cursor !== undefined || narrowed);
      if (!target) return result;
    }
    const chosen = pagingBeside(target.keep);
    if (!chosen) target = { ...target, keep: undefined };
    return await pageTarget(chosen ?? main, result, target, pageOptions, owner);
  }

  async function pageTarget(
    paging: Paging,
    result: ToolResult,
    target: Target,
    pageOptions: PageResultOptions,
    owner?: Omit<Owner, "scope" | "layout">,
  ): Promise<ToolResult> {
    const { cursor } = pageOptions;
    const plainScope = pageOptions.scope ?? "";
    // An error is shown as the tool wrote it: narrowing it could hide what went wrong.
    const narrow = narrowing && result.isError !== true ? parseNarrow(pageOptions) : undefined;
    const scope = narrowedScope(plainScope, narrow);
    const hint = narrowing ? pageOptions.narrowable : undefined;
    const { core, pager } = paging;
    const trim = pageOptions.mode === "trim" || result.isError === true;
    const asked = { json: target.json, narrow, hint };
    if (trim) {
      const shown = await pageValue(core, target.value, undefined, plainScope, {
        ...asked,
        trim: true,
      });
      return shown.cut ? pageResult(pager, result, shown, target) : wholeResult(result, shown.text);
    }
    const prepared = await prepareSource(core, target.value, target.json, narrow);
    if ("whole" in prepared && cursor === undefined) return wholeResult(result, prepared.whole);
    if ("whole" in prepared) {
      const shown = await pageValue(core, target.value, cursor, plainScope, asked);
      return pageResult(pager, result, shown, target);
    }
    const shown = await pageSource(core, prepared.source, prepared.fingerprint, cursor, scope, {
      hint,
    });
    if (cache && owner && shown.cut) {
      await keepSource(
        cache,
        { ...owner, scope, layout },
        prepared.source,
        prepared.fingerprint,
        extraOf(result, target),
        core.countTokens === undefined,
      );
    }
    return pageResult(pager, result, shown, target);
  }

  // A result within every limit: as the tool returned it, or a plain value as its JSON text.
  function wholeResult(result: ToolResult, text: string): ToolResult {
    return result.content?.length ? result : { ...result, content: [{ type: "text", text }] };
  }

  // Content with images, audio or resources: paged block by block, never cached.
  async function pageMixed(
    result: ToolResult,
    pageOptions: PageResultOptions,
  ): Promise<ToolResult> {
    const { cursor } = pageOptions;
    const trim = pageOptions.mode === "trim" || result.isError === true;
    const narrow = narrowing && result.isError !== true ? parseNarrow(pageOptions) : undefined;
    const scope = narrowedScope(pageOptions.scope ?? "", narrow);
    // Structured content within the limits stays on every page; over them, its
    // JSON is paged as one more text block, so that none of it is lost.
    const fits = structuredFits(pager, result);
    let blocks = blocksOf(result);
    if (!fits) blocks.push({ text: serializeValue(result.structuredContent) });
    if (narrow) blocks = narrowBlocks(blocks, narrow);
    const shown = await pager.pageBlocks(blocks, { cursor, scope, trim });
    if (!shown.cut && cursor === undefined && fits && !narrow) return result;
    const out: ToolResult = {
      ...result,
      content: shown.blocks.map((b) => ("text" in b ? { type: "text", text: b.text } : b.whole)),
    };
    if (!fits) delete out.structuredContent;
    return out;
  }
  async function run(tool: () => unknown, runOptions: RunOptions = {}): Promise<ToolResult> {
    const plainScope = runOptions.scope ?? "";
    // A narrowing that cannot be used is answered before the tool runs.
    const scope = narrowedScope(plainScope, narrowing ? parseNarrow(runOptions) : undefined);
    const identity = runOptions.identity ?? "";
    const mode = runOptions.mode ?? "page";
    const { grep, fields } = runOptions;
    const narrowable = narrowing ? runOptions.narrowable : undefined;
    let cursor: OpenCursor | undefined;
    if (runOptions.cursor !== undefined && mode === "page") {
      cursor = await pager.openCursor(runOptions.cursor, scope);
      if (cache && runOptions.cache !== false) {
        const served = await servePage(
          cache,
          { identity, scope, layout },
          cursorState(cursor),
          cursor,
          pager.limits.maxChars,
          (extra) => pagingBeside((extra as Extra).keep)?.core,
          { hint: narrowable },
        );
        if (served) return fromExtra(served.extra, served.page);
      }
    }
    const owner = runOptions.cache === false ? undefined : { identity };
    return await page(await tool(), {
      cursor,
      scope: plainScope,
      mode,
      grep,
      fields,
      narrowable,
    }, owner);
  }

  function fromExtra(extra: unknown, shown: Page): ToolResult {
    const { result, structured, keep } = extra as Extra;
    // content first, as tools write it: the page is the uncached page, key order included.
    const original: ToolResult = { content: [], ...result };
    return pageResult(pager, original, shown, { value: undefined, json: false, structured, keep });
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
    page: (resultOrValue, pageOptions) => answered(page(resultOrValue, pageOptions)),
    run: (tool, runOptions) => answered(run(tool, runOptions)),
  };
}

/** A refused cursor is a result the model can act on, not an exception. */
async function answered(work: Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof CursorError) return cursorErrorResult(error);
    if (error instanceof NarrowingError) {
      return { content: [{ type: "text", text: error.message }], isError: true };
    }
    throw error;
  }
}

/** What a cached page needs of the tool result besides the paged part. */
interface Extra {
  result: ToolResult;
  structured: boolean;
  keep?: string;
}

function extraOf(result: ToolResult, target: Target): Extra {
  const rest: ToolResult = { ...result };
  delete rest.content;
  delete rest.structuredContent;
  return { result: rest, structured: target.structured, keep: target.keep };
}
