// Caller isolation through a real MCP server: an entry is keyed by the
// caller's identity (auth token, MCP session, or `identify`), so a cursor
// handed from one caller to another never reads the first caller's stored
// result. Without any identity, entries are shared by whoever holds a cursor.
import assert from "node:assert/strict";
import { memoryStore, type PagerEvent, type PaginateOptions } from "../../mod.ts";
import type { CacheStore } from "../../src/stores/types.ts";
import { spansJson } from "../../dev/cache_data.ts";
import {
  call,
  connectInMemory,
  countTokens,
  type HttpServed,
  httpServer,
  nextCursor,
  type Produce,
  textOf,
  toolServer,
  type Walk,
  walk,
} from "./_rig.ts";
import type { Client } from "../support/mcp_v1.ts";

const args = { q: "service:ledger" };
type Identify = NonNullable<PaginateOptions["cache"]>["identify"];

/** Each caller's own spans: a per-user tool (the seed is the caller). */
const perCaller = (caller: string): string => spansJson(200, 1_000 + caller.charCodeAt(0));
const ALICE = perCaller("alice");
const BOB = perCaller("bob");
/** A span id that only Alice's result holds. */
const aliceOnly = (text: string) => {
  const ids = new Set(JSON.parse(BOB).spans.map((s: { spanId: string }) => s.spanId));
  const alice = JSON.parse(ALICE).spans.map((s: { spanId: string }) => s.spanId) as string[];
  return alice.filter((id) => !ids.has(id)).some((id) => text.includes(id));
};

const options =
  (store: CacheStore, onEvent?: (e: PagerEvent) => void, extra = {}) => (): PaginateOptions => ({
    maxTokens: 2_000,
    countTokens,
    cache: { store, ...extra },
    onEvent,
  });

/**
 * `other` holding the cursor of Alice's first page runs the tool and sees
 * none of Alice's own spans (`afterOther` checks more there); then the
 * client `sameCaller` gives, Alice under another name or connection, reads
 * her second page from her entry without a run.
 */
async function assertCursorStaysWithCaller(
  http: HttpServed,
  aliceWalk: Walk,
  other: Client,
  sameCaller: () => Promise<Client>,
  afterOther?: () => void,
): Promise<void> {
  const cursor = nextCursor(aliceWalk.texts[0])!;
  const page = textOf(await call(other, { ...args, cursor }));
  assert.equal(http.runs(), 2);
  assert.ok(!aliceOnly(page), "another caller was served Alice's spans");
  afterOther?.();
  const again = textOf(await call(await sameCaller(), { ...args, cursor }));
  assert.equal(http.runs(), 2);
  assert.equal(again, aliceWalk.texts[1]);
}

Deno.test("two callers with different auth tokens, same tool and arguments: a handed-over cursor never reads the other's entry", async () => {
  const events: PagerEvent[] = [];
  const store = memoryStore();
  const produce: Produce = (_, extra) =>
    perCaller((extra.authInfo as { token: string }).token.split("-")[0]);
  const http = httpServer("stateless", options(store, (e) => events.push(e)), produce);
  try {
    const alice = await http.connect({ authorization: "Bearer alice-token" });
    const bob = await http.connect({ authorization: "Bearer bob-token" });
    const aliceWalk = await walk(alice, args);
    assert.equal(http.runs(), 1, "Alice's walk ran the tool once");
    events.length = 0;
    // Bob presents Alice's cursor: not her entry; his tool runs and he sees his own spans.
    // Alice's own cursor still reads her entry.
    await assertCursorStaysWithCaller(
      http,
      aliceWalk,
      bob,
      () => Promise.resolve(alice),
      () =>
        assert.deepEqual(
          events.filter((e) => e.type.startsWith("cache_")).map((e) =>
            e.type === "cache_miss" ? `miss:${e.reason}` : e.type
          ),
          ["miss:absent", "cache_stored"],
        ),
    );
  } finally {
    await http.close();
  }
});

Deno.test("two callers with the same output but different tokens each run the tool once: entries are per caller", async () => {
  const store = memoryStore();
  const http = httpServer("stateless", options(store), () => ALICE);
  try {
    const alice = await http.connect({ authorization: "Bearer alice-token" });
    const bob = await http.connect({ authorization: "Bearer bob-token" });
    const a = await walk(alice, args);
    const b = await walk(bob, args);
    assert.deepEqual(b.texts, a.texts);
    assert.equal(http.runs(), 2);
  } finally {
    await http.close();
  }
});

Deno.test("two MCP sessions without authorization: a cursor from one session does not read the other's entry", async () => {
  const store = memoryStore();
  const produce: Produce = (_, extra) => perCaller(sessionsSeen.get(extra.sessionId as string)!);
  const sessionsSeen = new Map<string, string>();
  const http = httpServer("sessions", options(store), (a, extra) => {
    const id = extra.sessionId as string;
    if (!sessionsSeen.has(id)) sessionsSeen.set(id, sessionsSeen.size === 0 ? "alice" : "bob");
    return produce(a, extra);
  });
  try {
    const alice = await http.connect();
    const aliceWalk = await walk(alice, args);
    assert.equal(http.runs(), 1);
    const bob = await http.connect();
    const page = textOf(await call(bob, { ...args, cursor: nextCursor(aliceWalk.texts[0])! }));
    assert.equal(http.runs(), 2);
    assert.ok(!aliceOnly(page), "Bob's session was served Alice's spans");
    assert.equal(sessionsSeen.size, 2);
  } finally {
    await http.close();
  }
});

