/**
 * The paging core: a value in, one page out, every page within every limit.
 *
 * @module
 */

import { importHmacKey, sha256, toBase64Url } from "./_crypto.ts";
import { cutPoint, isBoundary } from "./_graphemes.ts";
import { add, type Cost, createMeter, fitsIn, type Meter, subtract, ZERO } from "./_measure.ts";
import {
  itemsNote,
  nextCall,
  partNote,
  range,
  SHRUNK_NOTE,
  textNote,
  trimmedItemsNote,
} from "./_notes.ts";
import { shrink } from "./_shrink.ts";
import { at, type Json, type ListSlot, replaceAt, serialize, toJson } from "./_values.ts";
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
import type { TokenCounter } from "./tokens.ts";

/** Something that happened while paging, for logs and metrics. */
export type PagerEvent =
  | {
    type: "page";
    scope: string;
    kind: PageKind;
    from: number;
    to: number;
    total: number;
    unit: "items" | "characters";
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

/**
 * What a page holds: the whole value, a run of list items, a part of one
 * item too large for a page, a chunk of text, or a value cut to fit.
 */
export type PageKind = "whole" | "items" | "item-part" | "text" | "trimmed";

/** One page of a result. */
export interface Page {
  /** Exactly what the model sees. */
  text: string;
  /** Whether anything of the result is not on this page. */
  cut: boolean;
  /** Cursor of the next page; absent on the last page and when nothing was cut. */
  nextCursor?: string;
  /** What the page holds. */
  kind: PageKind;
  /** First item or character on the page, from 1. */
  from: number;
  /** Last item or character on the page. */
  to: number;
  /** Items or characters in the whole result. */
  total: number;
  /** What `from`, `to` and `total` count (characters are UTF-16 code units). */
  unit: "items" | "characters";
  /** For `item-part` pages: the characters of the item's JSON on this page. */
  part?: { from: number; to: number; total: number };
  /**
   * For `items` and `item-part` pages: the keys that lead, in the page's JSON,
   * to the list of items (`["items"]` when the result itself is a list).
   */
  path?: string[];
  /** For `items` and `item-part` pages: the key of the page object (`page`, or `_page` when taken). */
  pageKey?: string;
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
}

// Sentinels marking where the list and a part go in a rendered envelope.
const nonce = Math.random().toString(36).slice(2);
const SLOT = `\u0000pagewise-slot-${nonce}`;
const PART = `\u0000pagewise-part-${nonce}`;
const SLOT_JSON = JSON.stringify(SLOT);
const PART_JSON = JSON.stringify(PART);

interface Envelope {
  before: string;
  after: string;
  /** Indent of the list's items; undefined when compact. */
  itemIndent?: string;
  /** Indent of the list's closing bracket. */
  closeIndent: string;
}

interface Ctx {
  meter: Meter;
  indent: string;
  scope: string;
  scopeHash: Uint8Array;
  fingerprint: Uint8Array;
  trim: boolean;
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

  async function cursorFor(ctx: Ctx, offset: number, part: number): Promise<string> {
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

  async function readCursor(cursor: string, ctx: Ctx): Promise<CursorState> {
    const state = await decodeCursor(cursor, await hmacKey, Math.floor(now() / 1000));
    if (!equal(state.scope, ctx.scopeHash)) throw new CursorError("foreign_scope");
    if (!equal(state.fingerprint, ctx.fingerprint)) throw new CursorError("changed_result");
    return state;
  }

  function serve(ctx: Ctx, page: Page): Page {
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

  // ---- text ---------------------------------------------------------------

  async function pageText(text: string, cursor: string | undefined, ctx: Ctx): Promise<Page> {
    const total = text.length;
    let start = 0;
    if (cursor !== undefined) {
      const state = await readCursor(cursor, ctx);
      if (state.part !== 0 || state.offset >= total || !isBoundary(text, state.offset)) {
        throw new CursorError("out_of_range");
      }
      start = state.offset;
    }
    const worstNext = ctx.trim ? undefined : nextCall(cursorParam, await cursorFor(ctx, total, 0));
    const reserve = meter.cost(textNote(total, total, total, worstNext, ctx.trim));
    let max = meter.prefix(text, start, subtract(meter.page, reserve));
    for (;;) {
      const end = cutPoint(text, start, max);
      if (end <= start) tooSmall("one character of this text with its note");
      const next = !ctx.trim && end < total ? await cursorFor(ctx, end, 0) : undefined;
      const out = text.slice(start, end) +
        textNote(start + 1, end, total, next && nextCall(cursorParam, next), ctx.trim);
      if (meter.fits(out, meter.page)) {
        return serve(ctx, {
          text: out,
          cut: true,
          nextCursor: next,
          kind: ctx.trim ? "trimmed" : "text",
          from: start + 1,
          to: end,
          total,
          unit: "characters",
        });
      }
      max = start + Math.floor((end - start) * 0.9);
    }
  }

  // ---- lists --------------------------------------------------------------

  function pageKeyOf(root: Json): string {
    let key = "page";
    if (root !== null && typeof root === "object" && !Array.isArray(root)) {
      while (Object.hasOwn(root, key)) key = `_${key}`;
    }
    return key;
  }

  function envelope(root: Json, path: string[], pageObject: Record<string, unknown>): Envelope {
    const pageKey = pageKeyOf(root);
    const shell = path.length === 0 && Array.isArray(root)
      ? { [pageKey]: pageObject, items: SLOT }
      : { [pageKey]: pageObject, ...(replaceAt(root, path, SLOT) as object) };
    const text = JSON.stringify(shell, null, indent);
    const i = text.lastIndexOf(SLOT_JSON);
    const before = text.slice(0, i);
    const after = text.slice(i + SLOT_JSON.length);
    if (!indent) return { before, after, closeIndent: "" };
    const lineStart = before.lastIndexOf("\n") + 1;
    const closeIndent = /^[ \t]*/.exec(before.slice(lineStart))![0];
    return { before, after, itemIndent: closeIndent + indent, closeIndent };
  }

  function itemChunk(item: Json, first: boolean, env: Envelope): string {
    const json = JSON.stringify(item, null, indent) ?? "null";
    const sep = first ? "" : ",";
    if (env.itemIndent === undefined) return sep + json;
    return `${sep}\n${env.itemIndent}${json.replaceAll("\n", `\n${env.itemIndent}`)}`;
  }

  function assemble(env: Envelope, chunks: readonly string[]): string {
    const close = chunks.length && env.itemIndent !== undefined ? `\n${env.closeIndent}]` : "]";
    return `${env.before}[${chunks.join("")}${close}${env.after}`;
  }

  interface ListJob {
    root: Json;
    path: string[];
    list: Json[];
    name?: string;
  }

  function where(job: ListJob): { path: string[]; pageKey: string } {
    return { path: job.path.length ? job.path : ["items"], pageKey: pageKeyOf(job.root) };
  }

  function pageObject(
    job: ListJob,
    from: number,
    to: number,
    next: string | undefined,
    ctx: Ctx,
  ): Record<string, unknown> {
    const total = job.list.length;
    if (ctx.trim) {
      return {
        items: `${range(from, to)} of ${total}`,
        total,
        note: trimmedItemsNote(to, total, job.name),
      };
    }
    const page: Record<string, unknown> = { items: `${range(from, to)} of ${total}`, total };
    if (next) page.next_cursor = next;
    page.note = itemsNote(from, to, total, job.name, next && nextCall(cursorParam, next));
    return page;
  }

  async function pageList(job: ListJob, cursor: string | undefined, ctx: Ctx): Promise<Page> {
    const total = job.list.length;
    let offset = 0;
    let part = 0;
    if (cursor !== undefined) {
      const state = await readCursor(cursor, ctx);
      if (state.offset >= total) throw new CursorError("out_of_range");
      offset = state.offset;
      part = state.part;
    }
    if (part === 0) {
      const page = await pageItems(job, offset, ctx);
      if (page) return page;
    }
    return ctx.trim ? trimFirstItem(job, ctx) : pagePart(job, offset, part, ctx);
  }

  // Whether the page envelope leaves room for content: the other fields of a
  // dict may be too large themselves, and then the value is trimmed instead.
  async function envelopeFits(job: ListJob, ctx: Ctx): Promise<boolean> {
    // The part envelope is the larger of the two: when it leaves room, both do.
    const total = job.list.length;
    const worst = renderPart(job, total - 1, 1e12, 1e12, await cursorFor(ctx, total, 1e12), "");
    const room = subtract(meter.page, meter.cost(worst));
    return room.tokens >= 16 && room.chars >= 64 && room.bytes >= 64 && room.lines >= 0;
  }

  // Whole items from `offset`; undefined when not even one fits.
  async function pageItems(job: ListJob, offset: number, ctx: Ctx): Promise<Page | undefined> {
    const total = job.list.length;
    const worstNext = ctx.trim ? undefined : await cursorFor(ctx, total, 0);
    const worst = envelope(job.root, job.path, pageObject(job, total, total, worstNext, ctx));
    const room = subtract(meter.page, meter.cost(assemble(worst, [])));
    const chunks: string[] = [];
    let used: Cost = ZERO;
    for (let i = offset; i < total; i++) {
      const chunk = itemChunk(job.list[i], i === offset, worst);
      const next = add(used, meter.cost(chunk));
      if (!fitsIn(next, room)) break;
      used = next;
      chunks.push(chunk);
    }
    // The sum of item costs is an estimate of the page's; the page is checked
    // whole and shortened until it fits.
    while (chunks.length > 0) {
      const to = offset + chunks.length;
      const next = !ctx.trim && to < total ? await cursorFor(ctx, to, 0) : undefined;
      const env = envelope(job.root, job.path, pageObject(job, offset + 1, to, next, ctx));
      const text = assemble(env, chunks);
      if (meter.fits(text, meter.page)) {
        return serve(ctx, {
          text,
          cut: true,
          nextCursor: next,
          kind: "items",
          from: offset + 1,
          to,
          total,
          unit: "items",
          ...where(job),
        });
      }
      chunks.length -= Math.max(1, Math.floor(chunks.length / 10));
    }
    return undefined;
  }

  function renderPart(
    job: ListJob,
    offset: number,
    from: number,
    to: number,
    next: string | undefined,
    chunk: string,
    length = to,
  ): string {
    const total = job.list.length;
    const page = {
      items: `${offset + 1} of ${total}`,
      total,
      ...(next ? { next_cursor: next } : {}),
      note: partNote(
        offset + 1,
        total,
        job.name,
        from,
        to,
        length,
        next && nextCall(cursorParam, next),
      ),
      part: PART,
    };
    const text = assemble(envelope(job.root, job.path, page), []);
    const i = text.indexOf(PART_JSON);
    return text.slice(0, i) + JSON.stringify(chunk) + text.slice(i + PART_JSON.length);
  }

  // One item too large for a page: its compact JSON, split at grapheme
  // boundaries into parts carried as a string in page.part.
  async function pagePart(job: ListJob, offset: number, part: number, ctx: Ctx): Promise<Page> {
    const total = job.list.length;
    const json = JSON.stringify(job.list[offset]) ?? "null";
    if (part >= json.length || !isBoundary(json, part)) throw new CursorError("out_of_range");
    const render = (from: number, to: number, next: string | undefined, chunk: string) =>
      renderPart(job, offset, from, to, next, chunk, json.length);
    const worstNext = await cursorFor(ctx, total, json.length);
    const room = subtract(meter.page, meter.cost(render(json.length, json.length, worstNext, "")));
    let max = meter.prefix(json, part, room);
    for (;;) {
      const end = cutPoint(json, part, max);
      if (end <= part) tooSmall("one character of an item with the page note");
      const next = end < json.length
        ? await cursorFor(ctx, offset, end)
        : offset + 1 < total
        ? await cursorFor(ctx, offset + 1, 0)
        : undefined;
      const text = render(part + 1, end, next, json.slice(part, end));
      if (meter.fits(text, meter.page)) {
        return serve(ctx, {
          text,
          cut: true,
          nextCursor: next,
          kind: "item-part",
          from: offset + 1,
          to: offset + 1,
          total,
          unit: "items",
          part: { from: part + 1, to: end, total: json.length },
          ...where(job),
        });
      }
      // Escaping makes the rendered chunk longer than measured: shrink by the overshoot.
      max = part + Math.floor((end - part) * 0.85);
    }
  }

  async function trimFirstItem(job: ListJob, ctx: Ctx): Promise<Page> {
    const total = job.list.length;
    const env = envelope(job.root, job.path, pageObject(job, 1, 1, undefined, ctx));
    const text = shrink(
      job.list[0],
      (item) => assemble(env, [itemChunk(item, true, env)]),
      (t) => meter.fits(t, meter.page),
    );
    if (text === undefined) return await trimAsText(JSON.stringify(job.root), ctx);
    return serve(ctx, { text, cut: true, kind: "trimmed", from: 1, to: 1, total, unit: "items" });
  }

  // ---- values that cannot be paged ----------------------------------------

  async function trimValue(root: Json, compact: string, ctx: Ctx): Promise<Page> {
    const dict = root !== null && typeof root === "object" && !Array.isArray(root);
    const pageKey = pageKeyOf(root);
    const render = (v: Json) =>
      JSON.stringify(
        dict ? { [pageKey]: { note: SHRUNK_NOTE }, ...(v as object) } : v,
        null,
        indent,
      );
    const text = shrink(root, render, (t) => meter.fits(t, meter.page));
    if (text === undefined) return await trimAsText(compact, ctx);
    return serve(ctx, {
      text,
      cut: true,
      kind: "trimmed",
      from: 1,
      to: compact.length,
      total: compact.length,
      unit: "characters",
    });
  }

  // Last resort, when even keys alone do not fit: the compact JSON cut as text.
  function trimAsText(text: string, ctx: Ctx): Promise<Page> {
    return pageText(text, undefined, { ...ctx, trim: true });
  }

  // ---- entry points -------------------------------------------------------

  async function run(value: unknown, cursor: string | undefined, scope: string, trim: boolean) {
    const ctx: Ctx = {
      meter,
      indent,
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

  async function dispatch(value: unknown, cursor: string | undefined, ctx: Ctx): Promise<Page> {
    const prepared = prepareValue(value);
    if (cursor === undefined) {
      const shown = prepared.json === undefined
        ? prepared.text
        : indent && prepared.text.length <= meter.limits.maxChars
        ? JSON.stringify(prepared.json, null, indent)
        : prepared.text;
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
    ctx.scopeHash = (await sha256(ctx.scope)).subarray(0, SCOPE_BYTES);
    prepared.fingerprint ??= fingerprintOf(prepared.json === undefined ? "t" : "j", prepared.text);
    ctx.fingerprint = await prepared.fingerprint;
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
      if (await envelopeFits(job, ctx)) return pageList(job, cursor, ctx);
      // The other fields (often other large lists) leave no room: page the
      // JSON as text, which stays lossless, rather than cut it.
      if (!ctx.trim) return pageText(JSON.stringify(prepared.json, null, indent), cursor, ctx);
    }
    if (cursor !== undefined) {
      await readCursor(cursor, ctx); // a foreign or stale cursor says so first
      throw new CursorError("out_of_range");
    }
    return trimValue(prepared.json, prepared.text, { ...ctx, trim: true });
  }

  function emitCut(ctx: Ctx, total: number, unit: "items" | "characters"): void {
    emit({ type: "cut", scope: ctx.scope, mode: ctx.trim ? "trim" : "page", total, unit });
  }

  function chooseList(root: Json, lists: ListSlot[]): ListJob | undefined {
    if (Array.isArray(root)) return { root, path: [], list: root };
    if (keyPath) {
      const list = at(root, keyPath);
      if (Array.isArray(list)) return { root, path: keyPath, list, name: keyPath.join(".") };
    }
    let best: ListSlot | undefined;
    for (const slot of lists) if (!best || slot.size > best.size) best = slot;
    return best && { root, path: best.path, list: best.list, name: best.path.join(".") };
  }

  return {
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

function whole(text: string, total: number, unit: "items" | "characters"): Page {
  return { text, cut: false, kind: "whole", from: 1, to: total, total, unit };
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
