// Turns what a caller passes into the text the model would see whole:
// a string as itself, JSON text as itself (marked as JSON), any other value
// serialized once. Prepared values keep that work for later pages.

import type { Document } from "./source.ts";
import { serializeValue } from "../json/serialize.ts";
import { serializeIndexed } from "../json/serialize_indexed.ts";

/** A value serialized once, to page many times in one process. See `Pager.prepare`. */
export interface Prepared {
  /** Always true: marks a value made by `Pager.prepare`. */
  readonly prepared: true;
}

// Prepared values are recognised by identity, so no user data can pass for one.
const prepared = new WeakMap<object, Document>();

export function documentOf(value: unknown, json: boolean, indent: string): Document {
  if (value !== null && typeof value === "object") {
    const doc = prepared.get(value);
    if (doc) return doc;
  }
  if (typeof value === "string") return { text: value, json };
  // Compact JSON is indexed while it is written: no scan of it afterwards.
  const indexed = indent === "" ? serializeIndexed(value) : undefined;
  if (indexed) return { text: indexed.text, json: true, index: indexed.index };
  return { text: serializeValue(value, indent), json: true };
}

export function prepare(value: unknown, json: boolean, indent: string): Prepared {
  const doc = documentOf(value, json, indent);
  const handle: Prepared = Object.freeze({ prepared: true as const });
  prepared.set(handle, doc);
  return handle;
}
