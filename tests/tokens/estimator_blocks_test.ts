/**
 * Every assigned Unicode block: random text of the block's own code points
 * (with spaces) is estimated at no fewer tokens than the largest of the three
 * tokenizers. No word list can game this: the table's prices are the
 * tokenizers' own, and the discounts hold on random letters too.
 * `deno task test:blocks` runs a larger sweep (BLOCK_CODE_POINTS=4000).
 */
import assert from "node:assert/strict";
import { estimateTokens } from "../../mod.ts";
import { assignedBlocks } from "../../dev/unicode_blocks.ts";
import { blockText } from "../../dev/block_text.ts";
import { random } from "../../dev/generate.ts";
import { max3 } from "../../dev/tokenizers.ts";

const CODE_POINTS = Number(Deno.env.get("BLOCK_CODE_POINTS") ?? 160);

Deno.test(`random text of every assigned Unicode block costs no more than its estimate (${CODE_POINTS} code points each)`, () => {
  const rng = random(31337);
  const failures: string[] = [];
  const blocks = assignedBlocks();
  for (const block of blocks) {
    const text = blockText(block.codePoints, CODE_POINTS, rng);
    const estimate = estimateTokens(text);
    const real = max3(text);
    if (estimate < real) failures.push(`${block.name}: ${estimate} < ${real}`);
  }
  assert.ok(blocks.length > 320, `${blocks.length} blocks`);
  assert.deepEqual(failures, []);
});
