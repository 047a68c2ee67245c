/**
 * How a result is kept in a {@linkcode PageStore} so that a later page reads
 * about one page of data, not the whole result, in one round trip.
 *
 * Layout under the storage key `K` (a SHA-256 of the caller's key):
 * - `K`: the record (`M`, its MAC, then JSON): meta, text length, chunk
 *   sizes, deadline and the content tag. Written last, so a reader that finds
 *   it finds every chunk.
 * - `K:t<i>`: text code units `[i*c, (i+1)*c)`, on a fixed grid, so a range
 *   maps to its chunk keys without a directory, and without the record: a
 *   page can be fetched in the same request as the record (`prefetch`).
 * - `K:x<j>`: index entries `[j*e, (j+1)*e)` as base64 of little-endian
 *   uint32s.
 *
 * Every chunk starts with a letter naming its encoding, then the 8-character
 * content tag of its result (from a SHA-256 of all chunks and the meta),
 * then its MAC, then its payload. Nothing read is used before it is checked
 * (`_seal.ts`): the record's MAC covers its key and its JSON; a chunk's, its
 * key (the record's key and its place on the grid), its tag, letter and
 * payload. A value changed, cut short, moved from another key or place, or
 * signed with another secret fails it: `altered`. A chunk whose MAC holds
 * but whose tag is not the record's is of another version of the result
 * under this key (an earlier or a concurrent writer: writers of the same
 * result write the same chunks): `incomplete`. Either is a miss, never part
 * of a page. A chunk is checked whole, so the index is read in whole chunks.
 *
 * How chunks encode text and index entries (the letter that starts each):
 * `_encoding.ts`; how each store call is bounded and reported:
 * `_store_calls.ts`.
 *
 * @module
 */

import { toBase64 } from "../bytes/base64.ts";
import { sha256, sha256OfText } from "../bytes/crypto.ts";
import type { CacheEvent, CacheOp } from "../paging/events.ts";
import type { PageStore } from "../stores/types.ts";
import type { Breaker } from "./breaker.ts";
import { decodeIndex, decodeText, encodeIndex, encodeText, utf8Length } from "./_encoding.ts";
import { MAC_CHARS, sameMac, type Seal, sealOf } from "./_seal.ts";
import type { CheckedValues } from "./_memory.ts";
import { emitterRedacting, getMany, type Guard, guarded } from "./_store_calls.ts";

export type { CacheEvent, CacheOp };

/** A result as the cache keeps it. */
export interface StoredResult {
  /** Small JSON-able data the pager needs back (kind, fingerprint, ...). */
  meta: unknown;
  /** The serialized result the pager pages; any string, lone surrogates included. */
  text: string;
  /** Item or line boundary offsets into `text`. */
  index?: Uint32Array;
}

/** Options of {@linkcode writeResult}. */
export interface WriteResultOptions {
  /** Seconds the result is kept; nothing of it is served or kept longer. */
  ttlSeconds: number;
  /** Per store call (each batch of about 1 MiB, then the record). Default 1,000. */
  timeoutMs?: number;
  /**
   * A Worker's `ctx.waitUntil`: the write is handed to it, so it neither
   * delays the response nor is dropped when the response ends.
   */
  waitUntil?: (promise: Promise<unknown>) => void;
  onEvent?: (event: CacheEvent) => void;
  /** The store's breaker: a call it refuses fails at once, without an event. */
  breaker?: Breaker;
  /** Compress chunks; default: the store's `limits.compress`. */
  compress?: boolean;
  /** What signs every value written (see `_seal.ts`). Default: the seal without a secret. */
  seal?: Seal;
  /** Clock in milliseconds. Default `Date.now`. */
  now?: () => number;
}

/** Options of {@linkcode openResult}. */
export interface OpenResultOptions {
  /** Per store call. Default 1,000. */
  timeoutMs?: number;
  onEvent?: (event: CacheEvent) => void;
  /** The store's breaker: a call it refuses fails at once, without an event. */
  breaker?: Breaker;
  /**
   * Ranges to fetch with the record, in the same store call (one round trip):
   * later `read`/`readIndex` calls inside them need no further call.
   */
  prefetch?: { text?: [start: number, end: number]; index?: [from: number, to: number] };
  /** What every value read is checked with: the writer's. Default: the seal without a secret. */
  seal?: Seal;
  /** Values whose MAC held lately (and that need no MAC again), to consult and add to. */
  checked?: CheckedValues;
  /** Clock in milliseconds. Default `Date.now`. */
  now?: () => number;
}

