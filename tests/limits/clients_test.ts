/**
 * The client presets: each is accepted by createPager, and every page of a
 * large result paged with it is within what that client states it takes
 * (measured in its own unit: tokens by real tokenizers, UTF-16 characters,
 * UTF-8 bytes).
 */
import assert from "node:assert/strict";
import { clients, createPager, createResultPager, estimateTokens, type Limits } from "../../mod.ts";
import { resolveLimits } from "../../src/paging/options.ts";
import { allPages, asJson, rebuild } from "../support/walk.ts";
import { cl100k, claude2, max3, o200k } from "../../dev/tokenizers.ts";
import { issues } from "../../dev/records.ts";

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;

/** What each client states it shows the model whole, as a check of one page's text. */
const STATED: Record<keyof typeof clients, { says: string; within: (text: string) => boolean }> = {
  // Claude Code counts the real tokens (Anthropic's API; the public Claude
  // tokenizer and o200k/cl100k stand in) and saves results over 50,000 characters.
  claudeCode: {
    says: "≤ 25,000 tokens and ≤ 50,000 characters",
    within: (text) => max3(text) <= 25_000 && text.length <= 50_000,
  },
  // Codex counts with tiktoken, or bytes / 4 where it falls back.
  codex: {
    says: "≤ 10,000 tokens (tiktoken, or bytes / 4)",
    within: (text) => o200k(text) <= 10_000 && cl100k(text) <= 10_000 && bytes(text) / 4 <= 10_000,
  },
  geminiCli: { says: "≤ 40,000 characters", within: (text) => text.length <= 40_000 },
  vscodeCopilot: { says: "≤ 8,192 bytes", within: (text) => bytes(text) <= 8_192 },
  copilotCli: { says: "≤ 30,000 bytes", within: (text) => bytes(text) <= 30_000 },
  claudeDesktop: { says: "≤ 1 MiB", within: (text) => bytes(text) <= 1_048_576 },
};

/** Large results of different kinds: lines of text, records, CJK and emoji, one long string. */
const RESULTS: Record<string, unknown> = {
  log: Array.from({ length: 15_000 }, (_, i) => `2026-10-05T12:00:${i % 60} INFO step ${i} ok`)
    .join("\n"),
  records: issues(3_000),
  cjk: "日本語のテキストと絵文字🎉を含む長い結果です。".repeat(20_000),
  dense: { rows: Array.from({ length: 30_000 }, (_, i) => [i, i % 7, -i]) },
};

Deno.test("clients: the presets named in the docs, and no others", () => {
  assert.deepEqual(Object.keys(clients).sort(), [
    "claudeCode",
    "claudeDesktop",
    "codex",
    "copilotCli",
    "geminiCli",
    "vscodeCopilot",
  ]);
  assert.deepEqual(Object.keys(STATED).sort(), Object.keys(clients).sort());
});

for (const [name, preset] of Object.entries(clients) as Array<[keyof typeof clients, Limits]>) {
  Deno.test(`clients.${name} is accepted by createPager as it is`, () => {
    createPager({ ...preset });
    // resolveLimits is what createPager checks with: every figure set is kept whole.
    const resolved = resolveLimits(preset);
    for (const [limit, value] of Object.entries(preset)) {
      assert.equal(resolved[limit as keyof Limits], value, `${name}.${limit}`);
    }
  });

  for (const [kind, result] of Object.entries(RESULTS)) {
    Deno.test(`clients.${name}: every page of a large ${kind} result is ${STATED[name].says}`, async () => {
      const pager = createPager({ ...preset });
      const pages = await allPages(pager, result, `read_${kind} {}`);
      // Not vacuous: the result did not fit one page, and nothing was lost.
      assert.ok(pages.length > 1, `${kind} fits one ${name} page`);
      assert.deepEqual(rebuild(pages, result), asJson(result));
      for (const page of pages) {
        assert.ok(
          STATED[name].within(page.text),
          `page ${page.from}-${page.to} of ${kind}: ${page.text.length} characters, ` +
            `${bytes(page.text)} bytes, ${max3(page.text)} tokens (claude ${
              claude2(page.text)
            }), ` +
            `estimate ${estimateTokens(page.text)}`,
        );
      }
    });
  }
}

// A client shows the model either the text content or the structured content
// of a result: both must be within its limits, page after page.
for (const [name, preset] of Object.entries(clients) as Array<[keyof typeof clients, Limits]>) {
  Deno.test(`clients.${name}: content and structuredContent of each page are within it`, async () => {
    const results = createResultPager({ ...preset });
    const items = issues(1_500);
    const result = {
      content: [{ type: "text", text: JSON.stringify({ items }) }],
      structuredContent: { items },
    };
    const seen: unknown[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await results.page(result, { scope: "list_issues {}", cursor });
      const text = String(page.content?.[0].text);
      const structured = page.structuredContent as {
        page: { next_cursor?: string };
        items: unknown[];
      };
      for (const shown of [text, JSON.stringify(structured)]) {
        assert.ok(STATED[name].within(shown), `page ${pages + 1}: ${shown.length} characters`);
      }
      seen.push(...structured.items);
      cursor = structured.page.next_cursor;
      pages++;
    } while (cursor !== undefined);
    assert.ok(pages > 1);
    assert.deepEqual(seen, items);
  });
}
