// Values that cannot be paged: cut, with markers, to one page without a cursor.

import { pageKeyOf } from "./_envelope.ts";
import { SHRUNK_NOTE } from "./_notes.ts";
import type { Call, Paging } from "./_paging.ts";
import { shrink } from "./_shrink.ts";
import type { Json } from "./_values.ts";
import type { Page } from "./page.ts";

type PageText = (text: string, cursor: string | undefined, call: Call) => Promise<Page>;

/** Builders of trimmed pages. */
export function trimPages(p: Paging, pageText: PageText): {
  trimValue(root: Json, compact: string, call: Call): Promise<Page>;
  trimAsText(text: string, call: Call): Promise<Page>;
} {
  const { meter, indent, serve } = p;
  return { trimValue, trimAsText };

  async function trimValue(root: Json, compact: string, call: Call): Promise<Page> {
    const dict = root !== null && typeof root === "object" && !Array.isArray(root);
    const pageKey = pageKeyOf(root);
    const render = (v: Json) =>
      JSON.stringify(
        dict ? { [pageKey]: { note: SHRUNK_NOTE }, ...(v as object) } : v,
        null,
        indent,
      );
    const text = shrink(root, render, (t) => meter.fits(t, meter.page));
    if (text === undefined) return await trimAsText(compact, call);
    return serve(call, {
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
  function trimAsText(text: string, call: Call): Promise<Page> {
    return pageText(text, undefined, { ...call, trim: true });
  }
}
