// Pages of a container's elements: runs of whole items (or entries) copied
// verbatim from the source, or, for one element too large for a page, the
// parts of its source text in `page.part`.

import type { Call } from "./call.ts";
import { element, frame, page as renderPage } from "../json/envelope.ts";
import { fit } from "./_fit.ts";
import { cutPoint } from "./graphemes.ts";
import { add, type Cost, fitsIn, subtract, ZERO } from "../limits/measure.ts";
import { elementsNote, narrowedLabel, nextCall, noMatchNote, partNote, range } from "./notes.ts";
import { quotedGrep } from "../narrow/grep.ts";
import type { ElementsSource } from "../source/source.ts";
import type { Page } from "./page.ts";
import { noRoom } from "../narrow/narrowing_error.ts";
import { knownPrices } from "./prices.ts";

const WORST = 1e12;

/** The page of `source` that starts at element `offset`, `part` characters into it. */
export async function elementsPage(
  call: Call,
  source: ElementsSource,
  offset: number,
  part: number,
): Promise<Page> {
  if (part === 0) {
    const page = await wholeElements(call, source, offset);
    if (page) return page;
  }
  return await elementPart(call, source, offset, part);
}

/** Whether the frame around the container leaves room for content on a page. */
export function frameFits(call: Call, source: ElementsSource): boolean {
  const count = source.total;
  const room = subtract(
    call.meter.page,
    framePrice(call, source, partObject(call, source, count - 1, WORST, WORST, WORST, "", "")),
  );
  return room.tokens >= 16 && room.chars >= 64 && room.bytes >= 64 && room.lines >= 0;
}

function where(source: ElementsSource) {
  return {
    path: source.shape.rootIsArray ? ["items"] : source.path,
    pageKey: source.shape.pageKey,
  };
}

function label(source: ElementsSource) {
  return source.unit;
}

// Positions (from 1) in the whole result of elements `from` to `to` (exclusive) of a
// narrowed source. Past the end (a worst case priced before the page is known), the largest.
function positions(source: ElementsSource, from: number, to: number): number[] {
  const { narrowing, total } = source;
  const out: number[] = [];
  for (let i = from; i < to; i++) {
    const position = i < total ? narrowing!.position!(i) : undefined;
    out.push(position === undefined ? narrowing!.whole : position + 1);
  }
  return out;
}

/** The page of a narrowed source on which nothing matched: it says so, and how to widen it. */
export function noMatchPage(call: Call, source: ElementsSource): Page {
  const object = {
    [label(source)]: `none match grep ${quotedGrep(source.narrowing!.grep)} (${
      source.narrowing!.whole
    } in all)`,
    total: 0,
    positions: [],
    note: noMatchNote(source.unit, source.name, source.narrowing!),
  };
  const f = frame(source.shape, object, true);
  const text = f.head + f.tail;
  if (!call.meter.fits(text, call.meter.page)) throw noRoom();
  return {
    text,
    cut: true,
    kind: call.mode.trim ? "trimmed" : source.unit,
    from: 0,
    to: 0,
    total: 0,
    unit: source.unit,
    ...where(source),
  };
}

// The page object of a run of whole elements.
function runObject(
  call: Call,
  source: ElementsSource,
  from: number,
  to: number,
  next: string | undefined,
  firstPage = from === 1,
): Record<string, unknown> {
  const total = source.total;
  const narrowed = source.narrowing;
  const shown = range(from, to);
  const object: Record<string, unknown> = {
    [label(source)]: narrowed ? narrowedLabel(shown, total, narrowed) : `${shown} of ${total}`,
    total,
  };
  if (narrowed) object.positions = positions(source, from - 1, to);
  if (next !== undefined) object.next_cursor = next;
  if (call.mode.changed) object.changed = true;
  object.note = elementsNote(
    source.unit,
    from,
    to,
    total,
    source.name,
    next === undefined ? undefined : nextCall(call.cursorParam, next),
    { ...call.mode, firstPage },
  );
  return object;
}

// The page object of one part of an element.
function partObject(
  call: Call,
  source: ElementsSource,
  index: number,
  from: number,
  to: number,
  length: number,
  next: string | undefined,
  chunk: string,
): Record<string, unknown> {
  const total = source.total;
  const narrowed = source.narrowing;
  const shown = `${index + 1}`;
  const object: Record<string, unknown> = {
    [label(source)]: narrowed ? narrowedLabel(shown, total, narrowed) : `${shown} of ${total}`,
    total,
  };
  if (narrowed) object.positions = positions(source, index, index + 1);
  if (next !== undefined) object.next_cursor = next;
  if (call.mode.changed) object.changed = true;
  object.note = partNote(
    source.unit,
    index + 1,
    total,
    source.name,
    from,
    to,
    length,
    next === undefined ? undefined : nextCall(call.cursorParam, next),
    call.mode,
  );
  object.part = chunk;
  return object;
}