/**
 * A stored result opened for reading. Each read is one store call (one round
 * trip where the backend batches) for the chunks that cover the range, or
 * none when they were prefetched. Every value is checked before it is used
 * (its MAC, its tag, its length). Reads resolve `undefined` when the entry
 * expired, lost a chunk, holds a value that fails its check, or the store
 * failed or timed out (reported through `onEvent`); they never reject.
 */
export interface ResultReader {
  /** The storage key, as events name the result. */
  readonly key: string;
  readonly meta: unknown;
  /** Length of the text in UTF-16 code units. */
  readonly length: number;
  /** Entries in the index (0 without one). */
  readonly indexLength: number;
  /** Text code units `[start, end)`, clamped to the text. */
  read(start: number, end: number): Promise<string | undefined>;
  /** Index entries `[from, to)`, clamped to the index. */
  readIndex(from: number, to: number): Promise<Uint32Array | undefined>;
}

/** `stored`: complete; `failed`: not stored (see events); `deferred`: handed to `waitUntil`. */
export type WriteOutcome = "stored" | "failed" | "deferred";

const DEFAULT_TIMEOUT_MS = 1_000;
const PREFETCH_CELLS = 256;
const WRITE_BATCH_CHARS = 1 << 20;
const RECORD_VERSION = 3;
const TAG = 8;
/** Where a chunk's payload starts: its letter, its tag, then its MAC. */
const PAYLOAD = 1 + TAG + MAC_CHARS;

/**
 * Stores `result` under `key`: chunks first, the record last. Resolves
 * `stored` or `failed` (never rejects), or `deferred` at once when
 * `waitUntil` is given.
 */
export function writeResult(
  store: PageStore,
  key: string,
  result: StoredResult,
  options: WriteResultOptions,
): Promise<WriteOutcome> {
  const emit = emitterRedacting(options.onEvent);
  const task = write(store, key, result, options, emit).catch((error) => {
    emit({ type: "cache_error", key, op: "write", error });
    return "failed" as const;
  });
  if (options.waitUntil === undefined) return task;
  try {
    options.waitUntil(task);
  } catch (error) {
    emit({ type: "cache_error", key, op: "write", error });
  }
  return Promise.resolve("deferred");
}

