/**
 * The generated tables decode to what they decoded to before their encoding
 * changed (issue 23: smaller tables, the same estimates): every entry of every
 * table the estimator builds at load or on first use (the category of every
 * code point, the rare trigrams, the known words' key tables, the short
 * words' floors, the prices per category, the punctuation merges) and the
 * estimates of a varied sample, to the last bit, against
 * tests/tokens/tables_fixture.json (written by tools/table_snapshot.ts from
 * the encodings of commit ec4ed20). A table is compared whole and per block
 * of 4,096 entries, so a failure names the first block that differs.
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

Deno.test("every decoded table entry is the one the old encoding decoded to", async () => {
  const got = await tableDigests();
  assert.deepEqual(Object.keys(got).sort(), Object.keys(fixture.tables).sort());
  for (const [name, want] of Object.entries(fixture.tables)) compare(name, got[name], want);
});

Deno.test("the estimates of a varied sample are bit for bit the old tables' estimates", async () => {
  const got = await estimateDigests();
  assert.deepEqual(Object.keys(got).sort(), Object.keys(fixture.estimates).sort());
  for (const [name, want] of Object.entries(fixture.estimates)) compare(name, got[name], want);
});
