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

function refuse(name: string, why: string): never {
  throw new NarrowingError(
    "invalid_fields",
    `The ${name} argument cannot be used: ${why} ${name} is a list of up to ${MAX_FIELDS} dot ` +
      `paths such as ["id", "meta.host"], each of up to ${MAX_FIELD_DEPTH} keys. Call the tool ` +
      `again with ${name} corrected, or without it to get whole items.`,
  );
}

/**
 * Checks a fields argument and makes its tree; `name` is what the tool
 * calls the argument, for the error that refuses it.
 */
export function parseFields(fields: unknown, name = "fields"): Fields {
  if (!Array.isArray(fields)) refuse(name, "it must be a list of strings.");
  if (fields.length === 0) refuse(name, "the list is empty.");
  if (fields.length > MAX_FIELDS) refuse(name, `it names more than ${MAX_FIELDS} fields.`);
  const tree: FieldTree = new Map();
  for (const field of fields) {
    if (typeof field !== "string") refuse(name, "every field must be a string.");
    if (field.length > MAX_FIELD_CHARS) {
      refuse(name, `a field is longer than ${MAX_FIELD_CHARS} characters.`);
    }
    const keys = field.split(".");
    if (keys.some((k) => k === "")) refuse(name, `${JSON.stringify(field)} has an empty key.`);
    if (keys.length > MAX_FIELD_DEPTH) {
      refuse(name, `${JSON.stringify(field)} is more than ${MAX_FIELD_DEPTH} keys deep.`);
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

/** One member of an object: its decoded key and where its key and value are in the text. */
interface Member {
  key: string;
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
}

/**
 * Calls `visit` with each member of the object that opens at `text[start]`,
 * in order, until it returns false. One pass: values are skipped whole.
 */
function forEachMember(text: string, start: number, visit: (member: Member) => boolean): void {
  let i = skipSpace(text, start + 1);
  while (i < text.length && text.charCodeAt(i) === QUOTE) {
    const keyEnd = stringEnd(text, i);
    let at = skipSpace(text, keyEnd);
    if (text.charCodeAt(at) === COLON) at = skipSpace(text, at + 1);
    const end = valueEnd(text, at);
    const member = {
      key: keyOf(text, i, keyEnd),
      keyStart: i,
      keyEnd,
      valueStart: at,
      valueEnd: end,
    };
    if (!visit(member)) return;
    i = skipSpace(text, end);
    if (text.charCodeAt(i) === COMMA) i = skipSpace(text, i + 1);
  }
}

/**
 * The keys seen at each level the fields go through (the items' own keys,
 * and those of each object a dot path goes into), a few of each in the
 * order first met: what a note offers when no item has a field.
 */
export type KeySample = Map<FieldTree, string[]>;

/** The most keys a sample keeps of one level. */
const SAMPLED_KEYS = 12;

/**
 * The object that opens at `text[start]` with only the members `tree`
 * names, in the object's own order; keys and kept values are the source's
 * text. A value the tree goes into but that is not an object is left out.
 */
function project(text: string, start: number, tree: FieldTree, seen?: KeySample): string {
  let sample = seen?.get(tree);
  if (seen && !sample) seen.set(tree, sample = []);
  let out = "{";
  let first = true;
  forEachMember(text, start, ({ key, keyStart, keyEnd, valueStart, valueEnd }) => {
    if (sample && sample.length < SAMPLED_KEYS && !sample.includes(key)) sample.push(key);
    const wanted = tree.get(key);
    const name = text.slice(keyStart, keyEnd);
    if (wanted === true) {
      out += (first ? "" : ",") + name + ":" + text.slice(valueStart, valueEnd);
      first = false;
    } else if (wanted !== undefined && text.charCodeAt(valueStart) === OPEN_BRACE) {
      out += (first ? "" : ",") + name + ":" + project(text, valueStart, wanted, seen);
      first = false;
    }
    return true;
  });
  return out + "}";
}

/** Where the value of element `text` starts: past an entry's key and colon. */
function valueOf(text: string, entry: boolean): number {
  if (!entry) return skipSpace(text, 0);
  const at = skipSpace(text, stringEnd(text, 0));
  return skipSpace(text, at + 1); // the colon
}

/**
 * Element `text` (an item's JSON, or an entry's `"key": value`) with only
 * the named fields of its object; an element that is not an object is kept
 * as it is (there is nothing to leave out of a number or a string). With
 * `seen`, the keys it meets are sampled there.
 */
export function projectElement(
  text: string,
  fields: Fields,
  entry: boolean,
  seen?: KeySample,
): string {
  const at = valueOf(text, entry);
  if (text.charCodeAt(at) !== OPEN_BRACE) return text;
  return text.slice(0, entry ? at : 0) + project(text, at, fields.tree, seen);
}

/**
 * A sample made by {@linkcode projectElement}, by level: `""` for the items'
 * own keys, a dot path for those of the objects a field goes into.
 */
export function sampledKeys(fields: Fields, seen: KeySample): Record<string, string[]> {
  // Levels are named by the caller's keys: "__proto__" must be a key like any other.
  const out: Record<string, string[]> = Object.create(null);
  const levels: Array<[string, FieldTree]> = [["", fields.tree]];
  for (let next = levels.pop(); next; next = levels.pop()) {
    const [path, tree] = next;
    const keys = seen.get(tree);
    if (keys?.length) out[path] = keys;
    for (const [key, sub] of tree) {
      if (sub !== true) levels.push([path ? `${path}.${key}` : key, sub]);
    }
  }
  return out;
}

// The dot paths as a tree that remembers which path ends where (projection's
// tree drops a path under a shorter one; presence needs them all).
interface PathNode {
  ends: number[];
  next: Map<string, PathNode>;
}

/**
 * Which of `fields` an element has: bit `i` of the answer is set when the
 * element's object has dot path `fields[i]` (the element as projected, or
 * as the tool wrote it). One pass over the element, into the objects the
 * paths go through only.
 */
export function fieldPresence(fields: readonly string[]): (text: string, entry: boolean) => number {
  const root: PathNode = { ends: [], next: new Map() };
  fields.forEach((field, i) => {
    let node = root;
    for (const key of field.split(".")) {
      let child = node.next.get(key);
      if (!child) node.next.set(key, child = { ends: [], next: new Map() });
      node = child;
    }
    node.ends.push(i);
  });
  const walk = (text: string, start: number, node: PathNode): number => {
    let mask = 0;
    forEachMember(text, start, ({ key, valueStart }) => {
      const child = node.next.get(key);
      if (!child) return true;
      for (const i of child.ends) mask |= 1 << i;
      if (child.next.size > 0 && text.charCodeAt(valueStart) === OPEN_BRACE) {
        mask |= walk(text, valueStart, child);
      }
      return true;
    });
    return mask;
  };
  return (text, entry) => {
    const at = valueOf(text, entry);
    return text.charCodeAt(at) === OPEN_BRACE ? walk(text, at, root) : 0;
  };
}

/** The longest key a fields example names. */
const EXAMPLE_KEY_CHARS = 24;
/** The members of an object a fields example looks at. */
const EXAMPLE_MEMBERS = 16;

/** Up to `EXAMPLE_MEMBERS` members of the object at `start`. */
function firstMembers(text: string, start: number): Member[] {
  const members: Member[] = [];
  forEachMember(text, start, (member) => members.push(member) < EXAMPLE_MEMBERS);
  return members;
}

/** A key a dot path can name, short enough for a note. */
const nameable = (key: string) =>
  key !== "" && !key.includes(".") && key.length <= EXAMPLE_KEY_CHARS;

/**
 * A `fields` value to offer as an example for element `text`: one or two
 * dot paths it has that leave part of it out (a nested one where an object
 * member has several keys), such as `["id", "meta.host"]`. Undefined for an
 * element that is not an object, or whose fields would keep it all.
 */
export function fieldsExample(text: string, entry: boolean): string[] | undefined {
  const at = valueOf(text, entry);
  if (text.charCodeAt(at) !== OPEN_BRACE) return undefined;
  const members = firstMembers(text, at);
  const keys = members.filter((m) => nameable(m.key));
  // The first member other than `skip` holding an object of several keys: a dot path into it.
  const nested = (skip?: Member): string | undefined => {
    for (const member of keys) {
      if (member === skip || text.charCodeAt(member.valueStart) !== OPEN_BRACE) continue;
      const inner = firstMembers(text, member.valueStart);
      if (inner.length >= 2 && nameable(inner[0].key)) return `${member.key}.${inner[0].key}`;
    }
    return undefined;
  };
  if (keys.length === 0) return undefined;
  if (members.length === 1) {
    const path = nested();
    return path === undefined ? undefined : [path];
  }
  const first = keys[0];
  const second = nested(first) ?? (members.length >= 3 ? keys[1]?.key : undefined);
  return second === undefined ? [first.key] : [first.key, second];
}
