/**
 * Three small real tool results copied from the shared corpus into
 * tests/data, so that a fresh clone pages real text (emoji chat, Hindi,
 * a directory listing) against the real tokenizers. The whole corpus runs
 * in `deno task test:corpus`.
 */
import assert from "node:assert/strict";
import { createPager } from "../../mod.ts";
import { cl100k, claude2, o200k } from "../../dev/tokenizers.ts";
import { allPages, rebuild } from "../support/walk.ts";

const FILES = [
  "synthetic-emoji-chat-250kb.json",
  "synthetic-hindi-devanagari-200kb.json",
  "fs-list_directory_with_sizes-usr-lib.json",
];

for (const name of FILES) {
  Deno.test(`${name}: every page at 2,000 tokens is within the real tokenizers' counts, and the text comes back`, async () => {
    const result = JSON.parse(await Deno.readTextFile(new URL(`../data/${name}`, import.meta.url)));
    const text = result.content.map((b: { text: string }) => b.text).join("\n");
    const pages = await allPages(createPager({ maxTokens: 2_000, maxChars: Infinity }), text);
    assert.ok(pages.length > 5);
    for (const page of pages) {
      const real = Math.max(o200k(page.text), cl100k(page.text), claude2(page.text));
      assert.ok(real <= 2_000, `page ${page.from}-${page.to}: ${real} real tokens`);
    }
    assert.equal(rebuild(pages, text), text);
  });
}
