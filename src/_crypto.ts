// Web Crypto and base64url helpers: the same code runs in Deno, workerd,
// browsers and Node.

const encoder = new TextEncoder();

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text);
}

/** SHA-256 of the UTF-8 bytes of `text`. */
export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", utf8(text)));
}

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

type Base64Native = Uint8Array & {
  toBase64?: (options: { alphabet: string; omitPadding: boolean }) => string;
};
type Base64Ctor = typeof Uint8Array & {
  fromBase64?: (text: string, options: { alphabet: string }) => Uint8Array;
};

/** base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  const native = (bytes as Base64Native).toBase64;
  if (native) return native.call(bytes, { alphabet: "base64url", omitPadding: true });
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Decodes unpadded base64url; `undefined` when `text` is not exactly that. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  let bytes: Uint8Array;
  try {
    const native = (Uint8Array as Base64Ctor).fromBase64;
    if (native) {
      bytes = native(text, { alphabet: "base64url" });
    } else {
      const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
      bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    }
  } catch {
    return undefined;
  }
  // Reject non-canonical encodings (stray low bits), so one cursor has one spelling.
  return toBase64Url(bytes) === text ? bytes : undefined;
}

/**
 * The first `bytes` bytes of SHA-256 of `kind` and `text`, where two
 * different strings never share a digest input: well-formed text is hashed
 * as UTF-8, text with lone surrogates as its UTF-16 code units (UTF-8 would
 * turn every lone surrogate into U+FFFD).
 */
export async function fingerprint(kind: string, text: string, bytes: number): Promise<Uint8Array> {
  const wellFormed = (text as { isWellFormed?: () => boolean }).isWellFormed?.() ??
    !/[\uD800-\uDFFF]/.test(text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ""));
  const data = wellFormed ? utf8(text) : utf16(text);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  // The kind (and the encoding) is hashed with the digest, not prepended to
  // the text: that would copy a text of many megabytes once more.
  const tagged = utf8(`${wellFormed ? "8" : "16"}:${kind}:${toBase64Url(digest)}`);
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
