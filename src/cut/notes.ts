// Every note the model reads on a page: where it is in a result and the
// exact next call. One place, so that the wording stays consistent and can be
// tested. (What a refused cursor says is in ../cursor/cursor_error.ts; what
// tools/list says of a paged tool, in ../mcp/_messages.ts.)

import { quotedGrep } from "../narrow/grep.ts";
import { type ArgumentNames, argumentNames, type NarrowArguments } from "../narrow/names.ts";
import { type ElementUnit, leftOut, type Narrowing } from "../source/source.ts";

export type { NarrowArguments };

export function nextCall(cursorParam: string, cursor: string): string {
  return `Call this tool again with the same arguments and ${cursorParam}=${
    JSON.stringify(cursor)
  } for the next page.`;
}

export function range(from: number, to: number): string {
  return from === to ? `${from}` : `${from}-${to}`;
}

function where(name: string | undefined): string {
  return name ? ` in ${JSON.stringify(name)}` : "";
}

const CHANGED = "The result changed since the previous page; this page is from the current " +
  "result, at the same position.";

const NARROW = "Narrow the request (filters, a smaller range) to get the rest.";

/** The note of a page of whole elements. */
export function elementsNote(
  unit: ElementUnit,
  from: number,
  to: number,
  total: number,
  name: string | undefined,
  next: string | undefined,
  mode: NoteMode,
): string {
  const narrowed = mode.narrowed;
  let shown = `Showing ${unit} ${range(from, to)} of ${total}${where(name)}`;
  if (narrowed && !mode.compact) {
    shown += `: ${narrowedWhat(unit, narrowed, argumentNames(mode.hint))}`;
    if (leftOut(narrowed)) {
      shown += ` "positions" gives each one's position in the whole result.`;
    }
  } else {
    shown += ".";
  }
  shown += missingFields(unit, mode);
  if (mode.trim) {
    return `${shown} The other ${total - (to - from + 1)} were left out because the result is ` +
      `too large. ${hintOr(unit, mode, NARROW)}`;
  }
  const note = next ? `${shown} ${next}` : `${shown} This is the last page.`;
  const first = mode.firstPage ?? from === 1;
  return withChange(withHint(unit, note, mode, next !== undefined && first), mode);
}

/** The words for what a narrowing kept, as a sentence. */
function narrowedWhat(unit: ElementUnit, narrowed: Narrowing, names: ArgumentNames): string {
  const fields = narrowed.fields === undefined
    ? ""
    : ` with only the fields ${quotedList(narrowed.fields)}`;
  if (narrowed.grep === undefined) return `the ${unit}${fields}.`;
  // The page object's label quotes the grep; the note need not again.
  const grep = ` that match the ${names.grep} (of ${narrowed.whole} in all)`;
  return `the ${unit}${grep}${fields ? `,${fields}` : ""}.`;
}

/**
 * Strings as a note quotes them: the first few, so that many long ones
 * never crowd the page out; how many in all where `list` is all of them.
 */
function quotedList(list: readonly string[], whole = true): string {
  let out = "";
  for (const [i, field] of list.entries()) {
    const next = (i ? ", " : "") + JSON.stringify(field);
    if (out.length + next.length > 48) {
      return `${out}${i ? ", " : ""}…${whole ? ` (${list.length} in all)` : ""}`;
    }
    out += next;
  }
  return out;
}

/**
 * The sentence saying which of the fields asked for no element on the page
 * has (its elements came out empty of them), with the keys the elements do
 * have where the narrowing sampled them; "" when every field was found.
 */
function missingFields(unit: ElementUnit, mode: NoteMode): string {
  const missing = mode.missing;
  if (!missing?.length) return "";
  const noun = unit === "items" ? "item" : "entry";
  const none = ` No ${noun} on this page has ${quotedList(missing)}`;
  const offered = mode.compact ? undefined : keysOffered(unit, missing[0], mode.narrowed?.keys);
  return offered ? `${none}; ${offered}.` : `${none}.`;
}

