/**
 * Follows a result's cursors to the end, as a model would, and rebuilds the
 * original from what the pages show.
 */
import type { Page, Pager, Prepared } from "../../mod.ts";

/** Every page of `value`, first to last. Fails on a page that makes no progress. */
export async function allPages(
  pager: Pager,
  value: unknown,
  scope = "tool {}",
  maxPages = 100_000,
  options: { json?: boolean } = {},
): Promise<Page[]> {
  const pages = [await pager.page(value, { scope, ...options })];
  while (pages.at(-1)!.nextCursor !== undefined) {
    if (pages.length >= maxPages) throw new Error(`more than ${maxPages} pages`);
    const prev = pages.at(-1)!;
    const page = await pager.page(value, { scope, cursor: prev.nextCursor, ...options });
    const moved = page.from > prev.to ||
      (prev.part !== undefined && page.part !== undefined && page.from === prev.to &&
        page.part!.from === prev.part!.to + 1);
    if (!moved) throw new Error(`no progress after page ${pages.length}: ${prev.nextCursor}`);
    pages.push(page);
  }
  return pages;
}

const TEXT_NOTE = /\n\n\[Output cut: showing characters \d+(-\d+)? of \d+\. [^\]]*\]$/;

/** The chunk of a text page, without its note. */
export function chunkOf(page: Page): string {
  const match = TEXT_NOTE.exec(page.text);
  if (!match) throw new Error(`text page without a note: …${page.text.slice(-200)}`);
  return page.text.slice(0, match.index);
}

function at(value: unknown, path: readonly string[]): unknown {
  return path.reduce((v, key) => (v as Record<string, unknown>)[key], value);
}

/**
 * The value the pages show, rebuilt: text chunks joined; list items
 * concatenated (split items joined and parsed) and put back in the first
 * page's dict without its page object. `original` tells a list from a dict
 * (their envelopes look alike) and a text from a value paged as JSON text.
 */
export function rebuild(pages: Page[], original: unknown): unknown {
  const isText = typeof original === "string";
  const isList = Array.isArray(original);
  const first = pages[0];
  if (first.kind === "whole") {
    return first.unit === "characters" ? first.text : JSON.parse(first.text);
  }
  if (first.kind === "text") {
    const text = pages.map(chunkOf).join("");
    return isText ? text : JSON.parse(text);
  }
  const items: unknown[] = [];
  const entries: Array<[string, unknown]> = [];
  let parts = "";
  let shell: Record<string, unknown> | undefined;
  for (const page of pages) {
    const json = JSON.parse(page.text);
    shell ??= json;
    const slot = at(json, page.path!) as Record<string, unknown>;
    if (page.kind === "items") items.push(...(slot as unknown as unknown[]));
    else if (page.kind === "entries") {
      for (const key of Object.keys(slot)) {
        if (page.path!.length === 0 && key === page.pageKey) continue;
        entries.push([key, slot[key]]);
      }
    } else if (page.kind === "item-part" || page.kind === "entry-part") {
      parts += json[page.pageKey!].part;
      if (page.part!.to === page.part!.total) {
        if (page.kind === "item-part") items.push(JSON.parse(parts));
        else entries.push(Object.entries(JSON.parse(`{${parts}}`))[0] as [string, unknown]);
        parts = "";
      }
    } else throw new Error(`unexpected ${page.kind} page while paging`);
  }
  const path = first.path!;
  delete shell![first.pageKey!];
  const paged = first.unit === "entries" ? Object.fromEntries(entries) : items;
  if (isList) return items;
  if (path.length === 0) return paged;
  const parent = at(shell, path.slice(0, -1)) as Record<string, unknown>;
  parent[path.at(-1)!] = paged;
  return shell;
}

/** What `value` is as JSON (Maps, Dates and the like turned into plain data). */
export function asJson(value: unknown): unknown {
  return typeof value === "string" ? value : JSON.parse(JSON.stringify(value));
}

export type { Prepared };
