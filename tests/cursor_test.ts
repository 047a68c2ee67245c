import assert from "node:assert/strict";
import fc from "fast-check";
import { createPager, CursorError, type CursorErrorReason, type Pager } from "../mod.ts";
import { decodeCursor, encodeCursor } from "../src/cursor.ts";
import { fromBase64Url, toBase64Url } from "../src/_crypto.ts";

const limits = { maxTokens: 400, maxChars: 2_000 };
const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` }));
const scope = 'list_rows {"limit":200}';

async function rejection(promise: Promise<unknown>): Promise<CursorError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CursorError) return error;
    throw error;
  }
  throw new Error("expected a CursorError, got a page");
}

async function secondCursor(pager: Pager, value: unknown = rows): Promise<string> {
  const first = await pager.page(value, { scope });
  return first.nextCursor!;
}

Deno.test("an unsigned cursor is under 40 characters", async () => {
  const cursor = await secondCursor(createPager(limits));
  assert.ok(cursor.length < 40, `${cursor.length}: ${cursor}`);
});

Deno.test("a signed cursor with an expiry is under 60 characters", async () => {
  const cursor = await secondCursor(
    createPager({ ...limits, secret: "k", cursorTtlSeconds: 3600 }),
  );
  assert.ok(cursor.length < 60, `${cursor.length}: ${cursor}`);
});

Deno.test("the same cursor returns the same page for as long as the result is the same", async () => {
  const pager = createPager(limits);
  const first = await pager.page(rows, { scope });
  const second = await pager.page(rows, { scope, cursor: first.nextCursor });
  const third = await pager.page(rows, { scope, cursor: second.nextCursor });
  assert.equal((await pager.page(rows, { scope, cursor: first.nextCursor })).text, second.text);
  assert.equal(
    (await pager.page(structuredClone(rows), { scope, cursor: second.nextCursor })).text,
    third.text,
  );
});

Deno.test("a cursor survives a new pager with the same options (no server state)", async () => {
  const cursor = await secondCursor(createPager({ ...limits, secret: "s" }));
  const page = await createPager({ ...limits, secret: "s" }).page(rows, { scope, cursor });
  assert.ok(page.from > 1);
});

const cases: Array<[CursorErrorReason, (pager: Pager, cursor: string) => Promise<unknown>]> = [
  ["malformed", (p) => p.page(rows, { scope, cursor: "%%%" })],
  ["foreign_scope", (p, c) => p.page(rows, { scope: 'list_rows {"limit":100}', cursor: c })],
  ["changed_result", (p, c) => p.page([...rows, { id: 200, name: "new" }], { scope, cursor: c })],
  [
    "bad_signature",
    (_, c) => createPager({ ...limits, secret: "other" }).page(rows, { scope, cursor: c }),
  ],
];

for (const [reason, call] of cases) {
  Deno.test(`a cursor is refused as ${reason} with advice to start again`, async () => {
    const pager = createPager({ ...limits, secret: "s" });
    const error = await rejection(call(pager, await secondCursor(pager)));
    assert.equal(error.reason, reason);
    assert.match(error.message, /Call (the|this) tool again/);
  });
}

Deno.test("an unsigned cursor is refused by a pager that signs", async () => {
  const cursor = await secondCursor(createPager(limits));
  const error = await rejection(
    createPager({ ...limits, secret: "s" }).page(rows, { scope, cursor }),
  );
  assert.equal(error.reason, "bad_signature");
});

Deno.test("a signed cursor past its expiry is refused as expired", async () => {
  let now = 1_000_000;
  const pager = createPager({ ...limits, secret: "s", cursorTtlSeconds: 60, now: () => now });
  const cursor = await secondCursor(pager);
  now += 59_000;
  await pager.page(rows, { scope, cursor });
  now += 2_000;
  assert.equal((await rejection(pager.page(rows, { scope, cursor }))).reason, "expired");
});

Deno.test("an offset beyond the result is refused as out_of_range", async () => {
  const pager = createPager(limits);
  const state = await decodeCursor(await secondCursor(pager), undefined, 0);
  const forged = await encodeCursor({ ...state, offset: 10_000 });
  assert.equal(
    (await rejection(pager.page(rows, { scope, cursor: forged }))).reason,
    "out_of_range",
  );
});

Deno.test("a text offset inside a surrogate pair is refused as out_of_range", async () => {
  const pager = createPager(limits);
  const text = "😀".repeat(3_000);
  const state = await decodeCursor((await pager.page(text, { scope })).nextCursor!, undefined, 0);
  const forged = await encodeCursor({ ...state, offset: 1 });
  assert.equal(
    (await rejection(pager.page(text, { scope, cursor: forged }))).reason,
    "out_of_range",
  );
});

Deno.test("a rejected cursor is reported through onEvent", async () => {
  const reasons: string[] = [];
  const pager = createPager({
    ...limits,
    onEvent: (e) => e.type === "cursor_rejected" && reasons.push(e.reason),
  });
  await rejection(pager.page(rows, { scope, cursor: "AAAA" }));
  assert.deepEqual(reasons, ["malformed"]);
});

Deno.test("random strings as cursors give only CursorError", async () => {
  const pager = createPager({ ...limits, secret: "s" });
  await fc.assert(
    fc.asyncProperty(fc.string({ maxLength: 80 }), async (cursor) => {
      await rejection(pager.page(rows, { scope, cursor }));
    }),
    { numRuns: 300 },
  );
});

Deno.test("any change to a signed cursor gives only CursorError", async () => {
  const pager = createPager({ ...limits, secret: "s", cursorTtlSeconds: 600 });
  const bytes = fromBase64Url(await secondCursor(pager))!;
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.record({ kind: fc.constant("flip"), at: fc.nat(bytes.length * 8 - 1) }),
        fc.record({ kind: fc.constant("cut"), at: fc.nat(bytes.length - 1) }),
        fc.record({ kind: fc.constant("append"), at: fc.nat(255) }),
      ),
      async ({ kind, at }) => {
        const changed = kind === "flip"
          ? bytes.map((b, i) => (i === at >> 3 ? b ^ (1 << (at & 7)) : b))
          : kind === "cut"
          ? bytes.slice(0, at)
          : Uint8Array.from([...bytes, at]);
        await rejection(pager.page(rows, { scope, cursor: toBase64Url(changed) }));
      },
    ),
    { numRuns: 400 },
  );
});

Deno.test("a changed unsigned cursor gives CursorError or the page at the offset it names", async () => {
  const pager = createPager(limits);
  const cursor = await secondCursor(pager);
  const bytes = fromBase64Url(cursor)!;
  await fc.assert(
    fc.asyncProperty(fc.nat(bytes.length * 8 - 1), async (bit) => {
      const changed = bytes.map((b, i) => (i === bit >> 3 ? b ^ (1 << (bit & 7)) : b));
      try {
        const page = await pager.page(rows, { scope, cursor: toBase64Url(changed) });
        // Only the offset varint can change and still decode: the page must start there.
        const state = await decodeCursor(toBase64Url(changed), undefined, 0);
        assert.equal(page.from, state.offset + 1);
      } catch (error) {
        if (!(error instanceof CursorError)) throw error;
      }
    }),
    { numRuns: 300 },
  );
});

Deno.test("cursors of another secret are refused even when the result is the same", async () => {
  const a = createPager({ ...limits, secret: new Uint8Array([1, 2, 3]) });
  const b = createPager({ ...limits, secret: new Uint8Array([1, 2, 4]) });
  const error = await rejection(b.page(rows, { scope, cursor: await secondCursor(a) }));
  assert.equal(error.reason, "bad_signature");
});
