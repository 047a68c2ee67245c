/**
 * Generates src/tokens/_code_point_prices.ts, the per-code-point prices of the token estimator,
 * from the tokenizers themselves: every BMP code point (lone surrogates as
 * the tokenizers read them) and every assigned astral one through
 * o200k_base, cl100k_base and the Claude tokenizer (after its NFKC), alone
 * and after a space. Astral code points that are unassigned or private use
 * get the byte-level bound: 4 tokens, 5 after a space; in planes 2 and 3
 * (rare Han) each 256-code-point page gets its dearest code point's prices. Slow (about 360,000
 * code points, several minutes); run it when a tokenizer package changes:
 * `deno task table`. `--cache FILE` keeps the raw
 * counts in FILE and reuses them when it exists.
 *
 * Each code point gets a category: per tokenizer its price alone and what a
 * space before it adds, and its discount group. Letters of merge-rich scripts (see GROUPS) that cost one
 * token alone form a discount group; tools/calibrate.ts fits the discounts.
 */
import { tokensOf, vocabularies } from "../dev/vocabularies.ts";
import { codePointCost } from "../dev/code_point_cost.ts";
import { moveToFront, varints } from "./_table_codec.ts";

const N = 0x110000;

/**
 * Scripts whose letters merge into longer tokens in the vocabularies and that
 * the word lists cover with at least two languages. A letter of such a script
 * is a member of its group for a tokenizer if that tokenizer's vocabulary has
 * at least `MERGES` tokens of two or more code points that contain it; only
 * members get the discount, and only on that tokenizer's price. A letter that
 * a vocabulary never merges (Ukrainian ї and Polish ą in the Claude
 * vocabulary, most Han) keeps its full price wherever it stands.
 */
const MERGES = 1;
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

const UNMEASURED = /^[\p{Cn}\p{Co}]$/u;

/**
 * The code points priced by page rather than one by one: each 256-code-point
 * page of these ranges costs what its dearest code point costs, per
 * tokenizer (an upper bound), without a discount. Blocks of rare text, whose
 * prices the table would otherwise hold run by run: planes 2 and 3 (rare Han,
 * extensions B to J), the BMP's private use area, CJK extension A, the
 * compatibility ideographs and CJK compatibility squares, Kangxi and CJK
 * radicals, Yi, Arabic presentation forms, and every astral block but the
 * mathematical letters and digits (U+1D400 to U+1D7FF: "𝐀𝐁𝐂" in fancy
 * text), the emoji (U+1F000 to U+1FAFF) and the tags that spell flags
 * (U+E0000 to U+E007F). 3,740 runs of 14,247 fewer, 2.3 KB gzip of the bundle less; the
 * corpus mean does not move (no corpus file has such text), random text of
 * those blocks costs more (bench/README.md).
 */
export const COARSE: ReadonlyArray<readonly [number, number]> = [
  [0x2e80, 0x2fe0], // CJK radicals, Kangxi radicals
  [0x3300, 0x3400], // CJK compatibility
  [0x3400, 0x4dc0], // CJK unified ideographs extension A
  [0xa000, 0xa4d0], // Yi syllables and radicals
  [0xe000, 0xf900], // private use area
  [0xf900, 0xfb00], // CJK compatibility ideographs
  [0xfb50, 0xfe00], // Arabic presentation forms A
  [0xfe70, 0xff00], // Arabic presentation forms B
  [0x10000, 0x1d400],
  [0x1d800, 0x1f000],
  [0x1fb00, 0xe0000],
  [0xe0080, 0x110000],
];

/** Whether the table prices `cp` by its page (see {@linkcode COARSE}). */
export function isCoarse(cp: number): boolean {
  return COARSE.some(([from, to]) => cp >= from && cp < to);
}

