/**
 * The config of the tests and benchmarks (deno.dev.json: the library's
 * imports and the toolbox's, with their own lock). A subprocess that runs an
 * npm tool (wrangler, esbuild, a reference server) is given it, so that the
 * tool never lands in deno.lock, which holds only what the demo installs.
 */
export const DEV_CONFIG: string = new URL("../deno.dev.json", import.meta.url).pathname;
