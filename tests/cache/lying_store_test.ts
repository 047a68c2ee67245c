// A store that lies: after the first page has stored the result, bytes are
// changed behind the cache's back (in memoryStore's own entries, and in
// redis-server itself behind the Upstash REST bridge), and the walk goes on
// through paginate and a real SDK client. Every lie is caught before a page is
// served from it: the tool runs again as on a miss, the walk puts the tool's
// output back together exactly, every page is within the limits, the model
// sees nothing of it, and a `cache_miss` event names the check that failed.
// With a store that tells the truth, the walk runs the tool once.
import assert from "node:assert/strict";
import { type CacheStore, createResultPager, type PagerEvent, pageStore } from "../../mod.ts";
import { upstashStore } from "../../src/stores/upstash.ts";
import { memoryStore } from "../../src/stores/memory.ts";
import { RespConnection } from "../../dev/redis.ts";
import { sealOf } from "../../src/cache/_seal.ts";
import { withLimits } from "../stores/_fixtures.ts";
import {
  assertReassembles,
  assertWithinLimits,
  call,
  connectInMemory,
  countTokens,
  nextCursor,
  reassemble,
  startUpstash,
  textOf,
  toolServer,
} from "./_rig.ts";

const LIMITS = { maxTokens: 2_000, countTokens };
const SECRET = "a secret of more than sixteen bytes";
// Small chunks, so that a result of 600 items has many of each kind.
const CHUNK_UNITS = 4_096;
// Where a chunk's payload starts: its letter, its tag (8), its MAC (22).
const PAYLOAD = 31;

/** A log of 1,500 lines whose values carry digits: a result paged as text. */
function log(q: string): string {
  return Array.from({ length: 1_500 }, (_, i) => `line ${i} of ${q}: value-${q}-${i}`).join("\n");
}

/** The tool's output for a query: 600 items whose values carry digits, and a took_ms. */
function output(q: string, tookMs = 12): string {
  const items = Array.from({ length: 600 }, (_, i) => ({
    id: i,
    value: `value-${q}-${i}`,
    detail: `item ${i} of ${q}: ${"abcdefgh".repeat(3)}`,
  }));
  return JSON.stringify({ took_ms: tookMs, items });
}

/** The raw values of a backend, read and written behind the cache's back. */
interface Backend {
  /** The pagewise store over it; `fresh` another store object over the same data (another isolate). */
  store(fresh?: boolean): CacheStore;
  /** Every key written so far. */
  keys(): Promise<string[]>;
  get(key: string): Promise<string>;
  /** Writes `value` at `key` keeping its time to live. */
  set(key: string, value: string): Promise<void>;
  close(): Promise<void>;
}

function memoryBackend(): Backend {
  const base = withLimits(memoryStore(), { chunkUnits: CHUNK_UNITS });
  const written = new Set<string>();
  const store: CacheStore = {
    ...base,
    set: (key, value, ttl) => (written.add(key), base.set(key, value, ttl)),
    setMany: (entries, ttl) => {
      for (const [key] of entries) written.add(key);
      return base.setMany!(entries, ttl);
    },
  };
  return {
    store: (fresh) => fresh ? { ...store } : store,
    keys: () => Promise.resolve([...written]),
    get: async (key) => (await base.get(key))!,
    set: (key, value) => base.set(key, value, 600),
    close: () => Promise.resolve(),
  };
}

async function redisBackend(): Promise<Backend> {
  const upstash = await startUpstash();
  const redis = await RespConnection.connect(upstash.redis.port);
  const decoder = new TextDecoder();
  const store = withLimits(upstashStore(upstash.client), { chunkUnits: CHUNK_UNITS });
  return {
    store: (fresh) =>
      fresh ? withLimits(upstashStore(upstash.client), { chunkUnits: CHUNK_UNITS }) : store,
    async keys() {
      const [keys] = await redis.send([["KEYS", "pw1:*"]]);
      return (keys as Uint8Array[]).map((key) => decoder.decode(key));
    },
    async get(key) {
      const [value] = await redis.send([["GET", key]]);
      return decoder.decode(value as Uint8Array);
    },
    async set(key, value) {
      const [reply] = await redis.send([["SET", key, value, "KEEPTTL"]]);
      assert.deepEqual(reply, { status: "OK" });
    },
    async close() {
      redis.close();
      await upstash.close();
    },
  };
}

