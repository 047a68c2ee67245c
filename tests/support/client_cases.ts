/**
 * The clients the per-client tests walk as: the name each sends, how it
 * counts what reaches it (docs/clients.md), and what its largest page must
 * exceed so that it is not sized for a smaller client.
 */
import assert from "node:assert/strict";
import { claude2, o200k } from "../../dev/tokenizers.ts";

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;

/** One client: its name and its limit, measured its way. */
export interface ClientCase {
  /** `clientInfo.name`, as the client sends it. */
  name: string;
  /** Its limit, as the client counts it. */
  limit: string;
  within(text: string): boolean;
  /** What its largest page is more than: the limit of a smaller client. */
  larger: string;
  isLarger(text: string): boolean;
}

const tokens = (text: string) => Math.max(o200k(text), claude2(text));

const claudeDesktop = {
  limit: "≤ 1 MiB",
  within: (text: string) => bytes(text) <= 1_048_576,
  larger: "> 50,000 characters (Claude Code's whole limit)",
  isLarger: (text: string) => text.length > 50_000,
};

export const CLIENT_CASES: ClientCase[] = [
  {
    name: "claude-code",
    limit: "≤ 25,000 tokens (o200k, Claude) and ≤ 50,000 characters",
    within: (text) => text.length <= 50_000 && tokens(text) <= 25_000,
    larger: "> 10,000 o200k tokens (Codex's whole limit)",
    isLarger: (text) => o200k(text) > 10_000,
  },
  {
    name: "codex-mcp-client",
    limit: "≤ 10,000 o200k tokens and ≤ 40,000 bytes (bytes / 4)",
    within: (text) => bytes(text) <= 40_000 && o200k(text) <= 10_000,
    larger: "> 8,192 bytes (VS Code's whole limit)",
    isLarger: (text) => bytes(text) > 8_192,
  },
  {
    name: "gemini-cli-mcp-client",
    limit: "≤ 40,000 characters",
    within: (text) => text.length <= 40_000,
    larger: "> 30,000 bytes (Copilot CLI's whole limit)",
    isLarger: (text) => bytes(text) > 30_000,
  },
  {
    name: "Visual Studio Code",
    limit: "≤ 8,192 bytes",
    within: (text) => bytes(text) <= 8_192,
    larger: "> 4,096 bytes (half its own limit)",
    isLarger: (text) => bytes(text) > 4_096,
  },
  { name: "claude-ai", ...claudeDesktop },
  { name: "claude-ai (via mcp-remote 0.1.38)", ...claudeDesktop },
  {
    name: "some-new-agent",
    limit: "the default: ≤ 20,000 tokens (o200k, Claude) and ≤ 50,000 characters",
    within: (text) => text.length <= 50_000 && tokens(text) <= 20_000,
    larger: "> 40,000 characters (Gemini CLI's whole limit)",
    isLarger: (text) => text.length > 40_000,
  },
];

/**
 * Asserts that each page (the text a client shows the model) is within the
 * client's limit, and that the largest one is not sized for a smaller client.
 */
export function checkPages(client: ClientCase, pages: string[]): void {
  assert.ok(pages.length > 1, `${client.name}: ${pages.length} page(s): not a paging test`);
  pages.forEach((text, i) =>
    assert.ok(
      client.within(text),
      `${client.name}: page ${i + 1} of ${pages.length} is not ${client.limit}: ` +
        `${text.length} characters, ${bytes(text)} bytes, ${o200k(text)} o200k tokens`,
    )
  );
  const largest = pages.reduce((a, b) => (bytes(b) > bytes(a) ? b : a));
  assert.ok(
    client.isLarger(largest),
    `${client.name}: its largest page is not ${client.larger}: ${largest.length} characters, ` +
      `${bytes(largest)} bytes`,
  );
}

/** What a tool call answers, as far as walking its pages needs. */
export interface WalkedResult {
  isError?: boolean;
  content?: { type: string; text?: string }[];
}

/**
 * Follows `next_cursor` from the first page of a list result to the last as
 * `client` would, asserting that no page is an error, that the items come
 * back exactly as `expected`, and that every page suits the client
 * (`checkPages`).
 */
export async function walkItemPages(
  client: ClientCase,
  call: (args: Record<string, unknown>) => Promise<WalkedResult>,
  expected: readonly unknown[],
): Promise<void> {
  const pages: string[] = [];
  const seen: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await call(cursor ? { cursor } : {});
    const text = String(page.content?.[0]?.text);
    assert.ok(!page.isError, `${client.name}: ${text.slice(0, 300)}`);
    pages.push(text);
    const json = JSON.parse(text);
    seen.push(...json.items);
    cursor = json.page.next_cursor;
    assert.ok(pages.length < 1_000, `${client.name}: no end`);
  } while (cursor);
  assert.deepEqual(seen, expected, `${client.name}: items lost, repeated or changed`);
  checkPages(client, pages);
}
