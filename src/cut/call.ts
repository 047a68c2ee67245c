// What a page builder needs to know about the call it builds a page for.

import type { Meter } from "../limits/measure.ts";
import type { NoteMode } from "./notes.ts";

/** One page call, as its builders see it. */
export interface Call {
  meter: Meter;
  cursorParam: string;
  /** A trim (no cursor, notes that ask to narrow the request), or a page after a change. */
  mode: NoteMode;
  /** The cursor of the page that starts at `offset` (and `part` inside it). */
  next(offset: number, part: number): Promise<string>;
  /** The length of the longest cursor `next` can return for positions up to these. */
  cursorLength(maxOffset: number, maxPart: number): number;
  /** Ends a call whose limits cannot hold even one character with the note. */
  tooSmall(what: string): never;
}
