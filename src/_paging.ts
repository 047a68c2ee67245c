// What the page builders share: the pager's settings and its cursor helpers.

import type { Meter } from "./_measure.ts";
import type { CursorState } from "./cursor.ts";
import type { Page } from "./page.ts";

/** One page or trim call: what its cursors are bound to. */
export interface Call {
  scope: string;
  scopeHash: Uint8Array;
  fingerprint: Uint8Array;
  /** Trim: no cursors, and notes that ask to narrow the request. */
  trim: boolean;
}

/** A pager's settings and helpers, handed to each page builder. */
export interface Paging {
  meter: Meter;
  /** JSON indent; empty for compact. */
  indent: string;
  cursorParam: string;
  cursorFor(call: Call, offset: number, part: number): Promise<string>;
  /** Decodes a cursor and checks that it is bound to this call's scope and result. */
  readCursor(cursor: string, call: Call): Promise<CursorState>;
  /** Reports a page through onEvent and returns it. */
  serve(call: Call, page: Page): Page;
  tooSmall(what: string): never;
}
