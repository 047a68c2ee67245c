/**
 * A real `redis-server` on a free loopback port, and a small RESP client for
 * it over `Deno.connect`.
 */
import { concatBytes } from "../src/bytes/bytes.ts";

export const REDIS_INSTALL = "apt-get update && apt-get install -y redis-server";

/** A RESP reply: status and error replies are tagged, bulk strings are bytes. */
export type Reply =
  | { status: string }
  | { error: string }
  | number
  | Uint8Array
  | null
  | Reply[];

/** A running redis-server. */
export interface RedisServer {
  port: number;
  /** Kills the server at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Stops the server if it still runs. */
  close(): Promise<void>;
}

/**
 * Spawns `redis-server` on `port` without persistence and waits until it
 * answers; fails naming the install command when it is missing, and when it
 * exits at start (the port can still be held for a moment by one stopped
 * before) or does not answer within 10 s.
 */
export async function spawnRedis(
  port: number,
): Promise<{ child: Deno.ChildProcess; status: Promise<void> }> {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command("redis-server", {
      args: ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(`redis-server is not installed: run \`${REDIS_INSTALL}\``);
    }
    throw error;
  }
  let exited = false;
  const status = child.status.then(() => {
    exited = true;
  });
  const deadline = Date.now() + 10_000;
  while (true) {
    try {
      const conn = await RespConnection.connect(port);
      const [pong] = await conn.send([["PING"]]);
      conn.close();
      if (typeof pong === "object" && pong !== null && "status" in pong) break;
    } catch {
      // Not listening yet.
    }
    if (exited) throw new Error(`redis-server exited at start (port ${port})`);
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, status };
}

/** Starts `redis-server` without persistence; fails naming the install command when missing. */
export async function startRedis(): Promise<RedisServer> {
  const port = freePort();
  const { child, status } = await spawnRedis(port);
  const stop = async (signal: Deno.Signal) => {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
    await status;
  };
  return { port, kill: () => stop("SIGKILL"), close: () => stop("SIGTERM") };
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * One connection; commands are written in order and replies matched to them
 * in order, so concurrent callers may share it.
 */
export class RespConnection {
  #conn: Deno.TcpConn;
  #pending: { resolve: (reply: Reply) => void; reject: (error: Error) => void }[] = [];
  #buffer = new Uint8Array(64 * 1024);
  #start = 0;
  #end = 0;
  #writing: Promise<void> = Promise.resolve();
  #closed = false;
  /** Resolves when the connection is gone. */
  readonly done: Promise<void>;

  private constructor(conn: Deno.TcpConn) {
    this.#conn = conn;
    this.done = this.#readLoop();
  }

  static async connect(port: number): Promise<RespConnection> {
    return new RespConnection(await Deno.connect({ hostname: "127.0.0.1", port }));
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Sends the commands in one write; resolves their replies in order. */
  send(commands: (string | Uint8Array)[][]): Promise<Reply[]> {
    if (this.#closed) return Promise.reject(new Error("redis connection closed"));
    const parts: Uint8Array[] = [];
    for (const command of commands) {
      parts.push(encoder.encode(`*${command.length}\r\n`));
      for (const arg of command) {
        const bytes = typeof arg === "string" ? encoder.encode(arg) : arg;
        parts.push(encoder.encode(`$${bytes.length}\r\n`), bytes, encoder.encode("\r\n"));
      }
    }
    const replies = commands.map(() =>
      new Promise<Reply>((resolve, reject) => this.#pending.push({ resolve, reject }))
    );
    const payload = concatBytes(parts);
    this.#writing = this.#writing.then(() => writeAll(this.#conn, payload)).catch((error) => {
      this.#fail(error instanceof Error ? error : new Error(String(error)));
    });
    return Promise.all(replies);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.#conn.close();
    } catch {
      // Already closed.
    }
  }

  #fail(error: Error): void {
    this.close();
    for (const { reject } of this.#pending.splice(0)) reject(error);
  }

  async #readLoop(): Promise<void> {
    const chunk = new Uint8Array(64 * 1024);
    try {
      while (true) {
        const n = await this.#conn.read(chunk);
        if (n === null) break;
        this.#append(chunk.subarray(0, n));
        while (this.#pending.length > 0) {
          const parsed = parse(this.#buffer, this.#start, this.#end);
          if (parsed === undefined) break;
          this.#start = parsed[1];
          this.#pending.shift()!.resolve(parsed[0]);
        }
      }
      this.#fail(new Error("redis connection closed by the server"));
    } catch (error) {
      this.#fail(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #append(bytes: Uint8Array): void {
    if (this.#start === this.#end) this.#start = this.#end = 0;
    if (this.#end + bytes.length > this.#buffer.length) {
      const live = this.#end - this.#start;
      const size = Math.max(this.#buffer.length, 2 * (live + bytes.length));
      const next = new Uint8Array(size);
      next.set(this.#buffer.subarray(this.#start, this.#end));
      this.#buffer = next;
      this.#start = 0;
      this.#end = live;
    }
    this.#buffer.set(bytes, this.#end);
    this.#end += bytes.length;
  }
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length;) at += await conn.write(bytes.subarray(at));
}

/** One reply from `buf[at, end)` and where the next starts, or `undefined` if incomplete. */
function parse(buf: Uint8Array, at: number, end: number): [Reply, number] | undefined {
  if (at >= end) return undefined;
  const line = lineEnd(buf, at + 1, end);
  if (line === -1) return undefined;
  const head = decoder.decode(buf.subarray(at + 1, line));
  const next = line + 2;
  switch (buf[at]) {
    case 0x2b: // +
      return [{ status: head }, next];
    case 0x2d: // -
      return [{ error: head }, next];
    case 0x3a: // :
      return [Number(head), next];
    case 0x24: { // $
      const length = Number(head);
      if (length < 0) return [null, next];
      if (next + length + 2 > end) return undefined;
      return [buf.slice(next, next + length), next + length + 2];
    }
    case 0x2a: { // *
      const count = Number(head);
      if (count < 0) return [null, next];
      const items: Reply[] = [];
      let position = next;
      for (let i = 0; i < count; i++) {
        const item = parse(buf, position, end);
        if (item === undefined) return undefined;
        items.push(item[0]);
        position = item[1];
      }
      return [items, position];
    }
    default:
      throw new Error(`unexpected RESP byte ${buf[at]}`);
  }
}

function lineEnd(buf: Uint8Array, from: number, end: number): number {
  for (let i = from; i + 1 < end; i++) if (buf[i] === 0x0d && buf[i + 1] === 0x0a) return i;
  return -1;
}