Deno.test("identify(extra) names the caller: a tenant header keeps tenants apart whatever the token", async () => {
  const store = memoryStore();
  const identify = (extra: unknown) =>
    (extra as { requestInfo?: { headers: Record<string, string> } }).requestInfo?.headers[
      "x-tenant"
    ];
  const http = httpServer(
    "stateless",
    options(store, undefined, { identify }),
    (_, extra) =>
      perCaller((extra.requestInfo as { headers: Record<string, string> }).headers["x-tenant"]),
  );
  try {
    // One shared service token, two tenants.
    const alice = await http.connect({ authorization: "Bearer shared", "x-tenant": "alice" });
    const bob = await http.connect({ authorization: "Bearer shared", "x-tenant": "bob" });
    const aliceWalk = await walk(alice, args);
    assert.equal(http.runs(), 1);
    // Another connection of the same tenant reads the tenant's entry.
    await assertCursorStaysWithCaller(
      http,
      aliceWalk,
      bob,
      () => http.connect({ authorization: "Bearer other", "x-tenant": "alice" }),
    );
  } finally {
    await http.close();
  }
});

Deno.test("with no identity (no token, no session, no identify) whoever holds a cursor reads its entry: per-user tools need identify", async () => {
  const store = memoryStore();
  const counter = { n: 0 };
  // InMemoryTransport without authInfo: the requests carry no identity at all.
  const served = (caller: string) =>
    toolServer(
      { maxTokens: 2_000, countTokens, cache: { store } },
      () => perCaller(caller),
      counter,
    );
  const alice = await connectInMemory(served("alice").server);
  const bob = await connectInMemory(served("bob").server);
  try {
    const aliceWalk = await walk(alice, args);
    assert.equal(counter.n, 1);
    // Bob's server would answer with Bob's spans, but the cursor finds the
    // entry stored under no identity: Alice's page, and Bob's tool never runs.
    const page = textOf(await call(bob, { ...args, cursor: nextCursor(aliceWalk.texts[0])! }));
    assert.equal(counter.n, 1);
    assert.equal(page, aliceWalk.texts[1]);
    assert.ok(aliceOnly(page));
  } finally {
    await alice.close();
    await bob.close();
  }
});

/**
 * With `identify`, a caller with token "b" holding the cursor of token "a"'s
 * first page runs the tool again: it reads no entry of "a".
 */
async function assertTokenBTakesNoEntryOfA(identify: Identify): Promise<void> {
  const store = memoryStore();
  const counter = { n: 0 };
  const served = () =>
    toolServer(
      { maxTokens: 2_000, countTokens, cache: { store, identify } },
      () => ALICE,
      counter,
    ).server;
  const a = await connectInMemory(served(), { token: "a", clientId: "a", scopes: [] });
  const b = await connectInMemory(served(), { token: "b", clientId: "b", scopes: [] });
  try {
    const cursor = nextCursor(textOf(await call(a, args)))!;
    await call(b, { ...args, cursor });
    assert.equal(counter.n, 2);
  } finally {
    await a.close();
    await b.close();
  }
}

Deno.test("identify returning undefined falls back to the request's identity: tokens stay apart", async () => {
  await assertTokenBTakesNoEntryOfA(() => undefined);
});

Deno.test('identify that throws, rejects or returns "" or an object turns the cache off for the call', async () => {
  for (
    const identify of [
      () => {
        throw new Error("no user");
      },
      () => Promise.reject(new Error("no user")),
      () => "",
      () => ({ id: 1 }) as unknown as string,
    ]
  ) {
    await assertTokenBTakesNoEntryOfA(identify);
  }
});

Deno.test("identify that fails is told: a cache_warning each call, the console once for the identify", async () => {
  const failures: [Identify, RegExp][] = [
    [() => {
      throw new Error("no user");
    }, /cache\.identify threw Error: no user: this call is not cached/],
    [() => Promise.reject(new Error("gone")), /cache\.identify threw Error: gone/],
    [() => "", /cache\.identify returned an empty string/],
    [() => 42 as unknown as string, /cache\.identify returned a number/],
  ];
  for (const [identify, said] of failures) {
    const events: PagerEvent[] = [];
    const warned: string[] = [];
    const original = console.warn;
    console.warn = (text: string) => warned.push(text);
    try {
      const counter = { n: 0 };
      const { server } = toolServer(
        {
          maxTokens: 2_000,
          countTokens,
          cache: { store: memoryStore(), identify },
          onEvent: (e) => events.push(e),
        },
        () => ALICE,
        counter,
      );
      const client = await connectInMemory(server, { token: "a", clientId: "a", scopes: [] });
      try {
        const cursor = nextCursor(textOf(await call(client, args)))!;
        await call(client, { ...args, cursor });
      } finally {
        await client.close();
      }
      assert.equal(counter.n, 2, "not cached");
    } finally {
      console.warn = original;
    }
    const warnings = events.filter((e) => e.type === "cache_warning");
    assert.equal(warnings.length, 2);
    for (const warning of warnings) {
      assert.equal(warning.type === "cache_warning" && warning.warning, "identify_failed");
      assert.match(warning.type === "cache_warning" ? warning.message : "", said);
    }
    assert.equal(warned.length, 1);
    assert.match(warned[0], said);
  }
});
