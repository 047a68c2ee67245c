// The key a store carries the cache engine under (see engine.ts). A module of
// its own, with no imports, so that the paging layer can look the engine up
// on a store without bundling it. `Symbol.for`: two copies of this module (one
// version of pagewise bundled twice) agree on the key. The key names the
// engine's interface version (bumped when what the pager hands the engine
// changes), so a store made by a pagewise that speaks another is not handed
// to this pager's paging code, but refused, with the fix (pageStore) named.

/** The property of a store that holds the cache engine. */
export const CACHE_ENGINE: unique symbol = Symbol.for("pagewise.cache-engine.v1");
