/**
 * The paging core: a value in, one page out, every page within every limit.
 *
 * @module
 */

import {
  type Core,
  createCore,
  openCursor,
  pageBlocks,
  type PagerOptions,
  pageValue,
} from "./core.ts";
import { prepare } from "../source/document.ts";
import type { NarrowArguments } from "../cut/notes.ts";
import { narrowBlocks, narrowedScope, parseNarrow } from "../narrow/narrow.ts";
import type { PagerEvent } from "./events.ts";
import type { Limits } from "../limits/limits.ts";
import type { Block, BlockPage, Page } from "../cut/page.ts";
import type { Prepared } from "../source/document.ts";
import { checkCallOptions, invalid, NARROWING_KEYS } from "./options.ts";

const TRIM_KEYS = ["scope", "json", ...NARROWING_KEYS] as const;
const PAGE_KEYS = ["cursor", ...TRIM_KEYS] as const;
const BLOCKS_KEYS = ["cursor", "scope", "trim", ...NARROWING_KEYS] as const;

export type { PagerEvent, PagerOptions, Prepared };

/** Options of one {@linkcode Pager.page} call. */
export interface PageOptions {
  /**
   * The cursor from the previous page's `nextCursor` (or opened beforehand
   * with {@linkcode Pager.openCursor}); absent for the first page.
   */
  cursor?: string | OpenCursor;
  /** Opaque string that cursors are bound to, such as a tool name and its arguments. */
  scope?: string;
  /**
   * The value is a string of JSON text: page it from its source (items and
   * entries copied verbatim). Text that is not valid JSON is paged as text.
   */
  json?: boolean;
  /**
   * Keep only the items (or entries) whose JSON text contains this, or the
   * lines of a text that do (as `N:line`): literal and case-insensitive, `|`
   * between alternatives. Its pages say so and give each item's position.
   */
  grep?: string;
  /** Keep only these fields of each item: dot paths such as `"meta.host"`. */
  fields?: string[];
  /**
   * The names of the narrowing arguments of the tool the value came from, so
   * that the first page of a cut result says it can be narrowed (offering
   * fields its first item has), and every note and error that names an
   * argument uses the tool's name for it.
   */
  narrowable?: NarrowArguments;
}

/**
 * A cursor that was decoded and checked (form, signature, expiry, scope)
 * before the tool ran. Pass it as `cursor` to {@linkcode Pager.page}.
 */
export interface OpenCursor {
  /** The scope it was opened for. */
  readonly scope: string;
  /** The fingerprint of what it continues to page (hex), e.g. for a cache key. */
  readonly fingerprint: string;
}

/** Cuts results into pages; see {@linkcode createPager}. */
export interface Pager {
  /** The page of `value` that starts at `options.cursor` (the first page without one). */
  page(value: unknown, options?: PageOptions): Promise<Page>;
  /** The limits of every page, defaults filled (`Infinity` where unlimited). */
  readonly limits: Readonly<Required<Limits>>;
  /** Whether `text` is within every limit, as this pager counts. */
  fits(text: string): boolean;
  /** The first page of `value`, without a cursor, with a note to narrow the request. */
  trim(
    value: unknown,
    options?: Pick<PageOptions, "scope" | "json" | "grep" | "fields" | "narrowable">,
  ): Promise<Page>;
  /**
   * Checks a cursor before the tool runs: throws a {@linkcode CursorError}
   * when it is malformed, foreign to `scope` (and to the narrowing, for a
   * cursor of a narrowed walk: pass the same `grep` and `fields` as to
   * `page`), badly signed or expired, and a {@linkcode NarrowingError} for a
   * narrowing that cannot be used. Only the check against the result
   * (changed, out of range) is left for `page`.
   *
   * @example
   * ```ts
   * import { assertEquals } from "@std/assert";
   * import { createPager } from "@pagewise/mcp";
   *
   * const pager = createPager({ maxTokens: 500 });
   * const spans = Array.from({ length: 300 }, (_, id) => ({ id, ok: id % 3 !== 0 }));
   * const first = await pager.page(spans, { scope: "spans {}", grep: "false" });
   * const cursor = await pager.openCursor(first.nextCursor!, "spans {}", { grep: "false" });
   * const second = await pager.page(spans, { scope: "spans {}", grep: "false", cursor });
   * assertEquals(second.from, first.to + 1);
   * ```
   */
  openCursor(
    cursor: string,
    scope?: string,
    narrowing?: Pick<PageOptions, "grep" | "fields" | "narrowable">,
  ): Promise<OpenCursor>;
  /**
   * Serializes `value` once so that paging it again in this process skips
   * that work; pass the result to `page` or `trim` in place of the value.
   */
  prepare(value: unknown, options?: Pick<PageOptions, "json">): Promise<Prepared>;
  /**
   * Pages mixed content: text blocks are cut like text, other blocks are kept
   * whole and go on a page of their own when they do not fit beside others
   * (a whole block larger than a page is the one thing shown over the limits).
   * With `trim`, the first page without a cursor. A `grep` keeps the lines of
   * the text blocks that contain it (as `N:line`) and every other block;
   * `fields` cannot narrow mixed content (a {@linkcode NarrowingError}).
   */
  pageBlocks<T>(
    blocks: Block<T>[],
    options?: Omit<PageOptions, "json"> & { trim?: boolean },
  ): Promise<BlockPage<T>>;
}

