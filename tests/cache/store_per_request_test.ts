// A cache that can never hit is told to its author: a store made inside the
// request handler (a memoryStore() in a server made per request) is new and
// empty for every page. Every later page then reports a `cache_warning`
// event with the fix, and the process writes one console warning; a store
// made once never does, nor does a cold isolate that lost what it kept.
import assert from "node:assert/strict";
import { createResultPager, memoryStore, type PagerEvent } from "../../mod.ts";
import { spansJson } from "../../dev/cache_data.ts";
import { STORE_PER_REQUEST } from "../../src/cache/_store_per_request.ts";
import { upstashStore } from "../../src/stores/upstash.ts";
import { RespConnection } from "../../dev/redis.ts";
import {
  assertReassembles,
  call,
  countTokens,
  httpServer,
  nextCursor,
  startUpstash,
  walk,
} from "./_rig.ts";

const OUTPUT = spansJson(300);
const LIMITS = { maxTokens: 2_000, countTokens };

const warningsOf = (events: PagerEvent[]) => events.filter((e) => e.type === "cache_warning");

Deno.test("a memoryStore made per request: every later page tells the author, with the fix", async () => {
  const events: PagerEvent[] = [];
  const http = httpServer("stateless", () => ({
    ...LIMITS,
    cache: { store: memoryStore() },
    onEvent: (event: PagerEvent) => void events.push(event),
  }), () => OUTPUT);
  try {
    const walked = await walk(await http.connect(), { q: "*" });
    assert.ok(walked.texts.length >= 15, `${walked.texts.length} pages`);
    assertReassembles(walked.texts, OUTPUT);
    // It never hits: every page ran the tool.
    assert.equal(http.runs(), walked.texts.length);
    const warnings = warningsOf(events);
    assert.equal(warnings.length, walked.texts.length - 1);
    for (const warning of warnings) {
      assert.ok(warning.type === "cache_warning");
      assert.equal(warning.warning, "store_per_request");
      assert.match(warning.message, /Make the store once, outside the handler/);
    }
  } finally {
    await http.close();
  }
});

Deno.test("a memoryStore made once, a server per request: the tool runs once, nothing to tell", async () => {
  const events: PagerEvent[] = [];
  const store = memoryStore();
  const http = httpServer("stateless", () => ({
    ...LIMITS,
    cache: { store },
    onEvent: (event: PagerEvent) => void events.push(event),
  }), () => OUTPUT);
  try {
    const walked = await walk(await http.connect(), { q: "*" });
    assert.ok(walked.texts.length >= 15);
    assert.equal(http.runs(), 1);
    assert.deepEqual(warningsOf(events), []);
  } finally {
    await http.close();
  }
});

Deno.test("an Upstash store made per request shares Redis: the tool runs once, and an entry gone is no misuse", async () => {
  const upstash = await startUpstash();
  const events: PagerEvent[] = [];
  const http = httpServer("stateless", () => ({
    ...LIMITS,
    cache: { store: upstashStore(upstash.client) },
    onEvent: (event: PagerEvent) => void events.push(event),
  }), () => OUTPUT);
  try {
    const client = await http.connect();
    const walked = await walk(client, { q: "*" });
    assert.ok(walked.texts.length >= 15);
    assert.equal(http.runs(), 1);
    // The entry gone from Redis (expired, evicted): a later page misses, and runs the tool.
    const redis = await RespConnection.connect(upstash.redis.port);
    await redis.send([["FLUSHALL"]]);
    redis.close();
    const cursor = nextCursor(walked.texts[3])!;
    assert.notEqual((await call(client, { q: "*", cursor })).isError, true);
    assert.equal(http.runs(), 2);
    assert.ok(events.some((e) => e.type === "cache_miss" && e.reason === "absent"));
    assert.deepEqual(warningsOf(events), []);
  } finally {
    await http.close();
    await upstash.close();
  }
});

/** Runs tests/cache/_request_servers.ts in a process of its own. */
async function serveInProcess(
  mode: "per-request" | "once",
  pages: number,
  cursor?: string,
): Promise<{ runs: number; cursor?: string; warnings: number; stderr: string }> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--config",
      "deno.dev.json",
      "tests/cache/_request_servers.ts",
      mode,
      String(pages),
      ...(cursor ? [cursor] : []),
    ],
    env: { NO_COLOR: "1" },
    stdin: "null",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assert.equal(output.code, 0, stderr);
  return { ...JSON.parse(new TextDecoder().decode(output.stdout)), stderr };
}

Deno.test("a memoryStore made per request: one console warning a process, with the fix, however many pages", async () => {
  const served = await serveInProcess("per-request", 15);
  assert.equal(served.runs, 15);
  assert.equal(served.warnings, 14);
  assert.equal(served.stderr.split(STORE_PER_REQUEST).length - 1, 1, served.stderr);
});

Deno.test("a cold isolate that lost what it kept: the tool runs once more, nothing to tell", async () => {
  // One process keeps the result and serves the first page, then is gone.
  const first = await serveInProcess("once", 1);
  assert.equal(first.runs, 1);
  assert.ok(first.cursor);
  // A new one, its store made once and empty, is asked for the later pages.
  const cold = await serveInProcess("once", 14, first.cursor);
  assert.equal(cold.runs, 1);
  assert.equal(cold.warnings, 0);
  assert.equal(cold.stderr, "");
});

Deno.test("two servers each with a store made once: a cursor of one sent to the other is no misuse to tell", async () => {
  const events: PagerEvent[] = [];
  const one = createResultPager({ ...LIMITS, cache: { store: memoryStore() } });
  const two = createResultPager({
    ...LIMITS,
    cache: { store: memoryStore() },
    onEvent: (event) => void events.push(event),
  });
  // Both stores made long before the cursor crosses (a store made in a handler is moments old).
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  const first = await one.run(() => OUTPUT, { scope: "t {}" });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const cursor = nextCursor(String(first.content?.[0].text))!;
  await two.run(() => OUTPUT, { scope: "t {}", cursor });
  assert.deepEqual(warningsOf(events), []);
});
