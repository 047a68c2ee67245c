// One cold start, run by bench/cold_start.ts in a fresh Deno process:
// imports the Worker bundle named by the first argument, answers one
// tools/call, then a second (warm) one, and prints the times as JSON.
// Plain JavaScript, run with --no-config: nothing but the bundle is loaded.

const request = () =>
  new Request("http://localhost/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "list_messages", arguments: {} },
    }),
  });

const started = performance.now();
const { default: worker } = await import(new URL(Deno.args[0], `file://${Deno.cwd()}/`).href);
const imported = performance.now();
// Where bench/cold_start/_profile.ts splits its profile (no-op without an inspector).
// deno-lint-ignore no-debugger
debugger;
const first = await (await worker.fetch(request())).text();
const called = performance.now();
// deno-lint-ignore no-debugger
debugger;
const second = await (await worker.fetch(request())).text();
const warm = performance.now();
if (!first.includes('"result"') || first !== second) {
  throw new Error(`no answer: ${first.slice(0, 300)}`);
}
console.log(JSON.stringify({
  import: imported - started,
  call: called - imported,
  warm: warm - called,
  chars: first.length,
}));