/** Per tokenizer t, tokens alone at `t * N + cp` and after a space at `(3 + t) * N + cp`. */
async function measure(cache: string | undefined): Promise<Uint8Array> {
  if (cache) {
    try {
      const raw = await Deno.readFile(cache);
      if (raw.length === 6 * N) return raw;
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  const raw = new Uint8Array(6 * N);
  const t0 = performance.now();
  for (let cp = 0; cp < N; cp++) {
    if (cp >= 0x10000 && UNMEASURED.test(String.fromCodePoint(cp))) {
      // Unassigned or private use beyond the BMP: 4 UTF-8 bytes, so at most
      // 4 tokens of a byte-level vocabulary, and 5 with a space before.
      for (let t = 0; t < 3; t++) {
        raw[t * N + cp] = 4;
        raw[(3 + t) * N + cp] = 5;
      }
      continue;
    }
    const cost = codePointCost(cp);
    for (let t = 0; t < 3; t++) {
      raw[t * N + cp] = Math.min(255, cost.alone[t]);
      raw[(3 + t) * N + cp] = Math.min(255, cost.afterSpace[t]);
    }
    if ((cp & 0xffff) === 0xffff) {
      console.error(
        `plane ${cp >> 16} measured, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
    }
  }
  if (cache) await Deno.writeFile(cache, raw);
  return raw;
}

/**
 * Per tokenizer t and code point, at `t * N + cp`: how many tokens of two or
 * more code points contain it (a token's partial UTF-8 sequences count as one
 * more code point).
 */
function mergeCounts(): Uint32Array {
  const counts = new Uint32Array(3 * N);
  const { all, free } = vocabularies();
  all.forEach((vocabulary, t) => {
    for (const text of tokensOf(vocabulary)) {
      const codePoints = Array.from(text).filter((ch) => ch !== "\ufffd");
      if (codePoints.length + (text.includes("\ufffd") ? 1 : 0) < 2) continue;
      for (const ch of new Set(codePoints)) counts[t * N + ch.codePointAt(0)!]++;
    }
  });
  free();
  return counts;
}

/** The discount group of `cp` (0: none): a letter of a GROUPS script. */
export function groupOf(cp: number): number {
  if (cp < 0x80 || cp >= 0xd800 && cp <= 0xdfff) return 0;
  const ch = String.fromCodePoint(cp);
  if (!LETTER.test(ch)) return 0;
  return GROUPS.findIndex(([, re]) => re.test(ch)) + 1;
}

/**
 * Per run of `n` adjacent characters, the fewest tokens of any of the three
 * vocabularies that contain it in the part `match` takes from a token; `index`
 * numbers a character of that part from 0 to `size - 1` (the run abc is
 * `(index(a) * size + index(b)) * size + index(c)`).
 */
function fewestGrams(
  n: number,
  size: number,
  match: (token: string) => string | undefined,
  index: (ch: string) => number,
): number[] {
  const fewest = new Array(size ** n).fill(Infinity);
  const { all, free } = vocabularies();
  for (const vocabulary of all) {
    const counts = new Array(size ** n).fill(0);
    for (const text of tokensOf(vocabulary)) {
      const part = match(text);
      if (!part) continue;
      for (let i = n; i <= part.length; i++) {
        let gram = 0;
        for (let j = i - n; j < i; j++) gram = gram * size + index(part[j]);
        counts[gram]++;
      }
    }
    counts.forEach((k, i) => fewest[i] = Math.min(fewest[i], k));
  }
  free();
  return fewest;
}

/**
 * Which runs of three ASCII letters (case folded) are common inside the
 * letter tokens of all three vocabularies: at least `COMMON_TRIGRAM` tokens
 * of each contain them. 26 × 26 × 26 bits, "1" for common, as base64 (6
 * bits a character, first trigram in the low bit).
 */
const COMMON_TRIGRAM = 10;
export function commonTrigrams(threshold = COMMON_TRIGRAM): string {
  const fewest = fewestGrams(
    3,
    26,
    (text) => /^ ?([a-zA-Z]+)$/.exec(text)?.[1].toLowerCase(),
    (ch) => ch.charCodeAt(0) - 97,
  );
  const bytes = new Uint8Array(Math.ceil(fewest.length / 6));
  fewest.forEach((k, i) => {
    if (k >= threshold) bytes[Math.floor(i / 6)] |= 1 << (i % 6);
  });
  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  return Array.from(bytes, (b) => B64[b]).join("");
}

if (import.meta.main) {
  const cacheArg = Deno.args.find((a) => a.startsWith("--cache="));
  const raw = await measure(cacheArg?.slice("--cache=".length));
  // The rare blocks (COARSE): each 256-code-point page of one gets the
  // dearest price of its code points, per tokenizer, and no discount. That
  // keeps the table small at a price of an upper bound there.
  for (const [from, to] of COARSE) {
    for (let page = from; page < to; page = (page & ~0xff) + 0x100) {
      const end = Math.min(to, (page & ~0xff) + 0x100);
      for (let t = 0; t < 6; t++) {
        let most = 0;
        for (let cp = page; cp < end; cp++) most = Math.max(most, raw[t * N + cp]);
        raw.fill(most, t * N + page, t * N + end);
      }
    }
  }
  const merges = mergeCounts();
  const members = GROUPS.map(() => [0, 0, 0]);
  const categories = new Map<string, number>();
  const catAlone: number[] = [];
  const catStart: number[] = [];
  const catGroup: number[] = [];
  const catMember: number[] = [];
  const cat = new Uint16Array(N);
  for (let cp = 0; cp < N; cp++) {
    const a = [0, 1, 2].map((t) => raw[t * N + cp]);
    const st = [0, 1, 2].map((t) => Math.max(0, raw[(3 + t) * N + cp] - a[t]));
    let g = isCoarse(cp) ? 0 : groupOf(cp);
    const member = [0, 1, 2].map((t) => (g && merges[t * N + cp] >= MERGES ? 1 : 0));
    if (!member.some(Boolean)) g = 0;
    else member.forEach((m, t) => members[g - 1][t] += m);
    const key = `${a},${st},${g},${member}`;
    let k = categories.get(key);
    if (k === undefined) {
      k = catGroup.length;
      categories.set(key, k);
      catAlone.push(...a);
      catStart.push(...st);
      catGroup.push(g);
      catMember.push(...member);
    }
    cat[cp] = k;
  }
  if (catGroup.length > 0xffff) throw new Error(`${catGroup.length} categories: more than 16 bits`);
  const runCategories: number[] = [];
  const runLengths: number[] = [];
  for (let cp = 0; cp < N;) {
    let end = cp + 1;
    while (end < N && cat[end] === cat[cp]) end++;
    runCategories.push(cat[cp]);
    runLengths.push(end - cp - 1);
    cp = end;
  }
  const runs = runCategories.length;
  const categoryCodes = varints(moveToFront(runCategories));
  const lengthCodes = varints(runLengths);
  // The dearest code point alone: a BMP code point (or a lone surrogate) is
  // one code unit, an astral one two.
  let maxBmp = 0;
  let maxAstral = 0;
  for (let cp = 0x80; cp < N; cp++) {
    const k = cat[cp] * 3;
    const most = Math.max(catAlone[k], catAlone[k + 1], catAlone[k + 2]);
    if (cp < 0x10000) maxBmp = Math.max(maxBmp, most);
    else maxAstral = Math.max(maxAstral, most);
  }
  // Small numbers (below 36), one base-36 digit each.
  const list = (xs: number[]) => {
    if (xs.some((x) => x >= 36)) throw new Error("a price of 36 tokens or more");
    return JSON.stringify(xs.map((x) => x.toString(36)).join(""));
  };
  const source =
    `// Generated by tools/code_point_prices.ts (deno task table) from gpt-tokenizer's o200k_base and
// cl100k_base and @anthropic-ai/tokenizer (after NFKC): do not edit.
// ${N} code points, ${catGroup.length} categories, ${runs} runs.

/** Names of the discount groups; group 0 is "none". */
export const GROUP_NAMES: readonly string[] = [
  "none",
${GROUPS.map(([name]) => `  ${JSON.stringify(name)},\n`).join("")}];

/** Per category and tokenizer (o200k_base, cl100k_base, Claude; at 3 * category + tokenizer): tokens of the code point alone, a base-36 digit each. */
export const ALONE: string =
  ${list(catAlone)};

/** Per category and tokenizer: what a space before the code point adds when it cannot merge with it. */
export const START: string =
  ${list(catStart)};

/** Per category: its discount group (index into GROUP_NAMES). */
export const CATEGORY_GROUP: string =
  ${list(catGroup)};

/** Per category and tokenizer: 1 if the tokenizer's price gets the group's discount. */
export const MEMBER: string =
  ${list(catMember)};

/** The largest price alone, any tokenizer, of a non-ASCII BMP code unit (lone surrogates included). */
export const MAX_ALONE_BMP = ${maxBmp};

/** The largest price alone, any tokenizer, of an astral code point (two code units). */
export const MAX_ALONE_ASTRAL = ${maxAstral};

/**
 * Runs of three ASCII letters (case folded) common in the vocabularies'
 * letter tokens, 26 × 26 × 26 bits ("1" for common) as base64, 6 bits a
 * character, the first trigram in the low bit.
 */
export const COMMON_TRIGRAMS: string =
  "${commonTrigrams()}";

/**
 * The category of every code point from 0 to 0x10FFFF, as runs: the
 * categories of the runs, one after the other, each as its move-to-front
 * code (0 for a category not seen before, the next number; else its place
 * among the categories seen, the latest first), and in RUN_LENGTHS each
 * run's length less one; both as digits of tools/_table_codec.ts (one
 * character below 80).
 */
export const RUN_CATEGORIES: string =
  ${JSON.stringify(categoryCodes)};

/** The length less one of each run of RUN_CATEGORIES. */
export const RUN_LENGTHS: string =
  ${JSON.stringify(lengthCodes)};
`;
  await Deno.writeTextFile(new URL("../src/tokens/_code_point_prices.ts", import.meta.url), source);
  console.error(
    `src/tokens/_code_point_prices.ts: ${catGroup.length} categories, ${runs} runs, ${
      categoryCodes.length + lengthCodes.length
    } chars`,
  );
  console.error(
    `group members per tokenizer: ${
      GROUPS.map(([name], g) => `${name} ${members[g].join("/")}`).join(", ")
    }`,
  );
}
