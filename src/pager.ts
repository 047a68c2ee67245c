/**
 * The paging core: a value in, one page out, every page within every limit.
 *
 * @module
 */

import { constantTimeEqual, importHmacKey, sha256, toBase64Url } from "./_crypto.ts";
import { type ListJob, listPages } from "./_list_pages.ts";
import { createMeter } from "./_measure.ts";
import type { Call, Paging } from "./_paging.ts";
import { textPages } from "./_text_pages.ts";
import { type Block, type BlockPage, blockPages } from "./_block_pages.ts";
import { trimPages } from "./_trim_pages.ts";
import { type Json, type ListSlot, serialize, toJson } from "./_values.ts";
import {
  CursorError,
  type CursorErrorReason,
  type CursorState,
  decodeCursor,
  encodeCursor,
  FINGERPRINT_BYTES,
  SCOPE_BYTES,
} from "./cursor.ts";
import { type Limits, resolveLimits } from "./limits.ts";
import { type Page, type PageKind, whole } from "./page.ts";
import type { TokenCounter } from "./tokens.ts";

export type { Block, BlockPage, Page, PageKind };

/** Something that happened while paging, for logs and metrics. */
export type PagerEvent =
  | {
    type: "page";
    scope: string;
    /** What the page holds; `blocks` for {@linkcode Pager.pageBlocks}. */
    kind: PageKind | "blocks";
    from: number;
    to: number;
    total: number;
    unit: "items" | "characters" | "blocks";
    /** Characters of text on the page. */
    chars: number;
  }
  | {
    type: "cut";
    scope: string;
    mode: "page" | "trim";
    total: number;
    unit: "items" | "characters";
  }
  | { type: "cursor_rejected"; scope: string; reason: CursorErrorReason }
  | { type: "counter_fallback"; error: unknown };

/** Options of {@linkcode createPager}. */
export interface PagerOptions extends Limits {
  /** Exact token counter; the default is {@linkcode estimateTokens}. */
  countTokens?: TokenCounter;
  /** JSON indent of pages: spaces or a string. Default: compact. */
  indent?: number | string;
  /** Dot path of the list to page in a dict (e.g. `"data.items"`). Default: its largest list. */
  key?: string;
  /** HMAC key that signs cursors; cursors without a valid signature are refused. */
  secret?: string | Uint8Array;
  /** Seconds a cursor stays valid. Needs `secret`. */
  cursorTtlSeconds?: number;
  /** Name of the cursor argument in notes. Default `"cursor"`. */
  cursorParam?: string;
  /** Observability hook. A hook that throws is ignored. */
  onEvent?: (event: PagerEvent) => void;
  /** Clock for cursor expiry, in milliseconds. Default `Date.now`. */
  now?: () => number;
}

/** Options of one {@linkcode Pager.page} call. */
export interface PageOptions {
  /** The cursor from the previous page's `nextCursor`; absent for the first page. */
  cursor?: string;
  /** Opaque string that cursors are bound to, such as a tool name and its arguments. */
  scope?: string;
}

/** Cuts results into pages; see {@linkcode createPager}. */
export interface Pager {
  /** The page of `value` that starts at `options.cursor` (the first page without one). */
  page(value: unknown, options?: PageOptions): Promise<Page>;
  /** The first part of `value` that fits, without a cursor, with a note to narrow the request. */
  trim(value: unknown, options?: Pick<PageOptions, "scope">): Promise<Page>;
  /**
   * Serializes `value` once so that paging it again in this process skips
   * that work; pass the result to `page` or `trim` in place of the value.
   */
  prepare(value: unknown): Promise<Prepared>;
  /**
   * Pages mixed content: text blocks are cut like text, other blocks are kept
   * whole and go on a page of their own when they do not fit beside others
   * (a whole block larger than a page is the one thing shown over the limits).
   * With `trim`, the first page without a cursor.
   */
  pageBlocks<T>(
    blocks: Block<T>[],
    options?: PageOptions & { trim?: boolean },
  ): Promise<BlockPage<T>>;
}

/**
 * Creates a pager. Every page it returns, envelope and note included, is
 * within every limit as counted by its counter, and following the cursors
 * reproduces the original value exactly.
 *
 * @example
 * ```ts
 * import { createPager } from "@pagewise/mcp";
 *
 * const pager = createPager({ maxTokens: 2_000 });
 * const issues = Array.from({ length: 500 }, (_, i) => ({ id: i, title: `Issue ${i}` }));
 * const first = await pager.page(issues, { scope: "list_issues {}" });
 * console.log(first.from, first.to, first.total); // 1 … 500
 * const second = await pager.page(issues, { cursor: first.nextCursor, scope: "list_issues {}" });
 * console.log(second.from === first.to + 1); // true
 * ```
 */
