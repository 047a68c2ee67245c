// How the chunks of a stored result encode their text and index entries.
// Values never parse as JSON and are well-formed text (so a store that speaks
// JSON or UTF-8 keeps them exactly); the letter that starts a chunk names its
// encoding:
//
//   T  raw text
//   E  text with lone surrogates escaped (a chunk with a lone surrogate, or
//      half of a pair cut by the grid: U+D800+k becomes U+FFFF U+E000+k,
//      U+FFFF becomes U+FFFF U+FFFF)
//   U  base64 of UTF-16LE code units (where escaping would not fit the value limit)
//   Z  base64 of deflate-raw of the UTF-8 of a T payload, Y of an E payload,
//      kept only where 10 % or more smaller
//   I  index entries: base64 of little-endian uint32s

import { readAtMost } from "../bytes/bytes.ts";
import { fromBase64, toBase64 } from "../bytes/base64.ts";
import { utf16 } from "../bytes/crypto.ts";

// Pure, for bundlers: a bundle without a cache drops it.
const encoder = /* @__PURE__ */ new TextEncoder();
// Chunks shorter than this are never compressed: too little to gain.
const MIN_COMPRESSED_UNITS = 512;

/** The encoding letter and payload of a text chunk. */
export async function encodeText(chunk: string, compress: boolean): Promise<[string, string]> {
  const wellFormed = chunk.isWellFormed();
  const text = wellFormed ? chunk : escapeSurrogates(chunk);
  // The grid allows 3 UTF-8 bytes a unit; past that, base64 of UTF-16 (8/3).
  const raw: [string, string] = wellFormed
    ? ["T", text]
    : utf8Length(text) <= 3 * chunk.length
    ? ["E", text]
    : ["U", toBase64(utf16(chunk))];
  if (!compress || chunk.length < MIN_COMPRESSED_UNITS) return raw;
  const bytes = encoder.encode(text);
  const packed = toBase64(await deflate(bytes));
  const rawBytes = raw[0] === "U" ? raw[1].length : bytes.length;
  return packed.length < 0.9 * rawBytes ? [wellFormed ? "Z" : "Y", packed] : raw;
}

/** The text of a chunk's payload, or undefined unless it decodes to exactly `units` code units. */
export async function decodeText(
  letter: string,
  payload: string,
  units: number,
): Promise<string | undefined> {
  let text: string | undefined;
  try {
    switch (letter) {
      case "T":
        text = payload;
        break;
      case "E":
        text = unescapeSurrogates(payload);
        break;
      case "U": {
        const bytes = fromBase64(payload);
        text = bytes && fromUtf16Bytes(bytes);
        break;
      }
      case "Z":
      case "Y": {
        const bytes = fromBase64(payload);
        // Escaped text is at most 6 UTF-8 bytes a unit.
        const raw = bytes && await inflate(bytes, units * 6);
        text = raw && new TextDecoder("utf-8", { fatal: true }).decode(raw);
        if (text !== undefined && letter === "Y") text = unescapeSurrogates(text);
        break;
      }
    }
  } catch {
    return undefined;
  }
  return text !== undefined && text.length === units ? text : undefined;
}

// A lone surrogate U+D800+k becomes U+FFFF U+E000+k, and U+FFFF itself
// U+FFFF U+FFFF: well-formed text that maps back one to one.
const LONE_OR_ESCAPE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\uffff/g;
const ESCAPED = /\uffff([\ue000-\ue7ff\uffff])/g;

function escapeSurrogates(text: string): string {
  return text.replace(
    LONE_OR_ESCAPE,
    (unit) =>
      unit === "\uffff"
        ? "\uffff\uffff"
        : "\uffff" + String.fromCharCode(unit.charCodeAt(0) - 0xd800 + 0xe000),
  );
}

function unescapeSurrogates(text: string): string {
  const out = text.replace(
    ESCAPED,
    (_, unit: string) =>
      unit === "\uffff" ? unit : String.fromCharCode(unit.charCodeAt(0) - 0xe000 + 0xd800),
  );
  // Every U+FFFF was consumed by an escape pair; one left over means damage.
  if (out.length !== text.length - countEscapes(text)) throw new Error("bad escape");
  return out;
}

function countEscapes(text: string): number {
  let count = 0;
  for (let i = text.indexOf("\uffff"); i !== -1; i = text.indexOf("\uffff", i + 2)) count++;
  return count;
}

/** The payload of an index chunk. */
export function encodeIndex(entries: Uint32Array): string {
  const bytes = new Uint8Array(entries.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < entries.length; i++) view.setUint32(4 * i, entries[i], true);
  return toBase64(bytes);
}

/** The `count` entries of an index chunk's payload, or undefined unless it holds exactly that many. */
export function decodeIndex(payload: string, count: number): Uint32Array | undefined {
  const bytes = fromBase64(payload);
  if (bytes === undefined || bytes.length !== 4 * count) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) out[i] = view.getUint32(4 * i, true);
  return out;
}

function fromUtf16Bytes(bytes: Uint8Array): string | undefined {
  if (bytes.length % 2 !== 0) return undefined;
  const parts: string[] = [];
  const units = new Array<number>(Math.min(8192, bytes.length / 2));
  for (let i = 0; i < bytes.length; i += 2 * units.length) {
    const n = Math.min(units.length, (bytes.length - i) / 2);
    units.length = n;
    for (let k = 0; k < n; k++) units[k] = bytes[i + 2 * k] | (bytes[i + 2 * k + 1] << 8);
    parts.push(String.fromCharCode(...units));
  }
  return parts.join("");
}

/** UTF-8 bytes of `text` (a surrogate counted 2: a pair is its code point's 4). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdfff) bytes += 1;
    else if (unit >= 0x800) bytes += 2;
    else if (unit >= 0x80) bytes += 1;
  }
  return bytes;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Inflates at most `limit` bytes: stored data is not trusted to be small. */
async function inflate(bytes: Uint8Array, limit: number): Promise<Uint8Array | undefined> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new DecompressionStream("deflate-raw"));
  try {
    return await readAtMost(stream, limit);
  } catch {
    return undefined;
  }
}

/** Copies `count` little-endian uint32s of `bytes` from `offset` into `out` at `at`. */
export function readUint32s(
  bytes: Uint8Array,
  offset: number,
  out: Uint32Array,
  at: number,
  count: number,
): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < count; i++) out[at + i] = view.getUint32(offset + 4 * i, true);
}
