/**
 * What a pager returns: one page of a result, and what it holds.
 *
 * @module
 */

/**
 * What a page holds: the whole value; a run of list items or of object
 * entries; a part of one item or entry too large for a page; a chunk of
 * text; or, for a trim, the first of these without a cursor.
 */
export type PageKind =
  | "whole"
  | "items"
  | "entries"
  | "item-part"
  | "entry-part"
  | "text"
  | "trimmed";

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
  /** First item, entry or character on the page, from 1. */
  from: number;
  /** Last item, entry or character on the page. */
  to: number;
  /** Items, entries or characters in the whole result. */
  total: number;
  /** What `from`, `to` and `total` count (characters are UTF-16 code units). */
  unit: "items" | "entries" | "characters";
  /** For part pages: the characters of the element's JSON on this page. */
  part?: { from: number; to: number; total: number };
  /**
   * For pages of elements: the keys that lead, in the page's JSON, to the
   * paged list or object (`["items"]` when the result itself is a list).
   */
  path?: string[];
  /** For pages of elements: the key of the page object (`page`, or `_page` when taken). */
  pageKey?: string;
  /**
   * True when the result changed since the cursor was issued and this page
   * is from the current result at the cursor's position (the note says so).
   */
  changed?: boolean;
}

/**
 * One block of mixed content: a text, which may be cut at line breaks, or a
 * block kept whole. A whole block costs `tokens` tokens and no characters
 * when `tokens` is given, else what `measure` (default: its JSON) costs.
 */
export type Block<T> = { text: string } | { whole: T; tokens?: number; measure?: string };

/** A page of mixed content. */
export interface BlockPage<T> {
  /** The blocks on this page, in order; when cut, the last is a text block with the note. */
  blocks: Array<{ text: string } | { whole: T }>;
  /** Whether anything of the content is not on this page. */
  cut: boolean;
  /** Cursor of the next page; absent on the last page and when nothing was cut. */
  nextCursor?: string;
  /** First block on the page, from 1. */
  from: number;
  /** Last block on the page (partly, when its text is cut). */
  to: number;
  /** Blocks in the content. */
  total: number;
  /** True when the content changed since the cursor was issued (see {@linkcode Page.changed}). */
  changed?: boolean;
}
