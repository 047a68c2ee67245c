// The bytes of a cursor. Layout (then base64url):
//   version, flags (signed, expires, unit), offset varint, part varint,
//   8 bytes of fingerprint, 4 bytes of scope hash, [expiry varint],
//   [16 bytes of HMAC-SHA-256 over everything before it], 2 bytes of CRC-16
//   over everything before it.
// The CRC makes a mistyped or truncated cursor "malformed" instead of a
// valid cursor for another page: CRC-16 catches every change of up to 16
// contiguous bits, so every single-character change of the base64url text.

import { fromBase64Url, toBase64Url } from "../bytes/base64.ts";
import { constantTimeEqual, hmac } from "../bytes/crypto.ts";
import { CursorError } from "./cursor_error.ts";

/** What a cursor's offset counts. */
export type CursorUnit = "characters" | "elements" | "blocks" | "entries";

/** What a cursor says: where to continue and what it is bound to. */
export interface CursorState {
  unit: CursorUnit;
  /** Element, character or block index where the next page starts. */
  offset: number;
  /** Character position inside the element or block at `offset`; else 0. */
  part: number;
  /** Fingerprint of what is paged. */
  fingerprint: Uint8Array;
  /** Hash of the scope (tool and arguments). */
  scope: Uint8Array;
  /** Unix seconds after which the cursor is refused. */
  expiresAt?: number;
}

export const FINGERPRINT_BYTES = 8;
export const SCOPE_BYTES = 4;
const VERSION = 2;
const SIGNED = 1;
const EXPIRES = 2;
// "elements" counts list items (and list methods' items), "entries" an object's entries.
const UNITS: readonly CursorUnit[] = ["characters", "elements", "blocks", "entries"];
const MAC_BYTES = 16;
const CHECK_BYTES = 2;
/** Longer text is not a cursor: no need to decode it. */
export const MAX_CURSOR_LENGTH = 200;

function writeVarint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

function readVarint(bytes: Uint8Array, at: { i: number }): number {
  let value = 0;
  let scale = 1;
  for (let n = 0; n < 8; n++) {
    if (at.i >= bytes.length) throw new CursorError("malformed");
    const b = bytes[at.i++];
    value += (b & 0x7f) * scale;
    if (b < 0x80) {
      // One spelling per number: no trailing zero groups.
      if (n > 0 && b === 0) throw new CursorError("malformed");
      if (!Number.isSafeInteger(value)) throw new CursorError("malformed");
      return value;
    }
    scale *= 0x80;
  }
  throw new CursorError("malformed");
}

// CRC-16/CCITT-FALSE.
function crc16(bytes: Uint8Array, end: number): number {
  let crc = 0xffff;
  for (let i = 0; i < end; i++) {
    crc ^= bytes[i] << 8;
    for (let b = 0; b < 8; b++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** The bytes of a cursor before signing and checking. */
function body(state: CursorState, signed: boolean): Uint8Array {
  const flags = (signed ? SIGNED : 0) | (state.expiresAt !== undefined ? EXPIRES : 0) |
    (UNITS.indexOf(state.unit) << 2);
  const out: number[] = [VERSION, flags];
  writeVarint(out, state.offset);
  writeVarint(out, state.part);
  for (const b of state.fingerprint) out.push(b);
  for (const b of state.scope) out.push(b);
  if (state.expiresAt !== undefined) writeVarint(out, state.expiresAt);
  return Uint8Array.from(out);
}

/** Encodes a cursor; signs it when `key` is given. */
export async function encodeCursor(state: CursorState, key?: CryptoKey): Promise<string> {
  const head = body(state, key !== undefined);
  const mac = key ? (await hmac(key, head)).subarray(0, MAC_BYTES) : new Uint8Array(0);
  const bytes = new Uint8Array(head.length + mac.length + CHECK_BYTES);
  bytes.set(head);
  bytes.set(mac, head.length);
  const crc = crc16(bytes, bytes.length - CHECK_BYTES);
  bytes[bytes.length - 2] = crc >> 8;
  bytes[bytes.length - 1] = crc & 0xff;
  return toBase64Url(bytes);
}

/** Length in characters of a cursor for `state`, without encoding it. */
export function cursorLength(state: CursorState, signed: boolean): number {
  const bytes = body(state, signed).length + (signed ? MAC_BYTES : 0) + CHECK_BYTES;
  return Math.ceil((bytes * 4) / 3);
}

/**
 * Decodes and authenticates a cursor: checks its form and checksum, its
 * signature (with `key`, a cursor must be signed with it; without, a signed
 * cursor is refused) and its expiry. Binding to a scope and a result is
 * checked by the caller, which knows them.
 */
export async function decodeCursor(
  cursor: string,
  key: CryptoKey | undefined,
  nowSeconds: number,
): Promise<CursorState> {
  if (typeof cursor !== "string" || cursor.length > MAX_CURSOR_LENGTH) {
    throw new CursorError("malformed");
  }
  const bytes = fromBase64Url(cursor);
  if (!bytes || bytes.length < 4 + CHECK_BYTES) throw new CursorError("malformed");
  const end = bytes.length - CHECK_BYTES;
  if (crc16(bytes, end) !== ((bytes[end] << 8) | bytes[end + 1])) {
    throw new CursorError("malformed");
  }
  if (bytes[0] !== VERSION) throw new CursorError("malformed");
  const flags = bytes[1];
  const unit = UNITS[flags >> 2];
  if (unit === undefined) throw new CursorError("malformed");
  const signed = (flags & SIGNED) !== 0;
  const head = bytes.subarray(0, signed ? end - MAC_BYTES : end);
  if (head.length < 4) throw new CursorError("malformed");
  const at = { i: 2 };
  const offset = readVarint(head, at);
  const part = readVarint(head, at);
  if (at.i + FINGERPRINT_BYTES + SCOPE_BYTES > head.length) throw new CursorError("malformed");
  const fingerprint = head.slice(at.i, at.i + FINGERPRINT_BYTES);
  at.i += FINGERPRINT_BYTES;
  const scope = head.slice(at.i, at.i + SCOPE_BYTES);
  at.i += SCOPE_BYTES;
  const expiresAt = flags & EXPIRES ? readVarint(head, at) : undefined;
  if (at.i !== head.length) throw new CursorError("malformed");
  if (key || signed) {
    if (!key || !signed) throw new CursorError("bad_signature");
    const mac = (await hmac(key, head)).subarray(0, MAC_BYTES);
    if (!constantTimeEqual(mac, bytes.subarray(head.length, end))) {
      throw new CursorError("bad_signature");
    }
  }
  if (expiresAt !== undefined && nowSeconds > expiresAt) throw new CursorError("expired");
  return { unit, offset, part, fingerprint, scope, expiresAt };
}
