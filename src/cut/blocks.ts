// Pages of mixed content: text blocks, which may be cut, and blocks kept
// whole (images, audio, resources), which go on a page of their own when
// they do not fit beside others.

import type { Call } from "./call.ts";
import { fit } from "./_fit.ts";
import { cutPoint } from "./graphemes.ts";
import { add, type Cost, fitsIn, subtract, ZERO } from "../limits/measure.ts";
import { blocksNote, nextCall } from "./notes.ts";
import type { Meter } from "../limits/measure.ts";
import type { Block, BlockPage } from "./page.ts";

type Out<T> = { text: string } | { whole: T };

export function blockCost<T>(meter: Meter, block: Block<T>): Cost {
  return "text" in block
    ? meter.cost(block.text)
    : block.tokens !== undefined
    ? { ...ZERO, tokens: block.tokens }
    : meter.cost(block.measure ?? JSON.stringify(block.whole) ?? "");
}

export function strip<T>(block: Block<T>): Out<T> {
  return "text" in block ? { text: block.text } : { whole: block.whole };
}

/** Whether every block fits on one page together. */
export function blocksFit<T>(meter: Meter, blocks: Block<T>[]): boolean {
  // Characters first: a long text is ruled out without estimating it.
  let chars = 0;
  for (const block of blocks) if ("text" in block) chars += block.text.length;
  if (chars > meter.page.chars) return false;
  // A client shows each block on a line of its own: every boundary is a line.
  let used: Cost = { ...ZERO, lines: Math.max(0, blocks.length - 1) };
  for (const block of blocks) {
    used = add(used, blockCost(meter, block));
    if (!fitsIn(used, meter.page)) return false;
  }
  return true;
}

/** One more line: the boundary before a block that follows another. */
const BOUNDARY: Cost = { ...ZERO, lines: 1 };

const SHARES = 1000;

/** The page of `blocks` that starts at block `index`, `part` characters into it. */
export async function blocksPage<T>(
  call: Call,
  blocks: Block<T>[],
  index: number,
  part: number,
): Promise<BlockPage<T>> {
  const { meter, mode } = call;
  const total = blocks.length;
  const note = (to: number, upTo: string | undefined, next: string | undefined) =>
    blocksNote(index + 1, to, total, upTo, next && nextCall(call.cursorParam, next), mode);
  let reserve = meter.cost(note(total, `${1e12} of ${1e12}`, undefined));
  if (!mode.trim) {
    reserve = add(
      meter.cost(note(total, `${1e12} of ${1e12}`, "")),
      meter.cursor(call.cursorLength(total, 1e12)),
    );
  }
  // The note is a block of its own, on a line of its own.
  const fullRoom = subtract(meter.page, add(reserve, BOUNDARY));
  return await fit<BlockPage<T>>(SHARES, async (share) => {
    const room = {
      ...fullRoom,
      tokens: (fullRoom.tokens * share) / SHARES,
      chars: Math.floor((fullRoom.chars * share) / SHARES),
    };
    const out: Out<T>[] = [];
    let used = ZERO;
    let next: [number, number] | undefined;
    let upTo: string | undefined;
    for (let i = index; i < total; i++) {
      const block = blocks[i];
      if (!("text" in block)) {
        const cost = add(blockCost(meter, block), BOUNDARY);
        // A whole block never shares a page it does not fit on; alone, it is shown anyway.
        if (out.length && !fitsIn(add(used, cost), room)) {
          next = [i, 0];
          break;
        }
        out.push(strip(block));
        used = add(used, cost);
        continue;
      }
      const from = i === index ? part : 0;
      if (out.length) used = add(used, BOUNDARY);
      const max = meter.prefix(block.text, from, subtract(room, used));
      if (max >= block.text.length) {
        out.push({ text: block.text.slice(from) });
        used = add(used, meter.cost(block.text.slice(from)));
        continue;
      }
      const end = cutPoint(block.text, from, max);
      if (end > from) {
        out.push({ text: block.text.slice(from, end) });
        upTo = `${end} of ${block.text.length}`;
      }
      if (out.length === 0) return { held: 0 };
      next = end > from ? [i, end] : [i, from];
      break;
    }
    const to = next ? (next[1] > 0 ? next[0] + 1 : next[0]) : total;
    const cursor = next && !mode.trim ? await call.next(next[0], next[1]) : undefined;
    const text = note(to, upTo, cursor);
    const texts = out.filter((b): b is { text: string } => "text" in b).map((b) => b.text);
    // Whole blocks, each on a line of its own.
    const wholeCost = out.reduce(
      (sum, b, k) =>
        "text" in b ? sum : add(sum, add(blockCost(meter, blocks[index + k]), BOUNDARY)),
      ZERO,
    );
    // Text blocks are measured once more, with the note, as the model reads
    // them: one block a line.
    const aloneAndWhole = out.length === 1 && !("text" in out[0]);
    const shown = [...texts, text].join("\n");
    if (!aloneAndWhole && !meter.fits(shown, subtract(meter.page, wholeCost))) {
      return { held: share };
    }
    const page: BlockPage<T> = {
      blocks: [...out, { text }],
      cut: true,
      nextCursor: cursor,
      from: index + 1,
      to: Math.max(index + 1, to),
      total,
    };
    if (mode.changed) page.changed = true;
    return { page };
  }, () => call.tooSmall("one character of a text block with the page note"));
}
