/**
 * A CPU profile of one cold start (bench/cold_start/_answer.mjs in a fresh
 * Deno process, through the V8 inspector), its samples attributed to the
 * source files of the bundle through the bundle's source map: where the
 * import and the first tools/call of a Worker spend their time.
 */

/** Self time per source file, in ms, of one phase of a cold start. */
export type Attribution = Map<string, number>;

import type { WorkerBundle } from "./_build.ts";
import { sourceAt } from "./_source_map.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Profiles one cold start of `bundle`: the self time of each source file in
 * the import and in the first call (the warm call left out), sampled every
 * `interval` µs.
 */
export async function profileColdStart(
  bundle: WorkerBundle,
  interval = 100,
): Promise<{ import: Attribution; call: Attribution }> {
  const port = 9300 + Math.floor(Math.random() * 500);
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-config",
      "--no-code-cache",
      "--allow-read",
      `--inspect-brk=127.0.0.1:${port}`,
      "_answer.mjs",
      bundle.file,
    ],
    cwd: bundle.dir,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let url = "";
  for (let seen = ""; !url;) {
    const { value, done } = await stderr.read();
    if (done) throw new Error(`no inspector: ${seen}`);
    seen += value;
    url = /ws:\/\/\S+/.exec(seen)?.[0] ?? "";
  }
  const socket = new WebSocket(url);
  await new Promise((resolve) => socket.onopen = resolve);
  let id = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    waiting.get(message.id)?.(message.result);
  };
  const send = (method: string, params: unknown = {}) =>
    new Promise<unknown>((resolve) => {
      waiting.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval });
  // The phases: _answer.mjs stops at a `debugger` statement after the
  // import and after the first call.
  await send("Debugger.enable");
  const profiles: Profile[] = [];
  let paused = 0;
  const done = new Promise<void>((resolve) => {
    const previous = socket.onmessage!;
    socket.onmessage = async (event) => {
      previous.call(socket, event);
      const message = JSON.parse(event.data);
      if (message.method !== "Debugger.paused") return;
      paused++;
      if (paused === 1) {
        // The first pause is --inspect-brk's, before the module runs.
        await send("Profiler.start");
      } else {
        profiles.push(((await send("Profiler.stop")) as { profile: Profile }).profile);
        if (paused === 2) await send("Profiler.start");
      }
      await send("Debugger.resume");
      if (paused === 3) resolve();
    };
  });
  await send("Runtime.runIfWaitingForDebugger");
  await done;
  // Deno waits for the inspector to disconnect before it exits.
  socket.close();
  await stderr.cancel();
  const out = await new Response(child.stdout).text();
  await child.status;
  if (!out.includes("import")) throw new Error(`the cold start failed: ${out}`);
  const where = sourceAt(bundle.map);
  const attribute = (profile: Profile): Attribution => {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const times = new Map<string, number>();
    profile.samples.forEach((sample, i) => {
      const frame = nodes.get(sample)!.callFrame;
      const ms = (profile.timeDeltas[i + 1] ?? interval) / 1000;
      const file = frame.url.endsWith(bundle.file)
        ? where(frame.lineNumber, frame.columnNumber) +
          (Deno.env.get("PROFILE_FUNCTIONS") ? ` ${frame.functionName}` : "")
        : frame.url === ""
        ? `(${frame.functionName || "native"})`
        : "(other)";
      times.set(file, (times.get(file) ?? 0) + ms);
    });
    return times;
  };
  return { import: attribute(profiles[0]), call: attribute(profiles[1]) };
}
