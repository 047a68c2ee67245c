/**
 * `pagewise proxy` on Node (20 or newer): the server started with
 * `node:child_process`, the proxy's stdio and signals from `process`, Node
 * streams seen as Web streams. The proxy itself is `stdio_proxy.ts`'s,
 * shared with Deno.
 *
 * @module
 */

import { spawn } from "node:child_process";
import { writeSync } from "node:fs";
import process from "node:process";
import { finished, Readable, type Writable } from "node:stream";
import type { ProxyOptions } from "../proxy/bridge.ts";
import type { ProxyArgs } from "./args.ts";
import {
  type ForwardedSignal,
  type ProxyIo,
  type ProxyRuntime,
  runStdioProxy,
  type ServerExit,
  type ServerProcess,
  type StartFailure,
} from "./stdio_proxy.ts";

/**
 * Runs the proxy on Node until either side closes and returns the exit
 * status: the server's own; 127 when its command is not found, 126 when it
 * cannot be run. The proxy's own stdio unless `io` gives other streams;
 * `extra` adds `paginate` options (another `cache` among them). The
 * `pagewise` bin is this with the command line's arguments.
 */
export function runProxy(
  args: ProxyArgs,
  io: ProxyIo = {},
  extra: ProxyOptions = {},
): Promise<number> {
  return runStdioProxy(args, nodeRuntime, io, extra);
}

const nodeRuntime: ProxyRuntime = {
  start: startServer,
  stdin: () => Readable.toWeb(process.stdin) as unknown as ReadableStream<Uint8Array>,
  stdout: () => webWritable(process.stdout),
  log(line) {
    try {
      writeSync(2, line + "\n");
    } catch {
      // stderr closed: nothing else to tell.
    }
  },
  onSignals(signals, listener) {
    const added = signals.map((signal): [ForwardedSignal, () => void] => [
      signal,
      () => listener(signal),
    ]);
    for (const [signal, forward] of added) process.on(signal, forward);
    return () => {
      for (const [signal, forward] of added) process.off(signal, forward);
    };
  },
};

async function startServer(program: string, args: string[]): Promise<ServerProcess | StartFailure> {
  const child = spawn(program, args, { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<ServerExit>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code: code ?? 0, signal: signal ?? undefined }));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", resolve);
      child.once("error", reject);
    });
  } catch (error) {
    // Node reports a command that cannot be started asynchronously, by its errno.
    const code = (error as { code?: string }).code;
    return {
      failure: code === "ENOENT" ? "not-found" : "cannot-run",
      reason: error instanceof Error ? error.message : String(error),
    };
  }
  // A signal to a process that has just exited is an "error" event: not a reason to crash.
  child.on("error", () => {});
  return {
    stdout: Readable.toWeb(child.stdout!) as unknown as ReadableStream<Uint8Array>,
    stdin: webWritable(child.stdin!),
    exited,
    kill(signal) {
      child.kill(signal);
    },
  };
}

/**
 * A Node stream as a Web stream whose `ready` waits until the Node stream has
 * taken the last chunk: what the proxy paces each side by. Node 20's
 * `Writable.toWeb` counts each chunk as 1 against the stream's high-water
 * mark in bytes (16,384 chunks for stdout), so its `ready` stays resolved
 * while megabytes queue for a reader that does not read.
 */
function webWritable(stream: Writable): WritableStream<Uint8Array> {
  // Errors reach the writes through their callbacks; unheard, an EPIPE would end the process.
  stream.on("error", () => {});
  return new WritableStream<Uint8Array>({
    write: (chunk) =>
      new Promise<void>((resolve, reject) => {
        stream.write(chunk, (error) => (error ? reject(error) : resolve()));
      }),
    // Done once finished, errored or closed: a pipe whose reader has exited never finishes.
    close: () =>
      new Promise<void>((resolve) => {
        finished(stream, () => resolve());
        stream.end();
      }),
    abort: (reason) => {
      stream.destroy(reason instanceof Error ? reason : undefined);
    },
  });
}
