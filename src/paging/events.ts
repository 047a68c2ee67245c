/**
 * What a pager reports through `onEvent`, for logs and metrics.
 *
 * @module
 */

import type { CursorErrorReason } from "../cursor/cursor_error.ts";
import type { PageKind } from "../cut/page.ts";

/** Something that happened while paging, for logs and metrics. */
export type PagerEvent =
  | {
    type: "page";
    scope: string;
    /** What the page holds; `blocks` for {@linkcode Pager.pageBlocks}. */
    kind: PageKind | "blocks";
    from: number;
    to: number;
    total: number;
    unit: "items" | "entries" | "characters" | "blocks";
    /** Characters of text on the page. */
    chars: number;
    /** The result changed since the cursor was issued; the page is from the current one. */
    changed?: boolean;
    /** The limits the page was cut to (`Infinity` where not limited). */
    limits: { maxTokens: number; maxChars: number; maxBytes: number; maxLines: number };
    /**
     * The client the page was sized for: the name it sent (`clientInfo.name`)
     * and the preset (or the author's name) it matched; none when the
     * client is not known (see `clientLimits`).
     */
    client?: { name: string; preset?: string };
  }
  | {
    type: "cut";
    scope: string;
    mode: "page" | "trim";
    total: number;
    unit: "items" | "entries" | "characters" | "blocks";
  }
  | { type: "cursor_rejected"; scope: string; reason: CursorErrorReason }
  | { type: "counter_fallback"; error: unknown }
  | CacheEvent;

/** What the cache reports; never thrown, never shown to the model. */
export type CacheEvent =
  /** A page served from the cache: every value it read passed its checks. */
  | { type: "cache_hit"; key: string }
  | {
    type: "cache_miss";
    key: string;
    /**
     * `absent`: no record; `expired`: past its deadline; `invalid`: a record
     * this version cannot read (of another version of pagewise, written
     * before an upgrade); `incomplete`: a chunk is gone or of another
     * version of the result (an earlier or a concurrent write); `altered`: a
     * value is not what was written there (changed or cut bytes, another
     * key's value, no record at all, written with another secret: see
     * `check`); `unusable`:
     * the values passed their checks but do not make a page (an index that
     * points past the text, which only someone who can write to the store
     * and has no secret to check against can make); `no_room`: the result
     * was kept for another client's larger pages, and the fields around its
     * list leave no room on this client's (the cursor goes on in its text).
     */
    reason: "absent" | "expired" | "invalid" | "incomplete" | "altered" | "unusable" | "no_room";
    /** The check that failed, with `altered` and `unusable`. */
    check?: CacheCheck;
    /** With `unusable` and check `page`: what paging the values read back threw. */
    error?: unknown;
  }
  | {
    type: "cache_stored";
    key: string;
    /** Values written, the record included. */
    values: number;
    /** Characters written (ASCII for compressed values). */
    chars: number;
    ms: number;
  }
  | {
    type: "cache_warning";
    /** The result's storage key; empty for `identify_failed` (no result yet). */
    key: string;
    /**
     * `store_per_request`: the result a later page asks for was kept in
     * another store object of this process, and the store it is read from
     * has held nothing: a store made inside the request handler, which never
     * hits. `message` says the fix (make the store once, outside the
     * handler); it is also written to the console, once a process.
     * `identify_failed`: the cache's `identify` threw, rejected or returned
     * neither a non-empty string nor undefined, so the call is not cached
     * (its page is made as without a cache); `message` says what it did, and
     * the console is told once for each `identify`.
     */
    warning: "store_per_request" | "identify_failed";
    message: string;
  }
  | { type: "cache_error"; key: string; op: CacheOp; error: unknown }
  | { type: "cache_timeout"; key: string; op: CacheOp; timeoutMs: number }
  | {
    type: "cache_breaker";
    /**
     * `open`: after `failures` failed store calls in a row, the store is not
     * called for `coolDownMs` (pages run the tool, as on a miss);
     * `half_open`: the cool-down is over and one call probes the store;
     * `closed`: the probe answered, every call goes to the store again.
     */
    state: "open" | "half_open" | "closed";
    /** Failed store calls (timeouts and errors) in a row, probes included. */
    failures: number;
    /** The cool-down that starts (`open`) or that ended. */
    coolDownMs: number;
  };

/**
 * What a stored result is checked by before a page is served from it:
 * `record`, `text_chunk`, `index_chunk`: the MAC of that value, tied to its
 * key (and to the pager's `secret` when there is one), and for the record
 * that it is of the result the cursor pages; `window`: the index entries read
 * fit the text and each other; `page`: a page could be built from the window.
 */
export type CacheCheck = "record" | "text_chunk" | "index_chunk" | "window" | "page";

/** The operation an error or timeout happened in. */
export type CacheOp = "open" | "read" | "read_index" | "write";
