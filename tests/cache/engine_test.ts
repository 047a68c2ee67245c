// The cache engine travels with the store (src/cache/engine.ts): a bundle of
// a server that pages without a cache holds none of it.
import assert from "node:assert/strict";
import { bundle } from "../../bench/_bundle.ts";

const MOD = new URL("../../mod.ts", import.meta.url).pathname;

// Texts only the engine holds: the seal's labels (src/cache/_seal.ts), a check
// of resolve.ts and one of the stored format's (stored_result.ts).
const ENGINE_TEXTS = ["pagewise/cache/v1", "cache.breaker.failures", "cache.ttlSeconds"];

/** The minified bundle of a module of `code` (importing `MOD`), as text. */
async function bundled(code: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "pagewise-engine-" });
  try {
    await Deno.writeTextFile(`${dir}/entry.ts`, code);
    return new TextDecoder().decode(await bundle(`${dir}/entry.ts`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a minified bundle of paginate without a cache holds none of the cache engine", async () => {
  const code = await bundled(`import { paginate } from "${MOD}";\nexport { paginate };\n`);
  assert.ok(code.includes("next_cursor"), "the bundle holds the pager");
  for (const text of ENGINE_TEXTS) assert.ok(!code.includes(text), `${text} is bundled`);
});

Deno.test("a minified bundle of paginate with memoryStore holds the cache engine", async () => {
  const code = await bundled(
    `import { memoryStore, paginate } from "${MOD}";\n` +
      `export const page = (server: Parameters<typeof paginate>[0]) =>\n` +
      `  paginate(server, { cache: { store: memoryStore() } });\n`,
  );
  for (const text of ENGINE_TEXTS) assert.ok(code.includes(text), `${text} is not bundled`);
});

Deno.test("a store made by another copy of pagewise is refused with the fix; this copy's pageStore makes it serve pages", async () => {
  // A second copy of the library, as when it is installed twice in one program.
  const copy = await Deno.makeTempDir({ prefix: "pagewise-copy-" });
  try {
    const root = new URL("../../", import.meta.url).pathname;
    await new Deno.Command("cp", { args: ["-r", `${root}src`, `${root}mod.ts`, copy] }).output();
    const other: typeof import("../../mod.ts") = await import(`file://${copy}/mod.ts`);
    const { createResultPager, pageStore } = await import("../../mod.ts");
    const theirs = other.memoryStore();
    assert.throws(
      () => createResultPager({ cache: { store: theirs } }),
      /another copy of pagewise in this program .* needs this copy's pageStore/,
    );
    let runs = 0;
    const rows = () => (runs++, Array.from({ length: 2_000 }, (_, id) => ({ id })));
    const results = createResultPager({ maxTokens: 1_000, cache: { store: pageStore(theirs) } });
    const first = await results.run(rows, { scope: "rows {}" });
    const cursor = JSON.parse(String(first.content?.[0].text)).page.next_cursor;
    const second = await results.run(rows, { scope: "rows {}", cursor });
    assert.equal(JSON.parse(String(second.content?.[0].text)).items[0].id > 0, true);
    assert.equal(runs, 1, "the second page ran the tool");
  } finally {
    await Deno.remove(copy, { recursive: true });
  }
});
