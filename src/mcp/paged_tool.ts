/**
 * One tool whose results are paged.
 *
 * @module
 */

import type { NarrowArguments } from "../cut/notes.ts";
import { checkKeys, checkOneOf, invalid, resolveNarrowArguments } from "../paging/options.ts";
import { clientNameOf } from "./_client.ts";
import { takeCursor } from "./_cursor_argument.ts";
import { identityOf } from "./_identity.ts";
import { pagedToolWithoutArguments, pagedToolWithoutSchema } from "./_messages.ts";
import { createResultPager, RESULT_PAGER_KEYS, type ResultPagerOptions } from "./result_pager.ts";
import { toolScope } from "./scope.ts";
import type { ToolResult } from "./types.ts";

/** Options of {@linkcode pagedTool}: the result pager's, the mode, and the tool's input schema. */
export interface PagedToolOptions extends ResultPagerOptions {
  /** `"page"` (default) or `"trim"`: one page without a cursor. */
  mode?: "page" | "trim";
  /**
   * The tool's input schema as it is registered (a zod object or raw shape,
   * or a JSON Schema). Required to page (not to trim): an MCP SDK drops every
   * argument its schema does not declare, so the cursor must be declared,
   * and is checked here, now. The narrowing arguments (`grep`, `fields`) it
   * declares are the ones the model is told of and the ones taken.
   */
  inputSchema?: unknown;
}

const PAGED_TOOL_KEYS = [...RESULT_PAGER_KEYS, "mode", "inputSchema"] as const;

/**
 * Wraps one tool callback so that its results are paged: the cursor argument
 * is taken out of the arguments and checked before the callback runs (a bad
 * cursor is answered without running it), the callback runs with the rest,
 * and its result (a `CallToolResult` or any value) is paged with a scope made
 * of the tool name and those arguments, sized for the client that asked
 * (read from the SDK's request details; see `clientLimits`). With `cache`,
 * later pages are read from the store instead of running the callback again.
 *
 * An SDK drops arguments the tool's input schema does not declare: declare
 * the cursor (an optional string), and `grep` (an optional string) and
 * `fields` (an optional list of strings) to let the model narrow a result,
 * and pass the schema as `inputSchema`, which is checked here: without a
 * schema, or with one that lacks the cursor, `pagedTool` throws now, rather
 * than answer every call with the first page.
 * (`paginate(server, { tools: { include: [name] } })` adds the arguments
 * itself.)
 *
 * @example
 * ```ts
 * import { assertEquals, assertThrows } from "@std/assert";
 * import { pagedTool } from "@pagewise/mcp";
 *
 * let runs = 0;
 * const inputSchema = { type: "object", properties: { q: { type: "string" }, cursor: { type: "string" } } };
 * const search = pagedTool("search", ({ q }: { q: string }) => {
 *   runs++;
 *   return Array.from({ length: 2_000 }, (_, i) => ({ id: i, q }));
 * }, { maxTokens: 2_000, inputSchema });
 * const first = await search({ q: "x" }, {});
 * assertEquals(JSON.parse(String(first.content?.[0].text)).items[0], { id: 0, q: "x" });
 * // A bad cursor is answered without running the tool:
 * const bad = await search({ q: "x", cursor: "mistyped" }, {});
 * assertEquals(bad.isError, true);
 * assertEquals(runs, 1);
 * // A schema the cursor is missing from is refused now:
 * assertThrows(() => pagedTool("search", () => [], { inputSchema: { properties: {} } }));
 * ```
 */
export function pagedTool<A extends Record<string, unknown>, E>(
  name: string,
  handler: (args: A, extra: E) => unknown,
  options: PagedToolOptions = {},
): (
  args: A & { cursor?: string; grep?: string; fields?: string[] },
  extra: E,
) => Promise<ToolResult> {
  if (typeof name !== "string" || name === "") {
    throw invalid("pagedTool's name", "a tool name", name);
  }
  if (typeof handler !== "function") throw invalid("pagedTool's handler", "a function", handler);
  if (options === null || typeof options !== "object") {
    throw invalid("pagedTool's options", "an options object", options);
  }
  checkKeys("pagedTool", options, PAGED_TOOL_KEYS);
  checkOneOf("mode", options.mode, ["page", "trim"] as const);
  const { mode, inputSchema, ...resultOptions } = options;
  const results = createResultPager(resultOptions);
  const cursorParam = options.cursorParam ?? "cursor";
  const narrow = mode === "trim" ? undefined : resolveNarrowArguments(options.narrow, cursorParam);
  if (inputSchema === undefined && mode !== "trim") {
    throw new TypeError(pagedToolWithoutSchema(name, cursorParam));
  }
  const declared = inputSchema === undefined
    ? undefined
    : declaredArguments(name, inputSchema, cursorParam, mode ?? "page");
  // The model is told it can narrow only of arguments the schema declares.
  const hint = declared && narrowingDeclared(narrow, declared);
  return async (args, extra) => {
    // Without an input schema an SDK calls the tool with its request details alone.
    if (extra === undefined && isRequestDetails(args)) {
      throw new TypeError(pagedToolWithoutArguments(name, cursorParam));
    }
    const taken = takeCursor(args ?? {}, cursorParam, narrow);
    if ("error" in taken) return taken.error;
    const identity = options.cache ? await identityOf(options.cache, extra, options.onEvent) : "";
    return await results.run(() => handler(taken.rest as A, extra), {
      cursor: taken.cursor,
      scope: toolScope(name, taken.rest),
      grep: taken.grep as string | undefined,
      fields: taken.fields as string[] | undefined,
      narrowable: hint,
      mode,
      identity: identity ?? "",
      cache: identity !== undefined,
      client: clientNameOf(undefined, extra),
    });
  };
}

