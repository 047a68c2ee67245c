/**
 * The stdio proxy's result store: its last 16 results, at most 256 MiB.
 * Memory is bounded by both: an evicted result leaves whole (record and
 * chunks), and the bytes never pass the budget.
 */
import assert from "node:assert/strict";
import { createResultPager, type PageStore, pageStore } from "../../mod.ts";
import { lastResults, lastResultsStore } from "../../src/cli/_last_results.ts";
import { rowsOf } from "../support/counting_server.ts";

// A store over a Map that can say what it holds.
function mapStore(): PageStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    limits: { maxValueBytes: 1 << 24, chunkUnits: 4_096 },
    get: (key) => Promise.resolve(map.get(key)),
    set: (key, value) => Promise.resolve(void map.set(key, value)),
    delete: (key) => Promise.resolve(void map.delete(key)),
  };
}

// Pages results of `rows` through a cache on `store`, counting tool runs per seed.
function pages(store: PageStore) {
  const results = createResultPager({ maxTokens: 2_000, cache: { store: pageStore(store) } });
  const runs = new Map<number, number>();
  const page = async (seed: number, n: number, cursor?: string) => {
    const result = await results.run(() => {
      runs.set(seed, (runs.get(seed) ?? 0) + 1);
      return rowsOf(seed, n);
    }, { scope: `rows ${seed}`, cursor });
    const text = String(result.content?.[0].text);
    return JSON.parse(text).page.next_cursor as string;
  };
  return { page, runs };
}

const groupOf = (key: string) => key.split(":").slice(0, 2).join(":");

Deno.test("last results: after 40 results the store holds the chunks and records of the last 16 only", async () => {
  const inner = mapStore();
  const { page, runs } = pages(lastResults(inner, 16));
  const cursors: string[] = [];
  for (let seed = 1; seed <= 40; seed++) cursors.push(await page(seed, 300));
  const groups = new Set([...inner.map.keys()].map(groupOf));
  assert.equal(groups.size, 16);
  assert.ok(inner.map.size > 16 * 2, `${inner.map.size} keys: each result is several chunks`);

  await page(25, 300, cursors[24]);
  assert.equal(runs.get(25), 1, "the 16th newest is kept");
  await page(24, 300, cursors[23]);
  assert.equal(runs.get(24), 2, "the 17th newest is gone");
  assert.equal(new Set([...inner.map.keys()].map(groupOf)).size, 16);
});

Deno.test("last results: the bytes kept stay within the budget; the oldest results' chunks go first", async () => {
  // Each result is about 50,000 characters, kept as two bytes each (not all Latin-1).
  const { page, runs } = pages(lastResultsStore(16, 300_000));
  const cursors: string[] = [];
  for (let seed = 1; seed <= 3; seed++) cursors.push(await page(seed, 600));
  await page(3, 600, cursors[2]);
  await page(2, 600, cursors[1]);
  assert.deepEqual([runs.get(3), runs.get(2)], [1, 1], "the two newest fit");
  await page(1, 600, cursors[0]);
  assert.equal(runs.get(1), 2, "the oldest no longer fit: run again");
});

Deno.test("last results: a result over the whole budget is paged, not kept", async () => {
  const { page, runs } = pages(lastResultsStore(16, 50_000));
  const cursor = await page(1, 600);
  assert.ok(cursor);
  const next = await page(1, 600, cursor);
  assert.ok(next, "the second page is paged from the re-run result");
  assert.equal(runs.get(1), 2);
});
