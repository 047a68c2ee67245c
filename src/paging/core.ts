// The paging core as the rest of the library uses it: a core made once from
// the pager's options, and plain functions that page with it. `createPager`
// is a thin object over these; the MCP adapter and the cache call them
// directly (a cached result is a prepared source read back from a store).

import { constantTimeEqual, fingerprint, toHex } from "../bytes/crypto.ts";
import { type Binder, createBinder, type OpenedCursor } from "../cursor/binding.ts";
import { type CursorState, type CursorUnit, FINGERPRINT_BYTES } from "../cursor/codec.ts";
import { CursorError } from "../cursor/cursor_error.ts";
import { type OnChange, position } from "./position.ts";
import { blocksFit, blocksPage, strip } from "../cut/blocks.ts";
import type { Call } from "../cut/call.ts";
import { elementsPage, frameFits, noMatchPage } from "../cut/elements.ts";
import { type NarrowArguments, noMatchNote } from "../cut/notes.ts";
import { textPage } from "../cut/text.ts";
import { type Narrow, narrowedScope, narrowSource } from "../narrow/narrow.ts";
import { argumentNames } from "../narrow/names.ts";
import { noRoom } from "../narrow/narrowing_error.ts";
import { createMeter, type Meter } from "../limits/measure.ts";
import { documentOf } from "../source/document.ts";
import {
  type Document,
  fingerprintOf,
  type Source,
  sourceCandidates,
  sourceOf,
  wholeView,
} from "../source/source.ts";
import type { TokenCounter } from "../tokens/estimate_tokens.ts";
import type { Limits } from "../limits/limits.ts";
import { emitter, pageEvent } from "./emit.ts";
import type { PagerEvent } from "./events.ts";
import {
  describeLimits,
  type ResolvedLimits,
  resolveLimits,
  resolvePagerOptions,
} from "./options.ts";
import type { Block, BlockPage, Page } from "../cut/page.ts";

/** What every page call of one pager shares: its checked options, meter and binder. */
export interface Core {
  readonly limits: ResolvedLimits;
  readonly meter: Meter;
  readonly binder: Binder;
  readonly emit: (event: PagerEvent) => void;
  readonly indent: string;
  readonly keyPath: string[] | undefined;
  readonly cursorParam: string;
  readonly onChange: OnChange;
  readonly countTokens: TokenCounter | undefined;
  /** Reports, once a pager, that the counter failed and the estimate stood in. */
  readonly onFallback: (error: unknown) => void;
  /** The client these pages are sized for, as page events tell it. */
  readonly client?: ClientLabel;
}

/** The client a page is sized for: the name it sent, and the preset that matched it. */
export interface ClientLabel {
  /** `clientInfo.name`, as the client sent it. */
  readonly name: string;
  /** The preset (`"codex"`) or the author's name it matched; none: the default limits. */
  readonly preset?: string;
}

/** Options of `createPager`: the options a core is made from. */
export interface PagerOptions extends Limits {
  /** Exact token counter; the default is `estimateTokens`. */
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
  /**
   * Observability hook. A hook that throws or rejects never breaks paging:
   * its first failure is told once on the console (once for the hook, however
   * many pagers or requests share it), later ones are ignored.
   */
  onEvent?: (event: PagerEvent) => void;
  /** Clock for cursor expiry, in milliseconds. Default `Date.now`. */
  now?: () => number;
}

/** A cursor checked before the tool ran, as the public `OpenCursor` handle shows it. */
export interface OpenCursorHandle {
  readonly scope: string;
  readonly fingerprint: string;
}

// Handles are recognised by identity, so no caller can forge an opened cursor.
const opened = new WeakMap<OpenCursorHandle, OpenedCursor>();

