// The MAC every stored value carries (src/cache/_seal.ts): one for each list
// of parts, another for any other list, and keyed by the pager's secret.
import assert from "node:assert/strict";
import { sealOf } from "../../src/cache/_seal.ts";

const SECRET = "a secret of more than sixteen bytes";

Deno.test("the same parts sign the same, whenever and by whichever seal of one secret", async () => {
  const parts = ["pw1:key:t3", "AbCdEfGh", "T", "payload"];
  assert.equal(await sealOf().sign(parts), await sealOf().sign(parts));
  assert.equal(await sealOf(SECRET).sign(parts), await sealOf(SECRET).sign(parts));
  assert.equal(
    await sealOf(SECRET).sign(parts),
    await sealOf(new TextEncoder().encode(SECRET)).sign(parts),
  );
  assert.match(await sealOf().sign(parts), /^[A-Za-z0-9_-]{22}$/);
});

Deno.test("a part changed, moved across a boundary, added or dropped signs otherwise", async () => {
  const seal = sealOf();
  const lists = [
    ["ab", "c"],
    ["a", "bc"],
    ["abc"],
    ["ab", "c", ""],
    ["ab", "d"],
    ["1:ab", "c"],
    ["\ud800"],
    ["\udc00"],
    ["\ufffd"],
  ];
  const macs = await Promise.all(lists.map((parts) => seal.sign(parts)));
  assert.equal(new Set(macs).size, lists.length);
});

Deno.test("a secret's MAC is neither the public one nor another secret's", async () => {
  const parts = ["pw1:key", '{"v":3}'];
  const macs = await Promise.all([
    sealOf().sign(parts),
    sealOf(SECRET).sign(parts),
    sealOf(SECRET + "!").sign(parts),
  ]);
  assert.equal(new Set(macs).size, 3);
});
