/** Checks a page against limits, counting tokens with a given counter. */
import fc from "fast-check";
import { estimateTokens, type Limits, type Page } from "../../mod.ts";

const encoder = new TextEncoder();

/** The limits `text` breaks, as readable strings; empty when it fits them all. */
export function overLimits(
  text: string,
  limits: Limits,
  count: (text: string) => number = estimateTokens,
): string[] {
  const over: string[] = [];
  const tokens = count(text);
  const lines = text.split("\n").length;
  const bytes = encoder.encode(text).length;
  if (tokens > (limits.maxTokens ?? 20_000)) over.push(`tokens ${tokens} > ${limits.maxTokens}`);
  if (text.length > (limits.maxChars ?? 50_000)) {
    over.push(`chars ${text.length} > ${limits.maxChars}`);
  }
  if (limits.maxBytes && bytes > limits.maxBytes) over.push(`bytes ${bytes} > ${limits.maxBytes}`);
  if (limits.maxLines && lines > limits.maxLines) over.push(`lines ${lines} > ${limits.maxLines}`);
  return over;
}

/** Throws when a page breaks a limit. */
export function assertWithin(page: Page, limits: Limits, count?: (text: string) => number): void {
  const over = overLimits(page.text, limits, count);
  if (over.length) {
    throw new Error(`page ${page.from}-${page.to} over its limits: ${over.join(", ")}`);
  }
}

/** Limits from the smallest a pager takes up to `maxTokens` and `maxChars`, bytes and lines sometimes. */
export function limitsUpTo(maxTokens: number, maxChars: number): fc.Arbitrary<Limits> {
  return fc.record({
    maxTokens: fc.integer({ min: 300, max: maxTokens }),
    maxChars: fc.integer({ min: 800, max: maxChars }),
    maxBytes: fc.option(fc.integer({ min: 800, max: maxChars }), { nil: undefined }),
    maxLines: fc.option(fc.integer({ min: 20, max: 200 }), { nil: undefined }),
  });
}