/** Checks every option (throwing a message that says what to pass) and makes the core. */
export function createCore(options: PagerOptions): Core {
  const { limits, indent, keyPath, cursorParam, onChange } = resolvePagerOptions(options);
  const emit = emitter(options.onEvent);
  const binder = createBinder({
    secret: options.secret,
    ttlSeconds: options.cursorTtlSeconds,
    now: options.now ?? Date.now,
  });
  let fellBack = false;
  const onFallback = (error: unknown) => {
    if (fellBack) return;
    fellBack = true;
    emit({ type: "counter_fallback", error });
  };
  const meter = createMeter(limits, options.countTokens, onFallback);
  return {
    limits,
    meter,
    binder,
    emit,
    indent,
    keyPath,
    cursorParam,
    onChange,
    countTokens: options.countTokens,
    onFallback,
  };
}

/**
 * The same core (the same cursors, counter and hooks) with other limits, for
 * the pages of one client: a cursor issued under one opens under the other.
 */
export function coreWithLimits(core: Core, limits: ResolvedLimits, client?: ClientLabel): Core {
  return {
    ...core,
    limits,
    meter: createMeter(limits, core.countTokens, core.onFallback),
    client,
  };
}

/** The same core, its pages reported as sized for `client`. */
export function coreFor(core: Core, client: ClientLabel | undefined): Core {
  return client === core.client ? core : { ...core, client };
}

/**
 * The same core with room left on every page for `text` shown before it (a
 * tool result's own text, when its structured content is what gets paged);
 * undefined when there is no room beside it. Cursors of one open in the other.
 */
export function coreBeside(core: Core, text: string): Core | undefined {
  const cost = core.meter.cost(text);
  const { limits } = core;
  let room: ResolvedLimits;
  try {
    room = resolveLimits({
      maxTokens: limits.maxTokens - cost.tokens - 2,
      maxChars: limits.maxChars - cost.chars - 1,
      maxBytes: limits.maxBytes - cost.bytes - 1,
      maxLines: limits.maxLines - cost.lines - 1,
    });
  } catch {
    return undefined; // no room left beside it
  }
  return { ...core, limits: room, meter: createMeter(room, core.countTokens, core.onFallback) };
}

function tooSmall(core: Core, what: string): never {
  throw new RangeError(
    `pagewise: the limits (${describeLimits(core.limits)}) are too small to hold ${what}; ` +
      `raise them.`,
  );
}

/**
 * Checks `cursor` for `scope` (form, signature, expiry) and returns the
 * public handle, which shows `shownScope` (the scope as the caller gave it,
 * before a narrowing was bound to it).
 */
export async function openCursor(
  core: Core,
  cursor: string,
  scope: string,
  shownScope = scope,
): Promise<OpenCursorHandle> {
  const state = await reporting(core, scope, () => core.binder.open(cursor, scope));
  const handle: OpenCursorHandle = Object.freeze({
    scope: shownScope,
    fingerprint: toHex(state.state.fingerprint),
  });
  opened.set(handle, state);
  return handle;
}

/** What an opened cursor says: the fingerprint, unit and position it continues at. */
export function cursorState(cursor: OpenCursorHandle): CursorState {
  const known = opened.get(cursor);
  if (!known) throw new CursorError("malformed");
  return known.state;
}

async function open(
  core: Core,
  cursor: string | OpenCursorHandle,
  scope: string,
): Promise<OpenedCursor> {
  if (typeof cursor !== "string") {
    const known = opened.get(cursor);
    // A handle opened by another pager (another secret or TTL) is not this pager's.
    if (!known || !core.binder.accepts(known.binder)) throw new CursorError("malformed");
    if (known.scope !== scope) throw new CursorError("foreign_scope");
    return known;
  }
  return await core.binder.open(cursor, scope);
}

/** Reports a refused cursor, then lets the error go on to the caller. */
export async function reporting<T>(core: Core, scope: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CursorError) {
      core.emit({ type: "cursor_rejected", scope, reason: error.reason });
    }
    throw error;
  }
}

/** How one page is asked for, besides its cursor and scope. */
export interface Asked {
  /** A trim: the first page without a cursor, its note asking to narrow the request. */
  trim?: boolean;
  /** The names of the tool's narrowing arguments, for the first page's note. */
  hint?: NarrowArguments;
}

