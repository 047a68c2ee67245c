// Keeps the source of a cut result in a store, and reads back only what one
// page needs: the text around the cursor's position, or the elements from
// it, with the fields around the paged container. A page built from it is
// the page the uncached path builds.

import { toHex } from "../bytes/crypto.ts";
import type { CursorUnit } from "../cursor/codec.ts";
import type { Container } from "../json/scan.ts";
import type {
  ElementsSource,
  ElementUnit,
  Narrowing,
  Source,
  TextSource,
  TextView,
} from "../source/source.ts";
import type { CacheEvent } from "../paging/events.ts";
import { openResult, type ResultReader, writeResult } from "./stored_result.ts";
import type { PageStore } from "../stores/types.ts";
import type { Breaker } from "./breaker.ts";
import { estimate } from "../limits/measure.ts";
import { knownPrices } from "../cut/prices.ts";
import { element } from "../json/envelope.ts";

/** How a cache is used: see `CacheOptions` in the adapters. */
export interface Cache {
  store: PageStore;
  ttlSeconds: number;
  timeoutMs: number;
  waitUntil?: (promise: Promise<unknown>) => void;
  onEvent: (event: CacheEvent) => void;
  /** The store's breaker; none when switched off. */
  breaker?: Breaker;
}

const VERSION = 1;

/**
 * What a narrowed source was narrowed by. The positions of its elements in
 * the whole result follow the result's text in the store, `width` base-36
 * digits each from offset `at`: a page reads the few it shows.
 */
interface NarrowingMeta {
  grep?: string;
  fields?: string[];
  matched: number;
  whole: number;
  at?: number;
  width?: number;
}

interface TextMeta {
  v: number;
  kind: "text";
  fingerprint: string;
  extra: unknown;
  narrowing?: NarrowingMeta;
}

interface ElementsMeta {
  v: number;
  kind: "elements";
  fingerprint: string;
  extra: unknown;
  unit: ElementUnit;
  path: string[];
  name?: string;
  pageKey: string;
  rootIsArray: boolean;
  afterOpen: string;
  closeSpace: string;
  /** The result up to the container's opening bracket, and from its closing one. */
  before: string;
  after: string;
  /** Offset of the root object's `{` in `before`. */
  rootOpen: number;
  containerKind: "array" | "object";
  count: number;
  narrowing?: NarrowingMeta;
}

type Meta = TextMeta | ElementsMeta;

const hex = (bytes: Uint8Array) => toHex(bytes);

/**
 * Stores `source` (its fingerprint computed) under `key`, with `extra` (the
 * rest of the tool result) kept beside it. Never rejects; with `waitUntil`
 * the write is handed to it.
 */
