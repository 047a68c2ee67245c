// Reads back the part of a stored result one page needs: the text around
// the cursor's position, or the elements from it with the fields around the
// paged container, as a source the page is built from. A page built from it
// is the page the uncached path builds.

import { toHex } from "../bytes/crypto.ts";
import type { CursorUnit } from "../cursor/codec.ts";
import type { PricedContainer } from "../cut/prices.ts";
import type { ElementsSource, Narrowing, Source, TextSource, TextView } from "../source/source.ts";
import type { CacheCheck } from "../paging/events.ts";
import type { Cache } from "./cache.ts";
import type { Hint } from "./_memory.ts";
import type { ElementsMeta, Meta, NarrowingMeta } from "./_meta.ts";
import { META_VERSION } from "./_meta.ts";
import { noteAbsent } from "./_store_per_request.ts";
import { openResult, type ResultReader } from "./stored_result.ts";

/** What a cached page is built from. */
export interface Loaded {
  source: Source;
  fingerprint: Uint8Array;
  extra: unknown;
  /** The storage key, as events name the result. */
  key: string;
}

// Index entries (two per element) read at a time while looking for a page's elements.
const INDEX_BATCH = 1_024;
// Characters read before the first element, for the whitespace it starts with.
const LEAD = 1_024;
// Characters prefetched past a hinted window: results with one fingerprint
// can differ in the fields around the list (a `took_ms`), which shifts offsets.
const SLACK = 1_024;

// Base-36 digits of a position: 36^11 passes 2^53.
const MAX_POSITION_DIGITS = 11;

/**
 * The narrowing of a window read back: `{}` for a source not narrowed, else
 * `{ narrowing }` with positions known for the `count` elements from `first`;
 * `"unusable"` when the stored positions do not hold together (a lie), and
 * undefined when they could not be read (a miss the reader has reported).
 */
