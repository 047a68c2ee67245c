/**
 * A real redis-server behind the Upstash REST bridge, and real
 * `@upstash/redis` clients of it: the Upstash stand-in every test uses.
 */
import { Redis } from "@upstash/redis";
import { type RedisServer, startRedis } from "../../dev/redis.ts";
import { startUpstashBridge, type UpstashBridge } from "../../dev/upstash_bridge.ts";

/** redis-server, the bridge in front of it, and clients of the bridge. */
export interface UpstashRig {
  redis: RedisServer;
  bridge: UpstashBridge;
  /** A client with the bridge's token. */
  client: Redis;
  /** A client of the bridge with another token. */
  clientWithToken(token: string): Redis;
  /** Stops the bridge, then redis-server. */
  close(): Promise<void>;
}

/** Starts redis-server and the bridge; clients do not retry (pagewise's timeout bounds a call anyway). */
export async function startUpstashRig(): Promise<UpstashRig> {
  const redis = await startRedis();
  const bridge = startUpstashBridge({ redisPort: redis.port });
  const clientWithToken = (token: string) =>
    new Redis({ url: bridge.url, token, retry: false, enableTelemetry: false });
  return {
    redis,
    bridge,
    client: clientWithToken(bridge.token),
    clientWithToken,
    async close() {
      await bridge.close();
      await redis.close();
    },
  };
}