export async function saveSource(
  cache: Cache,
  key: string,
  source: Source,
  fingerprint: Uint8Array,
  extra: unknown,
  priceAhead = false,
): Promise<void> {
  let meta: Meta;
  let text: string;
  let index: Uint32Array | undefined;
  if (source.kind === "text") {
    if (source.view.base !== 0 || source.view.text.length !== source.view.total) return;
    meta = { v: VERSION, kind: "text", fingerprint: hex(fingerprint), extra };
    text = source.view.text;
    if (source.narrowing) meta.narrowing = narrowingMeta(source.narrowing);
  } else {
    const { shape } = source;
    const { container } = shape;
    if (source.first !== 0 || container.count !== source.total) return;
    text = shape.text;
    index = new Uint32Array(container.count * 2);
    for (let i = 0; i < container.count; i++) {
      index[2 * i] = container.start(i);
      index[2 * i + 1] = container.end(i);
    }
    meta = {
      v: VERSION,
      kind: "elements",
      fingerprint: hex(fingerprint),
      extra,
      unit: source.unit,
      path: source.path,
      name: source.name,
      pageKey: shape.pageKey,
      rootIsArray: shape.rootIsArray,
      afterOpen: shape.afterOpen,
      closeSpace: shape.closeSpace,
      before: text.slice(0, container.open + 1),
      after: text.slice(container.close),
      rootOpen: shape.rootOpen,
      containerKind: container.kind,
      count: container.count,
    };
    if (source.narrowing) {
      const { narrowing } = source;
      const width = Math.max(1, (narrowing.whole - 1).toString(36).length);
      const digits: string[] = [];
      for (let i = 0; i < container.count; i++) {
        digits.push(narrowing.position!(i)!.toString(36).padStart(width, "0"));
      }
      meta.narrowing = { ...narrowingMeta(narrowing), at: text.length, width };
      text += digits.join("");
    }
  }
  const starts = new Uint32Array(index ? index.length / 2 : 0);
  for (let i = 0; i < starts.length; i++) starts[i] = index![2 * i];
  remember(key, { kind: meta.kind, from: 0, starts });
  // Too large for the store: not tried (and not failed) again on every page.
  const capacity = cache.store.limits.capacityBytes;
  if (capacity !== undefined && text.length > capacity) return;
  // A store whose breaker is open is not written to, nor the result encoded for it.
  if (cache.breaker?.blocked()) return;
  // One write of a result at a time in this isolate: a page asked for before
  // the first write lands runs the tool, but does not queue a second write.
  if (writing.has(key)) return;
  const outcome = writeResult(cache.store, key, { meta, text, index }, {
    ttlSeconds: cache.ttlSeconds,
    timeoutMs: cache.timeoutMs,
    waitUntil: cache.waitUntil === undefined ? undefined : (task) => {
      writing.set(key, task);
      task.finally(() => writing.delete(key)).catch(() => {});
      cache.waitUntil!(task);
    },
    onEvent: cache.onEvent,
    breaker: cache.breaker,
  });
  if (priceAhead && source.kind === "elements" && !source.narrowing) {
    priceInBackground(cache, key, source);
  }
  if (cache.waitUntil === undefined) {
    writing.set(key, outcome);
    outcome.finally(() => writing.delete(key));
    // The answer waits for the write at most one timeout (a write of many
    // batches can take several); a longer write goes on after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => timer = setTimeout(resolve, cache.timeoutMs));
    try {
      await Promise.race([outcome, bound]);
    } finally {
      clearTimeout(timer);
    }
  }
}

// Writes in flight in this isolate, by key.
const writing = new Map<string, Promise<unknown>>();

function narrowingMeta(narrowing: Narrowing): NarrowingMeta {
  const meta: NarrowingMeta = { matched: narrowing.matched, whole: narrowing.whole };
  if (narrowing.grep !== undefined) meta.grep = narrowing.grep;
  if (narrowing.fields !== undefined) meta.fields = [...narrowing.fields];
  return meta;
}

/** The narrowing of a window read back: positions known for the `count` elements from `first`. */
async function narrowingOf(
  reader: ResultReader,
  meta: NarrowingMeta | undefined,
  first: number,
  count: number,
): Promise<Narrowing | undefined | null> {
  if (!meta) return undefined;
  const narrowing: Narrowing = {
    grep: meta.grep,
    fields: meta.fields,
    matched: meta.matched,
    whole: meta.whole,
  };
  if (meta.at === undefined || meta.width === undefined) return narrowing;
  const { at, width } = meta;
  const digits = await reader.read(at + first * width, at + (first + count) * width);
  if (digits === undefined || digits.length !== count * width) return null;
  const positions: number[] = [];
  for (let i = 0; i < count; i++) {
    const position = parseInt(digits.slice(i * width, (i + 1) * width), 36);
    if (!(position >= 0 && position < meta.whole)) return null;
    positions.push(position);
  }
  narrowing.position = (i) => i >= first && i < first + count ? positions[i - first] : undefined;
  return narrowing;
}

/** What a cached page is built from. */
export interface Loaded {
  source: Source;
  fingerprint: Uint8Array;
  extra: unknown;
}

