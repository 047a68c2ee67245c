// Pages of a container's elements: runs of whole items (or entries) copied
// verbatim from the source, or, for one element too large for a page, the
// parts of its source text in `page.part`.

import type { Call } from "./call.ts";
import { element, frame, page as renderPage } from "../json/envelope.ts";
import { fit } from "./_fit.ts";
import { cutPoint } from "./graphemes.ts";
import { add, type Cost, fitsIn, subtract, ZERO } from "../limits/measure.ts";
import {
  elementsNote,
  narrowedLabel,
  nextCall,
  noMatchLabel,
  noMatchNote,
  type NoteMode,
  partNote,
  range,
} from "./notes.ts";
import { fieldPresence, fieldsExample } from "../narrow/fields.ts";
import { argumentNames } from "../narrow/names.ts";
import { type ElementsSource, leftOut } from "../source/source.ts";
import type { Page } from "./page.ts";
import { noRoom } from "../narrow/narrowing_error.ts";
import { knownPrices } from "./prices.ts";

/** The page of `source` that starts at element `offset`, `part` characters into it. */
export async function elementsPage(
  call: Call,
  source: ElementsSource,
  offset: number,
  part: number,
): Promise<Page> {
  if (part === 0) {
    // Elements whole, with the note shortened where the whole note leaves no room for one.
    const page = await wholeElements(call, source, offset, false) ??
      (shortens(call, source, offset)
        ? await wholeElements(call, source, offset, true)
        : undefined);
    if (page) return page;
  }
  return await elementPart(call, source, offset, part);
}

// Whether this page's note can be shortened: a narrowed page's says what
// was narrowed, a first page's may say how to narrow.
function shortens(call: Call, source: ElementsSource, offset: number): boolean {
  return source.narrowing !== undefined || (offset === 0 && call.mode.hint !== undefined);
}

/** Whether a page's frame leaves room for content: below this, no page of elements is made. */
function roomy(room: Cost): boolean {
  return room.tokens >= 16 && room.chars >= 64 && room.bytes >= 64 && room.lines >= 0;
}

/**
 * Whether the frame around the container leaves room for content on every
 * page, its note shortened where need be: the page of a part of the
 * longest element (the longest numbers and cursor any page of it shows).
 */
