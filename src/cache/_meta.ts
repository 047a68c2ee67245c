// What the cache keeps beside a result's text (the `meta` of its stored
// record): enough to rebuild, from a window of the text, the source a page
// is built from.

import type { ElementUnit, Narrowing } from "../source/source.ts";

/** The version of the meta: a record of another is a miss. */
export const META_VERSION = 1;

/**
 * What a narrowed source was narrowed by. The positions of its elements in
 * the whole result follow the result's text in the store, `width` base-36
 * digits each from offset `at`: a page reads the few it shows.
 */
export interface NarrowingMeta {
  grep?: string;
  fields?: string[];
  /** With fields: a few of the keys the items have, by level (for the notes). */
  keys?: Record<string, string[]>;
  matched: number;
  whole: number;
  at?: number;
  width?: number;
}

export interface TextMeta {
  v: number;
  kind: "text";
  fingerprint: string;
  extra: unknown;
  narrowing?: NarrowingMeta;
}

export interface ElementsMeta {
  v: number;
  kind: "elements";
  fingerprint: string;
  extra: unknown;
  unit: ElementUnit;
  path: string[];
  name?: string;
  pageKey: string;
  rootIsArray: boolean;
  afterOpen: string;
  closeSpace: string;
  /** The result up to the container's opening bracket, and from its closing one. */
  before: string;
  after: string;
  /** Offset of the root object's `{` in `before`. */
  rootOpen: number;
  containerKind: "array" | "object";
  count: number;
  narrowing?: NarrowingMeta;
}

export type Meta = TextMeta | ElementsMeta;

/** The meta of a narrowing (its positions not included). */
export function narrowingMeta(narrowing: Narrowing): NarrowingMeta {
  const meta: NarrowingMeta = { matched: narrowing.matched, whole: narrowing.whole };
  if (narrowing.grep !== undefined) meta.grep = narrowing.grep;
  if (narrowing.fields !== undefined) meta.fields = [...narrowing.fields];
  if (narrowing.keys !== undefined) {
    meta.keys = Object.fromEntries(
      Object.entries(narrowing.keys).map(([level, keys]) => [level, [...keys]]),
    );
  }
  return meta;
}
