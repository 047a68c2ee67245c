// What the model reads of a paged tool outside its pages: the sentence in its
// description, the cursor argument's description, and why a cursor argument
// or a list cursor was refused. One place, so the wording can be tested.

import type { CursorErrorReason } from "../cursor/cursor_error.ts";

/** The tool result text for a cursor argument that is not a string. */
export function cursorNotAString(cursorParam: string): string {
  return `The ${cursorParam} argument must be the string from next_cursor. Call the tool again ` +
    `without ${cursorParam} to start from the beginning.`;
}

/**
 * The sentence added to a paged tool's description in tools/list. A JSON page
 * gives its cursor as `next_cursor`, a text page (or a page of blocks) only in
 * its closing note: the sentence names both, so that a model reading a text
 * page does not look for a `next_cursor` it will never find.
 */
export const TOOL_DESCRIPTION_SENTENCE = " Long results come in pages: when a page gives a " +
  "cursor (as next_cursor, or in its closing note), call this tool again with the same " +
  "arguments and that cursor to get the next page.";

/** The description of the cursor argument added to a paged tool. */
export const CURSOR_ARGUMENT_DESCRIPTION = "Cursor of the next page, as the previous page gave " +
  "it (its next_cursor, or in its closing note). Leave it out for the first page.";

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

/** The description of the grep argument added to a paged tool (its syntax is in the notes). */
export const GREP_ARGUMENT_DESCRIPTION = "Keep only items or lines that contain this";

/** The description of the fields argument added to a paged tool. */
export const FIELDS_ARGUMENT_DESCRIPTION = "Keep only these fields of each item";

/** Why a paged tool called without its arguments is refused. */
export function pagedToolWithoutArguments(tool: string, cursorParam: string): string {
  return `pagewise: pagedTool("${tool}") was called without arguments: the tool has no input ` +
    `schema, so the SDK passes it none, and never the ${cursorParam}. Register it with an ` +
    `inputSchema that declares ${cursorParam}: z.string().optional() (and pass that schema to ` +
    `pagedTool as inputSchema), or page the server with paginate(server, { tools: { include: ` +
    `["${tool}"] } }).`;
}

/** Why a paged tool made without its input schema is refused. */
export function pagedToolWithoutSchema(tool: string, cursorParam: string): string {
  return `pagewise: pagedTool("${tool}") needs the tool's inputSchema (the one it is registered ` +
    `with): an MCP SDK drops the arguments a schema does not declare, and a tool whose ` +
    `${cursorParam} is dropped answers every call with its first page. Declare ` +
    `${cursorParam}: z.string().optional() in it and pass it as { inputSchema } (or use ` +
    `paginate(server, { tools: { include: ["${tool}"] } }), which adds the arguments itself).`;
}
