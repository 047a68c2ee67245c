/** Shared inputs and instruments for the store tests. */

import { pageStore } from "../../src/stores/page_store.ts";
import type { CacheStore, PageStore } from "../../src/stores/types.ts";

/**
 * About `chars` UTF-16 code units of JSON-lines text in many scripts, with
 * astral characters and a lone surrogate of each kind every few hundred lines.
 */
export function mixedText(chars: number, seed = 1): string {
  const words = [
    "alpha",
    "Grüße",
    "日本語のテキスト",
    "русский",
    "हिन्दी",
    "emoji 😀🎉",
    "العربية",
    "a\tb",
    '"quoted"',
    "\\back",
  ];
  const parts: string[] = [];
  let size = 0;
  let state = seed;
  for (let i = 0; size < chars; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    let line = `{"id":${i},"name":"${words[state % words.length]} ${state % 9973}"}`;
    if (i % 300 === 17) line += "\ud800";
    if (i % 300 === 170) line += "\udfff";
    if (i % 500 === 3) line += "\uffff";
    parts.push(line, "\n");
    size += line.length + 1;
  }
  return parts.join("").slice(0, chars);
}

/** Offsets of every line start in `text`. */
export function lineIndex(text: string): Uint32Array {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return Uint32Array.from(starts);
}

/** What a {@linkcode counted} store was asked for. */
export interface Counts {
  calls: number;
  keysRead: number;
  charsRead: number;
  keysWritten: string[];
}

/** Wraps a real store and counts what goes through it (a store with the cache engine). */
export function counted(store: PageStore): { store: CacheStore; counts: Counts } {
  const counts: Counts = { calls: 0, keysRead: 0, charsRead: 0, keysWritten: [] };
  const read = (value: string | undefined) => {
    counts.charsRead += value?.length ?? 0;
    return value;
  };
  const wrapped: PageStore = {
    limits: store.limits,
    async get(key) {
      counts.calls++;
      counts.keysRead++;
      return read(await store.get(key));
    },
    async set(key, value, ttl) {
      counts.calls++;
      counts.keysWritten.push(key);
      await store.set(key, value, ttl);
    },
    async delete(key) {
      counts.calls++;
      await store.delete(key);
    },
  };
  if (store.getMany) {
    const getMany = store.getMany.bind(store);
    wrapped.getMany = async (keys) => {
      counts.calls++;
      counts.keysRead += keys.length;
      return (await getMany(keys)).map(read);
    };
  }
  if (store.setMany) {
    const setMany = store.setMany.bind(store);
    wrapped.setMany = async (entries, ttl) => {
      counts.calls++;
      for (const [key] of entries) counts.keysWritten.push(key);
      await setMany(entries, ttl);
    };
  }
  return { store: pageStore(wrapped), counts };
}

/** The same store with other limits (chunk size, compression); a copy keeps the cache engine. */
export function withLimits<S extends PageStore>(store: S, limits: Partial<PageStore["limits"]>): S {
  return { ...store, limits: { ...store.limits, ...limits } };
}
