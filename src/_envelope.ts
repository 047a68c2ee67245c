// Renders page envelopes: the result's own shape with a page object first and
// the paged list (or a part of one item) in its slot.

import { type Json, replaceAt } from "./_values.ts";

// Sentinels marking where the list and a part go in a rendered envelope.
const nonce = Math.random().toString(36).slice(2);
const SLOT = `\u0000pagewise-slot-${nonce}`;
/** Placeholder for `page.part`, replaced by {@linkcode withPart}. */
export const PART = `\u0000pagewise-part-${nonce}`;
const SLOT_JSON = JSON.stringify(SLOT);
const PART_JSON = JSON.stringify(PART);

/** A rendered envelope around an empty list slot. */
export interface Envelope {
  before: string;
  after: string;
  /** Indent of the list's items; undefined when compact. */
  itemIndent?: string;
  /** Indent of the list's closing bracket. */
  closeIndent: string;
}

export function pageKeyOf(root: Json): string {
  let key = "page";
  if (root !== null && typeof root === "object" && !Array.isArray(root)) {
    while (Object.hasOwn(root, key)) key = `_${key}`;
  }
  return key;
}

export function envelope(
  root: Json,
  path: string[],
  pageObject: Record<string, unknown>,
  indent: string,
): Envelope {
  const pageKey = pageKeyOf(root);
  const shell = path.length === 0 && Array.isArray(root)
    ? { [pageKey]: pageObject, items: SLOT }
    : { [pageKey]: pageObject, ...(replaceAt(root, path, SLOT) as object) };
  const text = JSON.stringify(shell, null, indent);
  const i = text.lastIndexOf(SLOT_JSON);
  const before = text.slice(0, i);
  const after = text.slice(i + SLOT_JSON.length);
  if (!indent) return { before, after, closeIndent: "" };
  const lineStart = before.lastIndexOf("\n") + 1;
  const closeIndent = /^[ \t]*/.exec(before.slice(lineStart))![0];
  return { before, after, itemIndent: closeIndent + indent, closeIndent };
}

export function itemChunk(item: Json, first: boolean, env: Envelope, indent: string): string {
  const json = JSON.stringify(item, null, indent) ?? "null";
  const sep = first ? "" : ",";
  if (env.itemIndent === undefined) return sep + json;
  return `${sep}\n${env.itemIndent}${json.replaceAll("\n", `\n${env.itemIndent}`)}`;
}

export function assemble(env: Envelope, chunks: readonly string[]): string {
  const close = chunks.length && env.itemIndent !== undefined ? `\n${env.closeIndent}]` : "]";
  return `${env.before}[${chunks.join("")}${close}${env.after}`;
}

/** `text` with the PART placeholder replaced by `chunk` as a JSON string. */
export function withPart(text: string, chunk: string): string {
  const i = text.indexOf(PART_JSON);
  return text.slice(0, i) + JSON.stringify(chunk) + text.slice(i + PART_JSON.length);
}
