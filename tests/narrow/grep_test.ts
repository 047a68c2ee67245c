// The grep a model may send: literal alternatives, matched in one indexOf
// pass each, a span at a time.
import assert from "node:assert/strict";
import fc from "fast-check";
import { matchSpans, parseGrep, quotedGrep } from "../../src/narrow/grep.ts";

Deno.test("| separates alternatives; \\| and \\\\ are a pipe and a backslash; each is lower-cased once", () => {
  assert.deepEqual(parseGrep("Error|TIMEOUT").alternatives, ["error", "timeout"]);
  assert.deepEqual(parseGrep("a\\|b").alternatives, ["a|b"]);
  assert.deepEqual(parseGrep("c:\\\\tmp").alternatives, ["c:\\tmp"]);
  assert.deepEqual(parseGrep("x|X").alternatives, ["x"]);
});

Deno.test("property: a span is marked exactly when its lower-cased text contains an alternative", () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ unit: fc.constantFrom("a", "B", "é", "İ", ",", "ß", "\ud800") }), {
        maxLength: 30,
      }),
      fc.array(
        fc.string({ unit: fc.constantFrom("a", "b", "é", "i", ","), minLength: 1, maxLength: 3 }),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
      (pieces, alternatives) => {
        const text = pieces.join(",");
        const starts: number[] = [];
        let at = 0;
        for (const piece of pieces) {
          starts.push(at);
          at += piece.length + 1;
        }
        const grep = parseGrep(alternatives.join("|"));
        const hit = matchSpans(
          grep,
          text,
          pieces.length,
          (i) => starts[i],
          (i) => starts[i] + pieces[i].length,
        );
        const expected = pieces.map((p) =>
          grep.alternatives.some((a) => p.toLowerCase().includes(a)) ? 1 : 0
        );
        assert.deepEqual(Array.from(hit), expected);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("a hit across a span's end, or between spans, marks no span", () => {
  const text = "ab,cd";
  const hit = matchSpans(parseGrep("b,c"), text, 2, (i) => [0, 3][i], (i) => [2, 5][i]);
  assert.deepEqual(Array.from(hit), [0, 0]);
});

Deno.test("a long grep is quoted cut short, never inside a surrogate pair", () => {
  assert.equal(quotedGrep("short"), '"short"');
  const long = quotedGrep("😀".repeat(100));
  assert.ok(long.length <= 24, long);
  assert.match(long, /^"(😀)+…"$/);
  assert.ok(quotedGrep("\ud800".repeat(50)).length <= 24);
});
