// Every option is checked when it is given, synchronously, with a message
// that says what to pass; no promise is left unhandled.
import assert from "node:assert/strict";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  createPager,
  createResultPager,
  memoryStore,
  pagedTool,
  type PagerOptions,
  paginate,
  paginateLists,
} from "../../mod.ts";

const refused: Array<[string, PagerOptions, RegExp]> = [
  [
    "cursorTtlSeconds: Infinity",
    { secret: "0123456789abcdef", cursorTtlSeconds: Infinity },
    /cursorTtlSeconds must be a number of seconds from 1/,
  ],
  [
    "cursorTtlSeconds: NaN",
    { secret: "0123456789abcdef", cursorTtlSeconds: NaN },
    /cursorTtlSeconds/,
  ],
  [
    "cursorTtlSeconds: -5",
    { secret: "0123456789abcdef", cursorTtlSeconds: -5 },
    /cursorTtlSeconds/,
  ],
  [
    "cursorTtlSeconds: 1e12",
    { secret: "0123456789abcdef", cursorTtlSeconds: 1e12 },
    /cursorTtlSeconds/,
  ],
  ["cursorTtlSeconds without secret", { cursorTtlSeconds: 60 }, /needs secret/],
  ['secret: ""', { secret: "" }, /secret must be a string or Uint8Array of at least 16 bytes/],
  ["secret: 3 bytes", { secret: new Uint8Array(3) }, /at least 16 bytes/],
  ["secret: a number", { secret: 42 as unknown as string }, /secret/],
  ["maxTokens: 10", { maxTokens: 10 }, /maxTokens must be a number from 300/],
  ["maxTokens: Infinity", { maxTokens: Infinity }, /maxTokens/],
  ["maxChars: NaN", { maxChars: NaN }, /maxChars/],
  ["maxBytes: -1", { maxBytes: -1 }, /maxBytes/],
  ["maxLines: '40'", { maxLines: "40" as unknown as number }, /maxLines/],
  ["indent: 11", { indent: 11 }, /indent must be a whole number from 0 to 10/],
  ['indent: "ab"', { indent: "ab" }, /indent/],
  ['cursorParam: ""', { cursorParam: "" }, /cursorParam/],
  ['cursorParam: "a b"', { cursorParam: "a b" }, /cursorParam/],
  ['key: ""', { key: "" }, /key must be a dot path/],
  ['key: "a..b"', { key: "a..b" }, /key/],
  [
    "countTokens: 5",
    { countTokens: 5 as unknown as () => number },
    /countTokens must be a function/,
  ],
  ["onEvent: {}", { onEvent: {} as unknown as () => void }, /onEvent must be a function/],
  [
    'onChange: "ignore"',
    { onChange: "ignore" as "error" },
    /onChange must be "continue" or "error"/,
  ],
];

for (const [name, options, message] of refused) {
  Deno.test(`createPager refuses ${name} at once, saying what to pass`, () => {
    assert.throws(() => createPager(options), message);
  });
}

Deno.test("paginate checks its own options and the core's when it is called", () => {
  const server = () => new McpServer({ name: "s", version: "1" });
  assert.throws(() => paginate(server(), { secret: "" }), /at least 16 bytes/);
  assert.throws(
    () => paginate(server(), { mode: "all" as "page" }),
    /mode must be "page" or "trim"/,
  );
  assert.throws(
    () => paginate(server(), { tools: { include: "a" as unknown as string[] } }),
    /tools.include/,
  );
  assert.throws(() => paginate(server(), { perTool: { a: { maxTokens: 5 } } }), /maxTokens/);
  assert.throws(
    () => paginate(server(), { announceMaxChars: "yes" as unknown as boolean }),
    /announceMaxChars/,
  );
});

Deno.test("paginateLists checks pageSize and secret when it is called", () => {
  const server = () => new McpServer({ name: "s", version: "1" });
  assert.throws(() => paginateLists(server(), { secret: "" }), /at least 16 bytes/);
  assert.throws(() => paginateLists(server(), { pageSize: 0 }), /pageSize/);
  assert.throws(() => paginateLists(server(), { pageSize: Infinity }), /pageSize/);
});

Deno.test("a clock that returns no number is a clear error, not an endless loop", async () => {
  const pager = createPager({
    secret: "0123456789abcdef",
    cursorTtlSeconds: 60,
    now: () => NaN,
    maxTokens: 300,
    maxChars: 800,
  });
  await assert.rejects(() => pager.page("x ".repeat(5_000)), /now\(\) option returned NaN/);
});