/** The keys of one stored result: its record, its text chunks and its index chunks, in order. */
interface Stored {
  record: string;
  text: string[];
  index: string[];
}

async function storedResults(backend: Backend): Promise<Map<string, Stored>> {
  const results = new Map<string, Stored>();
  const keys = await backend.keys();
  for (const key of keys.filter((k) => !k.includes(":", 4))) {
    const cells = (kind: string) =>
      keys.filter((k) => k.startsWith(`${key}:${kind}`))
        .sort((a, b) =>
          Number(a.split(":").at(-1)!.slice(1)) - Number(b.split(":").at(-1)!.slice(1))
        );
    results.set(key, { record: key, text: cells("t"), index: cells("x") });
  }
  return results;
}

/** What a lie is given: the backend, the main result's keys, and a way to store more results. */
interface Scene {
  backend: Backend;
  main: Stored;
  /** Stores the result of another call (first page of `q`, at `tookMs`), and gives its keys. */
  another(q: string, tookMs?: number): Promise<Stored>;
}

const middle = <T>(list: T[]) => list[list.length >> 1];

/**
 * The value at `key` of the main result as it is now; the result is then
 * stored again from a run with a longer took_ms (the same list, so the same
 * key; its text shifted by it), and the value returned is the older version.
 */
async function olderVersion(scene: Scene, key: string): Promise<string> {
  const older = await scene.backend.get(key);
  const newer = await scene.another("main", 123_456);
  assert.equal(newer.record, scene.main.record);
  assert.notEqual(await scene.backend.get(key), older);
  return older;
}

/** An index chunk rewritten to point past the text: its letter, tag and length kept. */
function pastTheText(value: string, mac: (payload: string) => Promise<string>): Promise<string> {
  const bytes = Uint8Array.fromBase64(value.slice(PAYLOAD));
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < bytes.length; i += 4) {
    view.setUint32(i, view.getUint32(i, true) + 10_000_000, true);
  }
  const payload = bytes.toBase64();
  return mac(payload).then((signed) => value.slice(0, 9) + signed + payload);
}

interface Lie {
  name: string;
  /** Changes the stored values behind the cache's back. */
  tell(scene: Scene): Promise<void>;
  /** The miss it is caught as, without and with a secret. */
  caught:
    | { reason: string; check?: string }
    | ((secret: boolean) => { reason: string; check?: string });
}

const LIES: Lie[] = [
  {
    name: "one digit of a text chunk changed, its tag and length kept",
    async tell({ backend, main }) {
      const key = middle(main.text);
      const value = await backend.get(key);
      const at = value.slice(PAYLOAD).search(/[0-9]/) + PAYLOAD;
      assert.ok(at >= PAYLOAD);
      const digit = String((Number(value[at]) + 5) % 10);
      await backend.set(key, value.slice(0, at) + digit + value.slice(at + 1));
    },
    caught: { reason: "altered", check: "text_chunk" },
  },
  {
    name: "a text chunk cut short",
    async tell({ backend, main }) {
      const key = middle(main.text);
      const value = await backend.get(key);
      await backend.set(key, value.slice(0, value.length >> 1));
    },
    caught: { reason: "altered", check: "text_chunk" },
  },
  {
    name: "a text chunk of another key's result",
    async tell(scene) {
      const other = await scene.another("other");
      const i = scene.main.text.length >> 1;
      await scene.backend.set(scene.main.text[i], await scene.backend.get(other.text[i]));
    },
    caught: { reason: "altered", check: "text_chunk" },
  },
  {
    name: "the record of another key's result",
    async tell(scene) {
      const other = await scene.another("other");
      await scene.backend.set(scene.main.record, await scene.backend.get(other.record));
    },
    caught: { reason: "altered", check: "record" },
  },
  {
    name: "a text chunk of an older version of the same key",
    async tell(scene) {
      const key = middle(scene.main.text);
      await scene.backend.set(key, await olderVersion(scene, key));
    },
    caught: { reason: "incomplete" },
  },
  {
    name: "a text chunk of an older version of the same key, given the current tag",
    async tell(scene) {
      const key = middle(scene.main.text);
      const older = await olderVersion(scene, key);
      const current = await scene.backend.get(key);
      await scene.backend.set(key, older[0] + current.slice(1, 9) + older.slice(9));
    },
    caught: { reason: "altered", check: "text_chunk" },
  },
  {
    name: "a well-formed index chunk that points past the text, its MAC not recomputed",
    async tell({ backend, main }) {
      const key = main.index[0];
      const value = await backend.get(key);
      await backend.set(key, await pastTheText(value, () => Promise.resolve(value.slice(9, 31))));
    },
    caught: { reason: "altered", check: "index_chunk" },
  },
  {
    name: "a well-formed index chunk that points past the text, signed as without a secret",
    async tell({ backend, main }) {
      const key = main.index[0];
      const value = await backend.get(key);
      const tag = value.slice(1, 9);
      const forged = await pastTheText(value, (payload) => sealOf().sign([key, tag, "I", payload]));
      await backend.set(key, forged);
    },
    // Without a secret anyone can sign; the window it makes still fails its check.
    caught: (secret) =>
      secret
        ? { reason: "altered", check: "index_chunk" }
        : { reason: "unusable", check: "window" },
  },
];

