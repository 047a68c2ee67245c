/**
 * Generates src/_table.ts, the per-code-point prices of the token estimator,
 * from the tokenizers themselves: every code point from 0 to 0x10FFFF (lone
 * surrogates as the tokenizers read them) through o200k_base, cl100k_base
 * and the Claude tokenizer (after its NFKC), alone and after a space.
 * Slow (all 1.1 M code points, about 15 minutes on 2 cores); run it when a
 * tokenizer package changes: `deno task table`. `--cache FILE` keeps the raw
 * counts in FILE and reuses them when it exists.
 *
 * Each code point gets a category: (price alone, extra price after a space,
 * discount group). Letters of merge-rich scripts (see GROUPS) that cost one
 * token alone form a discount group; bench/calibrate.ts fits the discounts.
 */
import { decode as decodeO200k } from "gpt-tokenizer/encoding/o200k_base";
import { decode as decodeCl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { getTokenizer } from "@anthropic-ai/tokenizer";
import { codePointCost } from "../dev/code_point_cost.ts";

const N = 0x110000;

/**
 * Scripts whose letters merge into longer tokens in the vocabularies and that
 * the word lists cover with at least two languages. A letter belongs to its
 * script's group only if every one of the three vocabularies has at least
 * `MERGES` tokens of two or more code points that contain it: a letter that
 * some vocabulary never merges (Ukrainian ї, Polish ą in the Claude
 * vocabulary, rare Han) keeps its full price wherever it stands.
 */
const MERGES = 2;
const GROUPS: ReadonlyArray<readonly [string, RegExp]> = [
  ["latin", /^\p{Script=Latin}$/u],
  ["cyrillic", /^\p{Script=Cyrillic}$/u],
  ["arabic", /^\p{Script=Arabic}$/u],
  ["hebrew", /^\p{Script=Hebrew}$/u],
  ["devanagari", /^\p{Script=Devanagari}$/u],
  ["bengali", /^\p{Script=Bengali}$/u],
  ["han", /^\p{Script=Han}$/u],
  ["ethiopic", /^\p{Script=Ethiopic}$/u],
  ["syllabics", /^\p{Script=Canadian_Aboriginal}$/u],
];
const LETTER = /^[\p{L}\p{M}]$/u;

async function measure(cache: string | undefined): Promise<[Uint8Array, Uint8Array]> {
  if (cache) {
    try {
      const raw = await Deno.readFile(cache);
      if (raw.length === 2 * N) return [raw.subarray(0, N), raw.subarray(N)];
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  const raw = new Uint8Array(2 * N);
  const t0 = performance.now();
  for (let cp = 0; cp < N; cp++) {
    const cost = codePointCost(cp);
    raw[cp] = Math.min(255, cost.alone);
    raw[N + cp] = Math.min(255, cost.afterSpace);
    if ((cp & 0xffff) === 0xffff) {
      console.error(
        `plane ${cp >> 16} measured, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
    }
  }
  if (cache) await Deno.writeFile(cache, raw);
  return [raw.subarray(0, N), raw.subarray(N)];
}

/**
 * Per code point, the fewest tokens of two or more code points containing it
 * in any of the three vocabularies (a token's partial UTF-8 sequences count
 * as one more code point).
 */
function mergeCounts(): Uint32Array {
  const claude = getTokenizer();
  const utf8 = new TextDecoder();
  const vocabularies: Array<[number, (id: number) => string]> = [
    [200_019, (id) => decodeO200k([id])],
    [100_277, (id) => decodeCl100k([id])],
    [64_739, (id) => utf8.decode(claude.decode(Uint32Array.of(id)))],
  ];
  const fewest = new Uint32Array(N).fill(0xffffffff);
  for (const [size, decode] of vocabularies) {
    const counts = new Uint32Array(N);
    for (let id = 0; id < size; id++) {
      let text: string;
      try {
        text = decode(id);
      } catch {
        continue; // an id the vocabulary does not use
      }
      const codePoints = Array.from(text).filter((ch) => ch !== "\ufffd");
      if (codePoints.length + (text.includes("\ufffd") ? 1 : 0) < 2) continue;
      for (const ch of new Set(codePoints)) counts[ch.codePointAt(0)!]++;
    }
    for (let cp = 0; cp < N; cp++) fewest[cp] = Math.min(fewest[cp], counts[cp]);
  }
  claude.free();
  return fewest;
}

/** The discount group of `cp` (0: none) given how often the vocabularies merge it. */
export function groupOf(cp: number, merges: number): number {
  if (merges < MERGES || cp < 0x80 || cp >= 0xd800 && cp <= 0xdfff) return 0;
  const ch = String.fromCodePoint(cp);
  if (!LETTER.test(ch)) return 0;
  return GROUPS.findIndex(([, re]) => re.test(ch)) + 1;
}

// Numbers as base-32 digits, low first; a digit of 32 or more says another follows.
function encode(value: number): string {
  let s = "";
  do {
    const digit = value % 32;
    value = Math.floor(value / 32);
    s += String.fromCharCode(48 + digit + (value > 0 ? 32 : 0));
  } while (value > 0);
  return s;
}

if (import.meta.main) {
  const cacheArg = Deno.args.find((a) => a.startsWith("--cache="));
  const [alone, afterSpace] = await measure(cacheArg?.slice("--cache=".length));
  const merges = mergeCounts();
  const members = new Array(GROUPS.length + 1).fill(0);
  const categories = new Map<string, number>();
  const catAlone: number[] = [];
  const catStart: number[] = [];
  const catGroup: number[] = [];
  const cat = new Uint16Array(N);
  for (let cp = 0; cp < N; cp++) {
    const a = alone[cp];
    const s = Math.max(0, afterSpace[cp] - a);
    const g = groupOf(cp, merges[cp]);
    members[g]++;
    const key = `${a},${s},${g}`;
    let k = categories.get(key);
    if (k === undefined) {
      k = catAlone.length;
      categories.set(key, k);
      catAlone.push(a);
      catStart.push(s);
      catGroup.push(g);
    }
    cat[cp] = k;
  }
  if (catAlone.length > 255) throw new Error(`${catAlone.length} categories: more than a byte`);
  let data = "";
  let runs = 0;
  for (let cp = 0; cp < N;) {
    let end = cp + 1;
    while (end < N && cat[end] === cat[cp]) end++;
    data += encode(cat[cp]) + encode(end - cp);
    runs++;
    cp = end;
  }
  // The dearest code point alone plus a space it cannot merge with, per code
  // unit: a BMP code point (or a lone surrogate) is one unit, an astral one two.
  let maxBmp = 0;
  let maxAstral = 0;
  for (let cp = 0x80; cp < N; cp++) {
    const price = catAlone[cat[cp]] + catStart[cat[cp]];
    if (cp < 0x10000) maxBmp = Math.max(maxBmp, price);
    else maxAstral = Math.max(maxAstral, price);
  }
  const list = (xs: number[]) => xs.join(", ");
  const source =
    `// Generated by bench/table.ts (deno task table) from gpt-tokenizer's o200k_base and
// cl100k_base and @anthropic-ai/tokenizer (after NFKC): do not edit.
// ${N} code points, ${catAlone.length} categories, ${runs} runs.

/** Names of the discount groups; group 0 is "none". */
export const GROUP_NAMES: readonly string[] = ["none", ${
      GROUPS.map(([name]) => JSON.stringify(name)).join(", ")
    }];

/** Per category: the largest count of the three tokenizers for the code point alone. */
export const ALONE: Uint8Array = Uint8Array.of(${list(catAlone)});

/** Per category: what a space before the code point adds when it cannot merge with it. */
export const START: Uint8Array = Uint8Array.of(${list(catStart)});

/** Per category: its discount group (index into GROUP_NAMES). */
export const CATEGORY_GROUP: Uint8Array = Uint8Array.of(${list(catGroup)});

/** The largest price alone plus start of a non-ASCII BMP code unit (lone surrogates included). */
export const MAX_PRICE_BMP = ${maxBmp};

/** The largest price alone plus start of an astral code point (two code units). */
export const MAX_PRICE_ASTRAL = ${maxAstral};

/**
 * The category of every code point from 0 to 0x10FFFF, as runs: category,
 * length; each number in base-32 digits, low first, from "0" (48); a digit
 * of 32 or more says another follows.
 */
export const DATA: string =
  ${JSON.stringify(data)};
`;
  await Deno.writeTextFile(new URL("../src/_table.ts", import.meta.url), source);
  console.error(`src/_table.ts: ${catAlone.length} categories, ${runs} runs, ${data.length} chars`);
  console.error(
    `group members: ${GROUPS.map(([name], g) => `${name} ${members[g + 1]}`).join(", ")}`,
  );
}
