// Bound cursors: issued for one scope (a tool and its arguments) and one
// fingerprint of what is paged, optionally signed and expiring; opened and
// checked in one place for the pager and for the MCP list methods.

import { constantTimeEqual, fingerprint, importHmacKey, sha256OfText } from "../bytes/crypto.ts";
import {
  cursorLength,
  type CursorState,
  type CursorUnit,
  decodeCursor,
  encodeCursor,
  FINGERPRINT_BYTES,
  SCOPE_BYTES,
} from "./codec.ts";
import { CursorError } from "./cursor_error.ts";

/** A cursor that was decoded, authenticated and found to belong to its scope. */
export interface OpenedCursor {
  readonly state: CursorState;
  readonly scope: string;
  /** The binder that opened it: another (other secret, other TTL) must not take it. */
  readonly binder: Binder;
}

/** Issues and opens cursors bound to scopes; see {@linkcode createBinder}. */
export interface Binder {
  /** The hash a scope is bound by. */
  scopeHash(scope: string): Promise<Uint8Array>;
  /** A cursor for where the next page starts. */
  issue(
    scopeHash: Uint8Array,
    fingerprint: Uint8Array,
    unit: CursorUnit,
    offset: number,
    part: number,
  ): Promise<string>;
  /**
   * The length of the longest cursor `issue` can return for positions up to
   * these: what a page reserves for its cursor before knowing it.
   */
  maxLength(unit: CursorUnit, maxOffset: number, maxPart: number): number;
  /** Decodes `cursor` and checks its form, signature, expiry and scope. */
  open(cursor: string, scope: string): Promise<OpenedCursor>;
  /** The fingerprint a cursor carries for `text` of this `kind`. */
  fingerprint(kind: string, text: string): Promise<Uint8Array>;
  /** Whether `other` signs and expires cursors as this binder does (same secret, same TTL). */
  accepts(other: Binder): boolean;
  /** What this binder signs and expires with. */
  readonly settings: Readonly<Pick<BinderOptions, "secret" | "ttlSeconds">>;
}

export interface BinderOptions {
  secret?: string | Uint8Array;
  ttlSeconds?: number;
  now: () => number;
}

export function createBinder(options: BinderOptions): Binder {
  let key: Promise<CryptoKey> | undefined;
  const signingKey = (): Promise<CryptoKey> | undefined => {
    if (options.secret === undefined) return undefined;
    // Imported on first use; the secret was checked when the options were.
    key ??= importHmacKey(options.secret);
    return key;
  };
  const nowSeconds = (): number => {
    const ms = options.now();
    if (typeof ms !== "number" || !Number.isFinite(ms)) {
      throw new TypeError(`pagewise: the now() option returned ${String(ms)}, not milliseconds.`);
    }
    return ms / 1000;
  };
  const expiry = (): number | undefined =>
    options.ttlSeconds === undefined ? undefined : Math.ceil(nowSeconds() + options.ttlSeconds);
  const signed = options.secret !== undefined;

  const settings = { secret: options.secret, ttlSeconds: options.ttlSeconds };
  const self: Binder = {
    settings,
    accepts: (other) =>
      other === self ||
      (other.settings.ttlSeconds === settings.ttlSeconds &&
        sameSecret(other.settings.secret, settings.secret)),
    fingerprint: (kind, text) => fingerprint(kind, text, FINGERPRINT_BYTES),
    scopeHash: async (scope) => (await sha256OfText(scope)).subarray(0, SCOPE_BYTES),
    async issue(scope, fingerprint, unit, offset, part) {
      const state = { unit, offset, part, fingerprint, scope, expiresAt: expiry() };
      return encodeCursor(state, await signingKey());
    },
    maxLength(unit, maxOffset, maxPart) {
      // An expiry a century ahead is longer than any this pager will write.
      const expiresAt = options.ttlSeconds === undefined
        ? undefined
        : Math.ceil(nowSeconds() + options.ttlSeconds + 3.2e9);
      const fingerprint = new Uint8Array(FINGERPRINT_BYTES);
      const scope = new Uint8Array(SCOPE_BYTES);
      return cursorLength(
        { unit, offset: maxOffset, part: maxPart, fingerprint, scope, expiresAt },
        signed,
      );
    },
    async open(cursor, scope) {
      const state = await decodeCursor(cursor, await signingKey(), Math.floor(nowSeconds()));
      // A pager whose cursors expire accepts no cursor without an expiry
      // (one signed before the TTL was set would otherwise never expire).
      if (options.ttlSeconds !== undefined && state.expiresAt === undefined) {
        throw new CursorError("expired");
      }
      const hash = (await sha256OfText(scope)).subarray(0, SCOPE_BYTES);
      if (!constantTimeEqual(state.scope, hash)) throw new CursorError("foreign_scope");
      return { state, scope, binder: self };
    },
  };
  return self;
}

function sameSecret(
  a: string | Uint8Array | undefined,
  b: string | Uint8Array | undefined,
): boolean {
  if (a === undefined || b === undefined) return a === b;
  const bytes = (x: string | Uint8Array) => typeof x === "string" ? new TextEncoder().encode(x) : x;
  return constantTimeEqual(bytes(a), bytes(b));
}
