/**
 * MCP's stdio framing (one JSON-RPC message per line) over any pair of Web
 * streams: a child process's stdout and stdin, the proxy's own stdin and
 * stdout, a socket. Unlike the SDK's stdio transports, which drop any message
 * over 10 MiB, a message may be as large as `maxMessageBytes` (128 MiB by
 * default): a filesystem server's `directory_tree` of a big folder is one
 * message of 13.5 MB.
 *
 * @module
 */

import { concatBytes } from "../bytes/bytes.ts";
import type { JsonRpcMessage, McpTransport } from "./types.ts";

/** Default largest message read: 128 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES: number = 128 * 1024 * 1024;

/** Options of {@linkcode StreamTransport}. */
export interface StreamTransportOptions {
  /**
   * Largest message read, in bytes (default 128 MiB). A larger one is skipped
   * without being held in memory; when it is an answer, its request gets a
   * JSON-RPC error that says so instead of waiting for ever.
   */
  maxMessageBytes?: number;
  /** Shown in errors about messages read, e.g. `"the MCP server"`. Default `"the peer"`. */
  peer?: string;
  /**
   * Awaited before each read: backpressure from where the messages read go
   * (a proxy passes the other side's {@linkcode StreamTransport.ready}), so a
   * peer that floods messages waits instead of filling memory.
   */
  pace?: () => Promise<void>;
  /**
   * What becomes of the input once the transport is closed: `"cancel"`
   * (default) stops reading it; `"drain"` reads it to its end and throws it
   * away, for a child process's stdout: a process still writing (a large
   * answer) is not killed by a broken pipe, but finishes and exits.
   */
  onClose?: "cancel" | "drain";
}

const NEWLINE = 10;
// Bytes kept of each end of a skipped message, to find its id.
const EDGE = 512;
const encoder = new TextEncoder();

/**
 * Newline-delimited JSON-RPC over a `ReadableStream` and a `WritableStream`,
 * shaped like the MCP SDKs' `Transport` so `Client.connect` and
 * `Server.connect` take it.
 *
 * @example
 * ```ts
 * import { assertEquals } from "@std/assert";
 * import { StreamTransport } from "@pagewise/mcp/proxy";
 *
 * const line = '{"jsonrpc":"2.0","method":"notifications/initialized"}\n';
 * const input = new Blob([line]).stream();
 * const transport = new StreamTransport(input, new WritableStream());
 * const got: unknown[] = [];
 * const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
 * transport.onmessage = (message) => got.push(message);
 * await transport.start();
 * await closed;
 * assertEquals(got, [{ jsonrpc: "2.0", method: "notifications/initialized" }]);
 * ```
 */
export class StreamTransport implements McpTransport {
  /** Called with each message read. */
  onmessage?: (message: JsonRpcMessage) => void;
  /** Called with messages that could not be read and failed writes. */
  onerror?: (error: Error) => void;
  /** Called once, when the input ends or {@linkcode StreamTransport.close} is called. */
  onclose?: () => void;

  #readable: ReadableStream<Uint8Array>;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #reader?: ReadableStreamDefaultReader<Uint8Array>;
  #max: number;
  #peer: string;
  #started = false;
  #closed = false;
  #pace?: () => Promise<void>;
  #drain: boolean;

  /** Reads messages from `readable` and writes them to `writable`. */
  constructor(
    readable: ReadableStream<Uint8Array>,
    writable: WritableStream<Uint8Array>,
    options: StreamTransportOptions = {},
  ) {
    const max = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    if (!Number.isSafeInteger(max) || max < 1) {
      throw new RangeError(`maxMessageBytes must be a positive integer, got ${max}.`);
    }
    this.#readable = readable;
    this.#writer = writable.getWriter();
    this.#max = max;
    this.#peer = options.peer ?? "the peer";
    this.#pace = options.pace;
    if (
      options.onClose !== undefined && options.onClose !== "cancel" && options.onClose !== "drain"
    ) {
      throw new TypeError(`onClose must be "cancel" or "drain", got ${String(options.onClose)}.`);
    }
    this.#drain = options.onClose === "drain";
  }

  /** Resolves when what was sent has drained enough to send more. */
  ready(): Promise<void> {
    return this.#writer.ready.then(() => {}, () => {});
  }

