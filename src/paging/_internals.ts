// What the adapters reach of a pager that its public interface does not
// show: the source a value is paged as, and paging from a given source (a
// window read back from a cache).

import type { CursorState } from "../cursor/codec.ts";
import type { Source } from "../source/source.ts";
import type { OpenCursor, Pager, PagerEvent } from "./pager.ts";
import type { Page } from "./page.ts";

export interface PagerInternals {
  emit(event: PagerEvent): void;
  /** What `text` uses of each limit, by the pager's counter. */
  cost(text: string): { tokens: number; chars: number; bytes: number; lines: number };
  /** The text of a value that fits whole, or the source it is paged as, with its fingerprint. */
  prepare(
    value: unknown,
    json: boolean,
  ): Promise<{ whole: string } | { source: Source; fingerprint: Uint8Array }>;
  /** What an opened cursor says. */
  opened(cursor: OpenCursor): CursorState;
  /** The page of `source` at `cursor` (the first without one). */
  pageFrom(
    source: Source,
    fingerprint: Uint8Array,
    cursor: OpenCursor | undefined,
    scope: string,
  ): Promise<Page>;
}

export const internals: WeakMap<Pager, PagerInternals> = new WeakMap();
