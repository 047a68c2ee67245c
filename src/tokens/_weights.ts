/**
 * The prices the scan uses: fitted ASCII weights (one per feature of
 * _features.ts), floors, and a discount per group of merge-rich letters;
 * from them, on first use, each table category's prices with its discount,
 * and the prices of short whitespace runs.
 *
 * @module
 */

import { ASCII_WEIGHTS, DISCOUNTS, RUN_FLOORS } from "./_ascii_weights.ts";
import { GROUP_NAMES } from "./_code_point_prices.ts";
import { categoryPrices } from "./_code_points.ts";
import { FLOORS } from "./_features.ts";
import { whitespaceTable } from "./_whitespace.ts";

/**
 * Per table category and tokenizer (index `3 * category + tokenizer`), the
 * price of a code point that starts a group, of one that continues it, and
 * of a space before it; and the prices of short whitespace runs.
 */
export interface Prices {
  readonly alone: Float64Array;
  readonly continued: Float64Array;
  readonly start: Float64Array;
  /** Per category: its discount group. */
  readonly group: Uint8Array;
  /** The part of `alone` a discount applies to (0 where the tokenizer does not merge the letter). */
  readonly discountable: Float64Array;
  /**
   * The prices per tokenizer of the whitespace runs shorter than
   * WHITESPACE_TABLE, at least their floors (_whitespace.ts, whitespaceTable).
   */
  readonly whitespace: Float64Array;
}

/**
 * Prices for the scan: fitted ASCII weights (one per entry of FEATURES),
 * floors, and the discount per group, from which the prices per category
 * are made on first use.
 */
export class Weights {
  /** One weight per feature of FEATURES. */
  readonly ascii: Float64Array;
  /**
   * Per floor of FLOOR_NAMES, `slope * n - offset` (at `2 * i` and
   * `2 * i + 1`) under the fitted price of a run of `n` characters,
   * measured from the tokenizers on adversarial runs.
   */
  readonly floor: Float64Array;
  /** Per group of GROUP_NAMES, the share of a letter's table price saved after a letter of its group. */
  readonly discount: Float64Array;
  #prices: Prices | undefined;

  constructor(
    ascii: ArrayLike<number>,
    discounts: Readonly<Record<string, number>>,
    floors: ArrayLike<number> = new Float64Array(2 * FLOORS),
  ) {
    this.ascii = Float64Array.from(ascii);
    this.floor = Float64Array.from(floors);
    // (A group not named gets none.)
    this.discount = Float64Array.from(GROUP_NAMES, (name, g) => g === 0 ? 0 : discounts[name] ?? 0);
  }

  /** The prices per category and of short whitespace runs, made on first use. */
  get prices(): Prices {
    return this.#prices ??= pricesOf(this);
  }
}

function pricesOf(weights: Weights): Prices {
  const { alone, start, group, member } = categoryPrices();
  const n = alone.length;
  const continued = new Float64Array(n);
  const discountable = new Float64Array(n);
  for (let i = 0, k = 0; i < n; k++) {
    const d = weights.discount[group[k]];
    for (const end = i + 3; i < end; i++) {
      discountable[i] = member[i] ? alone[i] : 0;
      continued[i] = alone[i] - d * discountable[i];
    }
  }
  return {
    alone: Float64Array.from(alone),
    continued,
    start: Float64Array.from(start),
    group,
    discountable,
    whitespace: whitespaceTable(weights.ascii, weights.floor),
  };
}

/**
 * Weights from fitted ASCII weights, a discount per group name (a group not
 * named gets none) and floors. Each discount is the share of a letter's
 * table price that is saved when it follows a letter of its own group.
 */
export function makeWeights(
  ascii: ArrayLike<number>,
  discounts: Readonly<Record<string, number>>,
  floors?: ArrayLike<number>,
): Weights {
  return new Weights(ascii, discounts, floors);
}

/**
 * The default weights: the fitted ASCII weights (which carry a 3 % margin on
 * the tokens they price, tools/calibrate.ts), the fitted discounts and floors.
 */
export const DEFAULT_WEIGHTS: Weights = new Weights(ASCII_WEIGHTS, DISCOUNTS, RUN_FLOORS);