/**
 * Page 1 of the main result (stored), then `lie`, then the rest of the walk
 * (through another store object over the same data when `elsewhere`).
 */
async function lyingWalk(
  backend: Backend,
  lie: Lie | undefined,
  secret: boolean,
  elsewhere: boolean,
  text = false,
): Promise<
  { texts: string[]; runs: number; misses: unknown[]; hits: number; expected: string }
> {
  const counter = { n: 0 };
  const took = new Map<string, number>();
  const produce = ({ q }: { q: string }) => text ? log(q) : output(q, took.get(q) ?? 12);
  const events: PagerEvent[] = [];
  const options = (store: CacheStore) => ({
    ...LIMITS,
    ...(secret ? { secret: SECRET } : {}),
    cache: { store },
    onEvent: (event: PagerEvent) => void events.push(event),
  });
  const first = toolServer(options(backend.store()), produce, counter);
  const firstClient = await connectInMemory(first.server);
  const later = elsewhere ? toolServer(options(backend.store(true)), produce, counter) : first;
  const laterClient = elsewhere ? await connectInMemory(later.server) : firstClient;
  try {
    const texts = [textOf(await call(firstClient, { q: "main" }))];
    const [mainKey] = (await storedResults(backend)).keys();
    const scene: Scene = {
      backend,
      main: (await storedResults(backend)).get(mainKey)!,
      async another(q, tookMs) {
        const before = new Set((await storedResults(backend)).keys());
        if (tookMs !== undefined) took.set(q, tookMs);
        await call(firstClient, { q });
        const after = await storedResults(backend);
        const key = [...after.keys()].find((k) => !before.has(k)) ?? mainKey;
        return after.get(key)!;
      },
    };
    assert.ok(scene.main.text.length >= 3 && scene.main.index.length >= (text ? 0 : 1));
    await lie?.tell(scene);
    const expected = produce({ q: "main" });
    const runsBefore = counter.n;
    events.length = 0;
    for (let cursor = nextCursor(texts[0]); cursor; cursor = nextCursor(texts.at(-1)!)) {
      const result = await call(laterClient, { q: "main", cursor });
      assert.notEqual(result.isError, true, textOf(result));
      texts.push(textOf(result));
    }
    const misses = events.flatMap((e) =>
      e.type === "cache_miss"
        ? [e.check ? { reason: e.reason, check: e.check } : { reason: e.reason }]
        : []
    );
    const hits = events.filter((e) => e.type === "cache_hit").length;
    return { texts, runs: counter.n - runsBefore, misses, hits, expected };
  } finally {
    await firstClient.close();
    if (elsewhere) await laterClient.close();
  }
}

/** Fails unless the walk's items are the tool's items, in order, each once. */
function assertItemsExact(texts: string[], output: string): void {
  const back = reassemble(texts) as { items: unknown[] };
  assert.deepEqual(back.items, JSON.parse(output).items);
}

const backends: [string, () => Promise<Backend>, boolean][] = [
  ["memoryStore", () => Promise.resolve(memoryBackend()), false],
  // A second process reads what the first wrote: nothing remembered of it.
  ["Upstash (redis-server, bytes changed in Redis)", redisBackend, true],
];

