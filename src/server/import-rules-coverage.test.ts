import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import rules (.dependency-cruiser.cjs, a step of `npm test`) pass vacuously on a file dependency-cruiser did
 * not read. It reads TypeScript through swc (decision 042): should swc go missing, or a dependency-cruiser upgrade
 * read TypeScript only through a compiler API that TypeScript 7 does not have, it skips .ts files with a warning
 * and still reports "no dependency violations". This holds the step to reading every source file.
 */
const ROOT = path.join(import.meta.dirname, '../..');

describe('dependency-cruiser', () => {
  it('reads every .ts and .tsx file under src/, with no environment warning and no violation', () => {
    const bin = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
    const run = spawnSync(process.execPath, [bin, 'src', '--config', '.dependency-cruiser.cjs', '-T', 'json'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    const result = JSON.parse(run.stdout) as {
      modules: { source: string }[];
      summary: { error: number; environment?: { issues?: { name: string }[] } };
    };
    const onDisk = readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => `src/${file.split(path.sep).join('/')}`)
      .sort();
    const cruised = result.modules
      .map((m) => m.source)
      .filter((source) => source.startsWith('src/') && /\.tsx?$/.test(source))
      .sort();

    expect(onDisk.length).toBeGreaterThan(500);
    expect(cruised).toEqual(onDisk);
    expect(result.summary.environment?.issues?.map((issue) => issue.name) ?? []).toEqual([]);
    expect(result.summary.error).toBe(0);
  });
});
