/**
 * One tool whose results are paged.
 *
 * @module
 */

import { identityOf } from "./_identity.ts";
import { checkOneOf, invalid, resolveNarrowArguments } from "../paging/options.ts";
import { takeCursor } from "./_cursor_argument.ts";
import { createResultPager, type ResultPagerOptions } from "./result_pager.ts";
import { toolScope } from "./scope.ts";
import type { ToolResult } from "./types.ts";

/**
 * Wraps one tool callback so that its results are paged: the cursor argument
 * is taken out of the arguments and checked before the callback runs (a bad
 * cursor is answered without running it), the callback runs with the rest,
 * and its result (a `CallToolResult` or any value) is paged with a scope made
 * of the tool name and those arguments. With `cache`, later pages are read
 * from the store instead of running the callback again. Declare the cursor in the tool's
 * input schema (an optional string), or the SDK drops it before the callback
 * runs; likewise `grep` (an optional string) and `fields` (an optional list
 * of strings) to let the model narrow a result, and say so with `narrow:
 * true` (or new names): then the first page tells the model it can narrow.
 * `narrow: false` ignores them.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { pagedTool } from "@pagewise/mcp";
 *
 * let runs = 0;
 * const search = pagedTool("search", ({ q }: { q: string }) => {
 *   runs++;
 *   return Array.from({ length: 2_000 }, (_, i) => ({ id: i, q }));
 * }, { maxTokens: 2_000 });
 * const first = await search({ q: "x" }, {});
 * assertEquals(JSON.parse(String(first.content?.[0].text)).items[0], { id: 0, q: "x" });
 * // A bad cursor is answered without running the tool:
 * const bad = await search({ q: "x", cursor: "mistyped" }, {});
 * assertEquals(bad.isError, true);
 * assertEquals(runs, 1);
 * ```
 */
export function pagedTool<A extends Record<string, unknown>, E>(
  name: string,
  handler: (args: A, extra: E) => unknown,
  options: ResultPagerOptions & { mode?: "page" | "trim" } = {},
): (
  args: A & { cursor?: string; grep?: string; fields?: string[] },
  extra: E,
) => Promise<ToolResult> {
  if (typeof name !== "string" || name === "") {
    throw invalid("pagedTool's name", "a tool name", name);
  }
  if (typeof handler !== "function") throw invalid("pagedTool's handler", "a function", handler);
  checkOneOf("mode", options?.mode, ["page", "trim"] as const);
  const results = createResultPager(options);
  const cursorParam = options.cursorParam ?? "cursor";
  const narrow = options.mode === "trim"
    ? undefined
    : resolveNarrowArguments(options.narrow, cursorParam);
  // The tool's schema is its author's: only a `narrow` given says it declares the
  // arguments, so only then does the first page tell the model it can narrow.
  const hint = options.narrow === undefined ? undefined : narrow;
  return async (args, extra) => {
    const taken = takeCursor(args ?? {}, cursorParam, narrow);
    if ("error" in taken) return taken.error;
    const identity = options.cache ? await identityOf(options.cache, extra) : "";
    return await results.run(() => handler(taken.rest as A, extra), {
      cursor: taken.cursor,
      scope: toolScope(name, taken.rest),
      grep: taken.grep as string | undefined,
      fields: taken.fields as string[] | undefined,
      narrowable: hint,
      mode: options.mode,
      identity: identity ?? "",
      cache: identity !== undefined,
    });
  };
}
