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

/** The state of one scan of a text from `start`. */
export class ScanState implements Tokens {
  /** Where the next run starts. */
  at: number;
  /** The fitted price of the ASCII runs so far. */
  ascii: number;
  /** Per tokenizer, the table price of everything else (code points, whitespace, punctuation). */
  t0: number;
  t1: number;
  t2: number;
  /** The largest of t0, t1, t2: the cost so far is ascii + table. */
  table: number;
  /** What comes before the next run: an ASCII class of _characters.ts, NOTHING or NON_ASCII. */
  before: number;
  /** The length of a letter run just before, not yet priced as a fragment. */
  letters: number;
  /** Where the priced text starts. */
  readonly start: number;
  /** The prices of the weights the scan prices with. */
  readonly prices: Prices;
  /** Where the last run of punctuation's piece starts (see whitespacePrices). */
  pieceFrom: number;
  /** The run of punctuation whose leading slashes go apart (punctuationSums), or -1. */
  slashes: number;
  /** Where o200k_base's piece starts, and its tokens, where not pieceFrom's. */
  o200kFrom: number;
  o200kPiece: number;
  /** The tokens of the last run of punctuation's piece, per tokenizer. */
  piece0: number;
  piece1: number;
  piece2: number;
  /** The prices per tokenizer of the run last priced (whitespacePrices, punctuationSums). */
  run0: number;
  run1: number;
  run2: number;
  /** The discount group of the code point just before scanCodePoints starts (scanWide's), or 0. */
  group: number;
  /**
   * Each tokenizer's tokens of the run of punctuation last encoded
   * (punctuationCosts writes them here: fields, since a typed array costs
   * more to make than a short text to scan).
   */
  o200k: number;
  cl100k: number;
  claude: number;

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
    this.ascii = 0;
    this.t0 = 0;
    this.t1 = 0;
    this.t2 = 0;
    this.table = 0;
    this.before = before;
    this.letters = 0;
    this.start = start;
    this.prices = prices;
    this.pieceFrom = start;
    this.slashes = -1;
    this.o200kFrom = start;
    this.o200kPiece = 0;
    this.piece0 = 0;
    this.piece1 = 0;
    this.piece2 = 0;
    this.run0 = 0;
    this.run1 = 0;
    this.run2 = 0;
    this.group = 0;
    this.o200k = 0;
    this.cl100k = 0;
    this.claude = 0;
  }
}
