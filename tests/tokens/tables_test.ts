/**
 * The generated tables decode to what the fixture says, whatever their
 * encoding and however they are decoded: every entry a lookup can reach of
 * every table the estimator decodes (the category of every code point, the
 * rare trigrams, the known words' keys, the short words' floors, the prices
 * per category, the punctuation merges) and the estimates of a varied
 * sample, to the last bit, against tests/tokens/tables_fixture.json (written
 * by tools/table_snapshot.ts; rewritten only where a table changes on
 * purpose). A table is compared whole and per block of 4,096 entries, so a
 * failure names the first block that differs.
 */
import assert from "node:assert/strict";
import {
  BLOCK,
  estimateDigests,
  FIXTURE,
  type TableDigest,
  tableDigests,
} from "../../tools/table_snapshot.ts";

const fixture: Record<string, Record<string, TableDigest>> = JSON.parse(
  await Deno.readTextFile(FIXTURE),
);

function compare(name: string, got: TableDigest | undefined, want: TableDigest): void {
  assert.ok(got, `${name}: not decoded`);
  assert.equal(got.length, want.length, `${name}: ${got.length} entries, not ${want.length}`);
  const block = got.blocks.findIndex((digest, i) => digest !== want.blocks[i]);
  assert.equal(
    block,
    -1,
    `${name}: entries ${block * BLOCK} to ${(block + 1) * BLOCK - 1} differ from the fixture's`,
  );
  assert.equal(got.sha256, want.sha256, name);
}

Deno.test("every decoded table entry is the fixture's", async () => {
  const got = await tableDigests();
  assert.deepEqual(Object.keys(got).sort(), Object.keys(fixture.tables).sort());
  for (const [name, want] of Object.entries(fixture.tables)) compare(name, got[name], want);
});

Deno.test("the estimates of a varied sample are bit for bit the fixture's", async () => {
  const got = await estimateDigests();
  assert.deepEqual(Object.keys(got).sort(), Object.keys(fixture.estimates).sort());
  for (const [name, want] of Object.entries(fixture.estimates)) compare(name, got[name], want);
});
