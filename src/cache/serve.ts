// Serving pages from the cache: the key a result is kept under, keeping the
// source of a result that was cut, and paging a later call from the window
// of it a store gives back. On a miss nothing is served and the tool runs.

import { toHex } from "../bytes/crypto.ts";
import type { CursorState } from "../cursor/codec.ts";
import {
  type Asked,
  type Core,
  type OpenCursorHandle,
  pageSource,
  sourceFits,
} from "../paging/core.ts";
import type { Page } from "../cut/page.ts";
import type { Source } from "../source/source.ts";
import type { Cache } from "./cache.ts";
import { loadSource } from "./_load.ts";
import { saveSource } from "./_save.ts";

/**
 * Whose result, for which call: a kept result is only ever served to the
 * caller (`identity`) of the same call (`scope`) from a server that writes
 * values the same way (`layout`).
 */
export interface Owner {
  identity: string;
  scope: string;
  layout: string;
}

function cacheKey(owner: Owner, fingerprint: Uint8Array): string {
  return `${owner.identity}\u0000${owner.scope}\u0000${owner.layout}\u0000${toHex(fingerprint)}`;
}

/**
 * Keeps the source of a cut result, with `extra` (what a page needs besides
 * it). With `priceAhead` (pages measured by the estimate) its elements are
 * priced in the background for later pages served here. Never rejects.
 */
export function keepSource(
  cache: Cache,
  owner: Owner,
  source: Source,
  fingerprint: Uint8Array,
  extra: unknown,
  priceAhead = false,
): Promise<void> {
  return saveSource(cache, cacheKey(owner, fingerprint), source, fingerprint, extra, priceAhead);
}

/** A page served from the cache, with the `extra` kept beside its result. */
export interface ServedPage {
  page: Page;
  extra: unknown;
}

/**
 * The page at `cursor` of the result `owner` kept, or undefined on a
 * miss (absent, expired, a store error or timeout, another fingerprint, a
 * value that fails its check, or values that make no page).
 * `coreFor` picks the core to page with from the kept `extra` (undefined:
 * the kept result cannot be paged here, and counts as a miss).
 */
export async function servePage(
  cache: Cache,
  owner: Owner,
  state: CursorState,
  cursor: OpenCursorHandle,
  maxChars: number,
  coreFor: (extra: unknown) => Core | undefined,
  asked: Asked = {},
): Promise<ServedPage | undefined> {
  const loaded = await loadSource(
    cache,
    cacheKey(owner, state.fingerprint),
    state.fingerprint,
    state.unit,
    state.offset,
    state.part,
    maxChars,
  );
  const core = loaded && coreFor(loaded.extra);
  if (!loaded || !core) return undefined;
  // Kept for another client's larger pages, its fields may leave no room on
  // this one's: then the tool runs, and the cursor goes on in the result's text.
  if (!(await sourceFits(core, loaded.source, owner.scope))) {
    cache.onEvent({ type: "cache_miss", key: loaded.key, reason: "no_room" });
    return undefined;
  }
  try {
    const page = await pageSource(
      core,
      loaded.source,
      loaded.fingerprint,
      cursor,
      owner.scope,
      asked,
    );
    cache.onEvent({ type: "cache_hit", key: loaded.key });
    return { page, extra: loaded.extra };
  } catch (error) {
    // What was read back passed every check and still makes no page (only
    // values forged without the secret to check them against can): a miss,
    // so that the tool's own result answers, never an error of the cache's.
    // The error goes with it: if it is pagewise's own, the event says so.
    cache.onEvent({
      type: "cache_miss",
      key: loaded.key,
      reason: "unusable",
      check: "page",
      error,
    });
    return undefined;
  }
}