async function callFor(
  core: Core,
  scope: string,
  unit: CursorUnit,
  fingerprintOfPaged: Uint8Array | undefined,
  trim: boolean,
  changed: boolean,
  source?: Source,
  hint?: NarrowArguments,
): Promise<Call> {
  const scopeHash = trim ? undefined : await core.binder.scopeHash(scope);
  return {
    meter: core.meter,
    cursorParam: core.cursorParam,
    mode: { trim, changed, narrowed: source?.narrowing, hint },
    next: (offset, part) => core.binder.issue(scopeHash!, fingerprintOfPaged!, unit, offset, part),
    cursorLength: (maxOffset, maxPart) => core.binder.maxLength(unit, maxOffset, maxPart),
    // A narrowed page that cannot be made is the narrowing's to answer (the
    // model can narrow otherwise), never the limits' (which it cannot change).
    tooSmall: (what) => {
      if (source?.narrowing) throw noRoom(argumentNames(hint));
      return tooSmall(core, what);
    },
  };
}

function served(core: Core, scope: string, page: Page): Page {
  core.emit(pageEvent(scope, page, core.limits, core.client));
  return page;
}

// What `doc` is paged as: its elements where the frame around them leaves
// room, else its text; narrowed, when asked.
async function sourceFor(
  core: Core,
  doc: Document,
  scope: string,
  trim: boolean,
  narrow?: Narrow,
): Promise<Source> {
  let chosen = sourceOf(doc, core.keyPath, core.limits.maxChars, narrow !== undefined);
  // JSON is narrowed by its items or entries, never as one line of text: a
  // dict whose largest member is paged as text is narrowed by its own entries.
  if (narrow && chosen.kind === "text" && doc.json && !core.keyPath) {
    chosen = sourceOf(doc, [], core.limits.maxChars, true);
  }
  const source = narrow ? narrowSource(chosen, narrow) : chosen;
  if (source.kind !== "elements") return source;
  // A narrowed source is paged by its elements whatever the frame's worst case:
  // its pages tell, page by page, whether one fits (no_room only where none does).
  if (narrow) return source;
  const probe = await callFor(core, scope, "elements", undefined, trim, false, source);
  if (frameFits(probe, source)) return source;
  return { kind: "text", view: wholeView(doc.text) };
}

/**
 * Whether `source` (a kept one, read back from a cache) can be paged under
 * `core`'s limits: text and narrowed elements always; other elements when
 * the fields around them leave room (a result kept for a larger client's
 * pages may not).
 */
export async function sourceFits(core: Core, source: Source, scope: string): Promise<boolean> {
  // A narrowed source is paged by its elements whatever the frame's worst
  // case, as `sourceFor` pages it: its pages tell whether one fits.
  if (source.kind === "text" || source.narrowing) return true;
  return frameFits(
    await callFor(core, scope, unitOf(source), undefined, false, false, source),
    source,
  );
}

/** A value made ready to page: its text when it fits whole, else its source and fingerprint. */
export type PreparedSource =
  | { whole: string }
  | { source: Source; fingerprint: Uint8Array; cursor?: OpenCursorHandle };

/**
 * Serializes (or scans) `value` once and chooses what it is paged as; a
 * narrowed value is always paged (its pages say what was narrowed).
 */
export async function prepareSource(
  core: Core,
  value: unknown,
  json: boolean,
  narrow?: Narrow,
  cursor?: OpenCursorHandle,
): Promise<PreparedSource> {
  const doc = documentOf(value, json, core.indent);
  if (!narrow && core.meter.fits(doc.text, core.meter.page)) return { whole: doc.text };
  const source = await sourceFor(core, doc, "", false, narrow);
  const chosen: Continued = { source, fingerprint: await fingerprintOf(source) };
  const known = cursor && opened.get(cursor);
  if (!known) return { source, fingerprint: chosen.fingerprint };
  const continued = await continuedSource(core, doc, chosen, known, known.scope, narrow);
  const { source: paged, fingerprint: pagedFingerprint } = continued;
  return {
    source: paged,
    fingerprint: pagedFingerprint,
    cursor: continued.cursor === known ? cursor : handleOf(continued.cursor),
  };
}

