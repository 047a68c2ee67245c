/**
 * Pages one tool result: a `CallToolResult` (or any value a tool returns)
 * in, the `CallToolResult` of one page out, sized for the client that asked.
 *
 * @module
 */

import type { Cache } from "../cache/cache.ts";
import type { CacheOptions } from "../cache/cache_options.ts";
// Only types of the cache engine: it comes with the cache's store (engineOf),
// so that a pager without a cache bundles none of it.
import type { CacheEngine } from "../cache/engine.ts";
import type { Owner } from "../cache/serve.ts";
import { engineOf } from "../cache/_engine_of.ts";
import { CursorError } from "../cursor/cursor_error.ts";
import type { NarrowArguments } from "../cut/notes.ts";
import type { Page } from "../cut/page.ts";
import { type Narrow, narrowBlocks, narrowedScope, parseNarrow } from "../narrow/narrow.ts";
import { NarrowingError } from "../narrow/narrowing_error.ts";
import { serializeValue } from "../json/serialize.ts";
import {
  ceilingOf,
  type ClientLimits,
  type ClientTable,
  MAX_CLIENT_NAME_LENGTH,
} from "../limits/client_limits.ts";
import type { Limits } from "../limits/limits.ts";
import {
  type ClientLabel,
  type Core,
  coreBeside,
  coreFor,
  coreWithLimits,
  createCore,
  cursorState,
  openCursor,
  pageBlocks,
  pageSource,
  pageValue,
  prepareSource,
} from "../paging/core.ts";
import {
  checkCallOptions,
  checkKeys,
  CONTROL_CHARACTERS,
  LIMIT_KEYS,
  NARROWING_KEYS,
  PAGER_KEYS,
  resolveClientLimits,
  resolveLimits,
  resolveNarrowArguments,
} from "../paging/options.ts";
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

/** Options of {@linkcode createResultPager}: the core's, a cache, narrowing and clients. */
export interface ResultPagerOptions extends PagerOptions {
  /** Keep results after their first page, so that later pages do not run the tool again. */
  cache?: CacheOptions;
  /**
   * The two arguments that let the model narrow a result instead of reading
   * every page: `grep` (keep the items or lines that contain a text) and
   * `fields` (keep only those fields of each item). On by default; `false`
   * ignores any narrowing asked for (and `paginate` adds neither argument);
   * `{ grep: "filter", fields: false }` renames one and leaves the other out.
   * With `paginate`, a tool that has an argument of that name keeps its own.
   */
  narrow?: boolean | { grep?: string | false; fields?: string | false };
  /**
   * Size each page for the client that asked (`client` of each call): on by
   * default, with the built-in table of clients and their limits (see
   * {@linkcode clients} and docs/clients.md). The limits set here are a
   * ceiling for every client, and a known client's own limits apply too
   * where they are tighter; an unknown client gets these limits (or the
   * defaults). `false`: every client gets these limits. `{ names }` maps more
   * client names to limits (`{ names: { "my-agent": clients.codex } }`);
   * `{ names, replace: true }` uses only those.
   */
  clientLimits?: boolean | ClientLimits;
}

const PAGE_RESULT_KEYS = ["cursor", "scope", "mode", "client", ...NARROWING_KEYS] as const;
const RUN_KEYS = [...PAGE_RESULT_KEYS, "identity", "cache"] as const;

/** The option names of {@linkcode createResultPager}. */
export const RESULT_PAGER_KEYS = [...PAGER_KEYS, "cache", "narrow", "clientLimits"] as const;

/** What a tool call asks to narrow its result by, as the model gave it. */
export interface NarrowingAsked {
  /** Keep only what contains this (see {@linkcode PageOptions.grep}); part of what cursors are bound to. */
  grep?: string;
  /** Keep only these fields of each item (see {@linkcode PageOptions.fields}). */
  fields?: string[];
}