// Index entries (two per element) read at a time while looking for a page's elements.
const INDEX_BATCH = 1_024;
// Characters read before the first element, for the whitespace it starts with.
const LEAD = 1_024;
// Characters prefetched past a hinted window: results with one fingerprint
// can differ in the fields around the list (a `took_ms`), which shifts offsets.
const SLACK = 1_024;

/**
 * What this isolate knows of a stored result, by cache key: its kind and
 * where elements start (all of them from the write, or the window a read
 * saw). Only a hint for what to fetch with the record: a later page of a
 * list then costs one round trip, not two (the index, then the text). Every
 * read is still checked against the store, so a wrong hint costs a round
 * trip, never a wrong page.
 */
interface Hint {
  kind: "text" | "elements";
  /** Element at `starts[0]`. */
  from: number;
  /** Element start offsets into the stored text. */
  starts: Uint32Array;
  /**
   * The estimate of each element as it follows the one before it (aligned
   * with `starts`; NaN where unknown), priced when this isolate wrote the result.
   */
  prices?: Float64Array;
}

// Offsets' worth (4 bytes) a hint takes of the budget.
const size = (hint: Hint) => hint.starts.length + 2 * (hint.prices?.length ?? 0);

/**
 * Prices every element of a result just kept, as a page prices an element
 * that follows another (`element(shape, i, false)`), so that a later page
 * served from this isolate estimates only its first element and the whole
 * page, not each element again. It runs after the page that kept the result
 * has gone out, a slice at a time with the event loop let go between slices
 * (a page asked for meanwhile waits one slice at most), and is handed to
 * `waitUntil` where there is one. Until an element is priced, a page
 * estimates it itself. A result whose offsets the hints do not keep is not
 * priced.
 */
function priceInBackground(cache: Cache, key: string, source: ElementsSource): void {
  const hint = hints.get(key);
  const { shape } = source;
  const count = shape.container.count;
  if (hint === undefined || hint.from !== 0 || hint.starts.length !== count || count < 2) return;
  if (hinted + 2 * count > HINT_BUDGET) return;
  const prices = new Float64Array(count).fill(NaN);
  hint.prices = prices;
  hinted += 2 * count;
  const task = (async () => {
    for (let i = 1; i < count;) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Forgotten meanwhile (evicted, or another result under the key): stop.
      if (hints.get(key) !== hint) return;
      // Slices by length, not by the clock: a Worker's clock stands still
      // while it computes.
      for (let chars = 0; i < count && chars < SLICE_CHARS; i++) {
        const text = element(shape, i, false);
        prices[i] = estimate(text);
        chars += text.length;
      }
    }
  })().catch(() => {
    // Prices only save work: without them a page estimates its elements.
    if (hints.get(key) === hint) hint.prices?.fill(NaN);
  });
  cache.waitUntil?.(task);
}

// About 2 ms of estimating: what a page asked for while pricing may wait.
const SLICE_CHARS = 64 * 1024;

const hints = new Map<string, Hint>();
// Offsets kept over all hints (4 bytes each): 4 MiB.
const HINT_BUDGET = 1 << 20;
let hinted = 0;

function remember(key: string, hint: Hint): void {
  forget(key);
  if (size(hint) > HINT_BUDGET) hint = { ...hint, starts: new Uint32Array(0), prices: undefined };
  for (const [old] of hints) {
    if (hinted + size(hint) <= HINT_BUDGET && hints.size < 10_000) break;
    forget(old);
  }
  hints.set(key, hint);
  hinted += size(hint);
}

function forget(key: string): void {
  const hint = hints.get(key);
  if (hint === undefined) return;
  hints.delete(key);
  hinted -= size(hint);
}

function recall(key: string): Hint | undefined {
  const hint = hints.get(key);
  if (hint !== undefined) {
    // Most recently used last.
    hints.delete(key);
    hints.set(key, hint);
  }
  return hint;
}

