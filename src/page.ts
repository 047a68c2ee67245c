/**
 * What a pager returns: one page of a result, and what it holds.
 *
 * @module
 */

/**
 * What a page holds: the whole value, a run of list items, a part of one
 * item too large for a page, a chunk of text, or a value cut to fit.
 */
export type PageKind = "whole" | "items" | "item-part" | "text" | "trimmed";

/** One page of a result. */
export interface Page {
  /** Exactly what the model sees. */
  text: string;
  /** Whether anything of the result is not on this page. */
  cut: boolean;
  /** Cursor of the next page; absent on the last page and when nothing was cut. */
  nextCursor?: string;
  /** What the page holds. */
  kind: PageKind;
  /** First item or character on the page, from 1. */
  from: number;
  /** Last item or character on the page. */
  to: number;
  /** Items or characters in the whole result. */
  total: number;
  /** What `from`, `to` and `total` count (characters are UTF-16 code units). */
  unit: "items" | "characters";
  /** For `item-part` pages: the characters of the item's JSON on this page. */
  part?: { from: number; to: number; total: number };
  /**
   * For `items` and `item-part` pages: the keys that lead, in the page's JSON,
   * to the list of items (`["items"]` when the result itself is a list).
   */
  path?: string[];
  /** For `items` and `item-part` pages: the key of the page object (`page`, or `_page` when taken). */
  pageKey?: string;
}

/** A page that holds the whole result. */
export function whole(text: string, total: number, unit: "items" | "characters"): Page {
  return { text, cut: false, kind: "whole", from: 1, to: total, total, unit };
}
