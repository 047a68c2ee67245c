/**
 * The protocol's own pagination: `tools/list`, `resources/list`,
 * `resources/templates/list` and `prompts/list` in pages with opaque,
 * validated cursors, and the client loop that reads every page.
 *
 * @module
 */

import { constantTimeEqual, importHmacKey, sha256 } from "../_crypto.ts";
import {
  CursorError,
  decodeCursor,
  encodeCursor,
  FINGERPRINT_BYTES,
  SCOPE_BYTES,
} from "../cursor.ts";
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
    super(
      `Invalid cursor: ${reason}. List again without a cursor to start from the first page.`,
    );
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
 * ```ts ignore
 * import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
 * import { paginateLists } from "@pagewise/mcp";
 *
 * const server = paginateLists(new McpServer({ name: "big", version: "1.0.0" }), {
 *   pageSize: 100,
 * });
 * ```
 */
export function paginateLists<S extends object>(server: S, options: PaginateListsOptions = {}): S {
  const pageSize = options.pageSize ?? 50;
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new RangeError(
      `pagewise: pageSize must be a whole number of at least 1; got ${pageSize}.`,
    );
  }
  const key = options.secret !== undefined ? importHmacKey(options.secret) : undefined;

  const wrap =
    (method: keyof typeof LISTS, field: string) =>
    (inner: Handler): Handler =>
    async (request, extra) => {
      const cursor = request.params?.cursor;
      const { cursor: _, ...params } = request.params ?? {};
      const result = await inner({ ...request, params }, extra) as Record<string, unknown>;
      const items = result?.[field];
      // A handler that pages by itself is left to do so.
      if (!Array.isArray(items) || result.nextCursor !== undefined) return result;
      const scope = (await sha256(method)).subarray(0, SCOPE_BYTES);
      const fingerprint = (await sha256(JSON.stringify(items.map(identity)))).subarray(
        0,
        FINGERPRINT_BYTES,
      );
      let offset = 0;
      if (cursor !== undefined) {
        if (typeof cursor !== "string") throw new InvalidCursor("it must be a string");
        try {
          const state = await decodeCursor(cursor, await key, 0);
          if (!constantTimeEqual(state.scope, scope)) {
            throw new InvalidCursor("it belongs to another list");
          }
          if (!constantTimeEqual(state.fingerprint, fingerprint)) {
            throw new InvalidCursor("the list changed since it was issued");
          }
          if (state.part !== 0 || state.offset === 0 || state.offset >= items.length) {
            throw new InvalidCursor("it points outside the list");
          }
          offset = state.offset;
        } catch (error) {
          if (error instanceof CursorError) throw new InvalidCursor(error.reason.replace("_", " "));
          throw error;
        }
      }
      const end = offset + pageSize;
      const page: Record<string, unknown> = { ...result, [field]: items.slice(offset, end) };
      if (end < items.length) {
        page.nextCursor = await encodeCursor(
          { offset: end, part: 0, fingerprint, scope },
          await key,
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
 * ```ts ignore
 * import { listAll } from "@pagewise/mcp";
 *
 * const tools = await listAll(client, "tools");
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