/** What a prepared value is paged as, and the cursor to page it at (when it had to be moved). */
interface Continued {
  source: Source;
  fingerprint: Uint8Array;
  cursor?: OpenedCursor;
}

function unitOf(source: Source): CursorUnit {
  return source.kind === "text" ? "characters" : source.unit === "entries" ? "entries" : "elements";
}

/**
 * The source `cursor` continues in. Limits choose what a result is paged as
 * (a list with the fields around it, or its text when those leave no room),
 * so a cursor issued under other limits (another client's pages) may name
 * another source than these limits chose: it continues in the one it was
 * issued for; or, where that one's frame leaves no room under these limits,
 * in the result's text from the same character on. A cursor none of them
 * matches is left to `position`, which tells a changed result.
 */
async function continuedSource(
  core: Core,
  doc: Document,
  chosen: Continued,
  cursor: OpenedCursor,
  scope: string,
  narrow: Narrow | undefined,
): Promise<Continued> {
  const { state } = cursor;
  const same = (source: Source, fingerprint: Uint8Array) =>
    unitOf(source) === state.unit && constantTimeEqual(fingerprint, state.fingerprint);
  if (same(chosen.source, chosen.fingerprint)) return { ...chosen, cursor };
  for (const candidate of sourceCandidates(doc, core.keyPath, narrow !== undefined)) {
    if (unitOf(candidate) !== state.unit) continue;
    const source = narrow ? narrowSource(candidate, narrow) : candidate;
    const fingerprint = await fingerprintOf(source);
    if (!same(source, fingerprint)) continue;
    // Text, and a narrowed source (as sourceFor pages it), need no probe of the frame.
    if (source.kind === "text" || narrow) return { source, fingerprint, cursor };
    const probe = await callFor(core, scope, state.unit, undefined, false, false, source);
    if (frameFits(probe, source)) return { source, fingerprint, cursor };
    if (state.offset >= source.total) break;
    const text: Source = { kind: "text", view: wholeView(doc.text) };
    const textFingerprint = await fingerprintOf(text);
    const at = source.shape.container.start(state.offset) + state.part;
    return {
      source: text,
      fingerprint: textFingerprint,
      cursor: {
        ...cursor,
        state: { ...state, unit: "characters", offset: at, part: 0, fingerprint: textFingerprint },
      },
    };
  }
  return { ...chosen, cursor };
}

function handleOf(cursor: OpenedCursor | undefined): OpenCursorHandle | undefined {
  if (!cursor) return undefined;
  const handle: OpenCursorHandle = Object.freeze({
    scope: cursor.scope,
    fingerprint: toHex(cursor.state.fingerprint),
  });
  opened.set(handle, cursor);
  return handle;
}

/**
 * The page of a prepared `source` at `cursor` (the first page without one;
 * with `asked.trim`, the first page without a cursor): the one operation
 * every way of paging comes down to, from a value in memory (`pageValue`,
 * which `createPager` calls) or from a window of it read back from a cache.
 */
export function pageSource(
  core: Core,
  source: Source,
  fingerprint: Uint8Array,
  cursor: string | OpenCursorHandle | undefined,
  scope: string,
  asked: Asked = {},
): Promise<Page> {
  return reporting(core, scope, async () => {
    const openedCursor = cursor === undefined ? undefined : await open(core, cursor, scope);
    return await pageFrom(core, source, fingerprint, openedCursor, scope, asked);
  });
}

