// The key a store carries the cache engine under (see engine.ts). A module of
// its own, with no imports, so that the paging layer can look the engine up
// on a store without bundling it.
//
// A symbol of this copy of pagewise, not a global one (`Symbol.for`): the
// engine serves pages from the cursors this copy's pager opens (a handle it
// alone can read), so a store made by another copy of pagewise in the same
// program (installed twice, or a library's own) would serve nothing. Such a
// store is refused when the cache is made, with the fix: this copy's
// `pageStore` gives it this copy's engine.

/** The property of a store that holds the cache engine. */
export const CACHE_ENGINE: unique symbol = Symbol("pagewise.cache-engine");
