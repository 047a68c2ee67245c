/**
 * Follows the cursors of a narrowed result to the end and reads back what
 * the pages show: each element's source text with its position in the whole
 * result, or each matching line with its number.
 */
import type { Page, PageOptions, Pager } from "../../mod.ts";
import { scanJson } from "../../src/json/scan.ts";

/** What the pages of a narrowed list or map showed, in order. */
export interface Shown {
  pages: Page[];
  /**
   * Positions (from 1) in the whole result, as the page objects give them;
   * a page that gives none (fields alone leave every element in its place)
   * counts as its range.
   */
  positions: number[];
  /** Each element's text as the page carries it (parts joined). */
  texts: string[];
}

/** Every page of `value` narrowed by `options`, first to last. */
export async function narrowedPages(
  pager: Pager,
  value: unknown,
  options: PageOptions,
  maxPages = 10_000,
): Promise<Page[]> {
  const pages = [await pager.page(value, options)];
  while (pages.at(-1)!.nextCursor !== undefined) {
    if (pages.length >= maxPages) throw new Error(`more than ${maxPages} pages`);
    pages.push(await pager.page(value, { ...options, cursor: pages.at(-1)!.nextCursor }));
  }
  return pages;
}

/** The elements and positions a walk of narrowed pages of a list or map showed. */
export function shownElements(pages: Page[]): Shown {
  const positions: number[] = [];
  const texts: string[] = [];
  let parts = "";
  for (const page of pages) {
    const index = scanJson(page.text);
    if (!index) throw new Error(`a narrowed page is not JSON: ${page.text.slice(0, 200)}`);
    const json = JSON.parse(page.text);
    const object = json[page.pageKey!];
    const range = Array.from({ length: page.to - page.from + 1 }, (_, i) => page.from + i);
    const shown: number[] = object.positions ?? (page.from === 0 ? [] : range);
    if (page.kind === "item-part" || page.kind === "entry-part") {
      parts += object.part;
      if (page.part!.to === page.part!.total) {
        positions.push(...shown);
        texts.push(parts);
        parts = "";
      }
      continue;
    }
    positions.push(...shown);
    const container = index.containers.find((c) =>
      JSON.stringify(c.path) === JSON.stringify(page.path)
    );
    if (!container) throw new Error(`no container at ${page.path}`);
    for (let i = 0; i < container.count; i++) {
      const text = page.text.slice(container.start(i), container.end(i));
      // The root object's own entries: its page object is not one of them.
      if (
        page.unit === "entries" && page.path!.length === 0 && container.key!(i) === page.pageKey
      ) {
        continue;
      }
      texts.push(text);
    }
  }
  return { pages, positions, texts };
}

const NARROWED_NOTE =
  /\n\n\[Lines that match grep .*; showing characters \d+(-\d+)? of \d+ of them\. [^\]]*\]$/s;

/** The text a walk of narrowed text pages showed, notes left out. */
export function shownText(pages: Page[]): string {
  return pages.map((page) => {
    const match = NARROWED_NOTE.exec(page.text);
    if (!match) throw new Error(`narrowed text page without its note: …${page.text.slice(-300)}`);
    return page.text.slice(0, match.index);
  }).join("");
}