Deno.test("every limit but maxTokens may be Infinity", async () => {
  const pager = createPager({ maxChars: Infinity, maxBytes: Infinity, maxLines: Infinity });
  assert.equal(pager.limits.maxChars, Infinity);
  assert.equal((await pager.page("short")).text, "short");
});

Deno.test("a secret that is refused is never printed in the error", () => {
  const secret = new Uint8Array([7, 7, 7, 42]);
  assert.throws(
    () => createPager({ secret }),
    (error: Error) => !error.message.includes("7,7,7,42"),
  );
});

Deno.test("a number given as a string is named as a string", () => {
  assert.throws(() => createPager({ maxTokens: "1000" as unknown as number }), /the string "1000"/);
});

Deno.test("a mistyped option is refused, naming the closest option there is", () => {
  const typo = { maxToken: 5_000 } as unknown as PagerOptions;
  assert.throws(
    () => createPager(typo),
    /createPager has no option "maxToken"; did you mean "maxTokens"\?/,
  );
  assert.throws(
    () => createResultPager({ cach: {} } as never),
    /createResultPager has no option "cach"; did you mean "cache"\?/,
  );
  assert.throws(
    () => paginate(new McpServer({ name: "s", version: "1" }), { annouceMaxChars: true } as never),
    /paginate has no option "annouceMaxChars"; did you mean "announceMaxChars"\?/,
  );
  assert.throws(
    () => pagedTool("t", () => [], { cursorparam: "page" } as never),
    /pagedTool has no option "cursorparam"; did you mean "cursorParam"\?/,
  );
});

Deno.test("an option nothing is close to is refused with the list of options", () => {
  assert.throws(
    () => createPager({ zzzzzzzz: 1 } as never),
    /createPager has no option "zzzzzzzz"; its options are maxTokens, maxChars, .*onEvent, now\./,
  );
});

Deno.test("a mistyped option inside an option object is refused too", () => {
  const server = () => new McpServer({ name: "s", version: "1" });
  assert.throws(
    () => paginate(server(), { tools: { includes: ["a"] } } as never),
    /tools has no option "includes"; did you mean "include"\?/,
  );
  assert.throws(
    () => paginate(server(), { perTool: { a: { maxToken: 5_000 } } } as never),
    /perTool.a has no option "maxToken"; did you mean "maxTokens"\?/,
  );
  assert.throws(
    () => paginate(server(), { narrow: { grepp: "filter" } } as never),
    /narrow has no option "grepp"; did you mean "grep"\?/,
  );
});

Deno.test("a cursor argument named like a narrowing argument is refused: page 2 would be unreachable", () => {
  const server = () => new McpServer({ name: "s", version: "1" });
  assert.throws(
    () => paginate(server(), { cursorParam: "grep" }),
    /the cursor argument and the grep argument are both named "grep"/,
  );
  assert.throws(() => createResultPager({ cursorParam: "fields" }), /both named "fields"/);
  assert.throws(
    () => paginate(server(), { cursorParam: "filter", narrow: { grep: "filter" } }),
    /both named "filter"/,
  );
  // Renamed out of the way, or narrowing off, it is fine.
  paginate(server(), { cursorParam: "grep", narrow: { grep: "filter" } });
  paginate(server(), { cursorParam: "grep", narrow: false });
});

Deno.test("a cursor argument named like a key every object has is refused", () => {
  for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "prototype"]) {
    assert.throws(() => createPager({ cursorParam: name }), /cursorParam must be a name/, name);
    assert.throws(
      () => paginate(new McpServer({ name: "s", version: "1" }), { narrow: { grep: name } }),
      /narrow.grep must be false, or a name/,
      name,
    );
  }
});

Deno.test("paginateLists refuses a mistyped option, naming the closest", () => {
  assert.throws(
    () => paginateLists(new McpServer({ name: "s", version: "1" }), { pagesize: 10 } as never),
    /paginateLists has no option "pagesize"; did you mean "pageSize"\?/,
  );
});

Deno.test("a mistyped cache or store option is refused, naming the closest", () => {
  assert.throws(
    () => createResultPager({ cache: { store: memoryStore(), ttl: 60 } as never }),
    /cache has no option "ttl"; its options are store, ttlSeconds, timeoutMs/,
  );
  assert.throws(
    () => createResultPager({ cache: { store: memoryStore(), breaker: { failure: 3 } as never } }),
    /cache.breaker has no option "failure"; did you mean "failures"\?/,
  );
  assert.throws(
    () => memoryStore({ maxEntry: 10 } as never),
    /memoryStore has no option "maxEntry"; did you mean "maxEntries"\?/,
  );
});