async function narrowingOf(
  reader: ResultReader,
  meta: NarrowingMeta | undefined,
  first: number,
  count: number,
): Promise<{ narrowing?: Narrowing } | "unusable" | undefined> {
  if (!meta) return {};
  if (meta.at !== undefined && !(meta.width! >= 1 && meta.width! <= MAX_POSITION_DIGITS)) {
    return "unusable";
  }
  const narrowing: Narrowing = {
    grep: meta.grep,
    fields: meta.fields,
    matched: meta.matched,
    whole: meta.whole,
  };
  if (meta.keys !== undefined) narrowing.keys = keysOf(meta.keys);
  if (meta.at === undefined || meta.width === undefined) return { narrowing };
  const { at, width } = meta;
  const digits = await reader.read(at + first * width, at + (first + count) * width);
  if (digits === undefined) return undefined;
  if (digits.length !== count * width) return "unusable";
  const positions: number[] = [];
  for (let i = 0; i < count; i++) {
    const position = parseInt(digits.slice(i * width, (i + 1) * width), 36);
    // In the whole result, in order: the matches of a narrowing are.
    if (!(position >= 0 && position < meta.whole && position > (positions.at(-1) ?? -1))) {
      return "unusable";
    }
    positions.push(position);
  }
  narrowing.position = (i) => i >= first && i < first + count ? positions[i - first] : undefined;
  return { narrowing };
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
 * expired, a store error or timeout, a value that fails its check, or values
 * that do not hold together (each reported through the cache's `onEvent`).
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
  const { hints } = cache.memory;
  const hint = hints.recall(key);
  const prefetch = prefetchFor(hint, unit, offset, part, span);
  let absent: string | undefined;
  const reader = await openResult(cache.store, key, {
    timeoutMs: cache.timeoutMs,
    onEvent: (event) => {
      if (event.type === "cache_miss" && event.reason === "absent") absent = event.key;
      cache.onEvent(event);
    },
    breaker: cache.breaker,
    seal: cache.seal,
    checked: cache.memory.checked,
    prefetch,
  });
  if (!reader) {
    if (absent !== undefined) {
      noteAbsent(cache, absent);
      // Stored by this isolate and gone before its time: the store drops
      // what it is given, which costs a write a page. Counted as a lie, so
      // that such a store is left alone as one that fails is.
      if (cache.memory.kept.lost(absent)) cache.breaker?.lied();
    }
    return undefined;
  }
  const unusable = (check: CacheCheck): undefined => {
    cache.onEvent({ type: "cache_miss", key: reader.key, reason: "unusable", check });
    return undefined;
  };
  const meta = reader.meta as Meta | undefined;
  if (meta?.v !== META_VERSION) {
    cache.onEvent({ type: "cache_miss", key: reader.key, reason: "invalid" });
    return undefined;
  }
  // Its record passed its check, but it is not the result the cursor pages
  // (a record written by someone without the secret to check against).
  if (meta.fingerprint !== toHex(fingerprint) || !wellFormed(meta, reader)) {
    return unusable("record");
  }
  if (hint?.kind !== meta.kind) {
    hints.remember(key, { kind: meta.kind, from: offset, starts: new Uint32Array(0) });
  }
  let window: Window<Source>;
  if (meta.kind === "text") {
    window = await textWindow(reader, offset, span, meta.narrowing);
  } else {
    window = await elementsWindow(
      reader,
      meta,
      offset,
      part,
      span,
      hints.peek(key),
      prefetch.index,
    );
  }
  if (window === "unusable") return unusable("window");
  if (window === undefined) return undefined;
  if (window.seen) hints.remember(key, window.seen);
  return { source: window.source, fingerprint, extra: meta.extra, key: reader.key };
}

/**
 * A window read back, with what it saw of where elements start (to remember);
 * undefined when a read missed (reported by the reader); `unusable` when the
 * values read do not hold together.
 */
type Window<S extends Source> = { source: S; seen?: Hint } | undefined | "unusable";

/** Whether the meta's fields have the types and ranges its writer gives them. */
function wellFormed(meta: Meta, reader: ResultReader): boolean {
  const narrowing = meta.narrowing;
  if (
    narrowing !== undefined &&
    !(Number.isSafeInteger(narrowing.whole) && narrowing.matched >= 0 &&
      narrowing.matched <= narrowing.whole &&
      (narrowing.at === undefined || narrowing.at <= reader.length))
  ) {
    return false;
  }
  if (meta.kind === "text") return true;
  return typeof meta.before === "string" && typeof meta.after === "string" &&
    meta.before.length > 0 && meta.after.length > 0 &&
    Number.isSafeInteger(meta.count) && meta.count >= 0 &&
    2 * meta.count === reader.indexLength && Array.isArray(meta.path) &&
    Number.isSafeInteger(meta.rootOpen) && meta.rootOpen >= -1 &&
    meta.rootOpen < meta.before.length &&
    meta.before.length + meta.after.length <= textLength(meta, reader);
}

/** Characters of the result's JSON text (narrowed positions follow it). */
const textLength = (meta: Meta, reader: ResultReader) => meta.narrowing?.at ?? reader.length;

async function textWindow(
  reader: ResultReader,
  offset: number,
  span: number,
  narrowed: NarrowingMeta | undefined,
): Promise<Window<TextSource>> {
  // A page starts inside the text: a cursor past it is answered by the tool's own result.
  if (offset >= reader.length) return "unusable";
  const base = Math.max(0, offset - 1);
  const text = await reader.read(base, offset + span);
  if (text === undefined) return undefined;
  const source: TextSource = { kind: "text", view: { text, base, total: reader.length } };
  const narrowing = await narrowingOf(reader, narrowed, 0, 0);
  if (narrowing === undefined || narrowing === "unusable") return narrowing;
  if (narrowing.narrowing) source.narrowing = narrowing.narrowing;
  return { source };
}

// What an element can start and end with: a JSON value, or (of an object) a member.
const VALUE_START = /[\[{"\-0-9tfn]/;
const VALUE_END = /[\]}"0-9el]/;
const BLANK = /[ \t\n\r]/;

/**
 * Whether the first `count` elements (`starts`, `ends`) of `text` (which
 * starts at offset `base` of the result) look like the elements of a JSON
 * container of `kind`: each starts and ends as a value (a member, in an
 * object) does, and two are apart by a comma between blanks. A window of an
 * index that does not fit the text fails this, and is not paged.
 */
function elementsIn(
  text: string,
  base: number,
  starts: number[],
  ends: number[],
  count: number,
  kind: "array" | "object",
): boolean {
  for (let i = 0; i < count; i++) {
    const first = text[starts[i] - base];
    if (kind === "object" ? first !== '"' : !VALUE_START.test(first)) return false;
    if (!VALUE_END.test(text[ends[i] - 1 - base])) return false;
    if (i === 0) continue;
    let commas = 0;
    for (let at = ends[i - 1] - base; at < starts[i] - base; at++) {
      if (text[at] === ",") commas++;
      else if (!BLANK.test(text[at])) return false;
    }
    if (commas !== 1) return false;
  }
  return true;
}

async function elementsWindow(
  reader: ResultReader,
  meta: ElementsMeta,
  offset: number,
  part: number,
  span: number,
  known: Hint | undefined,
  prefetched: [number, number] | undefined,
): Promise<Window<ElementsSource>> {
  if (offset >= meta.count) return "unusable";
  // Where elements can lie: between the container's brackets.
  const lowest = meta.before.length;
  const highest = textLength(meta, reader) - meta.after.length;
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
    if (!batch) return undefined;
    if (batch.length === 0 || batch.length % 2 !== 0) return "unusable";
    for (let j = 0; j + 1 < batch.length; j += 2) {
      // In order, apart (a separator between two), inside the container.
      const floor = ends.length === 0 ? lowest : ends.at(-1)! + 1;
      if (!(batch[j] >= floor && batch[j + 1] > batch[j] && batch[j + 1] <= highest)) {
        return "unusable";
      }
      starts.push(batch[j]);
      ends.push(batch[j + 1]);
    }
    if (limit === Infinity) limit = starts[0] + span;
    from += batch.length / 2;
  }
  // What this read saw, to remember unless the hint already holds it (a hint
  // of another result under this key is replaced).
  const priced = known?.prices;
  const at = known ? offset - known.from : -1;
  const seen: Hint | undefined =
    !known || at < 0 || at + starts.length > known.starts.length || known.starts[at] !== starts[0]
      ? { kind: "elements", from: offset, starts: Uint32Array.from(starts) }
      : undefined;
  // The whitespace before the first element belongs to it on a page.
  const head = starts[0];
  let kept = 0;
  while (kept < starts.length && ends[kept] <= head + span) kept++;
  const windowEnd = kept > 0 ? ends[kept - 1] : head;
  const lead = Math.min(LEAD, head);
  const text = await reader.read(head - lead, windowEnd);
  if (text === undefined) return undefined;
  if (!elementsIn(text, head - lead, starts, ends, kept, meta.containerKind)) return "unusable";
  let ws = 0;
  while (ws < lead && BLANK.test(text[lead - ws - 1])) ws++;
  const windowText = text.slice(lead - ws);
  const doc = meta.before + windowText + meta.after;
  const shift = meta.before.length - (head - ws);
  const container: PricedContainer = {
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
  if (
    priced !== undefined && at >= 0 && at + kept <= known!.starts.length &&
    starts.slice(0, kept).every((s, j) => known!.starts[at + j] === s)
  ) {
    container.price = (i) => {
      const price = i > 0 && i < kept ? priced[at + i] : NaN;
      return Number.isNaN(price) ? undefined : price;
    };
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
  if (narrowing === undefined || narrowing === "unusable") return narrowing;
  const source: ElementsSource = {
    ...narrowing,
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
  return { source, seen };
}

/**
 * The keys of a stored narrowing, as the notes read them: a record without a
 * prototype, every level a list of strings (anything else is left out).
 */
function keysOf(stored: unknown): Record<string, string[]> | undefined {
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return undefined;
  const keys: Record<string, string[]> = Object.create(null);
  for (const [level, names] of Object.entries(stored)) {
    if (Array.isArray(names) && names.every((name) => typeof name === "string")) {
      keys[level] = names;
    }
  }
  return keys;
}
