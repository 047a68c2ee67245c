/**
 * A redis-server that can be stopped and started again on the same loopback
 * port, so that a client (or the Upstash bridge in front of it) sees an
 * outage end: the Upstash bridge reconnects on its next request. Without
 * persistence: what was stored before a stop is gone after it.
 */
import { spawnRedis } from "./redis.ts";

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
    const spawned = await spawnRedis(port);
    child = spawned.child;
    status = spawned.status;
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