// The keys sampled at the deepest level `path` goes through, unless the key
// it asks for there is among them (then other elements have it: the page is
// only sparse, and the keys would not help).
function keysOffered(
  unit: ElementUnit,
  path: string,
  keys: Narrowing["keys"],
): string | undefined {
  if (!keys) return undefined;
  const parts = path.split(".");
  for (let depth = parts.length - 1; depth >= 0; depth--) {
    const level = parts.slice(0, depth).join(".");
    // Own keys only: a level named "constructor" is not Object's (keys may come back parsed).
    const sample = Object.hasOwn(keys, level) ? keys[level] : undefined;
    if (!Array.isArray(sample) || sample.length === 0) continue;
    if (sample.includes(parts[depth])) return undefined;
    const have = quotedList(sample, false);
    if (level) return `${JSON.stringify(level)} holds ${have}`;
    return `the ${unit === "items" ? "items" : "entries' values"} have ${have}`;
  }
  return undefined;
}

/** The label of a narrowed page's range in its page object. */
export function narrowedLabel(
  shown: string,
  total: number,
  narrowed: Narrowing,
  hint: NarrowArguments | undefined,
): string {
  if (narrowed.grep === undefined) return `${shown} of ${total}`;
  const grep = quotedGrep(narrowed.grep);
  return `${shown} of ${total} matching ${
    argumentNames(hint).grep
  } ${grep} (${narrowed.whole} in all)`;
}

/** The label of a narrowed page on which nothing matched (or a list with nothing in it). */
export function noMatchLabel(narrowed: Narrowing, hint: NarrowArguments | undefined): string {
  if (narrowed.grep === undefined) return `none (${narrowed.whole} in all)`;
  return `none match ${argumentNames(hint).grep} ${
    quotedGrep(narrowed.grep)
  } (${narrowed.whole} in all)`;
}

/** The note of a narrowed page on which nothing matched. */
export function noMatchNote(
  unit: ElementUnit | "lines",
  name: string | undefined,
  narrowed: Narrowing,
  hint: NarrowArguments | undefined,
): string {
  // Fields alone keep every element: nothing matched only where there was nothing.
  if (narrowed.grep === undefined) return `There are no ${unit}${where(name)}.`;
  const grep = argumentNames(hint).grep;
  return `No ${unit}${where(name)} match ${grep} ${quotedGrep(narrowed.grep)} (of ` +
    `${narrowed.whole} in all). Call the tool again with a shorter or different ${grep}, or ` +
    `without ${grep} to page through the whole result.`;
}

// The first page of a cut result tells the model it can narrow, where the
// tool takes the arguments; a fields example only where the page's first
// element gave one (never for text, or elements that are not objects).
function hint(unit: ElementUnit | "lines", mode: NoteMode): string | undefined {
  const args = mode.hint;
  if (
    !args || mode.narrowed || mode.compact || (args.grep === undefined && args.fields === undefined)
  ) {
    return undefined;
  }
  const noun = unit === "lines" ? "lines" : unit;
  const ways: string[] = [];
  if (args.grep !== undefined) {
    ways.push(
      `${args.grep}="some text" to keep only the ${noun} that contain it (any case; "a|b" for ` +
        "either)",
    );
  }
  const example = mode.example;
  if (args.fields !== undefined && unit !== "lines" && example?.length) {
    ways.push(
      `${args.fields}=[${example.map((f) => JSON.stringify(f)).join(", ")}] to keep only those ` +
        "fields of each one",
    );
  }
  return ways.length ? `To read less, call the tool again with ${ways.join(", or ")}.` : undefined;
}

function withHint(unit: ElementUnit | "lines", note: string, mode: NoteMode, first: boolean) {
  const sentence = first ? hint(unit, mode) : undefined;
  return sentence ? `${note} ${sentence}` : note;
}

function hintOr(unit: ElementUnit | "lines", mode: NoteMode, otherwise: string): string {
  return hint(unit, mode) ?? otherwise;
}

