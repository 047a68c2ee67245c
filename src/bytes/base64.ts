// base64 and base64url with the native Uint8Array methods where the runtime
// has them (Deno, workerd) and btoa/atob where it does not (Node 20).

type Alphabet = "base64" | "base64url";
type Native = {
  toBase64?: (options: { alphabet: Alphabet; omitPadding: boolean }) => string;
};
type NativeStatic = {
  fromBase64?: (text: string, options: { alphabet: Alphabet }) => Uint8Array;
};

/** base64 of `bytes`, padded; base64url without padding. */
export function toBase64(bytes: Uint8Array, alphabet: Alphabet = "base64"): string {
  const url = alphabet === "base64url";
  const native = (bytes as Native).toBase64;
  if (native) return native.call(bytes, { alphabet, omitPadding: url });
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  const text = btoa(binary);
  return url ? text.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "") : text;
}

/** The bytes of base64 (or base64url) `text`; undefined when it is not a string of it. */
export function fromBase64(text: unknown, alphabet: Alphabet = "base64"): Uint8Array | undefined {
  if (typeof text !== "string") return undefined;
  try {
    const native = (Uint8Array as NativeStatic).fromBase64;
    if (native) return native(text, { alphabet });
    const binary = atob(
      alphabet === "base64url" ? text.replaceAll("-", "+").replaceAll("_", "/") : text,
    );
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes, "base64url");
}

/** Decodes unpadded base64url; `undefined` when `text` is not exactly that. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const bytes = fromBase64(text, "base64url");
  // Reject non-canonical encodings (stray low bits), so one cursor has one spelling.
  return bytes && toBase64Url(bytes) === text ? bytes : undefined;
}