// What a page costs around its content, with room for the longest cursor
// (twice: in next_cursor and in the note) priced without knowing it.
function framePrice(
  call: Call,
  source: ElementsSource,
  pageObject: Record<string, unknown>,
  empty = false,
): Cost {
  const f = frame(source.shape, pageObject, empty);
  const base = call.meter.cost(f.head + f.tail);
  if (call.mode.trim) return base;
  const count = source.total;
  const cursor = call.meter.cursor(call.cursorLength(count, WORST));
  return add(base, add(cursor, cursor));
}

// A run of whole elements from `offset`; undefined when not even one fits.
async function wholeElements(
  call: Call,
  source: ElementsSource,
  offset: number,
): Promise<Page | undefined> {
  const { meter, mode } = call;
  const { shape, first, total } = source;
  const at = offset - first;
  // The first page's note may say how to narrow: price it with that sentence.
  const worst = runObject(call, source, total, total, mode.trim ? undefined : "", offset === 0);
  const room = subtract(meter.page, framePrice(call, source, worst));
  const narrowed = source.narrowing;
  // Estimates the cache kept for these elements (not for a narrowed page's
  // positions, nor for a counter's count): the same numbers, not computed again.
  const prices = meter.estimated && !narrowed ? knownPrices(shape.container) : undefined;
  let used = ZERO;
  let fitting = 0;
  for (let i = at; i < shape.container.count; i++) {
    const chars = shape.container.end(i) - shape.container.start(i);
    if (used.chars + chars > room.chars) break;
    // A narrowed page lists each element's position too.
    const position = narrowed ? `${(narrowed.position!(first + i) ?? narrowed.whole) + 1},` : "";
    const text = element(shape, i, i === at) + position;
    const price = i === at ? undefined : prices?.(i);
    const next = add(used, price === undefined ? meter.cost(text) : meter.priced(text, price));
    if (!fitsIn(next, room)) break;
    used = next;
    fitting++;
  }
  if (fitting === 0) return undefined;
  return await fit<Page | undefined>(fitting, async (n) => {
    const to = offset + n;
    const next = !mode.trim && to < total ? await call.next(to, 0) : undefined;
    const f = frame(shape, runObject(call, source, offset + 1, to, next));
    const text = renderPage(f, shape, at, at + n);
    if (!meter.fits(text, meter.page)) return { held: n };
    const page: Page = {
      text,
      cut: true,
      nextCursor: next,
      kind: mode.trim ? "trimmed" : source.unit,
      from: offset + 1,
      to,
      total,
      unit: source.unit,
      ...where(source),
    };
    if (mode.changed) page.changed = true;
    return { page };
  }, () => undefined);
}

// One element too large for a page: its source text, split at grapheme
// boundaries into parts carried as a string in page.part.
async function elementPart(
  call: Call,
  source: ElementsSource,
  offset: number,
  part: number,
): Promise<Page> {
  const { meter, mode } = call;
  const { shape, total: count } = source;
  const { text: json, base, total: length } = source.element(offset);
  const worst = partObject(
    call,
    source,
    offset,
    length,
    length,
    length,
    mode.trim ? undefined : "",
    "",
  );
  const from = part - base;
  // The chunk goes into a JSON string, where its line breaks are escaped: it
  // adds no line, so lines do not limit how much of it a page can hold.
  const room = { ...subtract(meter.page, framePrice(call, source, worst, true)), lines: Infinity };
  const max = meter.prefix(json, from, room);
  return await fit<Page>(max - from, async (size) => {
    const end = base + cutPoint(json, from, from + size);
    if (end <= part) return { held: 0 };
    const next = mode.trim
      ? undefined
      : end < length
      ? await call.next(offset, end)
      : offset + 1 < count
      ? await call.next(offset + 1, 0)
      : undefined;
    const chunk = json.slice(from, end - base);
    const f = frame(
      shape,
      partObject(call, source, offset, part + 1, end, length, next, chunk),
      true,
    );
    const text = f.head + f.tail;
    if (!meter.fits(text, meter.page)) return { held: end - part };
    const page: Page = {
      text,
      cut: true,
      nextCursor: next,
      kind: mode.trim ? "trimmed" : source.unit === "items" ? "item-part" : "entry-part",
      from: offset + 1,
      to: offset + 1,
      total: count,
      unit: source.unit,
      part: { from: part + 1, to: end, total: length },
      ...where(source),
    };
    if (mode.changed) page.changed = true;
    return { page };
  }, () => call.tooSmall("one character of an element with the page note"));
}