async function write(
  store: PageStore,
  key: string,
  result: StoredResult,
  options: WriteResultOptions,
  emit: (event: CacheEvent) => void,
): Promise<WriteOutcome> {
  const now = options.now ?? Date.now;
  const started = now();
  const { ttlSeconds } = options;
  if (!(ttlSeconds > 0) || !Number.isFinite(ttlSeconds)) {
    throw new RangeError(`ttlSeconds must be a positive number of seconds, got ${ttlSeconds}`);
  }
  const { text, index } = result;
  if (typeof text !== "string") throw new TypeError("result.text must be a string");
  if (index !== undefined && !(index instanceof Uint32Array)) {
    throw new TypeError("result.index must be a Uint32Array");
  }
  const base = await storageKey(key);
  const fail = (error: unknown): WriteOutcome => {
    emit({ type: "cache_error", key: base, op: "write", error });
    return "failed";
  };
  const meta = JSON.stringify(result.meta);
  if (meta === undefined) {
    return fail(new TypeError("result.meta must be JSON-able (an object, array, string, ...)"));
  }
  const deadline = started + ttlSeconds * 1000;
  const limits = store.limits;
  const textUnits = textChunkUnits(store);
  const indexEntries = indexChunkEntries(store);
  const compress = options.compress ?? limits.compress ?? false;

  // [key, letter, payload]
  const chunks: [string, string, string][] = [];
  for (let i = 0, start = 0; start < text.length; i++, start += textUnits) {
    const [letter, payload] = await encodeText(text.slice(start, start + textUnits), compress);
    chunks.push([`${base}:t${i}`, letter, payload]);
  }
  const indexLength = index?.length ?? 0;
  for (let j = 0, from = 0; from < indexLength; j++, from += indexEntries) {
    chunks.push([`${base}:x${j}`, "I", encodeIndex(index!.subarray(from, from + indexEntries))]);
  }
  const grid = `${text.length}/${textUnits}/${indexLength}/${indexEntries}/`;
  const tag = await contentTag([
    grid,
    meta,
    ...chunks.map(([, letter, payload]) => letter + payload),
  ]);
  const seal = options.seal ?? sealOf();
  const entries = await Promise.all(chunks.map(
    async ([k, letter, payload]): Promise<[string, string]> => [
      k,
      letter + tag + await seal.sign([k, tag, letter, payload]) + payload,
    ],
  ));
  const chars = entries.reduce((n, [, value]) => n + value.length, 0);
  const body = JSON.stringify({
    v: RECORD_VERSION,
    t: tag,
    d: deadline,
    n: text.length,
    c: textUnits,
    x: indexLength,
    e: indexEntries,
    m: JSON.parse(meta),
  });
  const recordValue = "M" + await seal.sign([base, body]) + body;
  if (utf8Length(recordValue) > limits.maxValueBytes) {
    return fail(
      new RangeError(
        `result.meta is too large for this store (${limits.maxValueBytes} bytes a value): keep it small`,
      ),
    );
  }
  if (limits.capacityBytes !== undefined && chars + recordValue.length > limits.capacityBytes) {
    return fail(
      new RangeError(
        `a result of ${chars} characters does not fit in the store (${limits.capacityBytes} bytes)`,
      ),
    );
  }

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const guard = guarded(emit, base, "write", timeoutMs, options.breaker);
  for (const batch of batches(entries, WRITE_BATCH_CHARS)) {
    const ttl = secondsLeft(deadline, now());
    if (ttl <= 0) return fail(new Error("the TTL ran out while the result was being written"));
    const done = await guard(() =>
      store.setMany
        ? store.setMany(batch, ttl)
        : Promise.all(batch.map(([k, v]) => store.set(k, v, ttl))).then(() => undefined)
    );
    if (!done.ok) return "failed";
  }
  const ttl = secondsLeft(deadline, now());
  if (ttl <= 0) return fail(new Error("the TTL ran out while the result was being written"));
  const done = await guard(() => store.set(base, recordValue, ttl));
  if (!done.ok) return "failed";
  emit({
    type: "cache_stored",
    key: base,
    values: entries.length + 1,
    chars: chars + recordValue.length,
    ms: now() - started,
  });
  return "stored";
}

interface StoredRecord {
  v: number;
  t: string;
  d: number;
  n: number;
  c: number;
  x: number;
  e: number;
  m: unknown;
}

/**
 * Opens the result stored under `key`: `undefined` on a miss, an expired or
 * unreadable entry, a store error or a timeout (reported through `onEvent`,
 * never thrown), else a {@linkcode ResultReader}. With `prefetch`, the chunks
 * covering those ranges come in the same store call as the record.
 */
