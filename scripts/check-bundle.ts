import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Budget from ARCHITECTURE.md: the home page loads at most 150 KB of gzipped JavaScript before interaction,
 * i.e. the entry chunk and the home page chunk with everything they import statically (lazy chunks load later),
 * counted as sent: the brotli file the build wrote beside each script (scripts/precompress.ts), else gzip.
 */
const BUDGET_BYTES = 150 * 1024;
const outDir = process.env.WEB_OUT_DIR ?? 'dist/web';
type Chunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string };
const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

const roots = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isEntry || key.endsWith('features/home/HomePage.tsx'))
  .map(([key]) => key);
if (roots.length < 2) throw new Error('The manifest has no entry or no home page chunk');

const seen = new Set<string>();
const visit = (key: string) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) visit(imported);
};
roots.forEach(visit);

let total = 0;
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const script = path.join(outDir, file);
  total += existsSync(`${script}.br`) ? readFileSync(`${script}.br`).length : gzipSync(readFileSync(script)).length;
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`Home page JavaScript before interaction: ${kb(total)} as sent (budget ${kb(BUDGET_BYTES)})`);
if (total > BUDGET_BYTES) {
  console.error('Over budget: load the extra code lazily or drop it.');
  process.exit(1);
}
