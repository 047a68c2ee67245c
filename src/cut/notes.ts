// Every note the model reads on a page: where it is in a result and the
// exact next call. One place, so that the wording stays consistent and can be
// tested. (What a refused cursor says is in ../cursor/cursor_error.ts; what
// tools/list says of a paged tool, in ../mcp/_messages.ts.)

import type { ElementUnit } from "../source/source.ts";

export function nextCall(cursorParam: string, cursor: string): string {
  return `Call this tool again with the same arguments and ${cursorParam}=${
    JSON.stringify(cursor)
  } for the next page.`;
}

export function range(from: number, to: number): string {
  return from === to ? `${from}` : `${from}-${to}`;
}

function where(name: string | undefined): string {
  return name ? ` in ${JSON.stringify(name)}` : "";
}

const CHANGED = "The result changed since the previous page; this page is from the current " +
  "result, at the same position.";

const NARROW = "Narrow the request (filters, a smaller range) to get the rest.";

/** The note of a page of whole elements. */
export function elementsNote(
  unit: ElementUnit,
  from: number,
  to: number,
  total: number,
  name: string | undefined,
  next: string | undefined,
  mode: NoteMode,
): string {
  const shown = `Showing ${unit} ${range(from, to)} of ${total}${where(name)}.`;
  if (mode.trim) {
    return `${shown} The other ${total - (to - from + 1)} were left out because the result is ` +
      `too large. ${NARROW}`;
  }
  return withChange(next ? `${shown} ${next}` : `${shown} This is the last page.`, mode);
}

/** The note of a page that holds part of one element too large for a page. */
export function partNote(
  unit: ElementUnit,
  element: number,
  total: number,
  name: string | undefined,
  from: number,
  to: number,
  length: number,
  next: string | undefined,
  mode: NoteMode,
): string {
  const noun = unit === "items" ? "Item" : "Entry";
  const shown = `${noun} ${element} of ${total}${where(name)} is too large for one page: "part" ` +
    `holds characters ${range(from, to)} of ${length} of its JSON; join the parts in order.`;
  if (mode.trim) return `${shown} The rest was left out. ${NARROW}`;
  return withChange(next ? `${shown} ${next}` : `${shown} This is the last page.`, mode);
}

/** How a note is worded: a trim asks to narrow the request; a page after a change says so. */
export interface NoteMode {
  trim: boolean;
  changed: boolean;
}

function withChange(note: string, mode: NoteMode): string {
  return mode.changed ? `${CHANGED} ${note}` : note;
}

/** The note after a chunk of text. */
export function textNote(
  from: number,
  to: number,
  total: number,
  next: string | undefined,
  mode: NoteMode,
): string {
  const shown = `showing characters ${range(from, to)} of ${total}`;
  if (mode.trim) {
    return `\n\n[Output trimmed: ${shown}; the rest was left out. Narrow the request to see it.]`;
  }
  const change = mode.changed ? `${CHANGED} ` : "";
  return next
    ? `\n\n[Output cut: ${change}${shown}. ${next}]`
    : `\n\n[Output cut: ${change}${shown}. This is the end of the output.]`;
}

/** The note block after a page of mixed content. */
export function blocksNote(
  from: number,
  to: number,
  total: number,
  upTo: string | undefined,
  next: string | undefined,
  mode: NoteMode,
): string {
  const part = upTo ? ` (block ${to} up to character ${upTo})` : "";
  const shown = `showing content blocks ${range(from, to)} of ${total}${part}`;
  if (mode.trim) {
    return `[Output trimmed: ${shown}; the rest was left out. Narrow the request to see it.]`;
  }
  const change = mode.changed ? `${CHANGED} ` : "";
  return next
    ? `[Output cut: ${change}${shown}. ${next}]`
    : `[Output cut: ${change}${shown}. This is the end of the output.]`;
}
