// Renders pages of elements from the source text: the result's own text with
// a page object first and, in the paged container, a run of its elements
// copied verbatim (so numbers, escapes and formatting are never rewritten).

import type { Container } from "./scan.ts";

/** Where the paged elements sit in the source text. */
export interface Shape {
  text: string;
  container: Container;
  /** A list at the top is wrapped: `{"page": …, "items": [...]}`. */
  rootIsArray: boolean;
  /** Offset of the root object's `{` (when the root is an object). */
  rootOpen: number;
  /** `page`, or `_page` (and so on) when the root object has that key. */
  pageKey: string;
  /** The whitespace after the root object's `{`. */
  afterOpen: string;
  /** The whitespace before the container's closing bracket. */
  closeSpace: string;
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export function spaceAfter(text: string, at: number): string {
  let end = at;
  while (end < text.length && isSpace(text.charCodeAt(end))) end++;
  return text.slice(at, end);
}

export function spaceBefore(text: string, at: number): string {
  let start = at;
  while (start > 0 && isSpace(text.charCodeAt(start - 1))) start--;
  return text.slice(start, at);
}

/** The text around the container's content: everything before its elements, and after. */
export interface Frame {
  head: string;
  tail: string;
}

/**
 * The frame of a page with `pageObject` first. In an indented result the
 * page object is indented like the result's own members.
 */
export function frame(
  shape: Shape,
  pageObject: Record<string, unknown>,
  empty = false,
): Frame {
  const { text, container, afterOpen } = shape;
  const newline = afterOpen.lastIndexOf("\n");
  const indent = newline === -1 ? "" : afterOpen.slice(newline + 1);
  // The page object is followed by the paged entries of the root object
  // itself, or by its other members: no comma when nothing follows it.
  const alone = empty && container.open === shape.rootOpen && !shape.rootIsArray;
  const comma = alone ? "" : ",";
  const member = indent
    ? `${JSON.stringify(shape.pageKey)}: ${
      JSON.stringify(pageObject, null, indent).replaceAll("\n", `\n${indent}`)
    }${comma}`
    : `${JSON.stringify(shape.pageKey)}:${JSON.stringify(pageObject)}${comma}`;
  if (shape.rootIsArray) {
    return { head: `{${member}"items":[`, tail: `${shape.closeSpace}]}` };
  }
  const tail = shape.closeSpace + text.slice(container.close);
  if (container.open === shape.rootOpen) {
    // The root object's own entries are paged: the page object is its first member.
    return { head: text.slice(0, shape.rootOpen + 1) + afterOpen + member + afterOpen, tail };
  }
  const insert = shape.rootOpen + 1 + afterOpen.length;
  return {
    head: text.slice(0, insert) + member + afterOpen + text.slice(insert, container.open + 1),
    tail,
  };
}

/** Elements `from` to `to` (exclusive) of the container, as the source has them, separators included. */
export function elements(shape: Shape, from: number, to: number): string {
  const { text, container } = shape;
  if (to <= from) return "";
  const start = container.start(from);
  return spaceBefore(text, start) + text.slice(start, container.end(to - 1));
}

/** What element `i` adds to a run that starts before it: its separator and its text. */
export function element(shape: Shape, i: number, first: boolean): string {
  const { text, container } = shape;
  if (first) return elements(shape, i, i + 1);
  return text.slice(container.end(i - 1), container.end(i));
}

/** A whole page of elements. */
export function page(f: Frame, shape: Shape, from: number, to: number): string {
  return f.head + elements(shape, from, to) + f.tail;
}
