import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Measure, measure } from './measure.ts';

/**
 * `npm run bench:ab -- --base <dir> [--products N] [--seconds S] [--reads product,search]`: this tree's uncached catalog reads against another
 * checkout's (`git worktree add /tmp/base <commit>`, its node_modules linked to this one's), each side its own
 * embedded PostgreSQL with the same bench catalog (bench/ab-serve.ts). Each read takes turns on the two sides in
 * 1-second autocannon runs (100 connections) until each side has had S seconds, so other work on the machine weighs
 * on both alike; a change is this tree's req/s over the base's. The bare route is the same code on both sides, so
 * this ratio is also the change of each read's ratio to bare that `npm run bench` reports.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const base = option('--base');
if (!base) throw new Error('Usage: npm run bench:ab -- --base <checkout of the commit to compare with>');
const products = Number(option('--products') ?? 100_000);
const seconds = Number(option('--seconds') ?? 20);
/** Only the reads whose names start so (control, listing, keyset, product, search): one measured again alone. */
const only = option('--reads')?.split(',');

type Side = { name: string; child: ChildProcess; url: string; reads: Record<string, string[]> };

/** Starts one side and resolves once it prints its reads. */
function start(name: string, tree: string): Promise<Side> {
  const child = spawn(process.execPath, [path.join(root, 'bench/ab-serve.ts'), tree, String(products)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ name, child, ...JSON.parse(line) });
    });
    child.on('exit', (code) => reject(new Error(`${name} exited ${code} before it was ready`)));
  });
}

const sides = [await start('base', base), await start('this tree', root)];
try {
  const lines: string[] = [];
  for (const read of Object.keys(sides[0].reads).filter((name) => !only || only.some((o) => name.startsWith(o)))) {
    const totals = sides.map(() => ({ requests: 0, seconds: 0, p99s: [] as number[] }));
    const run = async (index: number, duration: number, warmup = 0): Promise<Measure> => {
      const paths = sides[index].reads[read];
      return measure(sides[index].url, {}, { duration, warmup, paths });
    };
    await run(0, 1, 2);
    await run(1, 1, 2);
    for (let turn = 0; turn < seconds; turn++) {
      for (const index of turn % 2 === 0 ? [0, 1] : [1, 0]) {
        const result = await run(index, 1);
        totals[index].requests += result.total;
        totals[index].seconds += 1;
        totals[index].p99s.push(result.p99);
      }
    }
    const rate = (index: number) => totals[index].requests / totals[index].seconds;
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const change = (rate(1) / rate(0) - 1) * 100;
    const line = `| ${read} | ${Math.round(rate(0)).toLocaleString('en-US')} | ${Math.round(rate(1)).toLocaleString('en-US')} | ${change >= 0 ? '+' : '−'}${Math.abs(change).toFixed(1)} % | ${median(totals[0].p99s)} → ${median(totals[1].p99s)} |`;
    console.log(line);
    lines.push(line);
  }
  console.log(
    `\n${products.toLocaleString('en-US')} products, ${seconds} s a side in 1-s turns; 1-minute load ${os.loadavg()[0].toFixed(1)} at the end\n` +
      '| Read (app uncached) | base req/s | this tree req/s | change | median p99 ms base → this |\n|---|---:|---:|---:|---:|\n' +
      lines.join('\n'),
  );
} finally {
  // Each side removes its database on SIGTERM: wait for it, keeping the pipes it writes to open until it is done.
  await Promise.all(sides.map((side) => new Promise((resolve) => side.child.once('exit', resolve).kill('SIGTERM'))));
}
