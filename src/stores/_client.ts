// What a store is built on (a Redis client, a Deno.Kv, a KV binding), checked
// when the store is made: a wrong one would otherwise fail every page later,
// each failure a miss the author never sees.

import { invalid } from "../paging/options.ts";

/** Throws unless `client` has every one of `methods`, saying what was expected. */
export function checkClient(
  store: string,
  client: unknown,
  methods: readonly string[],
  expected: string,
): void {
  const has = (name: string) =>
    typeof (client as Record<string, unknown> | null | undefined)?.[name] === "function";
  if (client === null || typeof client !== "object" || !methods.every(has)) {
    throw invalid(`${store}'s first argument`, expected, client);
  }
}
