/**
 * The protocol's own pagination: `tools/list`, `resources/list`,
 * `resources/templates/list` and `prompts/list` in pages with opaque,
 * validated cursors, and the client loop that reads every page.
 *
 * @module
 */

import { createBinder } from "../cursor/binding.ts";
import { LIST_CURSOR_NOT_A_STRING, LIST_CURSOR_REASONS, listCursorError } from "./_messages.ts";
import { position } from "../paging/position.ts";
import { checkKeys, checkSecret, invalid } from "../paging/options.ts";
import { CursorError } from "../cursor/cursor_error.ts";
import { type Handler, intercept } from "./_intercept.ts";

/** The list methods and the field each one's items are in. */
const LISTS = {
  "tools/list": "tools",
  "resources/list": "resources",
  "resources/templates/list": "resourceTemplates",
  "prompts/list": "prompts",
} as const;

/** Options of {@linkcode paginateLists}. */
export interface PaginateListsOptions {
  /** Items per page. Default 50. */
  pageSize?: number;
  /** HMAC key that signs list cursors. */
  secret?: string | Uint8Array;
}

/** JSON-RPC "invalid params": what a forged list cursor is answered with. */
const INVALID_PARAMS = -32602;

class InvalidCursor extends Error {
  readonly code = INVALID_PARAMS;
  constructor(reason: string) {
    super(listCursorError(reason));
  }
}

/**
 * Answers the list methods of `server` in pages of `pageSize` items, with a
 * `nextCursor` on every page but the last. A cursor is bound to its method
 * and to the list it came from (by a fingerprint of the items' names); a
 * forged, altered or stale cursor gets a JSON-RPC invalid-params error.
 * Works with the same servers as {@linkcode paginate}, and with it.
 *
 * @example
 * ```ts
 * import { assertEquals, assertExists } from "@std/assert";
 * import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
 * import { Client } from "@modelcontextprotocol/sdk/client/index.js";
 * import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
 * import { listAll, paginateLists } from "@pagewise/mcp";
 *
 * const server = paginateLists(new McpServer({ name: "big", version: "1.0.0" }), {
 *   pageSize: 100,
 * });
 * for (let i = 0; i < 250; i++) server.registerTool(`tool_${i}`, {}, () => ({ content: [] }));
 * const [a, b] = InMemoryTransport.createLinkedPair();
 * await server.connect(a);
 * const client = new Client({ name: "example", version: "1.0.0" });
 * await client.connect(b);
 * const first = await client.listTools();
 * assertEquals(first.tools.length, 100);
 * assertExists(first.nextCursor);
 * const all = await listAll(client, "tools") as { name: string }[];
 * assertEquals(all.map((tool) => tool.name), Array.from({ length: 250 }, (_, i) => `tool_${i}`));
 * await client.close();
 * ```
 */
export function paginateLists<S extends object>(server: S, options: PaginateListsOptions = {}): S {
  if (options === null || typeof options !== "object") {
    throw new TypeError(
      "pagewise: paginateLists takes a server and an options object (or nothing).",
    );
  }
  checkKeys("paginateLists", options, ["pageSize", "secret"]);
  const pageSize = options.pageSize ?? 50;
  if (
    typeof pageSize !== "number" || !Number.isInteger(pageSize) || pageSize < 1 ||
    pageSize > 100_000
  ) {
    throw invalid("pageSize", "a whole number from 1 to 100,000", pageSize);
  }
  checkSecret("secret", options.secret);
  const binder = createBinder({ secret: options.secret, now: Date.now });

  const wrap =
    (method: keyof typeof LISTS, field: string) =>
    (inner: Handler): Handler =>
    async (request, extra) => {
      const cursor = request.params?.cursor;
      const { cursor: _, ...params } = request.params ?? {};
      if (cursor !== undefined && typeof cursor !== "string") {
        throw new InvalidCursor(LIST_CURSOR_NOT_A_STRING);
      }
      // A cursor that cannot be ours is refused before the list is built.
      let opened;
      if (cursor !== undefined) {
        try {
          opened = await binder.open(cursor, method);
        } catch (error) {
          if (error instanceof CursorError) {
            throw new InvalidCursor(LIST_CURSOR_REASONS[error.reason]);
          }
          throw error;
        }
      }
      const result = await inner({ ...request, params }, extra) as Record<string, unknown>;
      const items = result?.[field];
      // A handler that pages by itself is left to do so.
      if (!Array.isArray(items) || result.nextCursor !== undefined) return result;
      const listed = await binder.fingerprint(method, JSON.stringify(items.map(identity)));
      let offset = 0;
      try {
        // The one check of a cursor against what is paged, as for tool results;
        // a list that changed is refused: its pages cannot be mixed.
        offset = position(opened, {
          unit: "elements",
          fingerprint: listed,
          total: items.length,
          textAt: () => undefined,
        }, "error").offset;
      } catch (error) {
        if (error instanceof CursorError) {
          throw new InvalidCursor(LIST_CURSOR_REASONS[error.reason]);
        }
        throw error;
      }
      const end = offset + pageSize;
      const page: Record<string, unknown> = { ...result, [field]: items.slice(offset, end) };
      if (end < items.length) {
        page.nextCursor = await binder.issue(
          await binder.scopeHash(method),
          listed,
          "elements",
          end,
          0,
        );
      }
      return page;
    };

  for (const [method, field] of Object.entries(LISTS) as Array<[keyof typeof LISTS, string]>) {
    intercept(server, method, wrap(method, field));
  }
  return server;
}

