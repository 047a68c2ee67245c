// Token estimates of elements known before a page is built: a container read
// back from the cache carries the estimates its elements were priced at in
// the background after the result was kept (src/cache/_pricing.ts), so that
// a later page prices only its first element and the whole page.

import type { Container } from "../json/scan.ts";

/** A container that may carry the estimates of its elements. */
export interface PricedContainer extends Container {
  /**
   * The estimate (`estimate` of src/limits/measure.ts) of element `i` as it
   * follows the one before it (`element(shape, i, false)`), or undefined
   * where it is not known.
   */
  price?: (i: number) => number | undefined;
}

/** The estimates `container` carries of its elements, if any. */
export function knownPrices(
  container: Container,
): ((i: number) => number | undefined) | undefined {
  return (container as PricedContainer).price;
}
