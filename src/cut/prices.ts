// Token estimates of elements known before a page is built: a container read
// back from the cache can carry the estimates its elements were priced at in
// the background after the result was kept (src/cache/cache.ts), so that a
// later page prices only its first element and the whole page.

import type { Container } from "../json/scan.ts";

/**
 * By container: the estimate (`estimate` of src/limits/measure.ts) of
 * element `i` as it follows the one before it (`element(shape, i, false)`),
 * or undefined where it is not known.
 */
export const knownPrices: WeakMap<Container, (i: number) => number | undefined> = new WeakMap();
