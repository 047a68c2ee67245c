// Web Crypto helpers (digests, HMAC, fingerprints): the same code runs in
// Deno, workerd, browsers and Node.

import { toBase64Url } from "./base64.ts";

const encoder = new TextEncoder();

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text);
}

/** SHA-256 of `data`: bytes, or the UTF-8 bytes of a string. */
export async function sha256(data: string | Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const bytes = typeof data === "string" ? utf8(data) : data;
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

/**
 * SHA-256 of a string, remembered for the last 256 short strings: every page
 * hashes the same scope and cache key again, and a digest is a trip off the
 * thread. `"utf-8"` (the default) hashes well-formed text as its UTF-8, and
 * text with lone surrogates (which UTF-8 would turn into U+FFFD, so that
 * "a\ud800" and "a\udc00" hashed alike) as a 0xFF byte, which no UTF-8 holds,
 * then its code units; `"utf-16"` hashes the code units.
 */
export async function sha256OfText(
  text: string,
  encoding: "utf-8" | "utf-16" = "utf-8",
): Promise<Uint8Array> {
  const bytes = () => encoding === "utf-16" ? utf16(text) : exactUtf8(text);
  if (text.length > REMEMBERED_LENGTH) return await sha256(bytes());
  const key = encoding === "utf-8" ? "8" + text : "6" + text;
  let digest = remembered.get(key);
  if (digest === undefined) {
    digest = sha256(bytes());
    if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, digest);
    digest.catch(() => remembered.delete(key));
  }
  // A copy: the caller may keep or change it.
  return (await digest).slice();
}

/**
 * Bytes that tell every string from every other: well-formed text as its
 * UTF-8, text with lone surrogates (which UTF-8 would turn into U+FFFD) as a
 * 0xFF byte, which no UTF-8 holds, then its code units.
 */
export function exactUtf8(text: string): Uint8Array<ArrayBuffer> {
  if (text.isWellFormed()) return utf8(text);
  const units = utf16(text);
  const out = new Uint8Array(units.length + 1);
  out[0] = 0xff;
  out.set(units, 1);
  return out;
}

const remembered = new Map<string, Promise<Uint8Array>>();
const REMEMBERED = 256;
const REMEMBERED_LENGTH = 1_024;

/** An HMAC-SHA-256 key for signing cursors. */
export function importHmacKey(secret: string | Uint8Array): Promise<CryptoKey> {
  const raw = typeof secret === "string" ? utf8(secret) : secret;
  return crypto.subtle.importKey(
    "raw",
    raw as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
}

/** HMAC-SHA-256 of `data` under `key`. */
export async function hmac(key: CryptoKey, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(
    await crypto.subtle.sign("HMAC", key, data as Uint8Array<ArrayBuffer>),
  );
}

/** Compares two byte arrays in time that depends only on their lengths. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

// Code units hashed at a time: the fingerprint of a text of many megabytes
// needs one buffer of this size, not a copy of the text.
const CHUNK_UNITS = 1 << 20;
let chunkBuffer: Uint8Array<ArrayBuffer> | undefined;

/**
 * The first `bytes` bytes of a SHA-256 over `kind` and the SHA-256 digests
 * of `text`'s chunks of about a million code units. Two different strings
 * never share a digest input: well-formed text is hashed as UTF-8, text with
 * lone surrogates as its UTF-16 code units (UTF-8 would turn every lone
 * surrogate into U+FFFD), and a chunk never ends inside a surrogate pair.
 */
export async function fingerprint(kind: string, text: string, bytes: number): Promise<Uint8Array> {
  const wellFormed = (text as { isWellFormed?: () => boolean }).isWellFormed?.() ??
    !/[\uD800-\uDFFF]/.test(text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ""));
  const digests: string[] = [];
  // digest copies its input when called, so the buffer is refilled at once:
  // the next chunk is encoded while the last one is hashed off the main
  // thread, at most two chunks' copies held at a time.
  let hashing: Promise<ArrayBuffer> | undefined;
  const done = async () => {
    if (hashing) digests.push(toBase64Url(new Uint8Array(await hashing)));
    hashing = undefined;
  };
  for (let start = 0; start < text.length || start === 0;) {
    let end = Math.min(text.length, start + CHUNK_UNITS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    const chunk = text.slice(start, end);
    let data: Uint8Array<ArrayBuffer>;
    if (wellFormed) {
      chunkBuffer ??= new Uint8Array(CHUNK_UNITS * 3);
      data = chunkBuffer.subarray(0, encoder.encodeInto(chunk, chunkBuffer).written);
    } else {
      data = utf16(chunk);
    }
    const next = crypto.subtle.digest("SHA-256", data);
    await done();
    hashing = next;
    start = end;
    if (end === 0) break;
  }
  await done();
  const tagged = utf8(`${wellFormed ? "8" : "16"}:${kind}:${digests.join(".")}`);
  return new Uint8Array(await crypto.subtle.digest("SHA-256", tagged)).subarray(0, bytes);
}

/** The UTF-16 code units of a string, little-endian: every string, lone surrogates too. */
export function utf16(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 * i] = c & 0xff;
    out[2 * i + 1] = c >> 8;
  }
  return out;
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
