// Takes the cursor (and the narrowing arguments) out of a tool call's
// arguments, in one place for paginate() and pagedTool(): a cursor that is
// not a string gets one answer; a grep or fields of the wrong kind is
// answered by the pager, which checks them before the tool runs.

import type { NarrowArguments } from "../cut/notes.ts";
import { cursorNotAString } from "./_messages.ts";
import type { ToolResult } from "./types.ts";

export type CursorArgument =
  | {
    cursor: string | undefined;
    /** The narrowing asked for, as given (checked by the pager). */
    grep?: unknown;
    fields?: unknown;
    /** The arguments the tool gets: all but ours. */
    rest: Record<string, unknown>;
  }
  | { error: ToolResult };

export function takeCursor(
  args: Record<string, unknown>,
  cursorParam: string,
  narrow?: NarrowArguments,
): CursorArgument {
  const ours = new Set([cursorParam, narrow?.grep, narrow?.fields]);
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(args)) {
    if (!ours.has(key)) {
      Object.defineProperty(rest, key, {
        value: args[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  const given = (name: string | undefined) =>
    name !== undefined && Object.hasOwn(args, name) ? args[name] : undefined;
  const cursor = given(cursorParam);
  if (cursor !== undefined && typeof cursor !== "string") {
    return {
      error: { content: [{ type: "text", text: cursorNotAString(cursorParam) }], isError: true },
    };
  }
  return { cursor, grep: given(narrow?.grep), fields: given(narrow?.fields), rest };
}
