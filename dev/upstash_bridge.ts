/**
 * An Upstash-REST-compatible HTTP server on 127.0.0.1 that answers from a real
 * redis-server over RESP: what `@upstash/redis` 1.39 sends (single commands at
 * `/`, `/pipeline`, `/multi-exec`, a bearer token, `upstash-encoding: base64`
 * replies). Counts requests, commands and bytes, and has fault switches.
 */

import { type Reply, RespConnection } from "./redis.ts";

/** `none`; `500`: every request fails; `hang`: requests never answer (until close). */
export type BridgeFault = "none" | "500" | "hang";

/** A running bridge. */
export interface UpstashBridge {
  url: string;
  token: string;
  fault: BridgeFault;
  /** HTTP requests received (fault or not). */
  readonly requests: number;
  /** Redis commands run. */
  readonly commands: number;
  /** Request body bytes received. */
  readonly bytesIn: number;
  /** Response body bytes sent. */
  readonly bytesOut: number;
  /** Command names of every request, in order (e.g. `["mget"]`, `["set", "set"]`). */
  readonly log: string[][];
  resetCounts(): void;
  /** Answers hanging requests, stops the server and closes the Redis connection. */
  close(): Promise<void>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Starts a bridge in front of the redis-server on `redisPort`. */
export function startUpstashBridge(
  options: { redisPort: number; token?: string },
): UpstashBridge {
  const token = options.token ?? "test-token";
  let connection: RespConnection | undefined;
  let release!: () => void;
  const released = new Promise<void>((resolve) => release = resolve);
  const stats = { requests: 0, commands: 0, bytesIn: 0, bytesOut: 0, log: [] as string[][] };

  const redis = async (): Promise<RespConnection> => {
    if (connection === undefined || connection.closed) {
      connection = await RespConnection.connect(options.redisPort);
    }
    return connection;
  };
  const json = (body: unknown, status = 200): Response => {
    const bytes = encoder.encode(JSON.stringify(body));
    stats.bytesOut += bytes.length;
    return new Response(bytes, { status, headers: { "content-type": "application/json" } });
  };

  const handle = async (request: Request): Promise<Response> => {
    stats.requests++;
    const body = new Uint8Array(await request.arrayBuffer());
    stats.bytesIn += body.length;
    if (request.method !== "POST") return json({ error: "Method not allowed" }, 405);
    if (request.headers.get("authorization") !== `Bearer ${token}`) {
      return json({ error: "Unauthorized" }, 401);
    }
    if (bridge.fault === "500") return json({ error: "ERR injected fault" }, 500);
    if (bridge.fault === "hang") {
      await released;
      return json({ error: "ERR bridge closed" }, 503);
    }
    const base64 = request.headers.get("upstash-encoding") === "base64";
    const path = new URL(request.url).pathname.replace(/\/+$/, "") || "/";
    let parsed: unknown;
    try {
      parsed = JSON.parse(decoder.decode(body));
    } catch {
      return json({ error: "ERR body is not JSON" }, 400);
    }
    const commands = path === "/" ? [parsed] : parsed;
    if (!Array.isArray(commands) || !commands.every(isCommand)) {
      return json({ error: "ERR a command is an array of strings and numbers" }, 400);
    }
    const args = commands.map((command) => command.map(String));
    stats.log.push(args.map((command) => command[0].toLowerCase()));
    stats.commands += args.length;
    let replies: Reply[];
    try {
      const conn = await redis();
      if (path === "/multi-exec") {
        const all = await conn.send([["MULTI"], ...args, ["EXEC"]]);
        const exec = all[all.length - 1];
        const queued = all.slice(1, -1).find(isError);
        if (queued || !Array.isArray(exec)) {
          return json({ error: errorText(queued ?? exec ?? { error: "EXECABORT" }) }, 400);
        }
        replies = exec;
      } else if (path === "/" || path === "/pipeline") {
        replies = await conn.send(args);
      } else {
        return json({ error: `ERR unknown path ${path}` }, 404);
      }
    } catch (error) {
      return json({ error: `ERR redis unreachable: ${(error as Error).message}` }, 500);
    }
    if (path === "/") {
      const [reply] = replies;
      return isError(reply) ? json({ error: reply.error }, 400) : json({
        result: encode(reply, base64),
      });
    }
    return json(
      replies.map((reply) =>
        isError(reply) ? { error: reply.error } : { result: encode(reply, base64) }
      ),
    );
  };

  const abort = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: abort.signal, onListen() {} },
    handle,
  );
  const bridge: UpstashBridge = {
    url: `http://127.0.0.1:${server.addr.port}`,
    token,
    fault: "none",
    get requests() {
      return stats.requests;
    },
    get commands() {
      return stats.commands;
    },
    get bytesIn() {
      return stats.bytesIn;
    },
    get bytesOut() {
      return stats.bytesOut;
    },
    get log() {
      return stats.log;
    },
    resetCounts() {
      stats.requests =
        stats.commands =
        stats.bytesIn =
        stats.bytesOut =
          0;
      stats.log = [];
    },
    async close() {
      release();
      abort.abort();
      await server.finished;
      connection?.close();
      await connection?.done;
    },
  };
  return bridge;
}

function isCommand(value: unknown): value is (string | number)[] {
  return Array.isArray(value) && value.length > 0 &&
    value.every((v) => typeof v === "string" || typeof v === "number");
}

function isError(reply: Reply | undefined): reply is { error: string } {
  return typeof reply === "object" && reply !== null && "error" in reply;
}

function errorText(reply: Reply): string {
  return isError(reply) ? reply.error : "ERR transaction failed";
}

/** Upstash's JSON for a reply; with base64, bulk strings and statuses but `OK` are base64. */
function encode(reply: Reply, base64: boolean): unknown {
  if (reply === null || typeof reply === "number") return reply;
  if (Array.isArray(reply)) return reply.map((item) => encode(item, base64));
  if (reply instanceof Uint8Array) return base64 ? toBase64(reply) : decoder.decode(reply);
  if ("status" in reply) {
    return base64 && reply.status !== "OK" ? toBase64(encoder.encode(reply.status)) : reply.status;
  }
  return reply.error;
}

function toBase64(bytes: Uint8Array): string {
  return (bytes as unknown as { toBase64(): string }).toBase64();
}

// `deno task upstash`: a redis-server of its own and this bridge in front of it,
// for trying the Upstash store by hand; prints the two settings it needs.
if (import.meta.main) {
  const { startRedis } = await import("./redis.ts");
  const redis = await startRedis();
  const bridge = startUpstashBridge({ redisPort: redis.port });
  console.log(`UPSTASH_REDIS_REST_URL=${bridge.url}\nUPSTASH_REDIS_REST_TOKEN=${bridge.token}`);
  console.log("Serving until stopped (Ctrl-C).");
  Deno.addSignalListener("SIGINT", async () => {
    await bridge.close();
    await redis.close();
    Deno.exit(0);
  });
}
