import assert from "node:assert/strict";
import { type JsonRpcMessage, StreamTransport } from "../../src/proxy/mod.ts";

// Feeds `chunks` to a transport and collects what it reads and reports.
async function read(chunks: (string | Uint8Array)[], maxMessageBytes?: number) {
  const encoder = new TextEncoder();
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) {
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      }
      controller.close();
    },
  });
  const transport = new StreamTransport(input, new WritableStream(), {
    maxMessageBytes,
    peer: "the server",
  });
  const messages: JsonRpcMessage[] = [];
  const errors: string[] = [];
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error.message);
  await transport.start();
  await closed;
  return { messages, errors };
}

Deno.test("stream transport: messages split across chunks and joined in one are read in order", async () => {
  const a = '{"jsonrpc":"2.0","id":1,"result":{"x":"é"}}';
  const b = '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}';
  const bytes = new TextEncoder().encode(`${a}\r\n${b}\n`);
  const { messages, errors } = await read([bytes.slice(0, 5), bytes.slice(5, 30), bytes.slice(30)]);
  assert.deepEqual(messages, [JSON.parse(a), JSON.parse(b)]);
  assert.deepEqual(errors, []);
});

Deno.test("stream transport: a message far over 10 MiB is read whole", async () => {
  const text = "y".repeat(12 * 1024 * 1024);
  const line = JSON.stringify({ jsonrpc: "2.0", id: 7, result: { text } }) + "\n";
  const bytes = new TextEncoder().encode(line);
  const chunks = [];
  for (let at = 0; at < bytes.length; at += 65_536) chunks.push(bytes.slice(at, at + 65_536));
  const { messages } = await read(chunks);
  assert.equal((messages[0].result as { text: string }).text.length, text.length);
});

Deno.test("stream transport: an answer over the limit becomes an error for its request, and reading goes on", async () => {
  const big = JSON.stringify({ result: { text: "z".repeat(5_000) }, jsonrpc: "2.0", id: "call-9" });
  const next = '{"jsonrpc":"2.0","id":10,"result":{}}';
  const { messages, errors } = await read([big + "\n" + next + "\n"], 1_000);
  assert.equal(messages.length, 2);
  assert.equal(messages[0].id, "call-9");
  assert.match(messages[0].error!.message, /the server sent a message of 0\.0 MiB, over the limit/);
  assert.deepEqual(messages[1], JSON.parse(next));
  assert.equal(errors.length, 1);
});

Deno.test("stream transport: a request over the limit is dropped, not answered for", async () => {
  const big = JSON.stringify({
    jsonrpc: "2.0",
    id: 3,
    method: "sampling/createMessage",
    params: { p: "q".repeat(5_000) },
  });
  const { messages, errors } = await read([big + "\n"], 1_000);
  assert.deepEqual(messages, []);
  assert.equal(errors.length, 1);
});

Deno.test("stream transport: lines that are not JSON-RPC are reported and skipped", async () => {
  const { messages, errors } = await read([
    "not json\n",
    '{"a":1}\n',
    "\n",
    '{"jsonrpc":"2.0","method":"x"}\n',
  ]);
  assert.deepEqual(messages, [{ jsonrpc: "2.0", method: "x" }]);
  assert.equal(errors.length, 2);
  assert.match(errors[0], /the server sent a line that is not JSON: not json/);
});

Deno.test("a request over the size limit is answered at once with an error naming the limit", async () => {
  const input = new TransformStream<Uint8Array, Uint8Array>();
  const output = new TransformStream<Uint8Array, Uint8Array>();
  const transport = new StreamTransport(input.readable, output.writable, {
    maxMessageBytes: 1_000,
  });
  transport.onerror = () => {};
  await transport.start();
  const writer = input.writable.getWriter();
  const big = JSON.stringify({
    jsonrpc: "2.0",
    id: 7,
    method: "tools/call",
    params: { x: "y".repeat(5_000) },
  });
  await writer.write(new TextEncoder().encode(big + "\n"));
  const reader = output.readable.getReader();
  const { value } = await reader.read();
  const answer = JSON.parse(new TextDecoder().decode(value));
  assert.equal(answer.id, 7);
  assert.match(answer.error.message, /over the limit/);
  await writer.close();
  await transport.close();
});

Deno.test("stream transport: a write that fails closes the transport and says the peer has gone", async () => {
  const transport = new StreamTransport(
    new ReadableStream({ start() {} }),
    new WritableStream({ write: () => Promise.reject(new Error("write EPIPE")) }),
    { peer: "the MCP client" },
  );
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await transport.start();
  await assert.rejects(
    transport.send({ jsonrpc: "2.0", method: "notifications/initialized" }),
    /cannot write to the MCP client, which has gone: write EPIPE/,
  );
  await closed;
  await assert.rejects(
    transport.send({ jsonrpc: "2.0", method: "notifications/initialized" }),
    /Not connected/,
  );
});

/** An input that gives `chunks` of 64 KiB, one a read, counting the reads; never cancelled quietly. */
function countedInput(chunks: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === chunks) return controller.close();
      state.pulled++;
      controller.enqueue(new Uint8Array(65_536).fill(120));
    },
    cancel() {
      state.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, state };
}

Deno.test("stream transport: closed with onClose drain, it reads its input to the end and delivers none of it", async () => {
  const input = countedInput(200);
  const transport = new StreamTransport(input.stream, new WritableStream(), { onClose: "drain" });
  const messages: unknown[] = [];
  transport.onmessage = (message) => messages.push(message);
  await transport.start();
  await transport.close();
  for (let i = 0; i < 100 && input.state.pulled < 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  assert.equal(input.state.pulled, 200);
  assert.equal(input.state.cancelled, false);
  assert.deepEqual(messages, []);
});

Deno.test("stream transport: closed by default, it cancels its input", async () => {
  const input = countedInput(200);
  const transport = new StreamTransport(input.stream, new WritableStream());
  await transport.start();
  await transport.close();
  assert.equal(input.state.cancelled, true);
  assert.ok(input.state.pulled < 200);
});

Deno.test("stream transport: an onClose other than cancel or drain is refused", () => {
  assert.throws(
    () =>
      new StreamTransport(new ReadableStream(), new WritableStream(), {
        onClose: "ignore" as never,
      }),
    /onClose must be "cancel" or "drain"/,
  );
});
