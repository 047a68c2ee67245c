/**
 * One page against the floor of a stateless page: one JSON.stringify plus one
 * SHA-256 of the whole value (a pager that keeps no state must do both to
 * bind its cursor to the result). One corpus file per bench file, so that
 * no other file's data sits in the heap and inflates garbage collection.
 */
import { createPager } from "../mod.ts";
import { readCorpusFile, visibleText } from "../dev/corpus.ts";

/** What a corpus file's tool returned: its JSON as a value, or its text. */
export async function corpusValue(name: string): Promise<unknown> {
  const text = visibleText(await readCorpusFile(name));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Registers the floor, first-page and second-page benchmarks of one corpus file. */
export async function benchPage(name: string): Promise<void> {
  const value = await corpusValue(name);
  const group = name.replace(/\.json(\.gz)?$/, "");
  const pager = createPager();
  const second = (await pager.page(value, { scope: "bench" })).nextCursor;
  const encoder = new TextEncoder();

  Deno.bench("floor: JSON.stringify + SHA-256", { group, baseline: true }, async () => {
    const json = typeof value === "string" ? value : JSON.stringify(value);
    await crypto.subtle.digest("SHA-256", encoder.encode(json));
  });
  Deno.bench("first page", { group }, async () => {
    await pager.page(value, { scope: "bench" });
  });
  Deno.bench("second page (cursor)", { group }, async () => {
    await pager.page(value, { scope: "bench", cursor: second });
  });
}
