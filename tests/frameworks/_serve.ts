import { serveInProcess } from "../support/serve_in_process.ts";

/** Serves a fetch handler on a free loopback port until `use` (given the origin) is done. */
export function serving(
  handler: (request: Request) => Response | Promise<Response>,
  use: (origin: string) => Promise<void>,
): Promise<void> {
  return serveInProcess(handler, (url) => use(new URL(url).origin));
}
