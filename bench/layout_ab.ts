/**
 * The page benchmarks before and after the layout (issue 22), in one process:
 * the library at another checkout (`BEFORE`, e.g. a worktree of 426e756) and
 * this one, each round both, in turn, so that the machine's drift falls on
 * both alike. Prints each case's median time and the median of the rounds'
 * ratios (after ÷ before).
 *
 *   deno run --config deno.dev.json -A bench/layout_ab.ts /path/to/before/checkout
 */
import { corpusValue } from "./_page.ts";

const before = Deno.args[0];
if (!before) throw new Error("usage: layout_ab.ts <checkout of the version before>");
type Pager = { page(v: unknown, o?: Record<string, unknown>): Promise<{ nextCursor?: string }> };
type Lib = { createPager(o?: Record<string, unknown>): Pager };
const old: Lib = await import(new URL(`file://${before}/mod.ts`).href);
const now: Lib = await import(new URL("../mod.ts", import.meta.url).href);

const ROUNDS = Number(Deno.env.get("ROUNDS") ?? 25);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

for (
  const name of [
    "synthetic-app-log-2mb.json",
    "memory-read_graph.json",
    "synthetic-github-issues-5000.json.gz",
    "synthetic-search-results-dict.json",
  ]
) {
  const value = await corpusValue(name);
  const pagers = { old: old.createPager(), now: now.createPager() };
  const second = {
    old: (await pagers.old.page(value, { scope: "bench" })).nextCursor,
    now: (await pagers.now.page(value, { scope: "bench" })).nextCursor,
  };
  const t = {
    first: { old: [] as number[], now: [] as number[] },
    second: { old: [] as number[], now: [] as number[] },
  };
  for (let round = 0; round < ROUNDS + 3; round++) {
    for (const side of ["old", "now"] as const) {
      const a = await time(() => pagers[side].page(value, { scope: "bench" }));
      const b = await time(() =>
        pagers[side].page(value, { scope: "bench", cursor: second[side] })
      );
      if (round >= 3) {
        t.first[side].push(a);
        t.second[side].push(b);
      }
    }
  }
  for (const which of ["first", "second"] as const) {
    const ratios = t[which].now.map((n, i) => n / t[which].old[i]);
    console.log(
      `${name.replace(/\.json(\.gz)?$/, "")}, ${which} page: before ${
        median(t[which].old).toFixed(1)
      } ms, ` +
        `after ${median(t[which].now).toFixed(1)} ms, after/before ${median(ratios).toFixed(2)}`,
    );
  }
}