/** What to fetch with the record for the page at `offset`. */
function prefetchFor(
  hint: Hint | undefined,
  unit: CursorUnit,
  offset: number,
  part: number,
  span: number,
): { text?: [number, number]; index?: [number, number] } {
  if (hint?.kind === "text") return { text: [Math.max(0, offset - 1), offset + span] };
  if (hint === undefined || hint.kind !== "elements") {
    // No hint: the cursor's unit says whether a text window or the index is wanted.
    return unit === "characters"
      ? { text: [Math.max(0, offset - 1), offset + span] }
      : { index: [2 * offset, 2 * (offset + INDEX_BATCH)] };
  }
  const i = offset - hint.from;
  if (i < 0 || i >= hint.starts.length) return { index: [2 * offset, 2 * (offset + INDEX_BATCH)] };
  // The elements that start within one page of text from the cursor's, and one more.
  const head = hint.starts[i];
  let n = i + 1;
  while (n < hint.starts.length && hint.starts[n] <= head + span + SLACK) n++;
  const elements = n - i + 1;
  const end = part > 0 ? head + part + span : head + span;
  if (part > 4 * span) return { index: [2 * offset, 2 * (offset + elements)] };
  return {
    text: [Math.max(0, head - LEAD - SLACK), end + SLACK],
    index: [2 * offset, 2 * (offset + elements)],
  };
}

/**
 * The part of the result stored under `key` that the page at `offset`
 * (`part` characters into it) needs, or undefined on a miss: absent,
 * expired, a store error or timeout, or a record of another fingerprint.
 */
export async function loadSource(
  cache: Cache,
  key: string,
  fingerprint: Uint8Array,
  unit: CursorUnit,
  offset: number,
  part: number,
  maxChars: number,
): Promise<Loaded | undefined> {
  // A page shows at most maxChars characters, and a cut looks one code point
  // past its end and one before its start.
  const span = Math.min(maxChars, 1 << 26) + 4;
  // The store's breaker is open: a miss at once.
  if (cache.breaker?.blocked()) return undefined;
  const hint = recall(key);
  const prefetch = prefetchFor(hint, unit, offset, part, span);
  const reader = await openResult(cache.store, key, {
    timeoutMs: cache.timeoutMs,
    onEvent: cache.onEvent,
    breaker: cache.breaker,
    prefetch,
  });
  const meta = reader?.meta as Meta | undefined;
  if (!reader || meta?.v !== VERSION || meta.fingerprint !== hex(fingerprint)) return undefined;
  if (hint?.kind !== meta.kind) {
    remember(key, { kind: meta.kind, from: offset, starts: new Uint32Array(0) });
  }
  const source = meta.kind === "text"
    ? await textWindow(reader, offset, span, meta.narrowing)
    : await elementsWindow(reader, meta, offset, part, span, key, prefetch.index);
  return source && { source, fingerprint, extra: meta.extra };
}

async function textWindow(
  reader: ResultReader,
  offset: number,
  span: number,
  narrowed: NarrowingMeta | undefined,
): Promise<TextSource | undefined> {
  const base = Math.max(0, offset - 1);
  const text = await reader.read(base, offset + span);
  if (text === undefined) return undefined;
  const source: TextSource = { kind: "text", view: { text, base, total: reader.length } };
  const narrowing = await narrowingOf(reader, narrowed, 0, 0);
  if (narrowing === null) return undefined;
  if (narrowing) source.narrowing = narrowing;
  return source;
}

