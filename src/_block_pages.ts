// Pages of mixed content: text blocks, which may be cut, and blocks kept
// whole (images, audio, resources), which go on a page of their own when
// they do not fit beside others.

import { cutPoint, isBoundary } from "./_graphemes.ts";
import { add, type Cost, fitsIn, subtract, ZERO } from "./_measure.ts";
import { blocksNote, nextCall } from "./_notes.ts";
import type { Call, Paging } from "./_paging.ts";
import { CursorError } from "./cursor.ts";

/**
 * One block of mixed content: a text, which may be cut at line breaks, or a
 * block kept whole. A whole block costs `tokens` tokens and no characters
 * when `tokens` is given, else what `measure` (default: its JSON) costs.
 */
export type Block<T> = { text: string } | { whole: T; tokens?: number; measure?: string };

/** A page of mixed content. */
export interface BlockPage<T> {
  /** The blocks on this page, in order; when cut, the last is a text block with the note. */
  blocks: Array<{ text: string } | { whole: T }>;
  /** Whether anything of the content is not on this page. */
  cut: boolean;
  /** Cursor of the next page; absent on the last page and when nothing was cut. */
  nextCursor?: string;
  /** First block on the page, from 1. */
  from: number;
  /** Last block on the page (partly, when its text is cut). */
  to: number;
  /** Blocks in the content. */
  total: number;
}

type Out<T> = { text: string } | { whole: T };

export function blockPages(p: Paging) {
  const { meter, cursorParam, cursorFor, readCursor, tooSmall } = p;

  const costOf = <T>(block: Block<T>): Cost =>
    "text" in block
      ? meter.cost(block.text)
      : block.tokens !== undefined
      ? { ...ZERO, tokens: block.tokens }
      : meter.cost(block.measure ?? JSON.stringify(block.whole) ?? "");

  const strip = <T>(block: Block<T>): Out<T> =>
    "text" in block ? { text: block.text } : { whole: block.whole };

  /** Whether every block fits on one page together. */
  function fitsWhole<T>(blocks: Block<T>[]): boolean {
    // Characters first: a long text is ruled out without estimating it.
    let chars = 0;
    for (const block of blocks) if ("text" in block) chars += block.text.length;
    if (chars > meter.page.chars) return false;
    let used = ZERO;
    for (const block of blocks) {
      used = add(used, costOf(block));
      if (!fitsIn(used, meter.page)) return false;
    }
    return true;
  }

  async function pageBlocks<T>(
    blocks: Block<T>[],
    cursor: string | undefined,
    call: Call,
  ): Promise<BlockPage<T>> {
    const total = blocks.length;
    let index = 0;
    let part = 0;
    if (cursor !== undefined) {
      const state = await readCursor(cursor, call);
      const block = blocks[state.offset];
      const inText = block && "text" in block && state.part < block.text.length &&
        isBoundary(block.text, state.part);
      if (!block || (state.part !== 0 && !inText)) throw new CursorError("out_of_range");
      index = state.offset;
      part = state.part;
    }
    const note = async (to: number, upTo: string | undefined, next?: [number, number]) => {
      const cursor = next && !call.trim ? await cursorFor(call, next[0], next[1]) : undefined;
      return {
        cursor,
        text: blocksNote(
          index + 1,
          to,
          total,
          upTo,
          cursor && nextCall(cursorParam, cursor),
          call.trim,
        ),
      };
    };
    const worst = await note(total, `${1e12} of ${1e12}`, [total, 1e12]);
    let room = subtract(meter.page, meter.cost(worst.text));
    for (;;) {
      const out: Out<T>[] = [];
      let used = ZERO;
      let next: [number, number] | undefined;
      let upTo: string | undefined;
      for (let i = index; i < total; i++) {
        const block = blocks[i];
        if (!("text" in block)) {
          const cost = costOf(block);
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
        if (out.length === 0) tooSmall("one character of a text block with the page note");
        next = end > from ? [i, end] : [i, from];
        break;
      }
      if (!next && index === 0 && part === 0 && !call.trim) {
        return { blocks: out, cut: false, from: 1, to: total, total };
      }
      const to = next ? (next[1] > 0 ? next[0] + 1 : next[0]) : total;
      const { cursor: nextCursor, text } = await note(to, upTo, next);
      const texts = out.filter((b): b is { text: string } => "text" in b).map((b) => b.text);
      const wholeCost = out.reduce(
        (sum, b, k) => ("text" in b ? sum : add(sum, costOf(blocks[index + k] as Block<T>))),
        ZERO,
      );
      // Text blocks are measured once more, with the note, as the model reads them.
      const aloneAndWhole = out.length === 1 && !("text" in out[0]);
      if (aloneAndWhole || meter.fits(texts.join("") + text, subtract(meter.page, wholeCost))) {
        return {
          blocks: [...out, { text }],
          cut: true,
          nextCursor,
          from: index + 1,
          to: Math.max(index + 1, to),
          total,
        };
      }
      room = { ...room, tokens: room.tokens * 0.9, chars: Math.floor(room.chars * 0.9) };
    }
  }

  return { pageBlocks, fitsWhole, strip };
}
