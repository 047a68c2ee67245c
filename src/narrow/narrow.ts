// A source narrowed by a grep and fields: the elements that match (each
// with only the named fields), or the lines of a text that match, as a new
// source that pages like any other. Every element or line is looked at a
// fixed number of times: once per grep alternative, once for its fields.

import { fingerprint } from "../bytes/crypto.ts";
import { FINGERPRINT_BYTES } from "../cursor/codec.ts";
import { spaceBefore } from "../json/envelope.ts";
import type { Container } from "../json/scan.ts";
import {
  type ElementsSource,
  type Narrowing,
  type Source,
  type TextSource,
  wholeView,
} from "../source/source.ts";
import { type Fields, type KeySample, parseFields, projectElement, sampledKeys } from "./fields.ts";
import { type Grep, matchSpans, parseGrep, quotedGrep } from "./grep.ts";
import { type ArgumentNames, argumentNames, type NarrowArguments } from "./names.ts";
import { NarrowingError } from "./narrowing_error.ts";

/** What a caller asks to narrow a result by (both optional). */
export interface NarrowRequest {
  grep?: string;
  fields?: string[];
}

/** A checked narrowing. */
export interface Narrow {
  grep?: Grep;
  fields?: Fields;
  /** What the tool calls the two arguments, for what the model reads. */
  names: ArgumentNames;
}

/**
 * Checks a request; undefined when it narrows nothing. `names` are the
 * tool's names for the arguments (default `grep` and `fields`), which the
 * errors and notes the model reads call them by.
 */
export function parseNarrow(
  request: NarrowRequest,
  names?: NarrowArguments,
): Narrow | undefined {
  const named = argumentNames(names);
  const grep = request.grep === undefined ? undefined : parseGrep(request.grep, named.grep);
  const fields = request.fields === undefined
    ? undefined
    : parseFields(request.fields, named.fields);
  return grep || fields ? { grep, fields, names: named } : undefined;
}

/** The scope a narrowed page's cursors are bound to: a cursor of one narrowing is foreign to another. */
export function narrowedScope(scope: string, narrow: Narrow | undefined): string {
  if (!narrow) return scope;
  return `${scope}\u0000narrow ${
    JSON.stringify([narrow.grep?.source ?? null, narrow.fields?.source ?? null])
  }`;
}

/** `source` (of a whole result, as `sourceOf` chose it) narrowed. */
export function narrowSource(source: Source, narrow: Narrow): Source {
  if (source.kind === "text") {
    if (narrow.fields) throw fieldsOnText(narrow.names);
    return narrowText(source, narrow.grep!);
  }
  return narrowElements(source, narrow);
}

function fieldsOnText(names: ArgumentNames): NarrowingError {
  return new NarrowingError(
    "fields_on_text",
    `${names.fields} keeps named fields of the items of a JSON list, and this result is text. ` +
      `Call the tool again without ${names.fields} (${names.grep} keeps the lines that contain ` +
      "a text).",
  );
}

/**
 * Mixed content narrowed: each text block to its lines that match the grep
 * (as N:line, numbered within the block), a text block with none left out,
 * every other block (an image, a resource) kept as it is; a first block says
 * what was narrowed. `fields` cannot narrow mixed content.
 */
export function narrowBlocks<B extends object>(
  blocks: B[],
  narrow: Narrow,
): Array<B | { text: string }> {
  if (narrow.fields) throw fieldsOnText(narrow.names);
  const grep = narrow.grep!;
  const out: Array<B | { text: string }> = [];
  let matched = 0;
  let whole = 0;
  for (const block of blocks) {
    if (!("text" in block) || typeof block.text !== "string") {
      out.push(block);
      continue;
    }
    const lines = narrowText({ kind: "text", view: wholeView(block.text) }, grep);
    matched += lines.narrowing!.matched;
    whole += lines.narrowing!.whole;
    if (lines.narrowing!.matched > 0) out.push({ text: lines.view.text });
  }
  out.unshift({
    text:
      `[Lines that match ${narrow.names.grep} ${
        quotedGrep(grep.source)
      }: ${matched} of the ${whole} ` +
      "lines of the text blocks, each as N:line; blocks that are not text are kept as they are.]",
  });
  return out;
}

