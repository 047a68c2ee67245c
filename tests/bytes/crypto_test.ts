// The remembered digests are the digests: same bytes as SHA-256 itself, a
// fresh copy each time, for short and long strings, UTF-8 and UTF-16.
import { assert, assertEquals } from "@std/assert";
import { sha256, sha256OfText, utf16, utf8 } from "../../src/bytes/crypto.ts";

const texts = [
  "",
  "s",
  'search {"q":"*"}',
  "é\u{1F600}",
  "x".repeat(1_025),
  "y".repeat(50_000),
];

Deno.test("sha256OfText is SHA-256 of the UTF-8, asked once or again", async () => {
  for (const text of texts) {
    const expected = await sha256(utf8(text));
    assertEquals(await sha256OfText(text), expected);
    assertEquals(await sha256OfText(text), expected);
  }
});

Deno.test("sha256OfText with utf-16 is SHA-256 of the code units, not mixed up with UTF-8", async () => {
  for (const text of [...texts, "a\ud800"]) {
    assertEquals(await sha256OfText(text, "utf-16"), await sha256(utf16(text)));
    if (text.isWellFormed()) {
      assertEquals(await sha256OfText(text, "utf-8"), await sha256(utf8(text)));
    }
  }
});

Deno.test("sha256OfText tells lone surrogates apart, from each other and from U+FFFD", async () => {
  const digests = await Promise.all(
    ["a\ud800", "a\udc00", "a\ufffd", "a\ud800".repeat(600), "a\udc00".repeat(600)].map((t) =>
      sha256OfText(t)
    ),
  );
  const distinct = new Set(digests.map((d) => d.join(",")));
  assertEquals(distinct.size, digests.length);
});

Deno.test("sha256OfText gives a copy: changing one answer does not change the next", async () => {
  const first = await sha256OfText("scope");
  first.fill(0);
  const second = await sha256OfText("scope");
  assert(first !== second);
  assertEquals(second, await sha256(utf8("scope")));
});

Deno.test("sha256OfText keeps answering right past the 256 strings it remembers", async () => {
  for (let i = 0; i < 600; i++) {
    assertEquals(await sha256OfText(`key ${i}`), await sha256(utf8(`key ${i}`)));
  }
  assertEquals(await sha256OfText("key 0"), await sha256(utf8("key 0")));
});