export function createPager(options: PagerOptions = {}): Pager {
  const limits = resolveLimits(options);
  if (options.cursorTtlSeconds !== undefined && options.secret === undefined) {
    throw new TypeError(
      "pagewise: cursorTtlSeconds needs secret: an unsigned expiry could be edited away. " +
        "Pass a secret (an HMAC key) as well.",
    );
  }
  const indent = typeof options.indent === "number"
    ? " ".repeat(Math.min(10, Math.max(0, options.indent)))
    : (options.indent ?? "").slice(0, 10);
  const keyPath = options.key ? options.key.split(".") : undefined;
  const cursorParam = options.cursorParam ?? "cursor";
  const now = options.now ?? Date.now;
  const hmacKey = options.secret !== undefined ? importHmacKey(options.secret) : undefined;

  const emit = (event: PagerEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // Observability must never break paging.
    }
  };
  let fellBack = false;
  const meter = createMeter(limits, options.countTokens, (error) => {
    if (fellBack) return;
    fellBack = true;
    emit({ type: "counter_fallback", error });
  });

  // The kind is hashed with the digest, not prepended to the text: that would
  // copy a text of many megabytes once more.
  const fingerprintOf = async (kind: string, text: string) =>
    (await sha256(kind + toBase64Url(await sha256(text)))).subarray(0, FINGERPRINT_BYTES);

  async function cursorFor(ctx: Call, offset: number, part: number): Promise<string> {
    const state: CursorState = {
      offset,
      part,
      fingerprint: ctx.fingerprint,
      scope: ctx.scopeHash,
    };
    if (options.cursorTtlSeconds !== undefined) {
      state.expiresAt = Math.ceil(now() / 1000 + options.cursorTtlSeconds);
    }
    return encodeCursor(state, await hmacKey);
  }

  async function readCursor(cursor: string, ctx: Call): Promise<CursorState> {
    const state = await decodeCursor(cursor, await hmacKey, Math.floor(now() / 1000));
    if (!constantTimeEqual(state.scope, ctx.scopeHash)) throw new CursorError("foreign_scope");
    if (!constantTimeEqual(state.fingerprint, ctx.fingerprint)) {
      throw new CursorError("changed_result");
    }
    return state;
  }

  function serve(ctx: Call, page: Page): Page {
    emit({
      type: "page",
      scope: ctx.scope,
      kind: page.kind,
      from: page.from,
      to: page.to,
      total: page.total,
      unit: page.unit,
      chars: page.text.length,
    });
    return page;
  }

  function tooSmall(what: string): never {
    throw new RangeError(
      `pagewise: the limits (${JSON.stringify(limits)}) are too small to hold ${what}; ` +
        `raise them.`,
    );
  }

  const paging: Paging = { meter, indent, cursorParam, cursorFor, readCursor, serve, tooSmall };
  const pageText = textPages(paging);
  const { pageBlocks, fitsWhole, strip } = blockPages(paging);
  const { trimValue, trimAsText } = trimPages(paging, pageText);
  const { pageList, envelopeFits } = listPages(paging, trimAsText);

  // ---- entry points -------------------------------------------------------

  async function run(value: unknown, cursor: string | undefined, scope: string, trim: boolean) {
    const ctx: Call = {
      scope,
      scopeHash: ZERO_SCOPE,
      fingerprint: ZERO_FINGERPRINT,
      trim,
    };
    try {
      return await dispatch(value, cursor, ctx);
    } catch (error) {
      if (error instanceof CursorError) {
        emit({ type: "cursor_rejected", scope, reason: error.reason });
      }
      throw error;
    }
  }

  async function dispatch(value: unknown, cursor: string | undefined, ctx: Call): Promise<Page> {
    const prepared = prepareValue(value);
    if (cursor === undefined) {
      // Indented JSON is longer than compact: past the character limit, no need to render it.
      const shown = prepared.json === undefined || prepared.text.length > meter.limits.maxChars
        ? prepared.text
        : shownJson(prepared, indent);
      if (meter.fits(shown, meter.page)) {
        const total = prepared.json === undefined
          ? shown.length
          : Array.isArray(prepared.json)
          ? prepared.json.length
          : 1;
        return serve(
          ctx,
          whole(shown, total, prepared.json === undefined ? "characters" : "items"),
        );
      }
    }
    // A trim issues no cursor, so it needs neither hash of the whole result.
    if (!ctx.trim) {
      ctx.scopeHash = (await sha256(ctx.scope)).subarray(0, SCOPE_BYTES);
      prepared.fingerprint ??= fingerprintOf(
        prepared.json === undefined ? "t" : "j",
        prepared.text,
      );
      ctx.fingerprint = await prepared.fingerprint;
    }
    if (prepared.json === undefined) {
      if (cursor === undefined) emitCut(ctx, prepared.text.length, "characters");
      return pageText(prepared.text, cursor, ctx);
    }
    const job = chooseList(prepared.json, prepared.lists);
    if (cursor === undefined) {
      if (job) emitCut(ctx, job.list.length, "items");
      else emitCut(ctx, prepared.text.length, "characters");
    }
    if (job && job.list.length > 0) {
      const others = prepared.text.length - (job.size ?? 0);
      if (others < meter.limits.maxChars && await envelopeFits(job, ctx)) {
        return pageList(job, cursor, ctx);
      }
      // The other fields (often other large lists) leave no room: page the
      // JSON as text, which stays lossless, rather than cut it.
      if (!ctx.trim) return pageText(shownJson(prepared, indent), cursor, ctx);
    }
    if (cursor !== undefined) {
      await readCursor(cursor, ctx); // a foreign or stale cursor says so first
      throw new CursorError("out_of_range");
    }
    return trimValue(prepared.json, prepared.text, { ...ctx, trim: true });
  }

  function emitCut(ctx: Call, total: number, unit: "items" | "characters"): void {
    emit({ type: "cut", scope: ctx.scope, mode: ctx.trim ? "trim" : "page", total, unit });
  }

  function chooseList(root: Json, lists: ListSlot[]): ListJob | undefined {
    if (Array.isArray(root)) return { root, path: [], list: root, size: lists[0]?.size };
    let best: ListSlot | undefined;
    if (keyPath) best = lists.find((slot) => slot.path.join(".") === keyPath.join("."));
    if (!best) { for (const slot of lists) if (!best || slot.size > best.size) best = slot; }
    return best &&
      { root, path: best.path, list: best.list, name: best.path.join("."), size: best.size };
  }

  async function blocks<T>(
    content: Block<T>[],
    options: PageOptions & { trim?: boolean } = {},
  ): Promise<BlockPage<T>> {
    const scope = options.scope ?? "";
    const call: Call = {
      scope,
      scopeHash: (await sha256(scope)).subarray(0, SCOPE_BYTES),
      fingerprint: ZERO_FINGERPRINT,
      trim: options.trim === true,
    };
    try {
      if (options.cursor === undefined && fitsWhole(content)) {
        return {
          blocks: content.map(strip),
          cut: false,
          from: 1,
          to: content.length,
          total: content.length,
        };
      }
      const serialized = JSON.stringify(content.map((b) => ("text" in b ? b.text : b.whole)));
      call.fingerprint = await fingerprintOf("b", serialized);
      const page = await pageBlocks(content, options.trim ? undefined : options.cursor, call);
      emit({
        type: "page",
        scope,
        kind: "blocks",
        from: page.from,
        to: page.to,
        total: page.total,
        unit: "blocks",
        chars: page.blocks.reduce((n, b) => n + ("text" in b ? b.text.length : 0), 0),
      });
      return page;
    } catch (error) {
      if (error instanceof CursorError) {
        emit({ type: "cursor_rejected", scope, reason: error.reason });
      }
      throw error;
    }
  }

  return {
    pageBlocks: blocks,
    prepare: (value) => Promise.resolve(prepareValue(value)),
    page: (value, pageOptions = {}) =>
      run(value, pageOptions.cursor, pageOptions.scope ?? "", false),
    trim: (value, trimOptions = {}) => run(value, undefined, trimOptions.scope ?? "", true),
  };
}