function narrowText(source: TextSource, grep: Grep): TextSource {
  const { text } = source.view;
  // Line i is [starts[i], ends[i]), its line break left out.
  const starts: number[] = [];
  const ends: number[] = [];
  for (let at = 0;;) {
    const nl = text.indexOf("\n", at);
    starts.push(at);
    ends.push(nl === -1 ? text.length : nl);
    if (nl === -1) break;
    at = nl + 1;
  }
  const hit = matchSpans(grep, text, starts.length, (i) => starts[i], (i) => ends[i]);
  const lines: string[] = [];
  for (let i = 0; i < starts.length; i++) {
    if (hit[i]) lines.push(`${i + 1}:${text.slice(starts[i], ends[i])}`);
  }
  const narrowed = lines.join("\n");
  return {
    kind: "text",
    view: wholeView(narrowed),
    narrowing: { grep: grep.source, matched: lines.length, whole: starts.length },
    fingerprint: fingerprint(`n:t:${grep.source}`, narrowed, FINGERPRINT_BYTES),
  };
}

function narrowElements(source: ElementsSource, narrow: Narrow): ElementsSource {
  const { shape, total } = source;
  const { text, container } = shape;
  const hit = narrow.grep
    ? matchSpans(
      narrow.grep,
      text,
      container.count,
      (i) => container.start(i),
      (i) => container.end(i),
    )
    : undefined;
  const entry = source.unit === "entries";
  const { fields } = narrow;
  // The keys the items have, sampled on the way, for a note when a field is found in none.
  const seen: KeySample | undefined = fields ? new Map() : undefined;
  const positions: number[] = [];
  const parts: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let length = container.open + 1;
  for (let i = 0; i < container.count; i++) {
    if (hit && !hit[i]) continue;
    const raw = text.slice(container.start(i), container.end(i));
    const element = fields ? projectElement(raw, fields, entry, seen) : raw;
    // Each element keeps the whitespace the source put before it.
    const lead = (positions.length === 0 ? "" : ",") + spaceBefore(text, container.start(i));
    parts.push(lead, element);
    starts.push(length + lead.length);
    length += lead.length + element.length;
    ends.push(length);
    positions.push(i);
  }
  const count = positions.length;
  const closeSpace = count === 0 ? "" : shape.closeSpace;
  const before = text.slice(0, container.open + 1);
  const narrowedText = before + parts.join("") + closeSpace + text.slice(container.close);
  const close = length + closeSpace.length;
  const narrowedContainer: Container = {
    kind: container.kind,
    path: container.path,
    open: container.open,
    close,
    count,
    start: (i) => starts[i],
    end: (i) => ends[i],
  };
  const narrowing: Narrowing = {
    grep: narrow.grep?.source,
    fields: fields?.source,
    matched: count,
    whole: total,
    position: (i: number) => positions[i],
  };
  if (fields && seen) narrowing.keys = sampledKeys(fields, seen);
  return {
    ...source,
    first: 0,
    total: count,
    element: (i) => wholeView(narrowedText.slice(starts[i], ends[i])),
    shape: { ...shape, text: narrowedText, container: narrowedContainer, closeSpace },
    narrowing,
    fingerprint: fingerprint(
      `n:e:${source.unit}:${JSON.stringify(source.path)}:` +
        JSON.stringify([narrowing.grep ?? null, narrowing.fields ?? null]),
      `${narrowedText.slice(container.open, close + 1)}\u0000${positions.join(",")}`,
      FINGERPRINT_BYTES,
    ),
  };
}
