// Prices every element of a result just kept, in the background, so that a
// later page served from this isolate estimates only its first element and
// the whole page, not each element again.

import type { ElementsSource } from "../source/source.ts";
import { estimate } from "../limits/measure.ts";
import { element } from "../json/envelope.ts";
import type { Hints } from "./_memory.ts";

// About 2 ms of estimating: what a page asked for while pricing may wait.
const SLICE_CHARS = 64 * 1024;

/**
 * Prices the elements of `source`, kept under `key`, as a page prices an
 * element that follows another (`element(shape, i, false)`), into the hint
 * of `key`. It runs after the page that kept the result has gone out, a slice
 * at a time with the event loop let go between slices (a page asked for
 * meanwhile waits one slice at most), and is handed to `waitUntil` where there
 * is one. Until an element is priced, a page estimates it itself. A result
 * whose offsets the hints do not keep is not priced.
 */
export function priceInBackground(
  hints: Hints,
  key: string,
  source: ElementsSource,
  waitUntil?: (promise: Promise<unknown>) => void,
): void {
  const { shape } = source;
  const count = shape.container.count;
  if (count < 2) return;
  const hint = hints.peek(key);
  const prices = hints.pricesFor(key, count);
  if (hint === undefined || prices === undefined) return;
  const task = (async () => {
    for (let i = 1; i < count;) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Forgotten meanwhile (evicted, or another result under the key): stop.
      if (hints.peek(key) !== hint) return;
      // Slices by length, not by the clock: a Worker's clock stands still
      // while it computes.
      for (let chars = 0; i < count && chars < SLICE_CHARS; i++) {
        const text = element(shape, i, false);
        prices[i] = estimate(text);
        chars += text.length;
      }
    }
  })().catch(() => {
    // Prices only save work: without them a page estimates its elements.
    if (hints.peek(key) === hint) prices.fill(NaN);
  });
  waitUntil?.(task);
}