/** The note of a page that holds part of one element too large for a page. */
export function partNote(
  unit: ElementUnit,
  element: number,
  total: number,
  name: string | undefined,
  from: number,
  to: number,
  length: number,
  next: string | undefined,
  mode: NoteMode,
): string {
  const noun = unit === "items" ? "Item" : "Entry";
  const narrowed = mode.narrowed && !mode.compact
    ? ` (${narrowedWhat(unit, mode.narrowed, argumentNames(mode.hint)).slice(0, -1)})`
    : "";
  const shown = `${noun} ${element} of ${total}${where(name)}${narrowed} is too large for one ` +
    `page: "part" holds characters ${range(from, to)} of ${length} of its JSON; join the parts ` +
    "in order.";
  if (mode.trim) return `${shown} The rest was left out. ${hintOr(unit, mode, NARROW)}`;
  return withChange(next ? `${shown} ${next}` : `${shown} This is the last page.`, mode);
}

/**
 * How a note is worded: a trim asks to narrow the request; a page after a
 * change says so; a narrowed page says what it was narrowed by; the first
 * page of a tool that takes `grep` and `fields` says it can be narrowed.
 */
export interface NoteMode {
  trim: boolean;
  changed: boolean;
  narrowed?: Narrowing;
  /** The names of the tool's narrowing arguments, where it has them. */
  hint?: NarrowArguments;
  /** The note is that of a result's first page (priced as such before its range is known). */
  firstPage?: boolean;
  /**
   * The note shortened to what the page cannot do without (its range, the
   * next call, fields found on no element): for limits too small for it whole.
   */
  compact?: boolean;
  /** A `fields` value the page's elements have, for the first page's hint. */
  example?: readonly string[];
  /** The fields asked for that no element on the page has. */
  missing?: readonly string[];
}

function withChange(note: string, mode: NoteMode): string {
  return mode.changed ? `${CHANGED} ${note}` : note;
}

/** The note after a chunk of text. */
export function textNote(
  from: number,
  to: number,
  total: number,
  next: string | undefined,
  mode: NoteMode,
): string {
  const narrowed = mode.narrowed;
  const shown = `showing characters ${range(from, to)} of ${total}`;
  if (narrowed) {
    const grep = argumentNames(mode.hint).grep;
    const lines = `Lines that match ${grep} ${quotedGrep(narrowed.grep)}: ` +
      `${narrowed.matched} of ${narrowed.whole}, each as N:line`;
    if (mode.trim) return `\n\n[${lines}; ${shown} of them; the rest was left out.]`;
    const change = mode.changed ? `${CHANGED} ` : "";
    return `\n\n[${change}${lines}; ${shown} of them. ${next ?? "This is the last of them."}]`;
  }
  if (mode.trim) {
    const narrow = hint("lines", mode) ?? "Narrow the request to see it.";
    return `\n\n[Output trimmed: ${shown}; the rest was left out. ${narrow}]`;
  }
  const change = mode.changed ? `${CHANGED} ` : "";
  return next
    ? `\n\n[Output cut: ${change}${shown}. ${withHint("lines", next, mode, from === 1)}]`
    : `\n\n[Output cut: ${change}${shown}. This is the end of the output.]`;
}

/** The note block after a page of mixed content. */
export function blocksNote(
  from: number,
  to: number,
  total: number,
  upTo: string | undefined,
  next: string | undefined,
  mode: NoteMode,
): string {
  const part = upTo ? ` (block ${to} up to character ${upTo})` : "";
  const shown = `showing content blocks ${range(from, to)} of ${total}${part}`;
  if (mode.trim) {
    return `[Output trimmed: ${shown}; the rest was left out. Narrow the request to see it.]`;
  }
  const change = mode.changed ? `${CHANGED} ` : "";
  return next
    ? `[Output cut: ${change}${shown}. ${next}]`
    : `[Output cut: ${change}${shown}. This is the end of the output.]`;
}
