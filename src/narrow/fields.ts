// The fields a model may ask for: dot paths into each item (`meta.host`),
// kept in the item's own order with every value copied from the source text
// as the tool wrote it. One pass over each item, no parse into values.

import { NarrowingError } from "./narrowing_error.ts";

/** The most fields in one call. */
export const MAX_FIELDS = 32;
/** The most keys in one dot path. */
export const MAX_FIELD_DEPTH = 8;
/** The longest dot path, in characters. */
export const MAX_FIELD_CHARS = 256;

/** The wanted keys of one object level: a leaf keeps the whole value. */
export type FieldTree = Map<string, FieldTree | true>;

/** Checked fields: as given, and as a tree of wanted keys. */
export interface Fields {
  readonly source: readonly string[];
  readonly tree: FieldTree;
}

function refuse(why: string): never {
  throw new NarrowingError(
    "invalid_fields",
    `These fields cannot be used: ${why} fields is a list of up to ${MAX_FIELDS} dot paths ` +
      `such as ["id", "meta.host"], each of up to ${MAX_FIELD_DEPTH} keys. Call the tool again ` +
      "with other fields, or without them to get whole items.",
  );
}

/** Checks a fields argument and makes its tree. */
export function parseFields(fields: unknown): Fields {
  if (!Array.isArray(fields)) refuse("it must be a list of strings.");
  if (fields.length === 0) refuse("the list is empty.");
  if (fields.length > MAX_FIELDS) refuse(`it names more than ${MAX_FIELDS} fields.`);
  const tree: FieldTree = new Map();
  for (const field of fields) {
    if (typeof field !== "string") refuse("every field must be a string.");
    if (field.length > MAX_FIELD_CHARS) {
      refuse(`a field is longer than ${MAX_FIELD_CHARS} characters.`);
    }
    const keys = field.split(".");
    if (keys.some((k) => k === "")) refuse(`${JSON.stringify(field)} has an empty key.`);
    if (keys.length > MAX_FIELD_DEPTH) {
      refuse(`${JSON.stringify(field)} is more than ${MAX_FIELD_DEPTH} keys deep.`);
    }
    let level = tree;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      const found = level.get(key);
      if (found === true) break; // a shorter path keeps the whole value already
      if (k === keys.length - 1) {
        level.set(key, true);
      } else {
        const deeper: FieldTree = found ?? new Map();
        level.set(key, deeper);
        level = deeper;
      }
    }
  }
  return { source: [...fields] as string[], tree };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The end (exclusive) of the string literal that opens at `i`. */
function stringEnd(text: string, i: number): number {
  for (i++; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return text.length;
}

/** The end (exclusive) of the JSON value that starts at `i` (valid JSON: it was scanned). */
function valueEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return stringEnd(text, i);
  if (c !== OPEN_BRACE && c !== OPEN_BRACKET) {
    while (i < text.length) {
      const d = text.charCodeAt(i);
      if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || isSpace(d)) break;
      i++;
    }
    return i;
  }
  // Brackets counted, strings skipped: no recursion, whatever the depth.
  let depth = 0;
  for (; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (d === QUOTE) i = stringEnd(text, i) - 1;
    else if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
    else if (d === CLOSE_BRACE || d === CLOSE_BRACKET) {
      if (--depth === 0) return i + 1;
    }
  }
  return text.length;
}

/** The decoded key of the string literal `text.slice(start, end)`. */
function keyOf(text: string, start: number, end: number): string {
  const literal = text.slice(start, end);
  return literal.indexOf("\\") === -1 ? literal.slice(1, -1) : JSON.parse(literal);
}

/**
 * The object that opens at `text[start]` with only the members `tree`
 * names, in the object's own order; keys and kept values are the source's
 * text. A value the tree goes into but that is not an object is left out.
 */
function project(text: string, start: number, tree: FieldTree): string {
  let out = "{";
  let i = skipSpace(text, start + 1);
  let first = true;
  while (i < text.length && text.charCodeAt(i) === QUOTE) {
    const keyEnd = stringEnd(text, i);
    const key = keyOf(text, i, keyEnd);
    let at = skipSpace(text, keyEnd);
    if (text.charCodeAt(at) === COLON) at = skipSpace(text, at + 1);
    const end = valueEnd(text, at);
    const wanted = tree.get(key);
    if (wanted === true) {
      out += (first ? "" : ",") + text.slice(i, keyEnd) + ":" + text.slice(at, end);
      first = false;
    } else if (wanted !== undefined && text.charCodeAt(at) === OPEN_BRACE) {
      out += (first ? "" : ",") + text.slice(i, keyEnd) + ":" + project(text, at, wanted);
      first = false;
    }
    i = skipSpace(text, end);
    if (text.charCodeAt(i) === COMMA) i = skipSpace(text, i + 1);
  }
  return out + "}";
}

/**
 * Element `text` (an item's JSON, or an entry's `"key": value`) with only
 * the named fields of its object; an element that is not an object is kept
 * as it is (there is nothing to leave out of a number or a string).
 */
export function projectElement(text: string, fields: Fields, entry: boolean): string {
  let at = 0;
  let head = "";
  if (entry) {
    const keyEnd = stringEnd(text, 0);
    at = skipSpace(text, keyEnd);
    at = skipSpace(text, at + 1); // the colon
    head = text.slice(0, at);
  }
  if (text.charCodeAt(at) !== OPEN_BRACE) return text;
  return head + project(text, at, fields.tree);
}
