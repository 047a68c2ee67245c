import assert from "node:assert/strict";
import { concatBytes, readAtMost } from "../../src/bytes/bytes.ts";

const streamOf = (...chunks: number[][]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
      controller.close();
    },
  });

Deno.test("concatBytes joins chunks in order, none to an empty array", () => {
  assert.deepEqual(
    concatBytes([new Uint8Array([1, 2]), new Uint8Array(0), new Uint8Array([3])]),
    new Uint8Array([1, 2, 3]),
  );
  assert.deepEqual(concatBytes([]), new Uint8Array(0));
});

Deno.test("readAtMost returns every byte up to the limit, undefined one byte over", async () => {
  assert.deepEqual(await readAtMost(streamOf([1, 2], [3, 4]), 4), new Uint8Array([1, 2, 3, 4]));
  assert.equal(await readAtMost(streamOf([1, 2], [3, 4]), 3), undefined);
});

Deno.test("readAtMost stops reading at the limit: the rest is cancelled, never pulled", async () => {
  let pulls = 0;
  let cancelled = false;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      controller.enqueue(new Uint8Array(1_000));
    },
    cancel() {
      cancelled = true;
    },
  }, { highWaterMark: 0 });
  assert.equal(await readAtMost(endless, 2_500), undefined);
  assert.equal(pulls, 3);
  assert.ok(cancelled);
});

Deno.test("readAtMost rejects when the stream fails", async () => {
  const failing = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.error(new Error("broken"));
    },
  });
  await assert.rejects(() => readAtMost(failing, 10), /broken/);
});
