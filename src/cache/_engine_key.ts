// The key a store carries the cache engine under (see engine.ts). A module of
// its own, with no imports, so that the paging layer can look the engine up
// on a store without bundling it. `Symbol.for`: two copies of this module (one
// version of pagewise bundled twice) agree on the key.

/** The property of a store that holds the cache engine. */
export const CACHE_ENGINE: unique symbol = Symbol.for("pagewise.cache");