/** The argument names an input schema declares: a zod object or raw shape, or a JSON Schema. */
function declaredArguments(
  tool: string,
  schema: unknown,
  cursorParam: string,
  mode: "page" | "trim",
): Set<string> {
  const members = schemaMembers(schema);
  if (!members) {
    throw invalid(
      `pagedTool("${tool}")'s inputSchema`,
      "the tool's input schema: a zod object, a zod raw shape, or a JSON Schema with properties",
      schema,
    );
  }
  const names = new Set(Object.keys(members.members));
  if (mode === "page" && !names.has(cursorParam)) {
    throw new TypeError(
      `pagewise: pagedTool("${tool}"): its inputSchema does not declare "${cursorParam}", so ` +
        `the SDK drops the cursor and every call would get the first page again. Add ` +
        `${cursorParam}: z.string().optional() to it (or { type: "string" } in JSON Schema).`,
    );
  }
  if (mode === "page" && !takesAnyCursor(members, cursorParam)) {
    throw new TypeError(
      `pagewise: pagedTool("${tool}"): its inputSchema declares "${cursorParam}" as something ` +
        `other than an optional string, so the SDK refuses the first call (which has none) or ` +
        `the cursor (a string). Declare it as ${cursorParam}: z.string().optional() (or ` +
        `{ type: "string" }, not required, in JSON Schema).`,
    );
  }
  return names;
}

/**
 * Whether the schema's member for the cursor takes it absent and as any
 * string: by the member's own `safeParse` (zod), or its JSON Schema `type`
 * and `required`.
 */
function takesAnyCursor(schema: SchemaMembers, cursorParam: string): boolean {
  const member = schema.members[cursorParam];
  const safeParse = (member as { safeParse?: unknown } | undefined)?.safeParse;
  if (typeof safeParse === "function") {
    const parses = (value: unknown) =>
      (safeParse.call(member, value) as { success?: unknown } | undefined)?.success === true;
    return parses(undefined) && parses("AgQGAM9XHSHMZufnBmK6c8xL");
  }
  if (schema.required !== undefined) {
    const type = (member as { type?: unknown } | undefined)?.type;
    const isString = type === undefined || type === "string" ||
      (Array.isArray(type) && type.includes("string"));
    return isString && !(Array.isArray(schema.required) && schema.required.includes(cursorParam));
  }
  return true; // a member of another kind: what it takes cannot be told here
}

/**
 * An input schema's members by argument name, told apart once: a zod object
 * (v3 and v4 both have `shape`), a JSON Schema (its `properties`, and
 * `required`, [] when absent), or a raw shape (the arguments' own schemas).
 */
interface SchemaMembers {
  members: Record<string, unknown>;
  /** A JSON Schema's required argument names; undefined for zod. */
  required?: unknown;
}

function schemaMembers(schema: unknown): SchemaMembers | undefined {
  if (!isObject(schema)) return undefined;
  const { shape, properties, required } = schema as {
    shape?: unknown;
    properties?: unknown;
    required?: unknown;
  };
  if (isObject(shape) && isSchema(schema)) return { members: shape as Record<string, unknown> };
  if (isObject(properties) && !isSchema(properties)) {
    return { members: properties as Record<string, unknown>, required: required ?? [] };
  }
  const members = Object.values(schema);
  if (!isSchema(schema) && members.every((member) => isObject(member) && isSchema(member))) {
    return { members: schema as Record<string, unknown> };
  }
  return undefined;
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === "object";
}

/** A zod (v3 or v4) or Standard Schema schema object. */
function isSchema(value: object): boolean {
  return "_zod" in value || "_def" in value || "~standard" in value;
}

function narrowingDeclared(
  narrow: NarrowArguments | undefined,
  declared: Set<string>,
): NarrowArguments | undefined {
  if (!narrow) return undefined;
  const out: NarrowArguments = {};
  if (narrow.grep !== undefined && declared.has(narrow.grep)) out.grep = narrow.grep;
  if (narrow.fields !== undefined && declared.has(narrow.fields)) out.fields = narrow.fields;
  return out.grep === undefined && out.fields === undefined ? undefined : out;
}

/** SDK request details (v1 `extra`, v2 `ctx`) where the arguments should be. */
function isRequestDetails(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  const given = value as { signal?: unknown; requestId?: unknown; mcpReq?: unknown };
  return (given.signal instanceof AbortSignal && given.requestId !== undefined) ||
    (typeof given.mcpReq === "object" && given.mcpReq !== null);
}
