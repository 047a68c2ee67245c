/**
 * An MCP client that reads tool results the way a model does: it follows
 * each page's cursor to the end, then puts the pages back together, and
 * checks each page against the limits with real tokenizers.
 */
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import * as v2 from "@modelcontextprotocol/client";
import { Client as V1Client } from "../support/mcp_v1.ts";
import { cl100k, claude2, o200k } from "../../dev/tokenizers.ts";
import { MEDIA_TOKENS } from "../../mod.ts";
import type { ToolOutput } from "../../examples/shared/tools.ts";

/** One content block of a result. */
export type Block = ToolOutput["content"][number];

/** A tool result as the client receives it. */
export interface Result {
  content: Block[];
  isError?: boolean;
}

/** A connected client of either SDK generation. */
export interface Connection {
  call(name: string, args?: Record<string, unknown>): Promise<Result>;
  tools(): Promise<Array<{ name: string; inputSchema: { properties?: Record<string, unknown> } }>>;
  close(): Promise<void>;
}

/** How a test client names itself, and which protocol a v2 client speaks. */
export interface ClientOptions {
  /** `clientInfo.name`. Default `examples-test` (a client without a preset). */
  name?: string;
  /** A v2 client pinned to MCP 2026-07-28 (its requests carry `clientInfo`). */
  pin2026?: boolean;
}

/** Connects an SDK client (v1 speaks the 2025 protocol, v2 the 2025 one unless pinned) to `url`. */
export async function connect(
  url: string,
  sdk: "v1" | "v2",
  { name = "examples-test", pin2026 = false }: ClientOptions = {},
): Promise<Connection> {
  const pinned = pin2026 ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : undefined;
  const client = sdk === "v1"
    ? new V1Client({ name, version: "1.0.0" })
    : new v2.Client({ name, version: "1.0.0" }, pinned as never);
  const transport = sdk === "v1"
    ? new V1Transport(new URL(url))
    : new v2.StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport as never);
  const any = client as unknown as {
    callTool(p: unknown): Promise<Result>;
    listTools(): Promise<{ tools: never[] }>;
  };
  return {
    call: (name, args = {}) => any.callTool({ name, arguments: args }),
    tools: async () => (await any.listTools()).tools,
    close: () => client.close(),
  };
}

const texts = (result: Result) =>
  result.content.flatMap((b) => (b.type === "text" ? [b.text] : []));

/** The cursor a page tells the model to call with next, if any. */
export function nextCursor(result: Result): string | undefined {
  const first = texts(result)[0] ?? "";
  if (result.content.length === 1 && first.startsWith("{")) {
    try {
      const json = JSON.parse(first);
      const page = json.page ?? json._page;
      if (page && typeof page === "object") return page.next_cursor;
    } catch {
      // A text that starts with a brace: read its note below.
    }
  }
  const note = texts(result).at(-1) ?? "";
  return /\[Output cut: [^\]]*cursor="([^"]+)"[^\]]*\]$/.exec(note)?.[1];
}

/** Options of {@linkcode walk}. */
export interface WalkOptions {
  /** Stop with an error after this many pages. Default 500. */
  maxPages?: number;
  /** Runs between the first page and the second. */
  afterFirstPage?: () => Promise<unknown>;
}

/** Every page of one call, first to last, as a model would follow them. */
export async function walk(
  connection: Connection,
  name: string,
  args: Record<string, unknown> = {},
  { maxPages = 500, afterFirstPage }: WalkOptions = {},
): Promise<Result[]> {
  const pages = [await connection.call(name, args)];
  if (pages[0].isError) throw new Error(`${name}: page 1 is an error: ${texts(pages[0])}`);
  await afterFirstPage?.();
  const seen = new Set<string>();
  for (let cursor = nextCursor(pages[0]); cursor; cursor = nextCursor(pages.at(-1)!)) {
    if (seen.has(cursor)) throw new Error(`${name}: cursor ${cursor} came back: no progress`);
    if (pages.length >= maxPages) throw new Error(`${name}: more than ${maxPages} pages`);
    seen.add(cursor);
    const page = await connection.call(name, { ...args, cursor });
    if (page.isError) {
      throw new Error(`${name}: page ${pages.length + 1} is an error: ${texts(page)}`);
    }
    pages.push(page);
  }
  return pages;
}

const TEXT_NOTE = /\n\n\[Output cut: showing characters [^\]]*\]$/;
const isNote = (block: Block | undefined) =>
  block?.type === "text" && /^\[Output cut: showing content blocks [^\]]*\]$/.test(block.text);

/**
 * The tool's output, rebuilt from its pages: a JSON text from its pages'
 * lists, a text from its chunks, mixed content from its blocks. `full` says
 * which of the three the tool returned.
 */
export function rebuild(pages: Result[], full: ToolOutput): Block[] {
  if (pages.length === 1) return pages[0].content;
  if (full.content.some((b) => b.type !== "text")) return rebuildBlocks(pages);
  const only = full.content[0] as { text: string };
  if (only.text.startsWith("{")) {
    return [{ type: "text", text: JSON.stringify(rebuildJson(pages)) }];
  }
  return [{ type: "text", text: pages.map((p) => texts(p)[0].replace(TEXT_NOTE, "")).join("") }];
}

function rebuildJson(pages: Result[]): Record<string, unknown> {
  let shell: Record<string, unknown> | undefined;
  let listKey = "";
  const items: unknown[] = [];
  for (const page of pages) {
    const json = JSON.parse(texts(page)[0]);
    const pageKey = "page" in json ? "page" : "_page";
    delete json[pageKey];
    listKey ||= Object.keys(json).find((k) => Array.isArray(json[k])) ?? "";
    items.push(...json[listKey]);
    json[listKey] = [];
    if (shell && JSON.stringify(shell) !== JSON.stringify(json)) {
      throw new Error(`the fields beside ${listKey} changed between pages`);
    }
    shell ??= json;
  }
  return { ...shell, [listKey]: items };
}

// A text block cut at a page's end goes on as the first block of the next
// page; the note says so ("block N up to character M").
function rebuildBlocks(pages: Result[]): Block[] {
  const out: Block[] = [];
  let open = false;
  for (const page of pages) {
    const note = isNote(page.content.at(-1)) ? page.content.at(-1) as { text: string } : undefined;
    const blocks = note ? page.content.slice(0, -1) : page.content;
    blocks.forEach((block, k) => {
      const last = out.at(-1);
      if (k === 0 && open && block.type === "text" && last?.type === "text") {
        out[out.length - 1] = { type: "text", text: last.text + block.text };
      } else out.push(block);
    });
    open = / up to character /.test(note?.text ?? "");
  }
  return out;
}

const TOKENIZERS = { o200k, cl100k, claude2 };

/** The limits a page breaks, counted by o200k, cl100k and Claude's tokenizer; empty when none. */
export function overLimits(
  page: Result,
  limits: { maxTokens: number; maxChars: number },
): string[] {
  const over: string[] = [];
  const media = page.content.filter((b) => b.type === "image").length * MEDIA_TOKENS;
  const chars = texts(page).reduce((n, t) => n + t.length, 0);
  if (chars > limits.maxChars) over.push(`${chars} characters > ${limits.maxChars}`);
  for (const [name, count] of Object.entries(TOKENIZERS)) {
    const tokens = texts(page).reduce((n, t) => n + count(t), media);
    if (tokens > limits.maxTokens) over.push(`${tokens} ${name} tokens > ${limits.maxTokens}`);
  }
  return over;
}
