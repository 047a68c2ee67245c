// Serving a later page from a stored result (src/cache/serve.ts): a window
// that passed every check and still makes no page is a miss, reported, never
// an error of the cache's that would reach the model.
import assert from "node:assert/strict";
import { createResultPager, memoryStore, type PagerEvent } from "../../mod.ts";
import {
  createCore,
  cursorState,
  openCursor,
  pageSource,
  prepareSource,
} from "../../src/paging/core.ts";
import { resolveCache } from "../../src/cache/resolve.ts";
import { keepSource, servePage } from "../../src/cache/serve.ts";

Deno.test("a window that makes no page with the core it is paged by is a miss, reported, not thrown", async () => {
  const events: PagerEvent[] = [];
  const cache = resolveCache({ store: memoryStore() }, (event) => void events.push(event))!;
  const owner = { identity: "", scope: "tool {}", layout: '""' };
  const core = createCore({ maxTokens: 5_000 });
  const items = Array.from({ length: 500 }, (_, id) => ({ id, name: `item ${id}` }));
  const text = JSON.stringify({ note: "n".repeat(3_000), items });
  const prepared = await prepareSource(core, text, true);
  assert.ok("source" in prepared && prepared.source.kind === "elements");
  const first = await pageSource(
    core,
    prepared.source,
    prepared.fingerprint,
    undefined,
    owner.scope,
  );
  await keepSource(cache, owner, prepared.source, prepared.fingerprint, null);
  const cursor = await openCursor(core, first.nextCursor!, owner.scope);
  const served = (coreFor: typeof core) =>
    servePage(cache, owner, cursorState(cursor), cursor, 20_000, () => coreFor);
  // The core it was kept with pages it.
  assert.ok((await served(core))?.page.text.includes('"id":'));
  events.length = 0;
  // A core whose pages cannot hold the 3,000 characters around the list: the
  // result was kept for larger pages; the tool runs for this one.
  const tiny = createCore({ maxTokens: 300, maxChars: 800 });
  assert.equal(await served(tiny), undefined);
  assert.deepEqual(events.filter((e) => e.type === "cache_miss"), [
    { type: "cache_miss", key: (events[0] as { key: string }).key, reason: "no_room" },
  ]);
  events.length = 0;
  // A core the frame fits in whose pages then hold nothing: the page cannot be
  // made, and that is a miss too, never an error that reaches the model.
  const holdsNothing = { ...core, meter: { ...core.meter, fits: () => false } };
  assert.equal(await served(holdsNothing), undefined);
  const misses = events.filter((e) => e.type === "cache_miss");
  assert.equal(misses.length, 1);
  const { error, ...miss } = misses[0] as { error?: unknown };
  assert.deepEqual(miss, {
    type: "cache_miss",
    key: (events[0] as { key: string }).key,
    reason: "unusable",
    check: "page",
  });
  // What paging threw goes with the miss, for whoever reads the events.
  assert.ok(error instanceof Error, String(error));
});

Deno.test("a narrowed result kept for a large client's pages serves a small client's later page from the cache", async () => {
  const events: PagerEvent[] = [];
  const results = createResultPager({
    cache: { store: memoryStore() },
    onEvent: (event) => events.push(event),
  });
  // Fields around the list that leave a VS Code page (8 KiB) little room.
  const value = {
    about: "x".repeat(7_800),
    rows: Array.from({ length: 30_000 }, (_, id) => ({ id, name: `row ${id}` })),
  };
  let runs = 0;
  const tool = () => (runs++, value);
  const first = await results.run(tool, { scope: "rows {}", grep: "row 2", client: "claude-code" });
  const cursor = JSON.parse(String(first.content?.[0].text)).page.next_cursor;
  assert.ok(cursor);
  const later = await results.run(tool, {
    scope: "rows {}",
    grep: "row 2",
    cursor,
    client: "Visual Studio Code",
  });
  assert.ok(new TextEncoder().encode(String(later.content?.[0].text)).length <= 8_192);
  assert.equal(runs, 1, "the small client's page ran the tool");
  assert.ok(!events.some((e) => e.type === "cache_miss"));
});
