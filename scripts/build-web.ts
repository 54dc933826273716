import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start` runs this: it builds the web app only when what the build reads has changed since the last build.
 * The hash of those files is kept in the build folder (`.source-hash`); `vite build` empties that folder first,
 * so a failed build leaves no stamp and the next start builds again. `npm run build:web` always builds.
 */
const SOURCES = ['src/web', 'src/contract', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
const outDir = process.env.WEB_OUT_DIR ?? 'dist/web';
const stampFile = path.join(outDir, '.source-hash');

/** Component tests are not part of the build. */
const isBuildInput = (file: string) => !/\.test\.tsx?$/.test(file);

function filesUnder(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** sha256 over the sorted paths and contents of every build input. */
function sourceHash(): string {
  const hash = createHash('sha256');
  const files = SOURCES.flatMap(filesUnder).filter(isBuildInput).sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const current = sourceHash();
const built = existsSync(stampFile) && existsSync(path.join(outDir, 'index.html'));
if (built && readFileSync(stampFile, 'utf8').trim() === current) {
  console.log(`Web app in ${outDir} is up to date with its sources; not rebuilding.`);
} else {
  const result = spawnSync('vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${current}\n`);
  console.log(`Web app built into ${outDir}.`);
}