async function pageFrom(
  core: Core,
  source: Source,
  fingerprint: Uint8Array,
  openedCursor: OpenedCursor | undefined,
  scope: string,
  asked: Asked,
): Promise<Page> {
  const trim = asked.trim === true;
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
  }, core.onChange);
  if (!openedCursor) {
    core.emit({
      type: "cut",
      scope,
      mode: trim ? "trim" : "page",
      total,
      unit: source.kind === "text" ? "characters" : source.unit,
    });
  }
  const call = await callFor(core, scope, unit, fingerprint, trim, at.changed, source, asked.hint);
  let page: Page;
  if (source.narrowing?.matched === 0) {
    page = source.kind === "text" ? noMatchingLines(call, source) : noMatchPage(call, source);
  } else {
    page = source.kind === "text"
      ? await textPage(call, source.view, at.offset)
      : await elementsPage(call, source, at.offset, at.part);
  }
  return served(core, scope, page);
}

function noMatchingLines(call: Call, source: Source & { kind: "text" }): Page {
  const text = `[${noMatchNote("lines", undefined, source.narrowing!, call.mode.hint)}]`;
  if (!call.meter.fits(text, call.meter.page)) throw noRoom(argumentNames(call.mode.hint));
  return {
    text,
    cut: true,
    kind: call.mode.trim ? "trimmed" : "text",
    from: 0,
    to: 0,
    total: 0,
    unit: "characters",
  };
}

/** How a value is asked to be paged, besides `Asked`. */
export interface ValueAsked extends Asked {
  /** The value is JSON text: page it from its source. */
  json?: boolean;
  /** Keep only what matches, or only some fields. */
  narrow?: Narrow;
}

/**
 * The page of `value` at `cursor`; with `trim`, the first page without a
 * cursor. A narrowed value binds its cursors to the narrowing as well.
 */
export async function pageValue(
  core: Core,
  value: unknown,
  cursor: string | OpenCursorHandle | undefined,
  plainScope: string,
  asked: ValueAsked = {},
): Promise<Page> {
  const { narrow } = asked;
  const trim = asked.trim === true;
  const scope = narrowedScope(plainScope, narrow);
  // A cursor that cannot be used is refused before the value is serialized.
  const opened = typeof cursor === "string" ? await openCursor(core, cursor, scope) : cursor;
  const doc = documentOf(value, asked.json === true, core.indent);
  if (!narrow && !opened && core.meter.fits(doc.text, core.meter.page)) {
    const unit = doc.json ? "items" : "characters";
    const total = doc.json ? 1 : doc.text.length;
    return served(core, scope, {
      text: doc.text,
      cut: false,
      kind: "whole",
      from: 1,
      to: total,
      total,
      unit,
    });
  }
  const source = await sourceFor(core, doc, scope, trim, narrow);
  if (trim) {
    return await pageSource(core, source, new Uint8Array(FINGERPRINT_BYTES), opened, scope, asked);
  }
  const chosen: Continued = { source, fingerprint: await fingerprintOf(source) };
  const known = opened && (await open(core, opened, scope));
  const continued = known ? await continuedSource(core, doc, chosen, known, scope, narrow) : chosen;
  const at = continued.cursor === known ? opened : handleOf(continued.cursor);
  return await pageSource(core, continued.source, continued.fingerprint, at, scope, asked);
}

/** Mixed content, block by block; see `Pager.pageBlocks`. */
export function pageBlocks<T>(
  core: Core,
  content: Block<T>[],
  cursor: string | OpenCursorHandle | undefined,
  scope: string,
  trim: boolean,
): Promise<BlockPage<T>> {
  return reporting(core, scope, async () => {
    const openedCursor = trim || cursor === undefined ? undefined : await open(core, cursor, scope);
    if (!openedCursor && blocksFit(core.meter, content)) {
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
    }, core.onChange);
    const call = await callFor(core, scope, "blocks", paged, trim, at.changed);
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
      limits: { ...core.limits },
    };
    if (core.client) event.client = { ...core.client };
    if (page.changed) event.changed = true;
    core.emit(event);
    return page;
  });
}
