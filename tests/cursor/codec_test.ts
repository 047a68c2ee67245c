import assert from "node:assert/strict";
import fc from "fast-check";
import {
  createPager,
  CursorError,
  type CursorErrorReason,
  type Pager,
  type PagerOptions,
} from "../../mod.ts";
import { decodeCursor, encodeCursor } from "../../src/cursor/codec.ts";
import { fromBase64Url, toBase64Url } from "../../src/bytes/base64.ts";
import { allPages, chunkOf } from "../support/walk.ts";

const limits = { maxTokens: 400, maxChars: 2_000 };
const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` }));
const scope = 'list_rows {"limit":200}';
const secret = "a secret of sixteen bytes or more";
const otherSecret = "another secret of sixteen bytes";

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

// The README states these lengths; this test measures them, for item
// offsets (1 varint byte) and for text offsets past 2 million (4 bytes).
Deno.test("cursor lengths: 24-28 characters unsigned, 46-51 signed, 52-58 signed with expiry", async () => {
  const text = "word ".repeat(500_000);
  const measure = async (options: PagerOptions) => {
    const pager = createPager({ ...limits, ...options });
    const near = await pager.page(rows, { scope });
    const first = await pager.page(text, { scope });
    const state = await decodeCursor(first.nextCursor!, undefined, 0).catch(() => undefined);
    let far = first;
    if (state) {
      far = await pager.page(text, {
        scope,
        cursor: await encodeCursor({ ...state, offset: 2_200_000 }),
      });
    }
    return [near.nextCursor!.length, far.nextCursor!.length];
  };
  const [unsignedNear, unsignedFar] = await measure({});
  assert.ok(unsignedNear >= 24 && unsignedFar <= 28, `unsigned: ${unsignedNear}, ${unsignedFar}`);
  assert.ok(unsignedFar > unsignedNear);
  const [signed] = await measure({ secret });
  assert.ok(signed >= 46 && signed <= 51, `signed: ${signed}`);
  const [expiring] = await measure({ secret, cursorTtlSeconds: 3600 });
  assert.ok(expiring >= 52 && expiring <= 58, `signed with expiry: ${expiring}`);
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
  const cursor = await secondCursor(createPager({ ...limits, secret }));
  const page = await createPager({ ...limits, secret }).page(rows, { scope, cursor });
  assert.ok(page.from > 1);
});

const cases: Array<[CursorErrorReason, (pager: Pager, cursor: string) => Promise<unknown>]> = [
  ["malformed", (p) => p.page(rows, { scope, cursor: "%%%" })],
  ["foreign_scope", (p, c) => p.page(rows, { scope: 'list_rows {"limit":100}', cursor: c })],
  [
    "changed_result",
    (_, c) =>
      createPager({ ...limits, secret, onChange: "error" })
        .page([...rows, { id: 200, name: "new" }], { scope, cursor: c }),
  ],
  [
    "bad_signature",
    (_, c) => createPager({ ...limits, secret: otherSecret }).page(rows, { scope, cursor: c }),
  ],
];

for (const [reason, call] of cases) {
  Deno.test(`a cursor is refused as ${reason} with advice to start again`, async () => {
    const pager = createPager({ ...limits, secret });
    const error = await rejection(call(pager, await secondCursor(pager)));
    assert.equal(error.reason, reason);
    assert.match(error.message, /Call (the|this) tool again/);
  });
}

Deno.test("an unsigned cursor is refused by a pager that signs", async () => {
  const cursor = await secondCursor(createPager(limits));
  const error = await rejection(
    createPager({ ...limits, secret }).page(rows, { scope, cursor }),
  );
  assert.equal(error.reason, "bad_signature");
});

Deno.test("a signed cursor past its expiry is refused as expired", async () => {
  let now = 1_000_000;
  const pager = createPager({ ...limits, secret, cursorTtlSeconds: 60, now: () => now });
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
  const pager = createPager({ ...limits, secret });
  await fc.assert(
    fc.asyncProperty(fc.string({ maxLength: 80 }), async (cursor) => {
      await rejection(pager.page(rows, { scope, cursor }));
    }),
    { numRuns: 300 },
  );
});

Deno.test("any change to a signed cursor gives only CursorError", async () => {
  const pager = createPager({ ...limits, secret, cursorTtlSeconds: 600 });
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

Deno.test("every single-character change of a cursor is refused as malformed", async () => {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  for (const options of [{}, { secret }]) {
    const pager = createPager({ ...limits, ...options });
    const cursor = await secondCursor(pager);
    let tried = 0;
    let malformed = 0;
    for (let i = 0; i < cursor.length; i++) {
      for (const c of alphabet) {
        if (c === cursor[i]) continue;
        tried++;
        const typo = cursor.slice(0, i) + c + cursor.slice(i + 1);
        const error = await rejection(pager.page(rows, { scope, cursor: typo }));
        if (error.reason === "malformed") malformed++;
      }
    }
    assert.equal(malformed, tried, `${tried - malformed} of ${tried} typos were not malformed`);
  }
});

Deno.test("a cursor cut short or with a character added or removed is refused", async () => {
  const pager = createPager(limits);
  const cursor = await secondCursor(pager);
  for (let i = 0; i < cursor.length; i++) {
    await rejection(pager.page(rows, { scope, cursor: cursor.slice(0, i) }));
    await rejection(pager.page(rows, { scope, cursor: cursor.slice(0, i) + cursor.slice(i + 1) }));
    await rejection(
      pager.page(rows, { scope, cursor: cursor.slice(0, i) + "A" + cursor.slice(i) }),
    );
  }
});

Deno.test("by default a cursor of a changed result gives the page at its position, marked changed", async () => {
  const pager = createPager(limits);
  const first = await pager.page(rows, { scope });
  const changed = [{ id: -1, name: "new first row" }, ...rows];
  const page = await pager.page(changed, { scope, cursor: first.nextCursor });
  assert.equal(page.changed, true);
  assert.equal(page.from, first.to + 1);
  const json = JSON.parse(page.text);
  assert.equal(json.page.changed, true);
  assert.match(json.page.note, /^The result changed since the previous page/);
});

Deno.test("fields around the paged list do not change the fingerprint", async () => {
  const pager = createPager(limits);
  const at = (ms: number) => ({ took_ms: ms, results: rows });
  const first = await pager.page(at(12), { scope });
  const second = await pager.page(at(97), { scope, cursor: first.nextCursor });
  assert.equal(second.changed, undefined);
  assert.equal(JSON.parse(second.text).took_ms, 97);
  assert.equal(second.from, first.to + 1);
});

Deno.test("with onChange: error, a cursor of a changed result is refused as changed_result", async () => {
  const pager = createPager({ ...limits, onChange: "error" });
  const first = await pager.page(rows, { scope });
  const error = await rejection(pager.page(rows.slice(1), { scope, cursor: first.nextCursor }));
  assert.equal(error.reason, "changed_result");
});

Deno.test("a cursor of a changed result that now ends before it is refused as changed_result", async () => {
  const pager = createPager(limits);
  const pages = [await pager.page(rows, { scope })];
  while (pages.at(-1)!.to < 150) {
    pages.push(await pager.page(rows, { scope, cursor: pages.at(-1)!.nextCursor }));
  }
  const error = await rejection(
    pager.page(rows.slice(0, 10), { scope, cursor: pages.at(-1)!.nextCursor }),
  );
  assert.equal(error.reason, "changed_result");
});

Deno.test("openCursor refuses a bad cursor before any result exists", async () => {
  const pager = createPager({ ...limits, secret });
  for (
    const [cursor, reason] of [["mistyped", "malformed"], [
      await secondCursor(createPager({ ...limits, secret: otherSecret })),
      "bad_signature",
    ]] as const
  ) {
    const error = await pager.openCursor(cursor, scope).then(() => undefined, (e) => e);
    assert.ok(error instanceof CursorError);
    assert.equal(error.reason, reason);
  }
  const foreign = await pager.openCursor(await secondCursor(pager), "another scope").catch((e) =>
    e
  );
  assert.equal(foreign.reason, "foreign_scope");
});

Deno.test("an opened cursor pages like the string it was opened from", async () => {
  const pager = createPager({ ...limits, secret });
  const cursor = await secondCursor(pager);
  const opened = await pager.openCursor(cursor, scope);
  assert.match(opened.fingerprint, /^[0-9a-f]{16}$/);
  const a = await pager.page(rows, { scope, cursor });
  const b = await pager.page(rows, { scope, cursor: opened });
  assert.equal(b.text, a.text);
  const error = await rejection(pager.page(rows, { scope: "other", cursor: opened }));
  assert.equal(error.reason, "foreign_scope");
});

Deno.test("cursors of another secret are refused even when the result is the same", async () => {
  const a = createPager({ ...limits, secret: new Uint8Array(16).fill(1) });
  const b = createPager({ ...limits, secret: new Uint8Array(16).fill(2) });
  const error = await rejection(b.page(rows, { scope, cursor: await secondCursor(a) }));
  assert.equal(error.reason, "bad_signature");
});

Deno.test("every cursor the pager issues is accepted, even inside a grapheme longer than a page", async () => {
  const pager = createPager(limits);
  // One grapheme cluster: a run of leading jamo never breaks.
  const text = "\u1100".repeat(5_000) + "\u1161 end";
  const pages = await allPages(pager, text, scope);
  assert.ok(pages.length > 2);
  assert.equal(pages.map(chunkOf).join(""), text);
});

Deno.test("page boundaries do not depend on the clock when cursors expire", async () => {
  const text = Array.from({ length: 3_000 }, (_, i) => `line ${i} of the log`).join("\n");
  const ends = new Set<number>();
  for (let t = 0; t < 40; t++) {
    const now = 1_700_000_000_000 + t * 7_777_777;
    const pager = createPager({ ...limits, secret, cursorTtlSeconds: 600, now: () => now });
    ends.add((await pager.page(text, { scope })).to);
  }
  assert.equal(ends.size, 1);
});

Deno.test("texts that differ only in lone surrogates never share a fingerprint", async () => {
  const pager = createPager(limits);
  const a = "x\uD800".repeat(2_000);
  const b = "x\uD801".repeat(2_000);
  const first = await pager.page(a, { scope });
  const page = await pager.page(b, { scope, cursor: first.nextCursor });
  assert.equal(page.changed, true);
  const strict = createPager({ ...limits, onChange: "error" });
  const error = await rejection(
    strict.page(b, { scope, cursor: (await strict.page(a, { scope })).nextCursor }),
  );
  assert.equal(error.reason, "changed_result");
});

Deno.test("a pager whose cursors expire refuses a signed cursor that has no expiry", async () => {
  const cursor = await secondCursor(createPager({ ...limits, secret }));
  const expiring = createPager({ ...limits, secret, cursorTtlSeconds: 60 });
  assert.equal((await rejection(expiring.page(rows, { scope, cursor }))).reason, "expired");
});

Deno.test("a cursor of an object's entries is refused against a list, whatever onChange says", async () => {
  const pager = createPager(limits);
  const users = Object.fromEntries(rows.map((r) => [`u${r.id}`, r]));
  const first = await pager.page({ users }, { scope });
  assert.equal(first.kind, "entries");
  const error = await rejection(pager.page({ users: rows }, { scope, cursor: first.nextCursor }));
  assert.equal(error.reason, "changed_result");
});

Deno.test("a cursor of a scope with a lone surrogate is foreign to a scope with another one, or U+FFFD", async () => {
  const pager = createPager(limits);
  const issued = (await pager.page(rows, { scope: 'list {"q":"a\ud800"}' })).nextCursor!;
  for (const other of ['list {"q":"a\udc00"}', 'list {"q":"a\ufffd"}']) {
    const error = await pager.openCursor(issued, other).then(() => undefined, (e) => e);
    assert.ok(error instanceof CursorError, `accepted under ${JSON.stringify(other)}`);
    assert.equal(error.reason, "foreign_scope");
  }
  await pager.openCursor(issued, 'list {"q":"a\ud800"}');
});
