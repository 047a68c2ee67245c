#!/usr/bin/env node
/**
 * The npm package's `pagewise` bin: the command line on Node, exiting with
 * its status (`npx -y @pagewise/mcp proxy -- <command>`).
 *
 * @module
 */

import process from "node:process";
import { main } from "./mod_node.ts";

// The proxy has closed both sides: nothing is left to flush, and a stdin
// still open would keep the process alive.
process.exit(await main(process.argv.slice(2)));