export async function openResult(
  store: PageStore,
  key: string,
  options: OpenResultOptions = {},
): Promise<ResultReader | undefined> {
  const emit = emitterRedacting(options.onEvent);
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const seal = options.seal ?? sealOf();
  const base = await storageKey(key);
  const chunkKey = (kind: "t" | "x", i: number) => `${base}:${kind}${i}`;

  // Chunk keys follow from the store's grid, so they can be asked for before
  // the record is read; the record says whether the guess held.
  const guessUnits = textChunkUnits(store);
  const guessEntries = indexChunkEntries(store);
  const wanted = [base];
  const { text: textRange, index: indexRange } = options.prefetch ?? {};
  // A prefetch is about a page, not the result: at most PREFETCH_CELLS chunks of each.
  if (textRange) {
    wanted.push(...gridKeys(textRange, guessUnits, (i) => chunkKey("t", i), PREFETCH_CELLS));
  }
  if (indexRange) {
    wanted.push(...gridKeys(indexRange, guessEntries, (j) => chunkKey("x", j), PREFETCH_CELLS));
  }
  const got = await guarded(emit, base, "open", timeoutMs, options.breaker)(() =>
    getMany(store, wanted)
  );
  if (!got.ok) return undefined;
  const found = got.value[0];
  if (found === undefined || found === null) {
    emit({ type: "cache_miss", key: base, reason: "absent" });
    return undefined;
  }
  // A value longer than the store takes was not written by pagewise: not worth hashing.
  if (typeof found === "string" && found.length > store.limits.maxValueBytes) {
    emit({ type: "cache_miss", key: base, reason: "altered", check: "record" });
    return undefined;
  }
  const sealed = parseRecord(found);
  if (sealed === undefined) {
    // A record another version of pagewise wrote (before an upgrade) is one
    // this version cannot read; anything else was never a record: a lie.
    emit(
      otherVersion(found)
        ? { type: "cache_miss", key: base, reason: "invalid" }
        : { type: "cache_miss", key: base, reason: "altered", check: "record" },
    );
    return undefined;
  }
  const checked = options.checked;
  if (!await macHolds(seal, checked, base, found, [base, sealed.body], sealed.mac)) {
    emit({ type: "cache_miss", key: base, reason: "altered", check: "record" });
    return undefined;
  }
  const { record } = sealed;
  if (record.d <= now()) {
    emit({ type: "cache_miss", key: base, reason: "expired" });
    return undefined;
  }
  // A hit is told once the page is made from what is read (serve.ts): a
  // chunk can still fail its check, and that page is a miss.
  const prefetched = new Map<string, string>();
  if (record.c === guessUnits && record.e === guessEntries) {
    for (let i = 1; i < wanted.length; i++) {
      const value = got.value[i];
      if (typeof value === "string") prefetched.set(wanted[i], value);
    }
  }
  const live = (): boolean => {
    if (record.d > now()) return true;
    emit({ type: "cache_miss", key: base, reason: "expired" });
    return false;
  };
  // Each chunk is fetched, checked and decoded once for this reader.
  const opened = new Map<string, Promise<Opened<string | Uint32Array>>>();
  /**
   * The decoded chunks of `keys`, those not prefetched nor opened before in
   * one store call; undefined (reported) when the store fails or a chunk is
   * missing, altered or of another version of the result.
   */
  const chunks = async <T extends string | Uint32Array>(
    keys: string[],
    guard: Guard,
    decode: (at: number, payload: string, letter: string) => Promise<T | undefined>,
    check: "text_chunk" | "index_chunk",
  ): Promise<T[] | undefined> => {
    // In the order of `keys`, so that the values fetched are taken in turn.
    const missing = keys.filter((k) => !opened.has(k) && !prefetched.has(k));
    let fetched: (string | undefined)[] = [];
    if (missing.length > 0) {
      const got = await guard(() => getMany(store, missing));
      if (!got.ok) return undefined;
      fetched = got.value;
    }
    let next = 0;
    for (let at = 0; at < keys.length; at++) {
      const k = keys[at];
      if (opened.has(k)) continue;
      const value = prefetched.has(k) ? prefetched.get(k) : fetched[next++];
      prefetched.delete(k);
      // A value longer than the store takes was not written by pagewise: not worth hashing.
      const fits = typeof value !== "string" || value.length <= store.limits.maxValueBytes;
      const decodeAt = (payload: string, letter: string) => decode(at, payload, letter);
      opened.set(k, fits ? openChunk(seal, checked, k, value, record.t, decodeAt) : ALTERED);
    }
    const all = await Promise.all(keys.map((k) => opened.get(k)!));
    for (const one of all) {
      if (one === "incomplete") {
        emit({ type: "cache_miss", key: base, reason: "incomplete" });
        return undefined;
      }
      if (one === "altered") {
        emit({ type: "cache_miss", key: base, reason: "altered", check });
        return undefined;
      }
    }
    return all as T[];
  };
  const readGuard = guarded(emit, base, "read", timeoutMs, options.breaker);
  const indexGuard = guarded(emit, base, "read_index", timeoutMs, options.breaker);

  return {
    key: base,
    meta: record.m,
    length: record.n,
    indexLength: record.x,
    async read(start, end) {
      const [s, e] = clamp(start, end, record.n);
      if (e <= s) return "";
      if (!live()) return undefined;
      const first = Math.floor(s / record.c);
      const keys = gridKeys([s, e], record.c, (i) => chunkKey("t", i));
      const texts = await chunks(keys, readGuard, (at, payload, letter) => {
        const i = first + at;
        return decodeText(letter, payload, Math.min(record.c, record.n - i * record.c));
      }, "text_chunk");
      if (texts === undefined) return undefined;
      // Only the stretch asked for of each chunk is copied into the text.
      const parts = texts.map((text, k) => {
        const offset = (first + k) * record.c;
        return text.slice(Math.max(0, s - offset), e - offset);
      });
      return parts.join("");
    },
    async readIndex(from, to) {
      const [s, e] = clamp(from, to, record.x);
      if (e <= s) return new Uint32Array(0);
      if (!live()) return undefined;
      const first = Math.floor(s / record.e);
      const keys = gridKeys([s, e], record.e, (j) => chunkKey("x", j));
      const entries = await chunks(keys, indexGuard, (at, payload, letter) => {
        const j = first + at;
        const count = Math.min(record.e, record.x - j * record.e);
        return Promise.resolve(letter === "I" ? decodeIndex(payload, count) : undefined);
      }, "index_chunk");
      if (entries === undefined) return undefined;
      const out = new Uint32Array(e - s);
      for (let k = 0; k < entries.length; k++) {
        const offset = (first + k) * record.e;
        const a = Math.max(s, offset) - offset;
        const b = Math.min(e - offset, entries[k].length);
        out.set(entries[k].subarray(a, b), offset + a - s);
      }
      return out;
    },
  };
}

