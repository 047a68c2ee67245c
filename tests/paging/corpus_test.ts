/**
 * Every file of corpus/ (`deno task corpus`) paged end to end at 20,000 and at 2,000
 * tokens: each page checked against the budget with three real tokenizers,
 * and the whole rebuilt from the pages. Run with `deno task test:corpus`.
 */
import assert from "node:assert/strict";
import { corpusFiles, readCorpusFile, visibleText } from "../../dev/corpus.ts";
import { createPager } from "../../mod.ts";
import { cl100k, claude2, o200k } from "../../dev/tokenizers.ts";
import { allPages, asJson, rebuild } from "../support/walk.ts";

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

for (const name of await corpusFiles()) {
  for (const maxTokens of [20_000, 2_000]) {
    Deno.test(`${name} pages within ${maxTokens} real tokens and rebuilds exactly`, async () => {
      const value = parse(visibleText(await readCorpusFile(name)));
      const pager = createPager({ maxTokens, maxChars: Infinity });
      const pages = await allPages(pager, await pager.prepare(value));
      let worst = 0;
      for (const page of pages) {
        const real = Math.max(o200k(page.text), cl100k(page.text), claude2(page.text));
        worst = Math.max(worst, real);
        assert.ok(
          real <= maxTokens,
          `page ${page.from}-${page.to}: ${real} real tokens > ${maxTokens}`,
        );
      }
      assert.deepEqual(rebuild(pages, value), asJson(value));
      console.log(
        `${pages.length} pages, fullest ${worst} real tokens (${
          (worst / maxTokens * 100).toFixed(0)
        }%)`,
      );
    });
  }
}
