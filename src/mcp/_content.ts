// Translates between tool results and what the paging core pages: which part
// of a result is paged (its text, or its structured content when only that
// is over the limits), and the page back as a result.

import type { Pager } from "../paging/pager.ts";
import type { Block, Page } from "../cut/page.ts";
import { MEDIA_TOKENS } from "./media.ts";
import { serializeValue } from "../json/serialize.ts";
import type { ContentBlock, ToolResult } from "./types.ts";

const isMedia = (block: ContentBlock) => block.type === "image" || block.type === "audio";

/** Whether `value` has the shape of a `CallToolResult`. */
export function isToolResult(value: unknown): value is ToolResult {
  return value !== null && typeof value === "object" &&
    Array.isArray((value as ToolResult).content);
}

export function isTextOnly(result: ToolResult): boolean {
  return (result.content ?? []).every((block) => block.type === "text");
}

/** What to page of a text-only result, and how. */
export interface Target {
  value: unknown;
  json: boolean;
  /** The result has structured content, which a JSON page replaces. */
  structured: boolean;
  /**
   * The result's own text, shown before each page when only its structured
   * content is paged (a summary or an error message must not be lost).
   */
  keep?: string;
}

/**
 * The part of a text-only result to page, or undefined when the result
 * (text and structured content) is within every limit. Several text blocks
 * are one text joined by line breaks; a text that looks like JSON is paged
 * from its source. When only the structured content is over, it is paged.
 */
export function targetOf(pager: Pager, result: ToolResult, force: boolean): Target | undefined {
  const texts = (result.content ?? []).map((b) => String(b.text ?? ""));
  const text = texts.join("\n");
  const structured = result.structuredContent !== undefined;
  const textFits = pager.fits(text);
  const structuredFits = !structured || pager.fits(serializeValue(result.structuredContent));
  if (!force && textFits && structuredFits) return undefined;
  if (texts.length === 0 || (textFits && !structuredFits)) {
    const keep = texts.length > 0 && text !== "" ? text : undefined;
    return { value: result.structuredContent ?? "", json: false, structured, keep };
  }
  return { value: text, json: texts.length === 1 && /^\s*[[{]/.test(text), structured };
}

/** The result that shows `page` of a text-only result. */
export function pageResult(
  pager: Pager,
  original: ToolResult,
  page: Page,
  target: Target,
): ToolResult {
  const content = [{ type: "text", text: page.text }];
  if (target.keep !== undefined) content.unshift({ type: "text", text: target.keep });
  const out: ToolResult = { ...original, content };
  delete out.structuredContent;
  if (target.structured && page.text.startsWith("{") && page.kind !== "text") {
    try {
      // The page's envelope is the structured content of a paged result.
      const envelope = JSON.parse(page.text);
      if (pager.fits(JSON.stringify(envelope))) out.structuredContent = envelope;
    } catch {
      // Not an envelope: a text page has no structured content.
    }
  }
  return out;
}

/** Blocks of a result with images, audio or resources, for `Pager.pageBlocks`. */
export function blocksOf(result: ToolResult): Block<ContentBlock>[] {
  return (result.content ?? []).map((block) =>
    block.type === "text"
      ? { text: String(block.text ?? "") }
      : { whole: block, tokens: isMedia(block) ? MEDIA_TOKENS : undefined }
  );
}

/** Whether the structured content of a result may stay: within every limit. */
export function structuredFits(pager: Pager, result: ToolResult): boolean {
  return result.structuredContent === undefined ||
    pager.fits(serializeValue(result.structuredContent));
}