Deno.test("a mistyped cache store key is named as such, not as a missing store", () => {
  assert.throws(
    () => createResultPager({ cache: { stor: memoryStore() } as never }),
    /cache has no option "stor"; did you mean "store"\?/,
  );
});

Deno.test("a call's mistyped or mistaken option is refused too: no page 1 served again for a cursor misspelt", async () => {
  const results = createResultPager();
  const pager = createPager();
  const rows = [1, 2, 3];
  await assert.rejects(
    async () => await results.run(() => rows, { cursr: "x" } as never),
    /results.run has no option "cursr"; did you mean "cursor"\?/,
  );
  await assert.rejects(
    async () => await results.page(rows, { clinet: "claude-code" } as never),
    /results.page has no option "clinet"; did you mean "client"\?/,
  );
  await assert.rejects(
    async () => await pager.page(rows, { scop: "t {}" } as never),
    /pager.page has no option "scop"; did you mean "scope"\?/,
  );
  await assert.rejects(
    async () => await pager.page(rows, { scope: 5 } as never),
    /pager.page's scope must be a string/,
  );
  await assert.rejects(
    async () => await results.run(() => rows, { mode: "trm" } as never),
    /results.run's mode must be "page" or "trim"/,
  );
  await assert.rejects(
    async () => await results.open("x", "t {}", { grp: "a" } as never),
    /results.open has no option "grp"; did you mean "grep"\?/,
  );
});

Deno.test("a call's bad option rejects the promise it returns, never throws as it is called", async () => {
  const results = createResultPager();
  const pager = createPager();
  const calls: [string, () => Promise<unknown>][] = [
    ["results.run", () => results.run(() => [1], { scope: 5 } as never)],
    ["results.page", () => results.page([1], { scope: 5 } as never)],
    ["results.open", () => results.open("x", "t {}", { grp: "a" } as never)],
    ["pager.prepare", () => pager.prepare([1], { jsn: true } as never)],
    ["pager.openCursor", () => pager.openCursor("x", 5 as never)],
    ["pager.page", () => pager.page([1], { scop: "t" } as never)],
  ];
  for (const [name, call] of calls) {
    let returned: Promise<unknown> | undefined;
    assert.doesNotThrow(() => (returned = call()), `${name} threw`);
    await assert.rejects(returned!, TypeError, name);
  }
});

Deno.test("a call's narrowable may not name the cursor's argument, nor a key every object has", async () => {
  const results = createResultPager();
  await assert.rejects(
    async () => await results.page([1], { narrowable: { grep: "cursor" } }),
    /both named "cursor"/,
  );
  await assert.rejects(
    async () => await results.page([1], { narrowable: { grep: "__proto__" } }),
    /narrow.grep must be false, or a name/,
  );
});

Deno.test("createResultPager's renamed narrowing names every note and error, without narrowable on each call", async () => {
  const results = createResultPager({ narrow: { grep: "filter", fields: "select" } });
  const refused = await results.page([{ a: 1 }], { grep: "" });
  assert.equal(refused.isError, true);
  assert.match(String(refused.content?.[0].text), /filter/);
  assert.doesNotMatch(String(refused.content?.[0].text), /\bgrep\b/);
});

Deno.test("cache.tools is paginate's: elsewhere it is refused, not ignored", () => {
  assert.throws(
    () => createResultPager({ cache: { store: memoryStore(), tools: ["a"] } }),
    /cache.tools chooses which of a server's tools paginate caches/,
  );
  assert.throws(
    () =>
      pagedTool("t", () => [], {
        cache: { store: memoryStore(), tools: ["t"] },
        inputSchema: { type: "object", properties: { cursor: { type: "string" } } },
      }),
    /cache.tools chooses/,
  );
  paginate(new McpServer({ name: "s", version: "1" }), {
    cache: { store: memoryStore(), tools: ["a"] },
  });
});

Deno.test("perTool may not rename the cursor: every tool of a server has the one cursor argument", () => {
  assert.throws(
    () =>
      paginate(new McpServer({ name: "s", version: "1" }), {
        perTool: { a: { cursorParam: "page" } },
      }),
    /perTool.a has no option "cursorParam"/,
  );
});
