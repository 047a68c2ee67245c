/**
 * Stateless cursors: where the next page starts, bound to one version of a
 * result and to the call that produced it, optionally signed.
 *
 * Layout (before base64url): version byte, flags byte, offset varint, part
 * varint, 8 bytes of SHA-256 of the full result, 4 bytes of SHA-256 of the
 * scope, then an expiry varint (unix seconds) when it expires, then 16 bytes
 * of HMAC-SHA-256 over everything before it when signed.
 *
 * @module
 */

import { constantTimeEqual, fromBase64Url, hmac, toBase64Url } from "./_crypto.ts";

/** Why a cursor was refused. */
export type CursorErrorReason =
  | "malformed"
  | "foreign_scope"
  | "bad_signature"
  | "expired"
  | "changed_result"
  | "out_of_range";

const ADVICE = "Call the tool again without a cursor to start from the beginning.";

const MESSAGES: Record<CursorErrorReason, string> = {
  malformed: `This cursor is not one this tool issued (it may be cut short or mistyped). ${ADVICE}`,
  foreign_scope:
    "This cursor belongs to a different tool or to different arguments. Call this tool again " +
    "with exactly the arguments of the call that returned the cursor, or without a cursor to " +
    "start from the beginning.",
  bad_signature:
    `This cursor's signature does not match: it was altered or issued by another server. ${ADVICE}`,
  expired: `This cursor has expired. ${ADVICE}`,
  changed_result:
    "The result changed since this cursor was issued, so its pages cannot be continued without " +
    "mixing two versions. Call the tool again without a cursor to get the current result from " +
    "the beginning.",
  out_of_range: `This cursor points outside the result. ${ADVICE}`,
};

/**
 * A cursor that cannot be used. `message` is written for the model: it says
 * what happened and what call to make next.
 *
 * @example
 * ```ts
 * import { createPager, CursorError } from "@pagewise/mcp";
 *
 * const pager = createPager();
 * try {
 *   await pager.page([1, 2, 3], { cursor: "not-a-cursor" });
 * } catch (error) {
 *   if (error instanceof CursorError) console.log(error.reason); // "malformed"
 * }
 * ```
 */
export class CursorError extends Error {
  /** Why the cursor was refused. */
  readonly reason: CursorErrorReason;

  /** Makes the error for `reason`, with the standard model-facing message. */
  constructor(reason: CursorErrorReason, message: string = MESSAGES[reason]) {
    super(message);
    this.name = "CursorError";
    this.reason = reason;
  }
}

/** What a cursor says: where to continue and what it is bound to. */
export interface CursorState {
  /** Item index, or character index for text. */
  offset: number;
  /** Character position inside the item at `offset` when it is split; else 0. */
  part: number;
  /** First 8 bytes of SHA-256 of the full serialized result. */
  fingerprint: Uint8Array;
  /** First 4 bytes of SHA-256 of the scope. */
  scope: Uint8Array;
  /** Unix seconds after which the cursor is refused. */
  expiresAt?: number;
}

const VERSION = 1;
const SIGNED = 1;
const EXPIRES = 2;
const MAC_BYTES = 16;
export const FINGERPRINT_BYTES = 8;
export const SCOPE_BYTES = 4;

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

/** Encodes a cursor; signs it when `key` is given. */
export async function encodeCursor(state: CursorState, key?: CryptoKey): Promise<string> {
  const out: number[] = [
    VERSION,
    (key ? SIGNED : 0) | (state.expiresAt !== undefined ? EXPIRES : 0),
  ];
  writeVarint(out, state.offset);
  writeVarint(out, state.part);
  out.push(...state.fingerprint, ...state.scope);
  if (state.expiresAt !== undefined) writeVarint(out, state.expiresAt);
  const body = Uint8Array.from(out);
  if (!key) return toBase64Url(body);
  const mac = (await hmac(key, body)).subarray(0, MAC_BYTES);
  const signed = new Uint8Array(body.length + MAC_BYTES);
  signed.set(body);
  signed.set(mac, body.length);
  return toBase64Url(signed);
}

/**
 * Decodes and authenticates a cursor: checks its form, its signature (when
 * `key` is given, a cursor must be signed with it; without a key, a signed
 * cursor is refused) and its expiry. Binding to a scope and a result is
 * checked by the caller, which knows them.
 */
export async function decodeCursor(
  cursor: string,
  key: CryptoKey | undefined,
  nowSeconds: number,
): Promise<CursorState> {
  if (typeof cursor !== "string" || cursor.length > 200) throw new CursorError("malformed");
  const bytes = fromBase64Url(cursor);
  if (!bytes || bytes.length < 4 || bytes[0] !== VERSION) throw new CursorError("malformed");
  const flags = bytes[1];
  if (flags & ~(SIGNED | EXPIRES)) throw new CursorError("malformed");
  const signed = (flags & SIGNED) !== 0;
  let body = bytes;
  if (signed) {
    if (bytes.length < MAC_BYTES + 4) throw new CursorError("malformed");
    body = bytes.subarray(0, bytes.length - MAC_BYTES);
  }
  const at = { i: 2 };
  const offset = readVarint(body, at);
  const part = readVarint(body, at);
  if (at.i + FINGERPRINT_BYTES + SCOPE_BYTES > body.length) throw new CursorError("malformed");
  const fingerprint = body.slice(at.i, at.i + FINGERPRINT_BYTES);
  at.i += FINGERPRINT_BYTES;
  const scope = body.slice(at.i, at.i + SCOPE_BYTES);
  at.i += SCOPE_BYTES;
  const expiresAt = flags & EXPIRES ? readVarint(body, at) : undefined;
  if (at.i !== body.length) throw new CursorError("malformed");
  if (key || signed) {
    if (!key || !signed) throw new CursorError("bad_signature");
    const mac = (await hmac(key, body)).subarray(0, MAC_BYTES);
    if (!constantTimeEqual(mac, bytes.subarray(body.length))) {
      throw new CursorError("bad_signature");
    }
  }
  if (expiresAt !== undefined && nowSeconds > expiresAt) throw new CursorError("expired");
  return { offset, part, fingerprint, scope, expiresAt };
}
