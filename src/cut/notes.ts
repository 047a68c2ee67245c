// Every sentence the model reads: where it is in a result, the exact next
// call, and what to do when a cursor cannot be used. One place, so that the
// wording stays consistent and can be tested.

import type { CursorErrorReason } from "../cursor/cursor_error.ts";

const START_AGAIN = "Call the tool again without a cursor to start from the beginning.";

/** What a refused cursor tells the model, by reason. */
export const CURSOR_ERRORS: Readonly<Record<CursorErrorReason, string>> = {
  malformed:
    `This cursor is not one this tool issued (it may be cut short or mistyped). ${START_AGAIN}`,
  foreign_scope:
    "This cursor belongs to a different tool or to different arguments. Call this tool again " +
    "with exactly the arguments of the call that returned the cursor, or without a cursor to " +
    "start from the beginning.",
  bad_signature:
    `This cursor's signature does not match: it was altered or issued by another server. ${START_AGAIN}`,
  expired: `This cursor has expired. ${START_AGAIN}`,
  changed_result:
    "The result changed since this cursor was issued, so its pages cannot be continued without " +
    "mixing two versions. Call the tool again without a cursor to get the current result from " +
    "the beginning.",
  out_of_range: `This cursor points outside the result. ${START_AGAIN}`,
};

/** The tool result text for a cursor argument that is not a string. */
export function cursorNotAString(cursorParam: string): string {
  return `The ${cursorParam} argument must be the string from next_cursor. Call the tool again ` +
    `without ${cursorParam} to start from the beginning.`;
}

/** The sentence added to a paged tool's description in tools/list. */
export const TOOL_DESCRIPTION_SENTENCE = " Long results come in pages: when a result has a " +
  "next_cursor, call this tool again with the same arguments and that cursor to get the next page.";

/** The description of the cursor argument added to a paged tool. */
export const CURSOR_ARGUMENT_DESCRIPTION = "Cursor of the next page, from next_cursor of the " +
  "previous result. Leave it out for the first page.";

/** Why a list cursor was refused, as the JSON-RPC error says it. */
export const LIST_CURSOR_REASONS: Readonly<Record<CursorErrorReason, string>> = {
  malformed: "it is not a cursor this server issued",
  foreign_scope: "it belongs to another list",
  bad_signature: "its signature does not match",
  expired: "it has expired",
  changed_result: "the list changed since it was issued",
  out_of_range: "it points outside the list",
};

/** Why a list cursor that is not a string was refused. */
export const LIST_CURSOR_NOT_A_STRING = "it must be a string";

/** A JSON-RPC invalid-params message for a refused list cursor. */
export function listCursorError(reason: string): string {
  return `Invalid cursor: ${reason}. List again without a cursor to start from the first page.`;
}

export function nextCall(cursorParam: string, cursor: string): string {
  return `Call this tool again with the same arguments and ${cursorParam}=${
    JSON.stringify(cursor)
  } for the next page.`;
}

export function range(from: number, to: number): string {
  return from === to ? `${from}` : `${from}-${to}`;
}

/** What the pages count: list items, or the entries (key and value) of an object. */
export type ElementUnit = "items" | "entries";

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
