import fs from 'node:fs/promises';
import { replaceSection, sectionOf } from './report-section.ts';

/**
 * The "size" section of docs/performance.md: the uncached reads at 100,000 and at 1,000,000 products side by side
 * (`npm run bench` and `npm run bench -- --products 1000000`), each run replacing its own column and keeping the
 * other's (kept as JSON in a comment inside the section), with the ratio and the goal: within 1.5× of 100,000.
 */
export type SizeFigure = { name: string; requestsPerSecond: number; p99: number };
type SizeRun = { products: number; date: string; commit: string; load: number; seedSeconds: number };
type SizeData = Record<string, SizeRun & { figures: SizeFigure[] }>;

const BASE = 100_000;
const LARGE = 1_000_000;
const GOAL = 1.5;
const DATA = /<!-- size-data: (.*) -->/;
const UNCACHED = /^app uncached \(CATALOG_CACHE_MS=0\): /;

const count = (n: number) => n.toLocaleString('en-US');

function table(data: SizeData): string {
  const base = data[BASE];
  const large = data[LARGE];
  const runs = [base, large]
    .filter(Boolean)
    .map(
      (run) =>
        `${count(run.products)} products: ${run.date}, commit ${run.commit}, seeded in ${run.seedSeconds.toFixed(0)} s, 1-minute load average ${run.load.toFixed(1)} at the start`,
    );
  // Each run lists the same reads in the same order (a name may quote a catalog's own texts).
  const rows = (large ?? base).figures.map(({ name }, i) => {
    const small = base?.figures[i];
    const big = large?.figures[i];
    const ratio = small && big ? small.requestsPerSecond / big.requestsPerSecond : undefined;
    const cell = (f?: SizeFigure) => (f ? `${count(Math.round(f.requestsPerSecond))} | ${f.p99}` : '– | –');
    const verdict = ratio === undefined ? '–' : ratio <= GOAL ? 'met' : 'not met';
    return `| ${name.replace(UNCACHED, '')} | ${cell(small)} | ${cell(big)} | ${ratio?.toFixed(2) ?? '–'} | ${verdict} |`;
  });
  return `## Flat with size

Measured by \`npm run bench\` and \`npm run bench -- --products ${LARGE}\` (\`bench/run.ts\`, seed \`bench/seed.ts\`): the same reads, each app request to PostgreSQL (\`CATALOG_CACHE_MS=0\`), 100 connections. Goal: each read at ${count(LARGE)} products within ${GOAL}× of its figure at ${count(BASE)} (ratio = req/s at ${count(BASE)} ÷ req/s at ${count(LARGE)}). \`node bench/explain.ts --products N\` shows and checks their plans.

${runs.map((r) => `- ${r}.`).join('\n')}

| Read (uncached) | ${count(BASE)}: req/s | p99 (ms) | ${count(LARGE)}: req/s | p99 (ms) | ratio | within ${GOAL}× |
|---|---:|---:|---:|---:|---:|---|
${rows.join('\n')}

<!-- size-data: ${JSON.stringify(data)} -->`;
}

/** Writes this run's figures into the size section of `file` (kept by the other writers of the file). */
export async function recordSize(file: string, run: SizeRun, figures: SizeFigure[]): Promise<void> {
  const old = await fs.readFile(file, 'utf8').catch(() => '');
  const kept = DATA.exec(sectionOf(old, 'size'))?.[1];
  const data: SizeData = kept ? JSON.parse(kept) : {};
  data[run.products] = { ...run, figures };
  await fs.writeFile(file, replaceSection(old, 'size', table(data)));
}
