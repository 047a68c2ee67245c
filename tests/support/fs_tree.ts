/**
 * Directory trees built on disk for a filesystem server to walk, and the
 * value its `directory_tree` tool should return for them (in any order).
 */

/** An entry of `directory_tree`'s answer. */
export interface TreeEntry {
  name: string;
  type: "file" | "directory";
  children?: TreeEntry[];
}

/** Makes `dirs` folders of `files` empty files each under `root`; returns the tree. */
export function makeTree(
  root: string,
  { dirs, files, nameLength = 40 }: { dirs: number; files: number; nameLength?: number },
): TreeEntry[] {
  const tree: TreeEntry[] = [];
  const empty = new Uint8Array();
  for (let d = 0; d < dirs; d++) {
    const dir = `dir_${String(d).padStart(4, "0")}`;
    Deno.mkdirSync(`${root}/${dir}`);
    const children: TreeEntry[] = [];
    for (let f = 0; f < files; f++) {
      const stem = `file_${d}_${f}_`;
      const name = stem +
        "abcdefghijklmnopqrstuvwxyz".repeat(10).slice(0, nameLength - stem.length - 4) +
        ".txt";
      Deno.writeFileSync(`${root}/${dir}/${name}`, empty);
      children.push({ name, type: "file" });
    }
    tree.push({ name: dir, type: "directory", children });
  }
  return tree;
}

/** The tree with every list sorted by name, to compare trees read in any order. */
export function sorted(tree: TreeEntry[]): TreeEntry[] {
  return tree.map((e) => (e.children ? { ...e, children: sorted(e.children) } : { ...e }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Bytes of the JSON-RPC answer server-filesystem writes for `directory_tree` of `tree`. */
export function directoryTreeWireBytes(tree: TreeEntry[], id = 1): number {
  const text = JSON.stringify(tree, null, 2);
  const message = {
    result: { content: [{ type: "text", text }], structuredContent: { content: text } },
    jsonrpc: "2.0",
    id,
  };
  return new TextEncoder().encode(JSON.stringify(message) + "\n").length;
}
