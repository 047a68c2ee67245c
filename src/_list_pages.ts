// Pages of a list: whole items under a page object, or the parts of one item
// too large for a page.

import { assemble, envelope, itemChunk, pageKeyOf, PART, withPart } from "./_envelope.ts";
import { cutPoint, isBoundary } from "./_graphemes.ts";
import { add, type Cost, fitsIn, subtract, ZERO } from "./_measure.ts";
import { itemsNote, nextCall, partNote, range, trimmedItemsNote } from "./_notes.ts";
import type { Call, Paging } from "./_paging.ts";
import { shrink } from "./_shrink.ts";
import type { Json } from "./_values.ts";
import { CursorError } from "./cursor.ts";
import type { Page } from "./page.ts";

/** The list to page, where it sits in the result, and its name for notes. */
export interface ListJob {
  root: Json;
  path: string[];
  list: Json[];
  name?: string;
  /** Length of the list's compact JSON, when known. */
  size?: number;
}

/** Builders of list pages; `trimAsText` is the last resort of a trim. */
export function listPages(
  p: Paging,
  trimAsText: (text: string, call: Call) => Promise<Page>,
): {
  pageList(job: ListJob, cursor: string | undefined, call: Call): Promise<Page>;
  envelopeFits(job: ListJob, call: Call): Promise<boolean>;
} {
  const { meter, indent, cursorParam, cursorFor, readCursor, serve, tooSmall } = p;
  return { pageList, envelopeFits };

  function where(job: ListJob): { path: string[]; pageKey: string } {
    return { path: job.path.length ? job.path : ["items"], pageKey: pageKeyOf(job.root) };
  }

  function pageObject(
    job: ListJob,
    from: number,
    to: number,
    next: string | undefined,
    call: Call,
  ): Record<string, unknown> {
    const total = job.list.length;
    if (call.trim) {
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

  async function pageList(job: ListJob, cursor: string | undefined, call: Call): Promise<Page> {
    const total = job.list.length;
    let offset = 0;
    let part = 0;
    if (cursor !== undefined) {
      const state = await readCursor(cursor, call);
      if (state.offset >= total) throw new CursorError("out_of_range");
      offset = state.offset;
      part = state.part;
    }
    if (part === 0) {
      const page = await pageItems(job, offset, call);
      if (page) return page;
    }
    return call.trim ? trimFirstItem(job, call) : pagePart(job, offset, part, call);
  }

  // Whether the page envelope leaves room for content: the other fields of a
  // dict may be too large themselves, and then the value is paged as text.
  async function envelopeFits(job: ListJob, call: Call): Promise<boolean> {
    // The part envelope is the larger of the two: when it leaves room, both do.
    const total = job.list.length;
    const worst = renderPart(job, total - 1, 1e12, 1e12, await cursorFor(call, total, 1e12), "");
    const room = subtract(meter.page, meter.cost(worst));
    return room.tokens >= 16 && room.chars >= 64 && room.bytes >= 64 && room.lines >= 0;
  }

  // Whole items from `offset`; undefined when not even one fits.
  async function pageItems(job: ListJob, offset: number, call: Call): Promise<Page | undefined> {
    const total = job.list.length;
    const worstNext = call.trim ? undefined : await cursorFor(call, total, 0);
    const worst = envelope(
      job.root,
      job.path,
      pageObject(job, total, total, worstNext, call),
      indent,
    );
    const room = subtract(meter.page, meter.cost(assemble(worst, [])));
    const chunks: string[] = [];
    let used: Cost = ZERO;
    for (let i = offset; i < total; i++) {
      const chunk = itemChunk(job.list[i], i === offset, worst, indent);
      const next = add(used, meter.cost(chunk));
      if (!fitsIn(next, room)) break;
      used = next;
      chunks.push(chunk);
    }
    // The sum of item costs is an estimate of the page's; the page is checked
    // whole and shortened until it fits.
    while (chunks.length > 0) {
      const to = offset + chunks.length;
      const next = !call.trim && to < total ? await cursorFor(call, to, 0) : undefined;
      const env = envelope(job.root, job.path, pageObject(job, offset + 1, to, next, call), indent);
      const text = assemble(env, chunks);
      if (meter.fits(text, meter.page)) {
        return serve(call, {
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
    return withPart(assemble(envelope(job.root, job.path, page, indent), []), chunk);
  }

  // One item too large for a page: its compact JSON, split at grapheme
  // boundaries into parts carried as a string in page.part.
  async function pagePart(job: ListJob, offset: number, part: number, call: Call): Promise<Page> {
    const total = job.list.length;
    const json = JSON.stringify(job.list[offset]) ?? "null";
    if (part >= json.length || !isBoundary(json, part)) throw new CursorError("out_of_range");
    const render = (from: number, to: number, next: string | undefined, chunk: string) =>
      renderPart(job, offset, from, to, next, chunk, json.length);
    const worstNext = await cursorFor(call, total, json.length);
    const room = subtract(meter.page, meter.cost(render(json.length, json.length, worstNext, "")));
    let max = meter.prefix(json, part, room);
    for (;;) {
      const end = cutPoint(json, part, max);
      if (end <= part) tooSmall("one character of an item with the page note");
      const next = end < json.length
        ? await cursorFor(call, offset, end)
        : offset + 1 < total
        ? await cursorFor(call, offset + 1, 0)
        : undefined;
      const text = render(part + 1, end, next, json.slice(part, end));
      if (meter.fits(text, meter.page)) {
        return serve(call, {
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

  async function trimFirstItem(job: ListJob, call: Call): Promise<Page> {
    const total = job.list.length;
    const env = envelope(job.root, job.path, pageObject(job, 1, 1, undefined, call), indent);
    const text = shrink(
      job.list[0],
      (item) => assemble(env, [itemChunk(item, true, env, indent)]),
      (t) => meter.fits(t, meter.page),
    );
    if (text === undefined) return await trimAsText(JSON.stringify(job.root), call);
    return serve(call, { text, cut: true, kind: "trimmed", from: 1, to: 1, total, unit: "items" });
  }
}
