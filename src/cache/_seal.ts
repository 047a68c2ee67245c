// What makes a stored value checkable: an HMAC-SHA-256 over where it is
// stored (the result's storage key, the chunk's name) and what it holds,
// kept in the value. A reader takes a value only if its MAC is the one it
// computes itself, so a value changed, cut short, or copied from another key
// reads as a miss.
//
// With the pager's `secret`, the MAC key is derived from it (HMAC of the
// secret over a label of its own, so that it signs nothing a cursor could
// be mistaken for): whoever can write to the store but does not hold the
// secret cannot make a value that passes. Without one the key is a fixed,
// public one: the check then catches damage, truncation and values of other
// keys, not a writer who computes the MAC himself.

import { toBase64 } from "../bytes/base64.ts";
import { exactUtf8, hmac, importHmacKey, utf8 } from "../bytes/crypto.ts";

/** Characters of a MAC in a stored value: 16 bytes of the HMAC, base64url. */
export const MAC_CHARS = 22;

const DERIVATION_LABEL = "pagewise/cache/v1";
const PUBLIC_KEY = "pagewise/cache/v1: no secret";

/** Signs what a stored value holds; see the module comment. */
export interface Seal {
  /** The MAC of `parts` (their order and boundaries included): {@linkcode MAC_CHARS} characters. */
  sign(parts: readonly string[]): Promise<string>;
  /**
   * What tells this seal's key from another's, without saying anything of
   * it (a MAC of a fixed label): seals of one secret share it.
   */
  id(): Promise<string>;
}

/** The seal of a cache whose pager has `secret` (or none). */
export function sealOf(secret?: string | Uint8Array): Seal {
  if (secret === undefined) return PUBLIC_SEAL;
  return sealWith(async () =>
    importHmacKey(await hmac(await importHmacKey(secret), utf8(DERIVATION_LABEL)))
  );
}

// Pure (it imports nothing until first used): a bundle without a cache drops it.
const PUBLIC_SEAL = /* @__PURE__ */ sealWith(() => importHmacKey(PUBLIC_KEY));

function sealWith(importKey: () => Promise<CryptoKey>): Seal {
  // Imported on first use: a pager that never caches a result never pays for it.
  let key: Promise<CryptoKey> | undefined;
  let id: Promise<string> | undefined;
  const seal: Seal = {
    async sign(parts) {
      key ??= importKey();
      const mac = await hmac(await key, bytesOf(parts));
      return toBase64(mac.subarray(0, 16), "base64url");
    },
    id: () => id ??= seal.sign([ID_LABEL]),
  };
  return seal;
}

const ID_LABEL = "pagewise/cache/v1: the seal's id";

// Each part with its length before it: no two lists of parts share their bytes.
function bytesOf(parts: readonly string[]): Uint8Array<ArrayBuffer> {
  return exactUtf8(parts.map((part) => `${part.length}:${part}`).join(""));
}

/** Whether two MACs are equal, in time that depends only on their lengths. */
export function sameMac(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
