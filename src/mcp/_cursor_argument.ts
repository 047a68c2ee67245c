// Takes the cursor out of a tool call's arguments, in one place for
// paginate() and pagedTool(): a cursor that is not a string gets one answer.

import { cursorNotAString } from "./_messages.ts";
import type { ToolResult } from "./types.ts";

export type CursorArgument =
  | { cursor: string | undefined; rest: Record<string, unknown> }
  | { error: ToolResult };

export function takeCursor(args: Record<string, unknown>, cursorParam: string): CursorArgument {
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(args)) {
    if (key !== cursorParam) {
      Object.defineProperty(rest, key, {
        value: args[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  const cursor = Object.hasOwn(args, cursorParam) ? args[cursorParam] : undefined;
  if (cursor !== undefined && typeof cursor !== "string") {
    return {
      error: { content: [{ type: "text", text: cursorNotAString(cursorParam) }], isError: true },
    };
  }
  return { cursor, rest };
}