for (const [store, open, elsewhere] of backends) {
  for (const secret of [false, true]) {
    const how = `${store}${secret ? ", with a secret" : ""}`;

    Deno.test(`${how}, a store that tells the truth: the walk runs the tool once`, async () => {
      const backend = await open();
      try {
        const walked = await lyingWalk(backend, undefined, secret, elsewhere);
        assert.ok(walked.texts.length >= 8, `${walked.texts.length} pages`);
        assert.equal(walked.runs, 0);
        assert.deepEqual(walked.misses, []);
        assert.equal(walked.hits, walked.texts.length - 1, "every later page a hit");
        assertWithinLimits(walked.texts, LIMITS);
        assertReassembles(walked.texts, walked.expected);
      } finally {
        await backend.close();
      }
    });

    for (const lie of LIES) {
      Deno.test(`${how}, ${lie.name}: the tool runs again, the walk is exact`, async () => {
        const backend = await open();
        try {
          const walked = await lyingWalk(backend, lie, secret, elsewhere);
          assertWithinLimits(walked.texts, LIMITS);
          assertItemsExact(walked.texts, walked.expected);
          // The page that met the lie ran the tool, and stored its result again.
          assert.equal(walked.runs, 1);
          const caught = typeof lie.caught === "function" ? lie.caught(secret) : lie.caught;
          assert.deepEqual(walked.misses, [caught]);
          // The page that met the lie is a miss and not a hit as well.
          assert.equal(walked.hits, walked.texts.length - 2);
        } finally {
          await backend.close();
        }
      });
    }
  }
}

for (const [store, open, elsewhere] of backends) {
  Deno.test(`${store}, a text result, one digit of a text chunk changed: the tool runs again, the walk is exact`, async () => {
    const backend = await open();
    try {
      const walked = await lyingWalk(backend, LIES[0], false, elsewhere, true);
      assertWithinLimits(walked.texts, LIMITS);
      assertReassembles(walked.texts, walked.expected);
      assert.equal(walked.runs, 1);
      assert.deepEqual(walked.misses, [{ reason: "altered", check: "text_chunk" }]);
    } finally {
      await backend.close();
    }
  });
}

/**
 * Walks 3,000 rows through a pager over `store`, asserting the walk exact;
 * returns its events and how many pages it took.
 */
async function walkOver(store: CacheStore): Promise<{ events: PagerEvent[]; pages: number }> {
  const events: PagerEvent[] = [];
  const results = createResultPager({
    maxTokens: 2_000,
    cache: { store },
    onEvent: (event) => events.push(event),
  });
  const rows = Array.from({ length: 3_000 }, (_, id) => ({ id, name: `row ${id}` }));
  const seen: unknown[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await results.run(() => rows, { scope: "rows {}", cursor });
    const json = JSON.parse(String(page.content?.[0].text));
    seen.push(...json.items);
    cursor = json.page.next_cursor;
    pages++;
  } while (cursor);
  assert.deepEqual(seen, rows);
  assert.ok(pages > 10, `${pages} pages`);
  return { events, pages };
}

/** Asserts that the breaker opened and that the result was stored at most four times. */
function assertLeftAlone({ events, pages }: { events: PagerEvent[]; pages: number }): void {
  assert.ok(events.some((e) => e.type === "cache_breaker" && e.state === "open"));
  const stored = events.filter((e) => e.type === "cache_stored").length;
  assert.ok(stored <= 4, `${stored} results stored over ${pages} pages: writes did not stop`);
}

/** A store over a memoryStore whose reads give back `read(key, value)`. */
function readingAs(read: (key: string, value: string | undefined) => unknown): CacheStore {
  const inner = memoryStore();
  return pageStore({
    limits: inner.limits,
    get: async (key) => read(key, await inner.get(key)) as string | undefined,
    set: (key, value, ttl) => inner.set(key, value, ttl),
    delete: (key) => inner.delete(key),
  });
}

Deno.test("a store that lies on every read is left alone as a failing one is: writes stop after three lies", async () => {
  // Every text chunk it gives back has its last character changed.
  const liar = readingAs((key, value) =>
    typeof value === "string" && /:t\d+$/.test(key)
      ? value.slice(0, -1) + (value.endsWith("0") ? "1" : "0")
      : value
  );
  assertLeftAlone(await walkOver(liar));
});