// Prepared values are recognised by identity, so no user data can pass for one.
const preparedValues = new WeakSet<object>();

/**
 * A value serialized once, to page many times in one process without
 * serializing it again. It is a snapshot: do not change the value after
 * preparing it.
 */
export interface Prepared {
  /** Always true: marks a value made by {@linkcode Pager.prepare}. */
  readonly prepared: true;
}

interface PreparedValue extends Prepared {
  /** The text to page, or the compact JSON of `json`. */
  text: string;
  json?: Json;
  lists: ListSlot[];
  fingerprint?: Promise<Uint8Array>;
  /** `json` rendered with the pager's indent, once it was needed. */
  indented?: { indent: string; text: string };
}

// The JSON as pages show it: compact, or indented once per prepared value.
function shownJson(prepared: PreparedValue, indent: string): string {
  if (!indent) return prepared.text;
  if (prepared.indented?.indent !== indent) {
    prepared.indented = { indent, text: JSON.stringify(prepared.json, null, indent) };
  }
  return prepared.indented.text;
}

function prepareValue(value: unknown): PreparedValue {
  if (value !== null && typeof value === "object" && preparedValues.has(value)) {
    return value as PreparedValue;
  }
  let prepared: PreparedValue;
  if (typeof value === "string") prepared = { prepared: true, text: value, lists: [] };
  else {
    const json = toJson(value);
    prepared = { prepared: true, ...serialize(json), json };
  }
  preparedValues.add(prepared);
  return prepared;
}

const ZERO_SCOPE = new Uint8Array(SCOPE_BYTES);
const ZERO_FINGERPRINT = new Uint8Array(FINGERPRINT_BYTES);
