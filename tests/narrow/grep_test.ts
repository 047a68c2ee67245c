// The grep a model may send: literal alternatives, matched in one indexOf
// pass each, a span at a time.
import assert from "node:assert/strict";
import fc from "fast-check";
import { fold, matchSpans, parseGrep, quotedGrep } from "../../src/narrow/grep.ts";

/** Whether `text` contains `literal` up to case, as a `/iu` regular expression (Unicode simple case folding) compares. */
const containsFolded = (text: string, literal: string) =>
  new RegExp(literal.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&"), "iu").test(text);

/** The spans of `pieces` joined by commas, matched by `grep`. */
function matched(pieces: string[], grep: string): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const piece of pieces) {
    starts.push(at);
    at += piece.length + 1;
  }
  const hit = matchSpans(
    parseGrep(grep),
    pieces.join(","),
    pieces.length,
    (i) => starts[i],
    (i) => starts[i] + pieces[i].length,
  );
  return Array.from(hit);
}

Deno.test("| separates alternatives; \\| and \\\\ are a pipe and a backslash; each is case-folded once", () => {
  assert.deepEqual(parseGrep("Error|TIMEOUT").alternatives, ["error", "timeout"]);
  assert.deepEqual(parseGrep("a\\|b").alternatives, ["a|b"]);
  assert.deepEqual(parseGrep("c:\\\\tmp").alternatives, ["c:\\tmp"]);
  assert.deepEqual(parseGrep("x|X").alternatives, ["x"]);
});

Deno.test("property: a span is marked exactly when it contains an alternative up to case, as /iu compares", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.string({
          unit: fc.constantFrom(
            "a",
            "B",
            "é",
            "İ",
            "ı",
            "I",
            ",",
            "ß",
            "ẞ",
            "Σ",
            "ς",
            "σ",
            "\ud800",
          ),
        }),
        { maxLength: 30 },
      ),
      fc.array(
        fc.string({
          unit: fc.constantFrom("a", "b", "é", "i", "İ", "ı", ",", "ß", "ς", "Σ"),
          minLength: 1,
          maxLength: 3,
        }),
        { minLength: 1, maxLength: 3 },
      ),
      (pieces, alternatives) => {
        const grep = alternatives.join("|");
        const expected = pieces.map((p) => alternatives.some((a) => containsFolded(p, a)) ? 1 : 0);
        assert.deepEqual(matched(pieces, grep), expected);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("Greek: a sigma matches a sigma wherever it stands in a word (ΟΣ finds ΟΣΑ, ος and σ)", () => {
  assert.deepEqual(matched(["ΟΣΑ", "όσα", "ΟΣ", "λόγος", "οσα", "ΌΣΑ"], "ΟΣ"), [1, 0, 1, 1, 1, 0]);
  assert.deepEqual(matched(["ΛΟΓΟΣ", "λόγοσ", "λογος"], "λογος"), [1, 0, 1]);
  assert.deepEqual(matched(["ΣΣ", "σς", "ςσ"], "ςς"), [1, 1, 1]);
});

Deno.test("Turkish: I and i are one letter; dotted İ and dotless ı are each their own, as without a locale", () => {
  assert.deepEqual(matched(["İstanbul", "ISTANBUL", "istanbul", "ıstanbul"], "istanbul"), [
    0,
    1,
    1,
    0,
  ]);
  assert.deepEqual(matched(["İstanbul", "İSTANBUL", "istanbul", "i\u0307stanbul"], "İSTANBUL"), [
    1,
    1,
    0,
    0,
  ]);
  assert.deepEqual(matched(["ırmak", "IRMAK", "Irmak"], "ırmak"), [1, 0, 0]);
  // İ stays one code unit: the spans after it are still found where they are.
  assert.deepEqual(matched(["İİİ", "x", "İx"], "x"), [0, 1, 1]);
});

Deno.test("German: ß and ẞ are one letter, ss another", () => {
  assert.deepEqual(matched(["STRAẞE", "straße", "STRASSE", "Strasse"], "straße"), [1, 1, 0, 0]);
  assert.deepEqual(matched(["STRAẞE", "straße", "STRASSE"], "STRAẞE"), [1, 1, 0]);
});

Deno.test("fold is Unicode simple case folding: two letters fold alike exactly when /iu takes one for the other", () => {
  let cased = 0;
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    const upper = c.toUpperCase();
    const lower = c.toLowerCase();
    if (upper === c && lower === c) continue;
    cased++;
    assert.equal(fold(c).length, c.length, `U+${cp.toString(16)} keeps its length`);
    for (const other of [upper, lower, upper.toLowerCase(), lower.toUpperCase(), fold(c)]) {
      if ([...other].length !== 1) continue;
      assert.equal(
        fold(c) === fold(other),
        containsFolded(other, c) && containsFolded(c, other),
        `U+${cp.toString(16)} and U+${other.codePointAt(0)!.toString(16)}`,
      );
    }
  }
  assert.ok(cased > 2_500, `${cased} cased code points`);
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
