// Pages of text: chunks cut at line breaks, spaces or grapheme boundaries.

import { cutPoint, isBoundary } from "./_graphemes.ts";
import { subtract } from "./_measure.ts";
import { nextCall, textNote } from "./_notes.ts";
import type { Call, Paging } from "./_paging.ts";
import { CursorError } from "./cursor.ts";
import type { Page } from "./page.ts";

/** The page of `text` that starts at `cursor`, or its trimmed start when `call.trim`. */
export function textPages(
  p: Paging,
): (text: string, cursor: string | undefined, call: Call) => Promise<Page> {
  const { meter, cursorParam, cursorFor, readCursor, serve, tooSmall } = p;
  return pageText;

  async function pageText(text: string, cursor: string | undefined, call: Call): Promise<Page> {
    const total = text.length;
    let start = 0;
    if (cursor !== undefined) {
      const state = await readCursor(cursor, call);
      if (state.part !== 0 || state.offset >= total || !isBoundary(text, state.offset)) {
        throw new CursorError("out_of_range");
      }
      start = state.offset;
    }
    const worstNext = call.trim
      ? undefined
      : nextCall(cursorParam, await cursorFor(call, total, 0));
    const reserve = meter.cost(textNote(total, total, total, worstNext, call.trim));
    let max = meter.prefix(text, start, subtract(meter.page, reserve));
    for (;;) {
      const end = cutPoint(text, start, max);
      if (end <= start) tooSmall("one character of this text with its note");
      const next = !call.trim && end < total ? await cursorFor(call, end, 0) : undefined;
      const out = text.slice(start, end) +
        textNote(start + 1, end, total, next && nextCall(cursorParam, next), call.trim);
      if (meter.fits(out, meter.page)) {
        return serve(call, {
          text: out,
          cut: true,
          nextCursor: next,
          kind: call.trim ? "trimmed" : "text",
          from: start + 1,
          to: end,
          total,
          unit: "characters",
        });
      }
      max = start + Math.floor((end - start) * 0.9);
    }
  }
}
