/**
 * Builds the npm package `@pagewise/mcp` from the same source as the JSR one
 * and packs it, for Node users and their MCP configs
 * (`npx -y @pagewise/mcp proxy -- <command>`):
 *
 *     deno task npm               # npm/package/ and npm/pagewise-mcp-<version>.tgz
 *     deno task npm --out DIR     # the same in DIR
 *
 * tsc (TypeScript 7, mapped in deno.dev.json) writes ESM JavaScript and
 * `.d.ts` files for every module the entries reach, `.ts` imports rewritten
 * to `.js`. Types are not checked here: `deno check` checks the source, and
 * tests/npm/ checks the declarations with tsc as a user's project would.
 * The package has deno.json's version and exports; an entry with a Node twin
 * beside it (`src/cli/mod.ts` and `src/cli/mod_node.ts`) is the twin, so the
 * package never holds a Deno-only module. `src/cli/bin_node.ts` is the
 * `pagewise` bin. `npm pack` leaves one tarball beside the package folder.
 *
 * Needs `deno install --config deno.dev.json` (TypeScript) and npm (Node 20+).
 */

import { INSTALL_NODE, runOrThrow } from "../dev/command.ts";

const ROOT = new URL("../", import.meta.url);
const root = (path: string) => decodeURIComponent(new URL(path, ROOT).pathname);

/** The `pagewise` bin's source. */
export const BIN = "src/cli/bin_node.ts";

/**
 * Peer ranges, from deno.json's imports but zod's: the library never imports
 * zod, the SDK v1 does, so the package takes the zods the SDK takes (3.25 or
 * 4) rather than refusing a server on zod 3. `@upstash/redis` is optional:
 * only `@pagewise/mcp/upstash` is for it, and only for its type.
 */
const PEERS: Record<string, { range?: string; optional?: boolean }> = {
  "@modelcontextprotocol/sdk": {},
  "zod": { range: "^3.25 || ^4.0" },
  "@upstash/redis": { optional: true },
};

/** What {@linkcode buildNpmPackage} wrote. */
export interface NpmBuild {
  /** The package folder (what the tarball holds). */
  packageDir: string;
  /** The tarball `npm pack` wrote. */
  tarball: string;
}

interface DenoJson {
  name: string;
  version: string;
  license: string;
  exports: Record<string, string>;
  imports: Record<string, string>;
}

/**
 * The source of each export for Node: deno.json's, or the Node twin beside it
 * (`x_node.ts` for `x.ts`) when there is one.
 */
export async function nodeExports(
  exports: Record<string, string>,
): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  for (const [name, path] of Object.entries(exports)) {
    const source = path.replace(/^\.\//, "");
    const twin = source.replace(/\.ts$/, "_node.ts");
    entries[name] = await exists(root(twin)) ? twin : source;
  }
  return entries;
}

/** Builds the package into `out` (`package/` and one `.tgz`) and returns where. */
export async function buildNpmPackage(out: string): Promise<NpmBuild> {
  const deno: DenoJson = JSON.parse(await Deno.readTextFile(root("deno.json")));
  const packageDir = `${out}/package`;
  await Deno.mkdir(out, { recursive: true });
  await Deno.remove(packageDir, { recursive: true }).catch(notFoundIsFine);
  for await (const entry of Deno.readDir(out)) {
    if (entry.name.endsWith(".tgz")) await Deno.remove(`${out}/${entry.name}`);
  }

  const entries = await nodeExports(deno.exports);
  await compile([...Object.values(entries), BIN], packageDir);
  await Deno.writeTextFile(
    `${packageDir}/package.json`,
    JSON.stringify(packageJson(deno, entries), null, 2) + "\n",
  );
  await Deno.copyFile(root("LICENSE"), `${packageDir}/LICENSE`);
  // The README links to docs/: they travel with it, as on JSR. Links to what
  // the package does not hold (tests, examples, bench) would be broken on
  // npm: their text stays, the link goes.
  const docs: string[] = [];
  for await (const doc of Deno.readDir(root("docs"))) {
    if (doc.isFile && doc.name.endsWith(".md")) docs.push(`docs/${doc.name}`);
  }
  await Deno.mkdir(`${packageDir}/docs`, { recursive: true });
  for (const file of ["README.md", ...docs]) {
    const text = await Deno.readTextFile(root(file));
    await Deno.writeTextFile(`${packageDir}/${file}`, linksWithin(text, file, docs));
  }
  const tarball = await pack(packageDir, out);
  return { packageDir, tarball };
}

/**
 * `markdown` (the file `path` of the package) with each relative link to a
 * file the package does not hold (`README.md` and `docs` it does) turned into
 * its text. Links to the web, anchors and the package's own files stay.
 */
