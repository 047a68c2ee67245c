// Pages of text: chunks cut at line breaks, spaces or grapheme boundaries,
// each followed by a note with the next call.

import type { Call } from "./call.ts";
import { fit } from "./_fit.ts";
import { cutPoint } from "./graphemes.ts";
import { add, subtract } from "../limits/measure.ts";
import { nextCall, textNote } from "./notes.ts";
import type { TextView } from "../source/source.ts";
import type { Page } from "./page.ts";

/**
 * The page of a text that starts at character `start`. `view` holds the
 * text from `start - 1` (or all of it) to at least `start + maxChars + 2`.
 */
export async function textPage(call: Call, view: TextView, start: number): Promise<Page> {
  const { meter, mode } = call;
  const { text, base, total } = view;
  // The note is priced with the longest cursor this call can issue, so the
  // cut does not depend on the cursor's bytes (an expiry, a signature).
  // The first page's note may say how to narrow: price it with that sentence.
  const from1 = start === 0 && mode.hint ? 1 : total;
  let reserve = meter.cost(textNote(from1, total, total, undefined, mode));
  if (!mode.trim) {
    reserve = add(
      meter.cost(textNote(from1, total, total, nextCall(call.cursorParam, ""), mode)),
      meter.cursor(call.cursorLength(total, 0)),
    );
  }
  const from = start - base;
  const max = meter.prefix(text, from, subtract(meter.page, reserve));
  return await fit<Page>(max - from, async (size) => {
    const end = base + cutPoint(text, from, from + size);
    if (end <= start) return { held: 0 };
    const next = !mode.trim && end < total ? await call.next(end, 0) : undefined;
    const out = text.slice(from, end - base) +
      textNote(start + 1, end, total, next && nextCall(call.cursorParam, next), mode);
    if (!meter.fits(out, meter.page)) return { held: end - start };
    const page: Page = {
      text: out,
      cut: true,
      nextCursor: next,
      kind: mode.trim ? "trimmed" : "text",
      from: start + 1,
      to: end,
      total,
      unit: "characters",
    };
    if (mode.changed) page.changed = true;
    return { page };
  }, () => call.tooSmall("one character of this text with its note"));
}
