/**
 * Where a scan with a limit stops inside a run: the longest prefix of the
 * run that fits, by binary search on the prefix's cost.
 *
 * @module
 */

/** Where a priced scan stopped: `end` after the last character priced, `cost` the price of the prefix. */
export interface Scan {
  end: number;
  cost: number;
}

/**
 * The longest prefix of a run, text[runStart, end) for end below `runEnd`,
 * whose `costOf(end)` fits the limit, by binary search (the run itself does
 * not fit); `startCost` is the cost without the run.
 */
export function fitBySearch(
  runStart: number,
  runEnd: number,
  limit: number,
  startCost: number,
  costOf: (end: number) => number,
): Scan {
  let lo = runStart;
  let loCost = startCost;
  let hi = runEnd - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    const cost = costOf(mid);
    if (cost <= limit) {
      lo = mid;
      loCost = cost;
    } else hi = mid - 1;
  }
  return { end: lo, cost: loCost };
}