/** A chunk's decoded payload, or why it cannot be used. */
type Opened<T> = T | "incomplete" | "altered";

// Pure, for bundlers: a bundle without a cache drops it.
const ALTERED: Promise<"altered"> = /* @__PURE__ */ Promise.resolve("altered");

/**
 * The decoded payload of the chunk stored at `key`, if it is what the writer
 * of the result tagged `tag` wrote there: `altered` when its MAC does not
 * hold (changed, cut short, of another key or another secret) or it does not
 * decode; `incomplete` when it is gone or of another version of this result
 * (an earlier or a concurrent writer of the key).
 */
async function openChunk<T>(
  seal: Seal,
  checked: CheckedValues | undefined,
  key: string,
  value: string | undefined,
  tag: string,
  decode: (payload: string, letter: string) => Promise<T | undefined>,
): Promise<Opened<T>> {
  if (value === undefined || value === null) return "incomplete";
  if (typeof value !== "string" || value.length < PAYLOAD) return "altered";
  const letter = value[0];
  const own = value.slice(1, 1 + TAG);
  const payload = value.slice(PAYLOAD);
  const carried = value.slice(1 + TAG, PAYLOAD);
  if (!await macHolds(seal, checked, key, value, [key, own, letter, payload], carried)) {
    return "altered";
  }
  if (own !== tag) return "incomplete";
  return (await decode(payload, letter)) ?? "altered";
}

/**
 * Whether `carried`, the MAC that `value` at `key` carries, is the MAC of
 * `parts` under `seal`. A value `checked` holds as passed for this seal needs
 * none computed; one that passes is added to it.
 */
async function macHolds(
  seal: Seal,
  checked: CheckedValues | undefined,
  key: string,
  value: string,
  parts: string[],
  carried: string,
): Promise<boolean> {
  const id = checked && await seal.id();
  if (id !== undefined && checked!.has(id, key, value)) return true;
  if (!sameMac(await seal.sign(parts), carried)) return false;
  if (id !== undefined) checked!.add(id, key, value);
  return true;
}

/** The storage key of a caller's key: fixed length, safe for every backend. */
export async function storageKey(key: string): Promise<string> {
  // Hash the code units, not UTF-8: two keys differing only in lone
  // surrogates must not collide.
  return "pw1:" + toBase64(await sha256OfText(key, "utf-16"), "base64url");
}

