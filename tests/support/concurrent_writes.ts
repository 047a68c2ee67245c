/**
 * Writers of different results under one key, racing readers of it, on any
 * PageStore: what every store test checks the same way.
 */
import assert from "node:assert/strict";
import type { PageStore } from "../../src/stores/types.ts";
import { openResult, writeResult } from "../../src/cache/stored_result.ts";

/** How the race runs. */
export interface Race {
  /** How many reads are started while the writes run. */
  reads: number;
  /** The pause between two reads' starts, in milliseconds. */
  pauseMs: number;
  /** Passed to each write. */
  timeoutMs?: number;
}

/**
 * Writes each of `texts` under key "k" at once (its index in `texts` as
 * meta) while reads start; fails unless every write is stored and every
 * read is a miss or one whole text.
 */
export async function assertRaceReadsWhole(
  store: PageStore,
  texts: string[],
  { reads: count, pauseMs, timeoutMs }: Race,
): Promise<void> {
  const options = timeoutMs === undefined ? { ttlSeconds: 60 } : { ttlSeconds: 60, timeoutMs };
  const writes = texts.map((text, i) => writeResult(store, "k", { meta: i, text }, options));
  const reads: Promise<string | undefined>[] = [];
  for (let i = 0; i < count; i++) {
    reads.push(openResult(store, "k").then((reader) => reader?.read(0, Infinity)));
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  assert.deepEqual(await Promise.all(writes), texts.map(() => "stored"));
  for (const read of await Promise.all(reads)) {
    assert.ok(read === undefined || texts.includes(read), "a read mixed two results");
  }
}

/**
 * After such a race: what key "k" holds is a miss or the text its meta
 * names, and the next write of `texts[0]` heals it.
 */
export async function assertRaceHeals(store: PageStore, texts: string[]): Promise<void> {
  // Interleaved writers of different results may leave chunks of one under the
  // record of another: that reads as a miss, and the next write heals it.
  const last = await openResult(store, "k");
  const read = await last?.read(0, Infinity);
  assert.ok(read === undefined || read === texts[last!.meta as number]);
  await writeResult(store, "k", { meta: 0, text: texts[0] }, { ttlSeconds: 60 });
  assert.equal(await (await openResult(store, "k"))!.read(0, Infinity), texts[0]);
}