function identity(item: unknown): unknown {
  const record = item as Record<string, unknown> | null;
  return record?.name ?? record?.uri ?? record?.uriTemplate ?? record;
}

/** What {@linkcode listAll} lists. */
export type ListKind = "tools" | "resources" | "resourceTemplates" | "prompts";

/** The client methods {@linkcode listAll} calls: those of the SDK clients (v1 and v2). */
export interface ListingClient {
  /** `tools/list`. */
  listTools?(params?: { cursor?: string }): Promise<Record<string, unknown>>;
  /** `resources/list`. */
  listResources?(params?: { cursor?: string }): Promise<Record<string, unknown>>;
  /** `resources/templates/list`. */
  listResourceTemplates?(params?: { cursor?: string }): Promise<Record<string, unknown>>;
  /** `prompts/list`. */
  listPrompts?(params?: { cursor?: string }): Promise<Record<string, unknown>>;
}

const METHODS = {
  tools: "listTools",
  resources: "listResources",
  resourceTemplates: "listResourceTemplates",
  prompts: "listPrompts",
} as const;

/**
 * Every item of a list, following `nextCursor` to the end. Stops with an
 * error after `maxPages` pages (default 1,000) or when a cursor repeats, so a
 * server that never ends cannot keep the client in the loop.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { listAll } from "@pagewise/mcp";
 *
 * // Any client with listTools(), such as an SDK Client (see paginateLists);
 * // here one that answers two pages.
 * const pages: Record<string, { tools: { name: string }[]; nextCursor?: string }> = {
 *   "": { tools: [{ name: "a" }, { name: "b" }], nextCursor: "p2" },
 *   p2: { tools: [{ name: "c" }] },
 * };
 * const client = {
 *   listTools: (params?: { cursor?: string }) => Promise.resolve(pages[params?.cursor ?? ""]),
 * };
 * assertEquals(await listAll(client, "tools"), [{ name: "a" }, { name: "b" }, { name: "c" }]);
 * ```
 */
export async function listAll(
  client: ListingClient,
  kind: ListKind,
  options: { maxPages?: number } = {},
): Promise<unknown[]> {
  const list = client[METHODS[kind]]?.bind(client);
  if (!list) throw new TypeError(`pagewise: this client has no ${METHODS[kind]}().`);
  const maxPages = options.maxPages ?? 1_000;
  const items: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; pages < maxPages; pages++) {
    const result = await list(cursor === undefined ? {} : { cursor });
    const page = result[kind];
    if (Array.isArray(page)) items.push(...page);
    const next = result.nextCursor;
    if (typeof next !== "string") return items;
    if (seen.has(next)) throw new Error(`pagewise: the server sent the cursor ${next} twice.`);
    seen.add(next);
    cursor = next;
  }
  throw new Error(
    `pagewise: ${kind} did not end after ${maxPages} pages; raise maxPages if the list is that long.`,
  );
}
