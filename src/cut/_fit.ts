// The one fit loop every page builder uses: build the page as large as the
// measured pieces allow, measure it whole (envelope, note and cursor
// included), and shrink it until it fits. Sums of measured pieces are only an
// estimate of the whole; the whole is what the model receives.

/** One attempt: the page when it fits, else how much it held. */
export type Attempt<T> = { page: T } | { held: number };

/** The smallest step: a tenth of what the last attempt held, at least one unit. */
function smaller(held: number): number {
  return Math.min(held - 1, Math.floor(held * 0.9));
}

/**
 * The first page that fits, trying sizes from `size` down. `attempt(size)`
 * builds a page of at most `size` units (elements, characters, or a share of
 * the room); `none` answers when not even one unit fits.
 */
export async function fit<T>(
  size: number,
  attempt: (size: number) => Promise<Attempt<T>>,
  none: () => T | Promise<T>,
): Promise<T> {
  for (let next = size; next >= 1;) {
    const result = await attempt(next);
    if ("page" in result) return result.page;
    next = smaller(Math.min(next, result.held));
  }
  return await none();
}