async function elementsWindow(
  reader: ResultReader,
  meta: ElementsMeta,
  offset: number,
  part: number,
  span: number,
  key: string,
  prefetched: [number, number] | undefined,
): Promise<ElementsSource | undefined> {
  if (offset >= meta.count) return undefined;
  // Element offsets from `offset` on, until they pass one page of text; the
  // first batch is what came with the record.
  const starts: number[] = [];
  const ends: number[] = [];
  let from = offset;
  let limit = Infinity;
  let batchSize = prefetched ? Math.max(1, (prefetched[1] - prefetched[0]) / 2) : INDEX_BATCH;
  while (from < meta.count && (starts.length === 0 || ends.at(-1)! <= limit)) {
    const batch = await reader.readIndex(2 * from, 2 * (from + batchSize));
    batchSize = INDEX_BATCH;
    if (!batch || batch.length === 0) return undefined;
    for (let j = 0; j + 1 < batch.length; j += 2) {
      starts.push(batch[j]);
      ends.push(batch[j + 1]);
    }
    if (limit === Infinity) limit = starts[0] + span;
    from += batch.length / 2;
  }
  // Keep what this read saw unless the hint already holds it (a hint from
  // another result under this key, in another store, is replaced).
  const known = hints.get(key);
  const priced = known?.prices;
  const at = known ? offset - known.from : -1;
  if (
    !known || at < 0 || at + starts.length > known.starts.length || known.starts[at] !== starts[0]
  ) {
    remember(key, { kind: "elements", from: offset, starts: Uint32Array.from(starts) });
  }
  // The whitespace before the first element belongs to it on a page.
  const head = starts[0];
  let kept = 0;
  while (kept < starts.length && ends[kept] <= head + span) kept++;
  const windowEnd = kept > 0 ? ends[kept - 1] : head;
  const lead = Math.min(LEAD, head);
  const text = await reader.read(head - lead, windowEnd);
  if (text === undefined) return undefined;
  let ws = 0;
  while (ws < lead && /[ \t\n\r]/.test(text[lead - ws - 1])) ws++;
  const windowText = text.slice(lead - ws);
  const doc = meta.before + windowText + meta.after;
  const shift = meta.before.length - (head - ws);
  const container: Container = {
    kind: meta.containerKind,
    path: meta.path,
    open: meta.before.length - 1,
    close: meta.before.length + windowText.length,
    count: kept,
    start: (i) => starts[i] + shift,
    end: (i) => ends[i] + shift,
  };
  // The prices this isolate computed when it wrote the result, for elements
  // at the very offsets it wrote them at (a result another isolate wrote
  // under this key, with other fields around the list, is priced again).
  const at0 = known ? offset - known.from : -1;
  if (
    priced !== undefined && at0 >= 0 && at0 + kept <= known!.starts.length &&
    starts.slice(0, kept).every((s, j) => known!.starts[at0 + j] === s)
  ) {
    knownPrices.set(container, (i) => {
      const price = i > 0 && i < kept ? priced[at0 + i] : NaN;
      return Number.isNaN(price) ? undefined : price;
    });
  }
  // The element at the cursor, or the stretch of it a part page needs.
  let element: TextView;
  if (kept > 0) {
    element = {
      text: doc.slice(container.start(0), container.end(0)),
      base: 0,
      total: ends[0] - starts[0],
    };
  } else {
    const length = ends[0] - starts[0];
    const base = Math.max(0, part - 1);
    const stretch = await reader.read(starts[0] + base, Math.min(ends[0], starts[0] + part + span));
    if (stretch === undefined) return undefined;
    element = { text: stretch, base, total: length };
  }
  const narrowing = await narrowingOf(reader, meta.narrowing, offset, Math.max(1, kept));
  if (narrowing === null) return undefined;
  return {
    ...(narrowing ? { narrowing } : {}),
    kind: "elements",
    unit: meta.unit,
    first: offset,
    total: meta.count,
    element: (i) => {
      if (i !== offset) throw new RangeError(`pagewise: element ${i} is not in the cached window`);
      return element;
    },
    shape: {
      text: doc,
      container,
      rootIsArray: meta.rootIsArray,
      rootOpen: meta.rootOpen,
      pageKey: meta.pageKey,
      afterOpen: meta.afterOpen,
      closeSpace: meta.closeSpace,
    },
    path: meta.path,
    name: meta.name,
  };
}
