// What a result is paged as: its text, or the elements of one container of
// its JSON (a list's items, an object's entries), found by scanning the JSON
// text and never by parsing it into values.

import { fingerprint } from "../bytes/crypto.ts";
import { FINGERPRINT_BYTES } from "../cursor/codec.ts";
import { type Shape, spaceAfter, spaceBefore } from "../json/envelope.ts";
import { type Container, type JsonIndex, scanJson } from "../json/scan.ts";

/** What the pages count: list items, or the entries (key and value) of an object. */
export type ElementUnit = "items" | "entries";

/** A result as text: what the model sees whole, and whether it is JSON. */
export interface Document {
  text: string;
  /** Whether `text` is meant as JSON (it is scanned; invalid JSON is paged as text). */
  json: boolean;
  /** The scan, once it was needed; null when `text` is not valid JSON. */
  index?: JsonIndex | null;
  /** The source chosen for the last key path, once it was needed. */
  source?: { key: string; source: Source };
}

/**
 * A stretch of a text: `text` holds characters `[base, base + text.length)`
 * of a text of `total` characters. A page needs only the stretch it shows
 * (and a character on each side), which is what a cache reads back.
 */
export interface TextView {
  text: string;
  base: number;
  total: number;
}

/** The whole of `text` as a view. */
export function wholeView(text: string): TextView {
  return { text, base: 0, total: text.length };
}

/**
 * What a narrowed source was narrowed by, and where its elements (or lines)
 * sit in the whole result, for the page object and the notes.
 */
