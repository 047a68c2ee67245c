/**
 * A redis-server that can be stopped and started again on the same loopback
 * port, so that a client (or the Upstash bridge in front of it) sees an
 * outage end: the Upstash bridge reconnects on its next request. Without
 * persistence: what was stored before a stop is gone after it.
 */
import { REDIS_INSTALL, RespConnection } from "./redis.ts";

/** A redis-server on a fixed port, stopped and started at will. */
export interface RestartableRedis {
  port: number;
  /** Whether it runs now. */
  readonly running: boolean;
  /** Stops it (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>;
  /** Stops it if it runs. */
  close(): Promise<void>;
}

/** Starts redis-server on a free port; `stop` and `start` it later. */
export async function startRestartableRedis(): Promise<RestartableRedis> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  let child: Deno.ChildProcess | undefined;
  let status: Promise<unknown> = Promise.resolve();

  const start = async () => {
    if (child) return;
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
    status = child.status.then(() => void (exited = true));
    const deadline = Date.now() + 10_000;
    while (true) {
      try {
        const conn = await RespConnection.connect(port);
        const [pong] = await conn.send([["PING"]]);
        conn.close();
        if (typeof pong === "object" && pong !== null && "status" in pong) return;
      } catch {
        // Not listening yet.
      }
      // The port can still be held for a moment by the server stopped before.
      if (exited) throw new Error(`redis-server exited at start (port ${port})`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const stop = async () => {
    if (!child) return;
    try {
      child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
    await status;
    child = undefined;
  };
  await start();
  return {
    port,
    get running() {
      return child !== undefined;
    },
    stop,
    start,
    close: stop,
  };
}