  /** Starts reading; messages arrive through `onmessage`. */
  start(): Promise<void> {
    if (this.#started) throw new Error("StreamTransport already started.");
    this.#started = true;
    this.#reader = this.#readable.getReader();
    this.#read(this.#reader).catch((error) => this.#fail(error)).finally(() => this.close());
    return Promise.resolve();
  }

  /**
   * Writes one message and a line break. A write that fails closes the
   * transport: the output is broken (the peer has gone) and stays so.
   */
  async send(message: JsonRpcMessage): Promise<void> {
    if (this.#closed) throw new Error(`Not connected: the connection to ${this.#peer} is closed.`);
    try {
      await this.#writer.write(encoder.encode(JSON.stringify(message) + "\n"));
    } catch (error) {
      void this.close();
      throw new Error(
        `cannot write to ${this.#peer}, which has gone: ${
          error instanceof Error ? error.message : error
        }`,
        { cause: error },
      );
    }
  }

  /** Stops reading (or drains, with `onClose: "drain"`), closes the output and calls `onclose` (once). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // Draining: the read loop goes on, throwing away what it reads.
    const reading = this.#drain ? undefined : this.#reader?.cancel();
    await Promise.allSettled([reading, this.#writer.close()]);
    this.onclose?.();
  }

  async #read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    let parts: Uint8Array[] = [];
    let size = 0;
    // While a message over the limit is skipped: its first and last bytes.
    let head: Uint8Array | undefined;
    let tail: Uint8Array = new Uint8Array(0);
    const take = (chunk: Uint8Array) => {
      size += chunk.length;
      if (head) {
        tail = lastBytes([tail, chunk]);
      } else if (size > this.#max) {
        head = concatBytes([...parts, chunk]).slice(0, EDGE);
        tail = lastBytes([...parts, chunk]);
        parts = [];
      } else if (chunk.length) parts.push(chunk);
    };
    const end = () => {
      if (head) this.#oversize(head, tail, size);
      else if (size) this.#parse(concatBytes(parts));
      parts = [];
      size = 0;
      head = undefined;
      tail = new Uint8Array(0);
    };
    while (true) {
      if (this.#pace && !this.#closed) await this.#pace();
      const { value, done } = await reader.read();
      if (done) break;
      if (this.#closed) {
        if (this.#drain) continue;
        return;
      }
      let start = 0;
      for (let nl = value.indexOf(NEWLINE); nl !== -1; nl = value.indexOf(NEWLINE, start)) {
        take(value.subarray(start, nl));
        end();
        start = nl + 1;
        // The SDK handles a notification a microtask later but an answer at
        // once: without this turn, a progress notification read in the same
        // chunk as its request's answer comes after it and is dropped.
        await Promise.resolve();
      }
      if (start < value.length) take(start ? value.subarray(start) : value);
    }
    if (size && !this.#closed) end();
  }

  #parse(bytes: Uint8Array): void {
    const line = new TextDecoder().decode(bytes).replace(/\r$/, "");
    if (!line.trim()) return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.#fail(new Error(`${this.#peer} sent a line that is not JSON: ${preview(line)}`));
      return;
    }
    if (!isMessage(message)) {
      this.#fail(
        new Error(`${this.#peer} sent JSON that is not a JSON-RPC message: ${preview(line)}`),
      );
      return;
    }
    this.onmessage?.(message);
  }

  // A message over the limit: when it is an answer, its request gets an error
  // in its place, so that nobody waits for an answer that was thrown away.
  #oversize(head: Uint8Array, tail: Uint8Array, size: number): void {
    const decoder = new TextDecoder();
    const start = decoder.decode(head);
    const end = decoder.decode(tail);
    const id = /^\s*\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/.exec(
      start,
    )?.[1] ?? /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/.exec(end)?.[1];
    // A request or notification names its method at one end or the other (an
    // unescaped "method" key); an answer does not, unless its result has such a
    // key, and then its request waits for the timeout instead.
    const isAnswer = id !== undefined && !/(?<!\\)"method"\s*:/.test(start + end);
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    const message = `${this.#peer} sent a message of ${mib(size)} MiB, over the limit of ` +
      `${mib(this.#max)} MiB (maxMessageBytes; the CLI's --max-message-mb): it was not read.`;
    if (isAnswer) {
      this.onmessage?.({
        jsonrpc: "2.0",
        id: JSON.parse(id!),
        error: {
          code: -32603,
          message: `${message} Ask for less (a narrower path, fewer items), or raise the limit.`,
        },
      });
    } else if (id !== undefined) {
      // A request too large to read: its sender gets an error at once, not a wait for ever.
      this.send({
        jsonrpc: "2.0",
        id: JSON.parse(id),
        error: { code: -32600, message: `${message} Send a smaller request, or raise the limit.` },
      }).catch(() => {});
    }
    this.#fail(new Error(message));
  }

  #fail(error: unknown): void {
    this.onerror?.(error instanceof Error ? error : new Error(String(error)));
  }
}

function lastBytes(parts: Uint8Array[]): Uint8Array {
  const joined = concatBytes(parts);
  return joined.slice(Math.max(0, joined.length - EDGE));
}

function preview(line: string): string {
  return line.length > 200 ? `${line.slice(0, 200)}… (${line.length} characters)` : line;
}

function isMessage(value: unknown): value is JsonRpcMessage {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== "2.0") return false;
  if (typeof message.method === "string") return true;
  return ("result" in message || "error" in message) &&
    (typeof message.id === "string" || typeof message.id === "number");
}
