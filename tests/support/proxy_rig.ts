/**
 * `pagewise proxy` run as a real process, with an SDK v1 client on its stdio.
 */
import { Client } from "./mcp_v1.ts";
import { StreamTransport } from "../../src/proxy/stream_transport.ts";
import { proxyCommand } from "./npm_servers.ts";

/** A running proxy process and the client connected to it. */
export interface ProxyRig {
  client: Client;
  /** The client's end of the proxy's stdio (started when `connect` is false). */
  transport: StreamTransport;
  /** What the proxy (and the server under it) wrote to stderr so far. */
  stderr(): string;
  /** The proxy's exit status, once it exits. */
  status: Promise<Deno.CommandStatus>;
  /** Sends a signal to the proxy's process (not to the server under it). */
  kill(signal: Deno.Signal): void;
  /** Closes the client (the proxy's stdin) and waits for the proxy to exit. */
  close(): Promise<Deno.CommandStatus>;
}

/** Options of {@linkcode startProxy}. */
export interface RigOptions {
  /** The client's capabilities (sampling, roots, elicitation…). */
  capabilities?: Record<string, unknown>;
  /** Sets request handlers on the client before it connects. */
  setup?: (client: Client) => void;
  /** Whether the client connects (default true); false leaves it to the test. */
  connect?: boolean;
  /** The name the client gives in its `clientInfo`. Default `rig`. */
  name?: string;
  /** The command that starts the CLI, before its arguments (default: Deno, from this checkout). */
  cli?: readonly string[];
}

/** Starts `pagewise proxy <options> -- <server>` and connects a client. */
export async function startProxy(
  options: string[],
  server: string[],
  rig: RigOptions = {},
): Promise<ProxyRig> {
  const [program, ...args] = proxyCommand(options, server, rig.cli);
  const child = new Deno.Command(program, {
    args,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let stderr = "";
  const stderrDone = child.stderr.pipeThrough(new TextDecoderStream()).pipeTo(
    new WritableStream({ write: (chunk) => void (stderr += chunk) }),
  );
  const status = child.status.then(async (s) => {
    await stderrDone.catch(() => {});
    return s;
  });
  const client = new Client({ name: rig.name ?? "rig", version: "1.0.0" }, {
    capabilities: (rig.capabilities ?? {}) as never,
  });
  rig.setup?.(client);
  const transport = new StreamTransport(child.stdout, child.stdin, { peer: "the proxy" });
  if (rig.connect !== false) await client.connect(transport as never);
  return {
    client,
    transport,
    stderr: () => stderr,
    status,
    kill: (signal) => child.kill(signal),
    async close() {
      await client.close().catch(() => {});
      await transport.close();
      const timer = setTimeout(() => {
        try {
          child.kill("SIGKILL");
        } catch { /* gone */ }
      }, 20_000);
      const s = await status;
      clearTimeout(timer);
      return s;
    },
  };
}

/** A client connected straight to a server process, without the proxy, to compare with. */
export async function startDirect(
  server: string[],
  capabilities: Record<string, unknown> = {},
): Promise<{ client: Client; close(): Promise<void> }> {
  const [program, ...args] = server;
  const child = new Deno.Command(program, {
    args,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const client = new Client({ name: "direct", version: "1.0.0" }, {
    capabilities: capabilities as never,
  });
  const transport = new StreamTransport(child.stdout, child.stdin, { peer: "the server" });
  await client.connect(transport as never);
  return {
    client,
    async close() {
      await client.close().catch(() => {});
      const timer = setTimeout(() => {
        try {
          child.kill("SIGKILL");
        } catch { /* gone */ }
      }, 10_000);
      await child.status;
      clearTimeout(timer);
    },
  };
}
