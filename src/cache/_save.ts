// Keeps the source of a cut result in a store: its text (or the text of its
// paged container and what surrounds it) and item index, with the meta a
// later page rebuilds its source from.

import { toHex } from "../bytes/crypto.ts";
import type { Source } from "../source/source.ts";
import type { Cache } from "./cache.ts";
import { type Meta, META_VERSION, narrowingMeta } from "./_meta.ts";
import { priceInBackground } from "./_pricing.ts";
import { noteKept } from "./_store_per_request.ts";
import { writeResult } from "./stored_result.ts";

/**
 * Stores `source` (its fingerprint computed) under `key`, with `extra` (the
 * rest of the tool result) kept beside it. Never rejects; with `waitUntil`
 * the write is handed to it. With `priceAhead`, a list's elements are priced
 * in the background for later pages served here.
 */
export async function saveSource(
  cache: Cache,
  key: string,
  source: Source,
  fingerprint: Uint8Array,
  extra: unknown,
  priceAhead = false,
): Promise<void> {
  const { hints, writing } = cache.memory;
  // One write of a result at a time in this isolate: a page asked for before
  // the first write lands runs the tool, but neither queues a second write
  // nor replaces what this isolate remembers of the first (where its
  // elements start, their prices): the store will hold the first. Asked
  // first, before the index and the positions are built for nothing.
  if (writing.has(key)) return;
  let meta: Meta;
  let text: string;
  let index: Uint32Array | undefined;
  if (source.kind === "text") {
    if (source.view.base !== 0 || source.view.text.length !== source.view.total) return;
    meta = { v: META_VERSION, kind: "text", fingerprint: toHex(fingerprint), extra };
    text = source.view.text;
    if (source.narrowing) meta.narrowing = narrowingMeta(source.narrowing);
  } else {
    const { shape } = source;
    const { container } = shape;
    if (source.first !== 0 || container.count !== source.total) return;
    text = shape.text;
    index = new Uint32Array(container.count * 2);
    for (let i = 0; i < container.count; i++) {
      index[2 * i] = container.start(i);
      index[2 * i + 1] = container.end(i);
    }
    meta = {
      v: META_VERSION,
      kind: "elements",
      fingerprint: toHex(fingerprint),
      extra,
      unit: source.unit,
      path: source.path,
      name: source.name,
      pageKey: shape.pageKey,
      rootIsArray: shape.rootIsArray,
      afterOpen: shape.afterOpen,
      closeSpace: shape.closeSpace,
      before: text.slice(0, container.open + 1),
      after: text.slice(container.close),
      rootOpen: shape.rootOpen,
      containerKind: container.kind,
      count: container.count,
    };
    if (source.narrowing) {
      const { narrowing } = source;
      const width = Math.max(1, (narrowing.whole - 1).toString(36).length);
      const digits: string[] = [];
      for (let i = 0; i < container.count; i++) {
        digits.push(narrowing.position!(i)!.toString(36).padStart(width, "0"));
      }
      meta.narrowing = { ...narrowingMeta(narrowing), at: text.length, width };
      text += digits.join("");
    }
  }
  const starts = new Uint32Array(index ? index.length / 2 : 0);
  for (let i = 0; i < starts.length; i++) starts[i] = index![2 * i];
  hints.remember(key, { kind: meta.kind, from: 0, starts });
  noteKept(cache, key).catch(() => {});
  // Too large for the store: not tried (and not failed) again on every page.
  const capacity = cache.store.limits.capacityBytes;
  if (capacity !== undefined && text.length > capacity) return;
  // A store whose breaker is open is not written to, nor the result encoded for it.
  if (cache.breaker?.blocked()) return;
  const outcome = writeResult(cache.store, key, { meta, text, index }, {
    ttlSeconds: cache.ttlSeconds,
    timeoutMs: cache.timeoutMs,
    waitUntil: cache.waitUntil === undefined ? undefined : (task) => {
      writing.set(key, task);
      task.finally(() => writing.delete(key)).catch(() => {});
      cache.waitUntil!(task);
    },
    onEvent: (event) => {
      if (event.type === "cache_stored") cache.memory.kept.stored(event.key, cache.ttlSeconds);
      cache.onEvent(event);
    },
    breaker: cache.breaker,
    seal: cache.seal,
  });
  if (priceAhead && source.kind === "elements" && !source.narrowing) {
    priceInBackground(hints, key, source, cache.waitUntil);
  }
  if (cache.waitUntil === undefined) {
    writing.set(key, outcome);
    outcome.finally(() => writing.delete(key));
    // The answer waits for the write at most one timeout (a write of many
    // batches can take several); a longer write goes on after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => timer = setTimeout(resolve, cache.timeoutMs));
    try {
      await Promise.race([outcome, bound]);
    } finally {
      clearTimeout(timer);
    }
  }
}
