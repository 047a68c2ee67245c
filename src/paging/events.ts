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
  | { type: "cache_hit"; key: string }
  | {
    type: "cache_miss";
    key: string;
    /**
     * `absent`: no record; `expired`: past its deadline; `invalid`: a record
     * this version cannot read; `incomplete`: a chunk is gone, damaged or of
     * another result.
     */
    reason: "absent" | "expired" | "invalid" | "incomplete";
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

/** The operation an error or timeout happened in. */
export type CacheOp = "open" | "read" | "read_index" | "write";
