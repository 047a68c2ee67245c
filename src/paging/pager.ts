/**
 * The paging core: a value in, one page out, every page within every limit.
 *
 * @module
 */

import { toHex } from "../bytes/crypto.ts";
import { createBinder, type OpenedCursor } from "../cursor/binding.ts";
import type { Call } from "../cut/call.ts";
import type { CursorUnit } from "../cursor/codec.ts";
import { blocksFit, blocksPage, strip } from "../cut/blocks.ts";
import { elementsPage, frameFits } from "../cut/elements.ts";
import { textPage } from "../cut/text.ts";
import { documentOf, prepare } from "../source/document.ts";
import { fingerprint } from "../bytes/crypto.ts";
import { FINGERPRINT_BYTES } from "../cursor/codec.ts";
import { createMeter } from "../limits/measure.ts";
import { describeLimits, resolvePagerOptions } from "./options.ts";
import { emitter, pageEvent } from "./emit.ts";
import type { PagerEvent } from "./events.ts";
import { position } from "../cursor/position.ts";
import {
  type Document,
  fingerprintOf,
  type Source,
  sourceOf,
  wholeView,
} from "../source/source.ts";
import { internals } from "./_internals.ts";
import { CursorError } from "../cursor/cursor_error.ts";
import type { Limits } from "../limits/limits.ts";
import type { Block, BlockPage, Page, Prepared } from "./page.ts";
import type { TokenCounter } from "../tokens/estimate_tokens.ts";

export type { PagerEvent, Prepared };

/** Options of {@linkcode createPager}. */
export interface PagerOptions extends Limits {
  /** Exact token counter; the default is {@linkcode estimateTokens}. */
  countTokens?: TokenCounter;
  /** JSON indent of values the pager serializes: up to 10 spaces, or a string of spaces and tabs. Default: compact. */
  indent?: number | string;
  /** Dot path of the list (or object) to page in a dict (e.g. `"data.items"`). Default: found by size. */
  key?: string;
  /** HMAC key (at least 16 bytes) that signs cursors; cursors without a valid signature are refused. */
  secret?: string | Uint8Array;
  /** Seconds a cursor stays valid (1 to ten years). Needs `secret`. */
  cursorTtlSeconds?: number;
  /** Name of the cursor argument in notes. Default `"cursor"`. */
  cursorParam?: string;
  /**
   * What a cursor gets when what it pages changed since it was issued:
   * `"continue"` (default), the page at its position in the current result,
   * marked `changed` and saying so in its note; `"error"`, a `CursorError`
   * with reason `changed_result`.
   */
  onChange?: "continue" | "error";
  /** Observability hook. A hook that throws is ignored. */
  onEvent?: (event: PagerEvent) => void;
  /** Clock for cursor expiry, in milliseconds. Default `Date.now`. */
  now?: () => number;
}

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
  trim(value: unknown, options?: Pick<PageOptions, "scope" | "json">): Promise<Page>;
  /**
   * Checks a cursor before the tool runs: throws a {@linkcode CursorError}
   * when it is malformed, foreign to `scope`, badly signed or expired. Only
   * the check against the result (changed, out of range) is left for `page`.
   */
  openCursor(cursor: string, scope?: string): Promise<OpenCursor>;
  /**
   * Serializes `value` once so that paging it again in this process skips
   * that work; pass the result to `page` or `trim` in place of the value.
   */
  prepare(value: unknown, options?: Pick<PageOptions, "json">): Promise<Prepared>;
  /**
   * Pages mixed content: text blocks are cut like text, other blocks are kept
   * whole and go on a page of their own when they do not fit beside others
   * (a whole block larger than a page is the one thing shown over the limits).
   * With `trim`, the first page without a cursor.
   */
  pageBlocks<T>(
    blocks: Block<T>[],
    options?: Omit<PageOptions, "json"> & { trim?: boolean },
  ): Promise<BlockPage<T>>;
}

const opened = new WeakMap<OpenCursor, OpenedCursor>();

