/**
 * Follows a paged tool's cursors through an MCP client, as a model would,
 * and rebuilds the value from the pages' text.
 */
import type { Client } from "./mcp_v1.ts";

/** A tool result as the client receives it. */
export interface CallResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The note at the end of a text page. */
export const TEXT_NOTE = /\n\n\[Output cut: showing characters \d+(-\d+)? of \d+\. [^\]]*\]$/;

/** The text of a result's blocks, joined. */
export function textOf(result: CallResult): string {
  return result.content.map((block) => block.text ?? "").join("\n");
}

/** The page object of a JSON page (`page` or `_page`), if the text is one. */
export function pageInfo(text: string): Record<string, unknown> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined;
  const info = (json as Record<string, unknown>).page ?? (json as Record<string, unknown>)._page;
  return typeof info === "object" && info !== null && "note" in info
    ? info as Record<string, unknown>
    : undefined;
}

/** The cursor of the next page, from a JSON page's next_cursor or a text page's note. */
export function nextCursor(text: string): string | undefined {
  const info = pageInfo(text);
  if (info) return info.next_cursor as string | undefined;
  const note = TEXT_NOTE.exec(text)?.[0];
  return note ? /cursor="([^"]+)"/.exec(note)?.[1] : undefined;
}

/** Every page's text of one call, first to last. */
export async function walkTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  { cursorParam = "cursor", maxPages = 1_000 } = {},
): Promise<string[]> {
  const texts: string[] = [];
  let cursor: string | undefined;
  do {
    if (texts.length >= maxPages) throw new Error(`more than ${maxPages} pages`);
    const result = await client.callTool({
      name,
      arguments: cursor ? { ...args, [cursorParam]: cursor } : args,
    }) as CallResult;
    if (result.isError) throw new Error(`page ${texts.length + 1} is an error: ${textOf(result)}`);
    texts.push(textOf(result));
    cursor = nextCursor(texts.at(-1)!);
  } while (cursor);
  return texts;
}

/**
 * The value the pages show: text chunks joined (and parsed when `json`), or
 * the items of list pages concatenated, with split items joined and parsed.
 */
export function rebuild(texts: string[], json: boolean): unknown {
  if (texts.length === 1 && !pageInfo(texts[0]) && !TEXT_NOTE.test(texts[0])) {
    return json ? JSON.parse(texts[0]) : texts[0];
  }
  if (!pageInfo(texts[0])) {
    const text = texts.map((t) => t.replace(TEXT_NOTE, "")).join("");
    return json ? JSON.parse(text) : text;
  }
  return joinListPages(texts);
}

/**
 * The items the list pages show, in order, with the parts of a split item
 * joined and parsed; `list` gives a whole page's items (default: `items`).
 */
export function joinListPages(
  texts: string[],
  list: (page: Record<string, unknown>, info: Record<string, unknown>) => unknown[] = (page) =>
    page.items as unknown[],
): unknown[] {
  const items: unknown[] = [];
  let parts = "";
  let partOf: unknown;
  const flush = () => {
    if (partOf !== undefined) items.push(JSON.parse(parts));
    parts = "";
    partOf = undefined;
  };
  for (const text of texts) {
    const page = JSON.parse(text) as Record<string, unknown>;
    const info = pageInfo(text)!;
    if (typeof info.part === "string") {
      if (partOf !== info.items) flush();
      partOf = info.items;
      parts += info.part;
    } else {
      flush();
      items.push(...list(page, info));
    }
  }
  flush();
  return items;
}