export interface Narrowing {
  /** The grep, as given. */
  grep?: string;
  /** The fields, as given. */
  fields?: readonly string[];
  /** Elements (or lines) that matched: the narrowed source's own count. */
  matched: number;
  /** Elements (or lines) in the whole result. */
  whole: number;
  /**
   * Where element `i` of the narrowed source is in the whole result, from 0
   * (elements only); undefined for an element this source does not hold.
   */
  position?(i: number): number | undefined;
  /**
   * With fields: a few of the keys the items have, by level (`""` for the
   * items' own, a dot path for an object a field goes into), for the note
   * of a page on which no item has a field. Plain data, as a cache keeps it.
   */
  keys?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Whether a narrowing left elements out: only a grep does (fields alone keep
 * every one, in place), and one that matched every element left none out.
 * What decides whether a page lists positions, and whose note says so.
 */
export function leftOut(narrowing: Narrowing | undefined): boolean {
  return narrowing?.grep !== undefined && narrowing.matched < narrowing.whole;
}

/** Text paged by characters: a text result, or JSON with nothing better to page. */
export interface TextSource {
  kind: "text";
  view: TextView;
  /** Set when the text is the lines of a result that matched a grep. */
  narrowing?: Narrowing;
  fingerprint?: Promise<Uint8Array>;
}

/**
 * JSON paged by the elements of one container, every other field kept. The
 * shape may hold only some of the elements (from `first` on), as read back
 * from a cache; `total` counts them all.
 */
export interface ElementsSource {
  kind: "elements";
  unit: ElementUnit;
  shape: Shape;
  /** Index of the shape's first element in the whole container. */
  first: number;
  /** Elements in the whole container. */
  total: number;
  /** The text of element `i` (or the stretch of it a page needs). */
  element(i: number): TextView;
  /** The keys that lead to the container; [] for the root. */
  path: string[];
  /** The container's name in notes (its dot path); none at the root. */
  name?: string;
  /** Set when the elements are those of a result that matched a grep, or their fields. */
  narrowing?: Narrowing;
  fingerprint?: Promise<Uint8Array>;
}

export type Source = TextSource | ElementsSource;

/** What binds a cursor to a result: a fingerprint of what is paged, not of the fields around it. */
export function fingerprintOf(source: Source): Promise<Uint8Array> {
  if (source.kind === "text") {
    return source.fingerprint ??= fingerprint("t", source.view.text, FINGERPRINT_BYTES);
  }
  const { text, container } = source.shape;
  return source.fingerprint ??= fingerprint(
    `e:${source.unit}:${JSON.stringify(source.path)}`,
    text.slice(container.open, container.close + 1),
    FINGERPRINT_BYTES,
  );
}

/**
 * The source to page `doc` as. A list at the top, or one named by
 * `keyPath`, is paged by items. In an object, paging goes down into the
 * largest member while it is an object or a list and everything around it
 * takes at most `frameChars`; there, a list is paged by items and an object
 * of many small entries by entries. Anything else is paged as text.
 */
export function sourceOf(
  doc: Document,
  keyPath: string[] | undefined,
  maxChars: number,
  empty = false,
): Source {
  // The choice depends on the limits: one document may be paged for clients of many sizes.
  const key = `${keyPath ? JSON.stringify(keyPath) : ""}${empty ? ":empty" : ""}:${maxChars}`;
  if (doc.source?.key === key) return doc.source.source;
  const source = choose(doc, keyPath, maxChars, empty);
  doc.source = { key, source };
  return source;
}

// `empty` (for a narrowing): an empty list is its elements too (a narrowed page
// of none says so), and a dict's largest member is gone into only when it is
// most of the dict.
function choose(
  doc: Document,
  keyPath: string[] | undefined,
  maxChars: number,
  empty: boolean,
): Source {
  const text: TextSource = { kind: "text", view: wholeView(doc.text) };
  if (!doc.json) return text;
  if (doc.index === undefined) doc.index = scanJson(doc.text) ?? null;
  const index = doc.index;
  if (!index || index.root === "scalar") return text;
  // A member's value is a container when one closes where the member ends.
  const byClose = new Map<number, Container>();
  for (const container of index.containers) byClose.set(container.close, container);
  const root = index.containers[0];
  if (!root || root.path.length !== 0) return text;
  const child = (node: Container, i: number) => {
    const found = byClose.get(node.end(i) - 1);
    return found && found.open > node.start(i) ? found : undefined;
  };

  if (keyPath) {
    let named: Container | undefined = root;
    for (const key of keyPath) {
      let member = -1;
      for (let i = 0; named && named.kind === "object" && i < named.count; i++) {
        if (named.key!(i) === key) member = i; // the last of duplicate keys, as JSON.parse
      }
      named = member === -1 ? undefined : child(named!, member);
      if (!named) break;
    }
    if (named && (named.count > 0 || empty)) return elementsOf(doc, index, named, root);
  }
  let node = root;
  while (node.kind === "object" && node.count > 0) {
    let largest = 0;
    for (let i = 1; i < node.count; i++) {
      if (node.end(i) - node.start(i) > node.end(largest) - node.start(largest)) largest = i;
    }
    const next = child(node, largest);
    if (!next) break;
    // A narrowing looks into a member only when it is most of the whole: in a
    // dict of many small members, the members are what is narrowed.
    if (empty && 2 * (next.close - next.open + 1) < node.close - node.open + 1) break;
    const around = doc.text.length - (next.close - next.open + 1);
    if (around > maxChars * 0.75) break;
    node = next;
  }
  if (node.kind === "array") {
    return node.count > 0 || empty ? elementsOf(doc, index, node, root) : text;
  }
  // Entries are worth paging when there are many and they are small; a few
  // large ones read better as the text of their JSON.
  const average = (node.close - node.open) / Math.max(1, node.count);
  if (node.count >= 2 && average <= maxChars / 4) return elementsOf(doc, index, node, root);
  return text;
}

function elementsOf(
  doc: Document,
  index: JsonIndex,
  container: Container,
  root: Container,
): ElementsSource {
  let pageKey = "page";
  if (root.kind === "object") {
    const keys = new Set<string>();
    for (let i = 0; i < root.count; i++) keys.add(root.key!(i));
    while (keys.has(pageKey)) pageKey = `_${pageKey}`;
  }
  return {
    kind: "elements",
    unit: container.kind === "array" ? "items" : "entries",
    first: 0,
    total: container.count,
    element: (i) => wholeView(doc.text.slice(container.start(i), container.end(i))),
    shape: {
      text: doc.text,
      container,
      rootIsArray: index.root === "array",
      rootOpen: root.open,
      pageKey,
      afterOpen: index.root === "array" ? "" : spaceAfter(doc.text, root.open + 1),
      closeSpace: spaceBefore(doc.text, container.close),
    },
    path: container.path,
    name: container.path.length ? container.path.join(".") : undefined,
  };
}

/**
 * Every source {@linkcode sourceOf} could choose for `doc` under some limits:
 * its text, the container `keyPath` names, and each container on the way
 * down into the largest member. A cursor issued under other limits (another
 * client's) continues in one of these.
 */
export function sourceCandidates(
  doc: Document,
  keyPath: string[] | undefined,
  empty = false,
): Source[] {
  const out: Source[] = [{ kind: "text", view: wholeView(doc.text) }];
  if (!doc.json) return out;
  if (doc.index === undefined) doc.index = scanJson(doc.text) ?? null;
  const index = doc.index;
  const root = index?.containers[0];
  if (!index || index.root === "scalar" || !root || root.path.length !== 0) return out;
  const byClose = new Map<number, Container>();
  for (const container of index.containers) byClose.set(container.close, container);
  const child = (node: Container, i: number) => {
    const found = byClose.get(node.end(i) - 1);
    return found && found.open > node.start(i) ? found : undefined;
  };
  const seen = new Set<Container>();
  const add = (node: Container | undefined) => {
    if (!node || seen.has(node) || (node.count === 0 && !empty)) return;
    seen.add(node);
    out.push(elementsOf(doc, index, node, root));
  };
  if (keyPath) {
    let named: Container | undefined = root;
    for (const key of keyPath) {
      let member = -1;
      for (let i = 0; named && named.kind === "object" && i < named.count; i++) {
        if (named.key!(i) === key) member = i;
      }
      named = member === -1 ? undefined : child(named!, member);
      if (!named) break;
    }
    add(named);
  }
  let node: Container | undefined = root;
  while (node) {
    add(node);
    if (node.kind !== "object" || node.count === 0) break;
    let largest = 0;
    for (let i = 1; i < node.count; i++) {
      if (node.end(i) - node.start(i) > node.end(largest) - node.start(largest)) largest = i;
    }
    node = child(node, largest);
  }
  return out;
}