export function frameFits(call: Call, source: ElementsSource): boolean {
  const { container } = source.shape;
  let longest = 1;
  for (let i = 0; i < container.count; i++) {
    longest = Math.max(longest, container.end(i) - container.start(i));
  }
  const object = partObject(call, source, source.total - 1, longest, longest, longest, "", "", {
    compact: true,
  });
  return roomy(subtract(call.meter.page, framePrice(call, source, object, true, longest)));
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

// A page lists positions only where the narrowing left elements out: else they would be 1, 2, 3….
const positioned = (source: ElementsSource) => leftOut(source.narrowing);

/** The page of a narrowed source on which nothing matched: it says so, and how to widen it. */
export function noMatchPage(call: Call, source: ElementsSource): Page {
  const narrowed = source.narrowing!;
  const object: Record<string, unknown> = {
    [label(source)]: noMatchLabel(narrowed, call.mode.hint),
    total: 0,
  };
  if (positioned(source)) object.positions = [];
  object.note = noMatchNote(source.unit, source.name, narrowed, call.mode.hint);
  const f = frame(source.shape, object, true);
  const text = f.head + f.tail;
  if (!call.meter.fits(text, call.meter.page)) throw noRoom(argumentNames(call.mode.hint));
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

/** What a page's note says besides the call's mode: see {@linkcode NoteMode}. */
type PageNote = Pick<NoteMode, "firstPage" | "compact" | "example" | "missing">;

// The page object of a run of whole elements.
function runObject(
  call: Call,
  source: ElementsSource,
  from: number,
  to: number,
  next: string | undefined,
  note: PageNote,
): Record<string, unknown> {
  const total = source.total;
  const narrowed = source.narrowing;
  const shown = range(from, to);
  const object: Record<string, unknown> = {
    [label(source)]: narrowed
      ? narrowedLabel(shown, total, narrowed, call.mode.hint)
      : `${shown} of ${total}`,
    total,
  };
  if (positioned(source)) object.positions = positions(source, from - 1, to);
  if (next !== undefined) object.next_cursor = next;
  if (call.mode.changed) object.changed = true;
  object.note = elementsNote(
    source.unit,
    from,
    to,
    total,
    source.name,
    next === undefined ? undefined : nextCall(call.cursorParam, next),
    { ...call.mode, firstPage: from === 1, ...note },
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
  note: PageNote,
): Record<string, unknown> {
  const total = source.total;
  const narrowed = source.narrowing;
  const shown = `${index + 1}`;
  const object: Record<string, unknown> = {
    [label(source)]: narrowed
      ? narrowedLabel(shown, total, narrowed, call.mode.hint)
      : `${shown} of ${total}`,
    total,
  };
  if (positioned(source)) object.positions = positions(source, index, index + 1);
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
    { ...call.mode, ...note },
  );
  object.part = chunk;
  return object;
}

// What a page costs around its content, with room for the longest cursor
// it can issue (twice: in next_cursor and in the note) priced without
// knowing it: `maxPart` is the furthest into an element that cursor points.
function framePrice(
  call: Call,
  source: ElementsSource,
  pageObject: Record<string, unknown>,
  empty: boolean,
  maxPart: number,
): Cost {
  const f = frame(source.shape, pageObject, empty);
  const base = call.meter.cost(f.head + f.tail);
  if (call.mode.trim) return base;
  const cursor = call.meter.cursor(call.cursorLength(source.total, maxPart));
  return add(base, add(cursor, cursor));
}

/**
 * With fields: the fields asked for that none of the first `n` elements
 * from `at` has, each element looked at once however often it is asked.
 */
function missingFields(source: ElementsSource, at: number): ((n: number) => string[]) | undefined {
  const fields = source.narrowing?.fields;
  if (fields === undefined) return undefined;
  const has = fieldPresence(fields);
  const { text, container } = source.shape;
  const entry = source.unit === "entries";
  const found = [0]; // found[n]: the fields found in the first n elements
  return (n) => {
    for (let k = found.length - 1; k < n; k++) {
      const i = at + k;
      found.push(found[k] | has(text.slice(container.start(i), container.end(i)), entry));
    }
    return fields.filter((_, i) => (found[n] & (1 << i)) === 0);
  };
}

/** The fields example of the first page's hint: from its first element, where the tool takes fields. */
function exampleFor(
  call: Call,
  source: ElementsSource,
  offset: number,
  element: () => string,
): readonly string[] | undefined {
  if (offset !== 0 || call.mode.hint?.fields === undefined || source.narrowing) return undefined;
  return fieldsExample(element(), source.unit === "entries");
}

// A run of whole elements from `offset`, its note shortened with `compact`;
// undefined when not even one fits.
async function wholeElements(
  call: Call,
  source: ElementsSource,
  offset: number,
  compact: boolean,
): Promise<Page | undefined> {
  const { meter, mode } = call;
  const { shape, first, total } = source;
  const { container } = shape;
  const at = offset - first;
  if (at >= container.count) return undefined;
  const example = exampleFor(
    call,
    source,
    offset,
    () => shape.text.slice(container.start(at), container.end(at)),
  );
  const missing = missingFields(source, at);
  // The note that costs most: the first page's may say how to narrow, and
  // the fewer elements a page holds, the more fields none of them has.
  const worst = runObject(call, source, total, total, mode.trim ? undefined : "", {
    firstPage: offset === 0,
    compact,
    example,
    missing: missing?.(1),
  });
  const room = subtract(meter.page, framePrice(call, source, worst, false, 0));
  const narrowed = source.narrowing;
  const withPositions = positioned(source);
  // Estimates the cache kept for these elements (not for a narrowed page's
  // positions, nor for a counter's count): the same numbers, not computed again.
  const prices = meter.estimated && !narrowed ? knownPrices(shape.container) : undefined;
  let used = ZERO;
  let fitting = 0;
  for (let i = at; i < container.count; i++) {
    const chars = container.end(i) - container.start(i);
    if (used.chars + chars > room.chars) break;
    // A page narrowed by a grep lists each element's position too.
    const position = withPositions
      ? `${(narrowed!.position!(first + i) ?? narrowed!.whole) + 1},`
      : "";
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
    const note = { compact, example, missing: missing?.(n) };
    const f = frame(shape, runObject(call, source, offset + 1, to, next, note));
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
// boundaries into parts carried as a string in page.part. The note is
// shortened where the whole note leaves no room for the part.
async function elementPart(
  call: Call,
  source: ElementsSource,
  offset: number,
  part: number,
): Promise<Page> {
  const { meter, mode } = call;
  const { shape, total: count } = source;
  const { text: json, base, total: length } = source.element(offset);
  const whole = base === 0 && json.length === length;
  // A trim's note may offer fields of this element (read whole only).
  const example = whole ? exampleFor(call, source, offset, () => json) : undefined;
  const roomWith = (compact: boolean) => {
    const worst = partObject(
      call,
      source,
      offset,
      length,
      length,
      length,
      mode.trim ? undefined : "",
      "",
      { compact, example },
    );
    // The chunk goes into a JSON string, where its line breaks are escaped: it
    // adds no line, so lines do not limit how much of it a page can hold.
    return {
      ...subtract(meter.page, framePrice(call, source, worst, true, length)),
      lines: Infinity,
    };
  };
  let compact = false;
  let room = roomWith(false);
  if (!roomy(room) && shortens(call, source, offset)) {
    compact = true;
    room = roomWith(true);
  }
  const from = part - base;
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
      partObject(call, source, offset, part + 1, end, length, next, chunk, { compact, example }),
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