export function linksWithin(markdown: string, path: string, docs: readonly string[]): string {
  const held = new Set(["README.md", "LICENSE", ...docs]);
  const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "";
  return markdown.replace(/\[([^\]\n]*)\]\(([^)\s]+)\)/g, (link, text: string, target: string) => {
    if (/^[a-z][a-z0-9+.-]*:|^#/i.test(target)) return link;
    const file = new URL(target.split("#")[0], `file:///${folder}`).pathname.slice(1);
    return held.has(file) ? link : text;
  });
}

function packageJson(deno: DenoJson, entries: Record<string, string>) {
  const js = (source: string) => "./" + source.replace(/\.ts$/, ".js");
  const types = (source: string) => "./" + source.replace(/\.ts$/, ".d.ts");
  const peerDependencies: Record<string, string> = {};
  const peerDependenciesMeta: Record<string, { optional: true }> = {};
  for (const [name, peer] of Object.entries(PEERS)) {
    peerDependencies[name] = peer.range ?? rangeOf(deno.imports, name);
    if (peer.optional) peerDependenciesMeta[name] = { optional: true };
  }
  return {
    name: deno.name,
    version: deno.version,
    description: "Keeps MCP tool results under each client's limit: pages with stateless " +
      "cursors, for MCP SDK servers, Workers, Deno and Node, and a stdio proxy for any server.",
    license: deno.license,
    homepage: "https://jsr.io/@pagewise/mcp",
    keywords: ["mcp", "model-context-protocol", "pagination", "tokens", "cursor", "proxy"],
    type: "module",
    engines: { node: ">=20" },
    exports: Object.fromEntries(
      Object.entries(entries).map(([name, source]) => [
        name,
        { types: types(source), default: js(source) },
      ]),
    ),
    bin: { pagewise: js(BIN) },
    // Only the bin does anything when loaded: a bundler may leave out any other
    // module whose exports a program does not use (the cache engine, without a cache).
    sideEffects: [js(BIN)],
    peerDependencies,
    peerDependenciesMeta,
  };
}

// "npm:@upstash/redis@^1.39.0" → "^1.39.0"
function rangeOf(imports: Record<string, string>, name: string): string {
  const range = /^npm:(?:@[^/@]+\/)?[^/@]+@(.+)$/.exec(imports[name] ?? "")?.[1];
  if (!range) throw new Error(`deno.json imports has no npm: version for ${name}`);
  return range;
}

async function compile(sources: string[], outDir: string): Promise<void> {
  const tsc = root("node_modules/typescript/bin/tsc");
  if (!await exists(tsc)) {
    throw new Error(
      "TypeScript is not in node_modules: run `deno install --config deno.dev.json` " +
        "at the repository root (deno.dev.json maps it), then retry.",
    );
  }
  await runOrThrow(
    Deno.execPath(),
    [
      "run",
      "-A",
      tsc,
      "--target",
      "es2022",
      "--module",
      "esnext",
      "--moduleResolution",
      "bundler",
      "--lib",
      "es2023,dom,dom.iterable",
      "--declaration",
      // deno check has checked the source; tests/npm/ checks the declarations.
      "--noCheck",
      "--allowImportingTsExtensions",
      "--rewriteRelativeImportExtensions",
      "--newLine",
      "lf",
      "--rootDir",
      root("."),
      "--outDir",
      outDir,
      ...sources.map(root),
    ],
    { cwd: root("."), install: "Deno 2: npm install -g deno@2" },
  );
}

async function pack(packageDir: string, out: string): Promise<string> {
  const output = await runOrThrow("npm", ["pack", "--json", "--pack-destination", out], {
    cwd: packageDir,
    install: INSTALL_NODE,
  });
  const [{ filename }] = JSON.parse(output) as { filename: string }[];
  return `${out}/${filename}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    notFoundIsFine(error);
    return false;
  }
}

function notFoundIsFine(error: unknown): void {
  if (!(error instanceof Deno.errors.NotFound)) throw error;
}

if (import.meta.main) {
  const at = Deno.args.indexOf("--out");
  const out = at === -1 ? root("npm") : Deno.args[at + 1];
  if (!out || Deno.args.some((arg, i) => arg !== "--out" && i !== at + 1)) {
    console.error("Usage: deno task npm [--out DIR]");
    Deno.exit(2);
  }
  const absolute = out.startsWith("/") ? out : `${Deno.cwd()}/${out}`;
  const { packageDir, tarball } = await buildNpmPackage(absolute.replace(/\/+$/, ""));
  console.log(`${packageDir}/\n${tarball}`);
}