/** Code units per text chunk: the store's choice, capped so any chunk fits one value. */
export function textChunkUnits(store: PageStore): number {
  // Raw text takes at most 3 UTF-8 bytes a unit, base64 of UTF-16 8/3.
  const fit = Math.floor((store.limits.maxValueBytes - PAYLOAD - 8) / 3);
  return Math.max(1, Math.min(Math.floor(store.limits.chunkUnits), fit));
}

function indexChunkEntries(store: PageStore): number {
  // A 32nd of the text chunk (base64 of 4 bytes an entry: a sixth of its
  // characters), within 1,024..16,384 entries: a page of a few hundred items
  // prefetches one or two index chunks of about 5K characters with Upstash.
  const wanted = Math.min(16_384, Math.max(1_024, Math.floor(store.limits.chunkUnits / 32)));
  const fit = Math.floor(((store.limits.maxValueBytes - PAYLOAD - 8) * 3) / 16);
  return Math.max(1, Math.min(wanted, fit));
}

/** Keys of the grid cells (of `size`) that cover `[start, end)`. */
function gridKeys(
  [start, end]: [number, number],
  size: number,
  keyOf: (cell: number) => string,
  cells = Infinity,
): string[] {
  const s = Math.max(0, Math.floor(Number(start) || 0));
  const e = Math.min(Number(end) || 0, s + cells * size);
  const keys: string[] = [];
  for (let i = Math.floor(s / size); i * size < e; i++) keys.push(keyOf(i));
  return keys;
}

/** A record value read back: the record, and the MAC and text it is to be checked by. */
interface SealedRecord {
  record: StoredRecord;
  mac: string;
  body: string;
}

function parseRecord(value: unknown): SealedRecord | undefined {
  if (typeof value !== "string" || value[0] !== "M") return undefined;
  const body = value.slice(1 + MAC_CHARS);
  let record: StoredRecord;
  try {
    record = JSON.parse(body);
  } catch {
    return undefined;
  }
  const count = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  const ok = record !== null && typeof record === "object" && record.v === RECORD_VERSION &&
    typeof record.t === "string" && record.t.length === TAG && typeof record.d === "number" &&
    count(record.n) && count(record.c) && record.c > 0 && count(record.x) && count(record.e) &&
    record.e > 0;
  return ok ? { record, mac: value.slice(1, 1 + MAC_CHARS), body } : undefined;
}

/**
 * Whether `value` is a record of another version: JSON with a numeric `v`
 * that is not this one's: bare (versions before records were sealed), or
 * after the record's letter, with or without a seal's MAC.
 */
function otherVersion(value: unknown): boolean {
  if (typeof value !== "string") return false;
  for (const body of [value, value.slice(1), value.slice(1 + MAC_CHARS)]) {
    try {
      const record = JSON.parse(body);
      if (typeof record?.v === "number" && record.v !== RECORD_VERSION) return true;
    } catch {
      // Not this form: try the other.
    }
  }
  return false;
}

async function contentTag(parts: string[]): Promise<string> {
  return toBase64(await sha256(parts.join("\u0000")), "base64url").slice(0, TAG);
}

function clamp(start: number, end: number, length: number): [number, number] {
  const fix = (n: number) => Math.min(length, Math.max(0, Math.floor(Number(n) || 0)));
  return [fix(start), end === Infinity ? length : fix(end)];
}

function secondsLeft(deadline: number, now: number): number {
  // Stores keep values to the millisecond: none outlives the deadline.
  return (deadline - now) / 1000;
}

function* batches<T extends [string, string]>(entries: T[], maxChars: number): Generator<T[]> {
  let batch: T[] = [];
  let size = 0;
  for (const entry of entries) {
    if (batch.length > 0 && size + entry[1].length > maxChars) {
      yield batch;
      batch = [];
      size = 0;
    }
    batch.push(entry);
    size += entry[1].length;
  }
  if (batch.length > 0) yield batch;
}

/** Whether a storage key is a result's record (its chunks' keys extend it with `:`). */
export function isRecordKey(key: string): boolean {
  return key.startsWith("pw1:") && !key.includes(":", 4);
}