/**
 * Creates a pager. Every page it returns, envelope and note included, is
 * within every limit as counted by its counter, and following the cursors
 * reproduces the original value exactly. Every option is checked here.
 *
 * @example
 * ```ts
 * import { createPager } from "@pagewise/mcp";
 *
 * const pager = createPager({ maxTokens: 2_000 });
 * const issues = Array.from({ length: 500 }, (_, i) => ({ id: i, title: `Issue ${i}` }));
 * const first = await pager.page(issues, { scope: "list_issues {}" });
 * const second = await pager.page(issues, { cursor: first.nextCursor, scope: "list_issues {}" });
 * if (first.from !== 1 || second.from !== first.to + 1) throw new Error("pages do not follow");
 * ```
 */
export function createPager(options: PagerOptions = {}): Pager {
  const { limits, indent, keyPath, cursorParam, onChange } = resolvePagerOptions(options);
  const binder = createBinder({
    secret: options.secret,
    ttlSeconds: options.cursorTtlSeconds,
    now: options.now ?? Date.now,
  });

  const emit = emitter(options.onEvent);
  let fellBack = false;
  const meter = createMeter(limits, options.countTokens, (error) => {
    if (fellBack) return;
    fellBack = true;
    emit({ type: "counter_fallback", error });
  });
  const tooSmall = (what: string): never => {
    throw new RangeError(
      `pagewise: the limits (${describeLimits(limits)}) are too small to hold ${what}; ` +
        `raise them.`,
    );
  };

  async function open(cursor: string | OpenCursor, scope: string): Promise<OpenedCursor> {
    if (typeof cursor !== "string") {
      const known = opened.get(cursor);
      // A handle opened by another pager (another secret or TTL) is not this pager's.
      if (!known || !binder.accepts(known.binder)) throw new CursorError("malformed");
      if (known.scope !== scope) throw new CursorError("foreign_scope");
      return known;
    }
    return await binder.open(cursor, scope);
  }

  async function callFor(
    scope: string,
    unit: CursorUnit,
    fingerprintOfPaged: Uint8Array | undefined,
    trim: boolean,
    changed: boolean,
  ): Promise<Call> {
    const scopeHash = trim ? undefined : await binder.scopeHash(scope);
    return {
      meter,
      cursorParam,
      mode: { trim, changed },
      next: (offset, part) => binder.issue(scopeHash!, fingerprintOfPaged!, unit, offset, part),
      cursorLength: (maxOffset, maxPart) => binder.maxLength(unit, maxOffset, maxPart),
      tooSmall,
    };
  }

  // Reports a refused cursor, then lets the error go on to the caller.
  async function reporting<T>(scope: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof CursorError) {
        emit({ type: "cursor_rejected", scope, reason: error.reason });
      }
      throw error;
    }
  }

  function served(scope: string, page: Page): Page {
    emit(pageEvent(scope, page));
    return page;
  }

  async function run(
    value: unknown,
    cursor: string | OpenCursor | undefined,
    scope: string,
    json: boolean,
    trim: boolean,
  ): Promise<Page> {
    const openedCursor = cursor === undefined ? undefined : await open(cursor, scope);
    const doc = documentOf(value, json, indent);
    if (!openedCursor && meter.fits(doc.text, meter.page)) {
      const unit = doc.json ? "items" : "characters";
      const total = doc.json ? 1 : doc.text.length;
      return served(scope, {
        text: doc.text,
        cut: false,
        kind: "whole",
        from: 1,
        to: total,
        total,
        unit,
      });
    }
    const source = await sourceFor(doc, scope, trim);
    const fingerprint = trim ? new Uint8Array(FINGERPRINT_BYTES) : await fingerprintOf(source);
    return await pageFrom(source, fingerprint, openedCursor, scope, trim);
  }

  // What `doc` is paged as: its elements where the frame around them leaves
  // room, else its text.
  async function sourceFor(doc: Document, scope: string, trim: boolean): Promise<Source> {
    const source = sourceOf(doc, keyPath, limits.maxChars);
    if (source.kind !== "elements") return source;
    const probe = await callFor(scope, "elements", undefined, trim, false);
    return frameFits(probe, source) ? source : { kind: "text", view: wholeView(doc.text) };
  }

  async function pageFrom(
    source: Source,
    fingerprint: Uint8Array,
    openedCursor: OpenedCursor | undefined,
    scope: string,
    trim: boolean,
  ): Promise<Page> {
    const unit: CursorUnit = source.kind === "text"
      ? "characters"
      : source.unit === "entries"
      ? "entries"
      : "elements";
    const total = source.kind === "text" ? source.view.total : source.total;
    const at = position(openedCursor, {
      unit,
      fingerprint,
      total,
      textAt: (offset) =>
        source.kind === "text"
          ? source.view
          : offset < source.total
          ? source.element(offset)
          : undefined,
    }, onChange);
    if (!openedCursor) {
      emit({
        type: "cut",
        scope,
        mode: trim ? "trim" : "page",
        total,
        unit: source.kind === "text" ? "characters" : source.unit,
      });
    }
    const call = await callFor(scope, unit, fingerprint, trim, at.changed);
    const page = source.kind === "text"
      ? await textPage(call, source.view, at.offset)
      : await elementsPage(call, source, at.offset, at.part);
    return served(scope, page);
  }

  async function blocks<T>(
    content: Block<T>[],
    blockOptions: Omit<PageOptions, "json"> & { trim?: boolean },
  ): Promise<BlockPage<T>> {
    const scope = blockOptions.scope ?? "";
    const trim = blockOptions.trim === true;
    const cursor = trim ? undefined : blockOptions.cursor;
    const openedCursor = cursor === undefined ? undefined : await open(cursor, scope);
    if (!openedCursor && blocksFit(meter, content)) {
      return {
        blocks: content.map(strip),
        cut: false,
        from: 1,
        to: content.length,
        total: content.length,
      };
    }
    const serialized = JSON.stringify(content.map((b) => ("text" in b ? b.text : b.whole)));
    const paged = trim
      ? new Uint8Array(FINGERPRINT_BYTES)
      : await fingerprint("b", serialized, FINGERPRINT_BYTES);
    const at = position(openedCursor, {
      unit: "blocks",
      fingerprint: paged,
      total: content.length,
      textAt: (i) => {
        const block = content[i];
        return block && "text" in block ? wholeView(block.text) : undefined;
      },
    }, onChange);
    const call = await callFor(scope, "blocks", paged, trim, at.changed);
    const page = await blocksPage(call, content, at.offset, at.part);
    const event: PagerEvent = {
      type: "page",
      scope,
      kind: "blocks",
      from: page.from,
      to: page.to,
      total: page.total,
      unit: "blocks",
      chars: page.blocks.reduce((n, b) => n + ("text" in b ? b.text.length : 0), 0),
    };
    if (page.changed) event.changed = true;
    emit(event);
    return page;
  }

  const pager: Pager = {
    limits: Object.freeze({ ...limits }),
    fits: (text) => meter.fits(text, meter.page),
    page: (value, pageOptions = {}) => {
      const scope = pageOptions.scope ?? "";
      return reporting(
        scope,
        () => run(value, pageOptions.cursor, scope, pageOptions.json === true, false),
      );
    },
    trim: (value, trimOptions = {}) => {
      const scope = trimOptions.scope ?? "";
      return reporting(scope, () => run(value, undefined, scope, trimOptions.json === true, true));
    },
    openCursor: (cursor, scope = "") =>
      reporting(scope, async () => {
        const state = await binder.open(cursor, scope);
        const handle: OpenCursor = Object.freeze({
          scope,
          fingerprint: toHex(state.state.fingerprint),
        });
        opened.set(handle, state);
        return handle;
      }),
    prepare: (value, prepareOptions = {}) =>
      Promise.resolve(prepare(value, prepareOptions.json === true, indent)),
    pageBlocks: (content, blockOptions = {}) =>
      reporting(blockOptions.scope ?? "", () => blocks(content, blockOptions)),
  };
  internals.set(pager, {
    emit,
    cost: (text) => meter.cost(text),
    async prepare(value, json) {
      const doc = documentOf(value, json, indent);
      if (meter.fits(doc.text, meter.page)) return { whole: doc.text };
      const source = await sourceFor(doc, "", false);
      return { source, fingerprint: await fingerprintOf(source) };
    },
    opened: (cursor) => opened.get(cursor)!.state,
    pageFrom: (source, fingerprint, cursor, scope) =>
      reporting(scope, async () => {
        const openedCursor = cursor === undefined ? undefined : await open(cursor, scope);
        return await pageFrom(source, fingerprint, openedCursor, scope, false);
      }),
  });
  return pager;
}
