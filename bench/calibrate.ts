/**
 * Fits the token estimator's weights (src/_weights.ts) by linear programming:
 * minimise the mean of estimate ÷ real tokens over many pages, subject to the
 * estimate being at least `MARGIN` × the largest of three real tokenizers on
 * every page. Pages are cut from ../shared/corpus and from generated text.
 *
 *     deno run -A bench/calibrate.ts          # fit and write src/_weights.ts
 *     deno run -A bench/calibrate.ts --check  # report the current weights
 */
import highsModule from "highs";
import { DEFAULT_WEIGHTS, FEATURES, scan } from "../src/_estimator.ts";
import { generate, TEXT_KINDS } from "../dev/generate.ts";
import { max3 } from "../dev/tokenizers.ts";
import { corpusTexts } from "../dev/corpus.ts";

const MARGIN = 1.03;
const PAGE_SIZES = [3_000, 12_000, 40_000, 100_000];
const CHARS_PER_SIZE = 500_000;

interface Sample {
  source: string;
  size: number;
  counts: Float64Array;
  tokens: number;
}

function samples(source: string, text: string, seedShift: number): Sample[] {
  const out: Sample[] = [];
  for (const size of PAGE_SIZES) {
    const pages = Math.max(
      1,
      Math.min(Math.floor(text.length / size), Math.floor(CHARS_PER_SIZE / size)),
    );
    const stride = Math.max(size, Math.floor((text.length - size) / pages));
    for (let p = 0; p < pages; p++) {
      const start = Math.min(
        Math.max(0, text.length - size),
        p * stride + (seedShift * 997) % size,
      );
      const page = text.slice(start, start + size);
      const counts = new Float64Array(FEATURES.length);
      scan(page, 0, page.length, DEFAULT_WEIGHTS, Infinity, counts);
      out.push({ source, size, counts, tokens: max3(page) });
    }
  }
  return out;
}

async function collect(seed: number): Promise<Sample[]> {
  const all: Sample[] = [];
  for (const [name, text] of await corpusTexts()) {
    all.push(...samples(name, text, seed));
    console.error(`sampled ${name}`);
  }
  for (const kind of TEXT_KINDS) {
    all.push(...samples(`generated:${kind}`, generate(kind, 400_000, seed), seed));
    console.error(`sampled ${kind}`);
  }
  return all;
}

function estimate(counts: Float64Array, weights: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < counts.length; i++) sum += counts[i] * weights[i];
  return sum;
}

// Floors for features the training text may not pin down: per character of
// rare scripts and symbols, at least what byte-level BPE can cost.
function floor(feature: string): number {
  if (/^(otherBmpScripts|otherAstral|otherBmp)\.chars$/.test(feature)) return 2;
  if (/^(marks|joiners|symbols|emoji|fullwidth)\.chars$/.test(feature)) return 1;
  if (/\.chars$/.test(feature) && !/^(lower|title|upper|mixed|digits)/.test(feature)) {
    return feature.startsWith("space") || feature.startsWith("newline") ? 0.05 : 0.3;
  }
  return 0;
}

async function fit(train: Sample[]): Promise<number[]> {
  // The package's types describe the module, not its default export (a loader).
  const load = highsModule as unknown as () => Promise<
    { solve(lp: string): { Status: string; Columns: Record<string, { Primal: number }> } }
  >;
  const highs = await load();
  const names = FEATURES.map((_, i) => `w${i}`);
  const objective = new Float64Array(FEATURES.length);
  for (const s of train) {
    for (let i = 0; i < FEATURES.length; i++) objective[i] += s.counts[i] / s.tokens / train.length;
  }
  const term = (c: ArrayLike<number>) =>
    Array.from(c, (v, i) => (v ? `${v >= 0 ? "+" : "-"} ${Math.abs(v)} ${names[i]}` : "")).filter(
      Boolean,
    ).join(" ");
  const lines = ["Minimize", ` obj: ${term(objective)}`, "Subject To"];
  train.forEach((s, k) => lines.push(` c${k}: ${term(s.counts)} >= ${MARGIN * s.tokens}`));
  lines.push("Bounds", ...names.map((n, i) => ` ${floor(FEATURES[i])} <= ${n} <= 8`), "End");
  console.error(`solving ${train.length} constraints`);
  const result = highs.solve(lines.join("\n"));
  if (result.Status !== "Optimal") throw new Error(`LP: ${result.Status}`);
  return names.map((n) => Number(result.Columns[n].Primal.toFixed(4)));
}

function report(title: string, set: Sample[], weights: ArrayLike<number>): void {
  const bySource = new Map<string, number[]>();
  for (const s of set) {
    const ratios = bySource.get(s.source) ?? [];
    ratios.push(estimate(s.counts, weights) / s.tokens);
    bySource.set(s.source, ratios);
  }
  console.log(`\n${title}\n| text | pages | worst page | mean |\n| --- | ---: | ---: | ---: |`);
  let worst = Infinity;
  let corpusSum = 0;
  let corpusPages = 0;
  for (const [source, ratios] of bySource) {
    const min = Math.min(...ratios);
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
    worst = Math.min(worst, min);
    if (!source.startsWith("generated:")) {
      corpusSum += ratios.reduce((a, b) => a + b, 0);
      corpusPages += ratios.length;
    }
    console.log(`| ${source} | ${ratios.length} | ${min.toFixed(3)} | ${mean.toFixed(3)} |`);
  }
  console.log(
    `worst page ${worst.toFixed(3)}; corpus mean ${(corpusSum / corpusPages).toFixed(3)}`,
  );
}

const check = Deno.args.includes("--check");
const validation = await collect(7);
if (check) {
  report("current weights, validation pages", validation, DEFAULT_WEIGHTS);
} else {
  const train = await collect(1);
  const weights = await fit(train);
  report("training pages", train, weights);
  report("validation pages (other offsets and seeds)", validation, weights);
  const body = weights.map((w, i) => `  ${w}, // ${FEATURES[i]}`).join("\n");
  await Deno.writeTextFile(
    new URL("../src/_weights.ts", import.meta.url),
    `// Generated by bench/calibrate.ts: one weight per feature of src/_estimator.ts.\n` +
      `export const WEIGHTS: readonly number[] = [\n${body}\n];\n`,
  );
}