/** Options of {@linkcode ResultPager.run}. */
export interface RunOptions extends NarrowingAsked {
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
  /** The names of the tool's narrowing arguments, for the first page's note. */
  narrowable?: NarrowArguments;
  /**
   * The name the calling client gave (`clientInfo.name`): its page is sized
   * for it (see `clientLimits`). Absent: these options' limits.
   */
  client?: string;
}

/** Options of {@linkcode ResultPager.page}. */
export interface PageResultOptions extends NarrowingAsked {
  /** The cursor argument of this call (or the one {@linkcode ResultPager.open} opened). */
  cursor?: string | OpenCursor;
  /** What cursors are bound to: see {@linkcode toolScope}. */
  scope?: string;
  /** `"page"` (default) or `"trim"`: one page without a cursor. */
  mode?: "page" | "trim";
  /** The names of the tool's narrowing arguments, for the first page's note. */
  narrowable?: NarrowArguments;
  /** The name the calling client gave (`clientInfo.name`); see {@linkcode RunOptions.client}. */
  client?: string;
}

/** Pages tool results; see {@linkcode createResultPager}. */
export interface ResultPager {
  /** The core pager (with these options' limits), for values that are not tool results. */
  readonly pager: Pager;
  /**
   * Checks a call's cursor before the tool runs. Returns the opened cursor to
   * pass to `page`, or the `isError` result to answer instead of running the
   * tool (a malformed, foreign, badly signed or expired cursor). A cursor of
   * a narrowed walk opens with the same `narrowing`.
   */
  open(
    cursor: string,
    scope: string,
    narrowing?: NarrowingAsked & { narrowable?: NarrowArguments },
  ): Promise<{ cursor: OpenCursor } | { error: ToolResult }>;
  /** The `CallToolResult` for this call of a tool that returned `resultOrValue`. */
  page(resultOrValue: unknown, options?: PageResultOptions): Promise<ToolResult>;
  /**
   * The `CallToolResult` for one call: checks the cursor first (a bad one is
   * answered without running the tool), serves the page from the cache when
   * it has the result, and otherwise runs `tool` and pages what it returns
   * (keeping it in the cache when it was cut).
   */
  run(tool: () => unknown, options?: RunOptions): Promise<ToolResult>;
  /** The limits a page for `client` (its `clientInfo.name`) gets. */
  limitsFor(client?: string): Readonly<Required<Limits>>;
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
 * - a bad cursor gives an `isError` result with advice, not an exception;
 * - each page is sized for the client named by `client` (see `clientLimits`).
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
 * // A page for Codex holds at most its 10,000 tokens:
 * const many = Array.from({ length: 20_000 }, (_, i) => ({ id: i }));
 * const forCodex = await createResultPager().page(many, { client: "codex-mcp-client" });
 * assertEquals(JSON.parse(String(forCodex.content?.[0].text)).page.total, 20_000);
 * ```
 */
export function createResultPager(options: ResultPagerOptions = {}): ResultPager {
  if (options === null || typeof options !== "object") {
    throw new TypeError("pagewise: createResultPager takes an options object (or nothing).");
  }
  checkKeys("createResultPager", options, RESULT_PAGER_KEYS);
  const { cache, narrow, clientLimits, ...pagerOptions } = options;
  const core = createCore(pagerOptions);
  const engine = engineOf(cache);
  const shared: Shared = {
    main: pagingOf(core),
    author: authorLimits(pagerOptions),
    clients: resolveClientLimits(clientLimits),
    cache: engine && cacheOf(engine, engine.resolve(cache, core.emit, pagerOptions.secret)),
    names: resolveNarrowArguments(narrow, core.cursorParam),
    // How values are written: servers that write them differently share no entry.
    layout: JSON.stringify(pagerOptions.indent ?? ""),
    sized: new Map(),
  };
  return {
    pager: shared.main.pager,
    // async: a bad option rejects, as the promise each returns says, never throws.
    open: async (cursor, scope, narrowing) => {
      checkCallOptions("results.open", narrowing, NARROWING_KEYS, core.cursorParam);
      return await openCall(shared, cursor, scope, narrowing);
    },
    page: async (resultOrValue, pageOptions = {}) => {
      checkCallOptions("results.page", pageOptions, PAGE_RESULT_KEYS, core.cursorParam);
      return await answered(async () =>
        await pageCall(shared, callOf(shared, pageOptions), resultOrValue, pageOptions)
      );
    },
    run: async (tool, runOptions = {}) => {
      checkCallOptions("results.run", runOptions, RUN_KEYS, core.cursorParam);
      return await answered(() => runCall(shared, tool, runOptions));
    },
    limitsFor: (client) => Object.freeze({ ...pagingFor(shared, client).paging.core.limits }),
  };
}

/** What every call of one result pager shares, made once from its options. */
interface Shared {
  /** The paging with the limits of the options (the defaults where they set none). */
  main: Paging;
  /** The limits the options set: a ceiling for every client. */
  author: Limits;
  /** Client names and their limits; undefined when every client is paged alike. */
  clients: ClientTable | undefined;
  /** The cache and the engine its store carries; undefined without a cache. */
  cache: Cached | undefined;
  /** The narrowing arguments' names (`narrow`); undefined when narrowing is off. */
  names: NarrowArguments | undefined;
  layout: string;
  /** A paging for each preset a client matched, made the first time one asks. */
  sized: Map<string, Paging>;
}

/** A cache as its engine made it, and the engine that reads and keeps results with it. */
interface Cached {
  cache: Cache;
  engine: CacheEngine;
}

function cacheOf(engine: CacheEngine, cache: Cache | undefined): Cached | undefined {
  return cache && { cache, engine };
}

/**
 * A core and its pager for one set of limits, and the cores with room left
 * beside a text kept before each page (a result's own text, when its
 * structured content is what gets paged), by that text.
 */
interface Paging {
  core: Core;
  pager: Pager;
  beside: Map<string, Paging | null>;
}

/** One call: the paging for its client, its core (its events name the client) and narrowing. */
interface Call {
  paging: Paging;
  core: Core;
  narrow: Narrow | undefined;
  /**
   * The narrowing arguments the notes name: the call's `narrowable`; for a
   * call that was narrowed without it, the names its narrowing was read by
   * (the pager's), so that a note never names an argument the call did not
   * use. Undefined: the notes offer no narrowing.
   */
  hint: NarrowArguments | undefined;
}

function pagingOf(core: Core): Paging {
  return { core, pager: pagerOf(core), beside: new Map() };
}

function authorLimits(options: Limits): Limits {
  const limits: Limits = {};
  for (const name of LIMIT_KEYS) if (options[name] !== undefined) limits[name] = options[name];
  return limits;
}

/** The paging for `client`'s pages, and how its events name it. */
function pagingFor(shared: Shared, client: string | undefined): {
  paging: Paging;
  label?: ClientLabel;
} {
  if (typeof client !== "string" || client === "") return { paging: shared.main };
  // As the client gave it, for logs: cut, and without control characters (a
  // name with a line break must not write a line of a log of its own, nor a
  // bidirectional override show it reordered).
  const name =
    (client.length > MAX_CLIENT_NAME_LENGTH
      ? `${client.slice(0, MAX_CLIENT_NAME_LENGTH)}…`
      : client).replace(CONTROL_CHARACTERS, "\uFFFD");
  const match = shared.clients?.match(client);
  if (!match) return { paging: shared.main, label: { name } };
  let paging = shared.sized.get(match.preset);
  if (!paging) {
    const limits = resolveLimits(ceilingOf(shared.author, match.limits));
    paging = pagingOf(coreWithLimits(shared.main.core, limits));
    shared.sized.set(match.preset, paging);
  }
  return { paging, label: { name, preset: match.preset } };
}

function callOf(shared: Shared, asked: PageResultOptions | RunOptions): Call {
  const { paging, label } = pagingFor(shared, asked.client);
  if (!shared.names) {
    return { paging, core: coreFor(paging.core, label), narrow: undefined, hint: undefined };
  }
  const names = asked.narrowable ?? shared.names;
  const narrow = parseNarrow(asked, names);
  const hint = asked.narrowable ?? (narrow ? names : undefined);
  return { paging, core: coreFor(paging.core, label), narrow, hint };
}

/** The paging with room beside `keep`, or undefined when there is none. */
function pagingBeside(paging: Paging, keep: string | undefined): Paging | undefined {
  if (keep === undefined) return paging;
  let found = paging.beside.get(keep);
  if (found === undefined) {
    const room = coreBeside(paging.core, keep);
    found = room ? pagingOf(room) : null;
    if (paging.beside.size > 64) paging.beside.clear();
    paging.beside.set(keep, found);
  }
  return found ?? undefined;
}

async function openCall(
  shared: Shared,
  cursor: string,
  scope: string,
  narrowing: NarrowingAsked & { narrowable?: NarrowArguments } = {},
): Promise<{ cursor: OpenCursor } | { error: ToolResult }> {
  try {
    const asked = shared.names
      ? { ...narrowing, narrowable: narrowing.narrowable ?? shared.names }
      : {};
    return { cursor: await shared.main.pager.openCursor(cursor, scope, asked) };
  } catch (error) {
    if (error instanceof CursorError) return { error: cursorErrorResult(error) };
    if (error instanceof NarrowingError) return { error: narrowingErrorResult(error) };
    throw error;
  }
}

async function runCall(
  shared: Shared,
  tool: () => unknown,
  options: RunOptions,
): Promise<ToolResult> {
  // A narrowing that cannot be used is answered before the tool runs.
  const call = callOf(shared, options);
  const plainScope = options.scope ?? "";
  const scope = narrowedScope(plainScope, call.narrow);
  const identity = options.identity ?? "";
  const mode = options.mode ?? "page";
  let cursor: OpenCursor | undefined;
  if (options.cursor !== undefined && mode === "page") {
    cursor = await openCursor(call.core, options.cursor, scope);
    if (shared.cache && options.cache !== false) {
      const served = await shared.cache.engine.serve(
        shared.cache.cache,
        { identity, scope, layout: shared.layout },
        cursorState(cursor),
        cursor,
        call.core.limits.maxChars,
        (extra) => {
          const beside = pagingBeside(call.paging, (extra as Extra).keep);
          return beside && coreFor(beside.core, call.core.client);
        },
        { hint: call.hint },
      );
      if (served) return fromExtra(call, served.extra, served.page);
    }
  }
  const owner = options.cache === false ? undefined : { identity };
  return await pageCall(
    shared,
    call,
    await tool(),
    { cursor, scope: plainScope, mode, narrowable: options.narrowable },
    owner,
  );
}

async function pageCall(
  shared: Shared,
  call: Call,
  resultOrValue: unknown,
  options: PageResultOptions,
  owner?: Omit<Owner, "scope" | "layout">,
): Promise<ToolResult> {
  if (!isToolResult(resultOrValue)) {
    // A plain value is what the tool would have sent as JSON text.
    const target: Target = { value: resultOrValue, json: false, structured: false };
    return await pageTarget(shared, call, { content: [] }, target, options, owner);
  }
  const result = resultOrValue;
  if (!isTextOnly(result)) return await pageMixed(call, result, options);
  const narrowed = call.narrow !== undefined && result.isError !== true;
  const target = targetOf(call.paging.pager, result, options.cursor !== undefined || narrowed);
  if (!target) return result;
  return await pageTarget(shared, call, result, target, options, owner);
}

async function pageTarget(
  shared: Shared,
  call: Call,
  result: ToolResult,
  target: Target,
  options: PageResultOptions,
  owner?: Omit<Owner, "scope" | "layout">,
): Promise<ToolResult> {
  const beside = pagingBeside(call.paging, target.keep);
  if (!beside) target = { ...target, keep: undefined };
  const paging = beside ?? call.paging;
  const core = coreFor(paging.core, call.core.client);
  const { cursor } = options;
  const plainScope = options.scope ?? "";
  // An error is shown as the tool wrote it: narrowing it could hide what went wrong.
  const narrow = result.isError === true ? undefined : call.narrow;
  const scope = narrowedScope(plainScope, narrow);
  const hint = call.hint;
  const asked = { json: target.json, narrow, hint };
  if (options.mode === "trim" || result.isError === true) {
    const shown = await pageValue(core, target.value, undefined, plainScope, {
      ...asked,
      trim: true,
    });
    return shown.cut
      ? pageResult(paging.pager, result, shown, target)
      : wholeResult(result, shown.text);
  }
  const opened = typeof cursor === "string" ? await openCursor(core, cursor, scope) : cursor;
  const prepared = await prepareSource(core, target.value, target.json, narrow, opened);
  if ("whole" in prepared && opened === undefined) return wholeResult(result, prepared.whole);
  if ("whole" in prepared) {
    // A cursor into a result that now fits one page: the value tells what it points to.
    const shown = await pageValue(core, target.value, opened, plainScope, asked);
    return pageResult(paging.pager, result, shown, target);
  }
  const shown = await pageSource(
    core,
    prepared.source,
    prepared.fingerprint,
    prepared.cursor ?? opened,
    scope,
    { hint },
  );
  if (shared.cache && owner && shown.cut) {
    await shared.cache.engine.keep(
      shared.cache.cache,
      { ...owner, scope, layout: shared.layout },
      prepared.source,
      prepared.fingerprint,
      extraOf(result, target),
      core.countTokens === undefined,
    );
  }
  return pageResult(paging.pager, result, shown, target);
}

// A result within every limit: as the tool returned it, or a plain value as its JSON text.
function wholeResult(result: ToolResult, text: string): ToolResult {
  return result.content?.length ? result : { ...result, content: [{ type: "text", text }] };
}

// Content with images, audio or resources: paged block by block, never cached.
async function pageMixed(
  call: Call,
  result: ToolResult,
  options: PageResultOptions,
): Promise<ToolResult> {
  const { pager } = call.paging;
  const trim = options.mode === "trim" || result.isError === true;
  const narrow = result.isError === true ? undefined : call.narrow;
  const scope = narrowedScope(options.scope ?? "", narrow);
  // Structured content within the limits stays on every page; over them, its
  // JSON is paged as one more text block, so that none of it is lost.
  const fits = structuredFits(pager, result);
  let blocks = blocksOf(result);
  if (!fits) blocks.push({ text: serializeValue(result.structuredContent) });
  if (narrow) blocks = narrowBlocks(blocks, narrow);
  const shown = await pageBlocks(call.core, blocks, options.cursor, scope, trim);
  if (!shown.cut && options.cursor === undefined && fits && !narrow) return result;
  const out: ToolResult = {
    ...result,
    content: shown.blocks.map((b) => ("text" in b ? { type: "text", text: b.text } : b.whole)),
  };
  if (!fits) delete out.structuredContent;
  return out;
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

function fromExtra(call: Call, extra: unknown, shown: Page): ToolResult {
  const { result, structured, keep } = extra as Extra;
  // content first, as tools write it: the page is the uncached page, key order included.
  const original: ToolResult = { content: [], ...result };
  return pageResult(call.paging.pager, original, shown, {
    value: undefined,
    json: false,
    structured,
    keep,
  });
}

function narrowingErrorResult(error: NarrowingError): ToolResult {
  return { content: [{ type: "text", text: error.message }], isError: true };
}

/** A refused cursor or narrowing is a result the model can act on, not an exception. */
async function answered(work: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CursorError) return cursorErrorResult(error);
    if (error instanceof NarrowingError) return narrowingErrorResult(error);
    throw error;
  }
}
