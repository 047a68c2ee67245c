/**
 * The state of one scan (src/tokens/_scan.ts) between the parts that price
 * it: the sums so far, where the next run starts and what comes before it,
 * and what the line breaks after a run of punctuation add to. One object per
 * scan, passed to each part, which reads and updates its fields.
 *
 * @module
 */

import type { Tokens } from "./_punctuation_bpe.ts";
import type { Prices } from "./_weights.ts";

/**
 * The state of one scan of a text from `start`. Every field a number is
 * declared with one: a field declared without a value starts undefined,
 * and V8 then keeps every number in it as an object of its own (the scan ran
 * at 0.8x its speed so, the sums' every change a new number on the heap).
 */
export class ScanState implements Tokens {
  /** Where the next run starts. */
  at = 0;
  /** The fitted price of the ASCII runs so far. */
  ascii = 0;
  /** Per tokenizer, the table price of everything else (code points, whitespace, punctuation). */
  t0 = 0;
  t1 = 0;
  t2 = 0;
  /** The largest of t0, t1, t2: the cost so far is ascii + table. */
  table = 0;
  /** What comes before the next run: an ASCII class of _characters.ts, NOTHING or NON_ASCII. */
  before = 0;
  /** The length of a letter run just before, not yet priced as a fragment. */
  letters = 0;
  /** Where the priced text starts. */
  readonly start: number = 0;
  /** The prices of the weights the scan prices with. */
  declare readonly prices: Prices;
  /** Where the last run of punctuation's piece starts (see whitespacePrices). */
  pieceFrom = 0;
  /** The run of punctuation whose leading slashes go apart (punctuationSums), or -1. */
  slashes = -1;
  /** Where o200k_base's piece starts, and its tokens, where not pieceFrom's. */
  o200kFrom = 0;
  o200kPiece = 0;
  /** The tokens of the last run of punctuation's piece, per tokenizer. */
  piece0 = 0;
  piece1 = 0;
  piece2 = 0;
  /** The prices per tokenizer of the run last priced (whitespacePrices, punctuationSums). */
  run0 = 0;
  run1 = 0;
  run2 = 0;
  /** The discount group of the code point just before scanCodePoints starts (scanWide's), or 0. */
  group = 0;
  /**
   * Each tokenizer's tokens of the run of punctuation last encoded
   * (punctuationCosts writes them here: fields, since a typed array costs
   * more to make than a short text to scan).
   */
  o200k = 0;
  cl100k = 0;
  claude = 0;

  /** Where a part that keeps them apart leaves the sums: for the next part to read. */
  sums(ascii: number, table: number, t0: number, t1: number, t2: number): void {
    this.ascii = ascii;
    this.table = table;
    this.t0 = t0;
    this.t1 = t1;
    this.t2 = t2;
  }

  constructor(start: number, before: number, prices: Prices) {
    this.at = start;
    this.before = before;
    this.start = start;
    this.prices = prices;
    this.pieceFrom = start;
    this.o200kFrom = start;
  }
}