/**
 * Creates a pager. Every page it returns, envelope and note included, is
 * within every limit as counted by its counter, and following the cursors
 * reproduces the original value exactly. Every option is checked here.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { createPager } from "@pagewise/mcp";
 *
 * const pager = createPager({ maxTokens: 2_000 });
 * const issues = Array.from({ length: 500 }, (_, i) => ({ id: i, title: `Issue ${i}` }));
 * const first = await pager.page(issues, { scope: "list_issues {}" });
 * assertEquals([first.kind, first.from, first.total], ["items", 1, 500]);
 * const second = await pager.page(issues, { cursor: first.nextCursor, scope: "list_issues {}" });
 * assertEquals(second.from, first.to + 1);
 * assertEquals(JSON.parse(second.text).items[0], issues[first.to]);
 * ```
 */
export function createPager(options: PagerOptions = {}): Pager {
  return pagerOf(createCore(options));
}

/** The public pager over a core; the MCP adapter keeps both. */
export function pagerOf(core: Core): Pager {
  return {
    limits: Object.freeze({ ...core.limits }),
    fits: (text) => core.meter.fits(text, core.meter.page),
    page: async (value, options = {}) => {
      checkCallOptions("pager.page", options, PAGE_KEYS, core.cursorParam);
      return await pageValue(core, value, options.cursor, options.scope ?? "", {
        json: options.json,
        narrow: parseNarrow(options, options.narrowable),
        hint: options.narrowable,
      });
    },
    trim: async (value, options = {}) => {
      checkCallOptions("pager.trim", options, TRIM_KEYS, core.cursorParam);
      return await pageValue(core, value, undefined, options.scope ?? "", {
        json: options.json,
        trim: true,
        narrow: parseNarrow(options, options.narrowable),
        hint: options.narrowable,
      });
    },
    openCursor: async (cursor, scope = "", narrowing = {}) => {
      checkCallOptions("pager.openCursor", narrowing, NARROWING_KEYS, core.cursorParam);
      if (typeof scope !== "string") throw invalid("pager.openCursor's scope", "a string", scope);
      const narrow = parseNarrow(narrowing, narrowing.narrowable);
      return await openCursor(core, cursor, narrowedScope(scope, narrow), scope);
    },
    // async: a bad option rejects, as every other method's does, never throws.
    prepare: async (value, options = {}) => {
      checkCallOptions("pager.prepare", options, ["json"], core.cursorParam);
      return await prepare(value, options.json === true, core.indent);
    },
    pageBlocks: async (content, options = {}) => {
      checkCallOptions("pager.pageBlocks", options, BLOCKS_KEYS, core.cursorParam);
      const narrow = parseNarrow(options, options.narrowable);
      const scope = narrowedScope(options.scope ?? "", narrow);
      const blocks = narrow ? narrowBlocks(content, narrow) : content;
      return await pageBlocks(core, blocks, options.cursor, scope, options.trim === true);
    },
  };
}