Deno.test("a store that reads back what is no record (garbage, not a string) lies: altered, and it is left alone", async () => {
  for (const garbage of ["garbage", 42, { v: 3 }]) {
    const walked = await walkOver(
      readingAs((key, value) => value === undefined || key.includes(":", 4) ? value : garbage),
    );
    const misses = walked.events.filter((e) => e.type === "cache_miss");
    assert.ok(misses.length > 0);
    for (const miss of misses) assert.deepEqual([miss.reason, miss.check], ["altered", "record"]);
    assertLeftAlone(walked);
  }
});

Deno.test("a record of another version of pagewise is invalid, not a lie: the breaker stays closed", async () => {
  const walked = await walkOver(
    readingAs((key, value) =>
      value === undefined || key.includes(":", 4) ? value : JSON.stringify({ v: 2, t: "x" })
    ),
  );
  const misses = walked.events.filter((e) => e.type === "cache_miss");
  assert.ok(misses.length > 3);
  for (const miss of misses) assert.equal(miss.reason, "invalid");
  assert.ok(!walked.events.some((e) => e.type === "cache_breaker"));
});

Deno.test("a store that drops what it is given is left alone: writes stop after three results lost", async () => {
  const inner = memoryStore();
  const blackHole = pageStore({
    limits: inner.limits,
    get: () => Promise.resolve(undefined),
    set: () => Promise.resolve(),
    delete: () => Promise.resolve(),
  });
  const walked = await walkOver(blackHole);
  assert.ok(walked.events.every((e) => e.type !== "cache_miss" || e.reason === "absent"));
  assertLeftAlone(walked);
});

Deno.test("a result evicted once is not a lie: stored again, the walk goes on from the store", async () => {
  const inner = memoryStore();
  let evictions = 1;
  // The first later read of the record finds it gone (evicted), once.
  const evicting = pageStore({
    limits: inner.limits,
    get: async (key) => {
      const value = await inner.get(key);
      if (value === undefined || key.includes(":", 4) || evictions === 0) return value;
      evictions--;
      await inner.delete(key);
      return undefined;
    },
    set: (key, value, ttl) => inner.set(key, value, ttl),
    delete: (key) => inner.delete(key),
  });
  const walked = await walkOver(evicting);
  assert.ok(!walked.events.some((e) => e.type === "cache_breaker"));
  assert.equal(walked.events.filter((e) => e.type === "cache_stored").length, 2);
  assert.ok(walked.events.filter((e) => e.type === "cache_hit").length > 5);
});

Deno.test("forged positions of a narrowed result (signed as without a secret) are an unusable window: the tool runs, the walk is exact, the breaker counts it", async () => {
  const inner = memoryStore();
  const written: string[] = [];
  const store = pageStore({
    limits: inner.limits,
    get: (key) => inner.get(key),
    set: (key, value, ttl) => (written.push(key), inner.set(key, value, ttl)),
    delete: (key) => inner.delete(key),
  });
  const events: PagerEvent[] = [];
  const results = createResultPager({
    maxTokens: 1_000,
    cache: { store },
    onEvent: (event) => events.push(event),
  });
  const rows = Array.from({ length: 3_000 }, (_, id) => ({ id, name: `row ${id}` }));
  let runs = 0;
  const tool = () => (runs++, rows);
  const asked = { scope: "rows {}", grep: "row 2" };
  const texts = [String((await results.run(tool, asked)).content?.[0].text)];
  // The positions are the last characters of the stored text: forged in its last chunk.
  const last = written.filter((key) => /:t\d+$/.test(key))
    .sort((a, b) => Number(a.split(":t")[1]) - Number(b.split(":t")[1])).at(-1)!;
  const value = (await inner.get(last))!;
  const [letter, tag] = [value[0], value.slice(1, 9)];
  const payload = value.slice(PAYLOAD, -12) + "z".repeat(12);
  await inner.set(
    last,
    letter + tag + await sealOf().sign([last, tag, letter, payload]) + payload,
    600,
  );
  let cursor = JSON.parse(texts[0]).page.next_cursor;
  while (cursor) {
    const text = String((await results.run(tool, { ...asked, cursor })).content?.[0].text);
    texts.push(text);
    cursor = JSON.parse(text).page.next_cursor;
  }
  const seen = texts.flatMap((text) => JSON.parse(text).items);
  assert.deepEqual(seen, rows.filter((row) => row.name.includes("row 2")));
  assert.ok(runs > 1, "the forged page was served");
  assert.ok(
    events.some((e) => e.type === "cache_miss" && e.reason === "unusable" && e.check === "window"),
  );
});
