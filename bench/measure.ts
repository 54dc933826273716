import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Measure = { requestsPerSecond: number; p50: number; p99: number; errors: number; total: number };
export type LoadOptions = { connections?: number; warmup?: number; duration?: number; paths?: string[] };

const LOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load.ts');

/** Runs bench/load.ts (autocannon) in its own process against `url` and resolves with its figures. */
export function measure(
  url: string,
  headers: Record<string, string> = {},
  options: LoadOptions = {},
): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LOAD, url, JSON.stringify(headers), JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '')) : reject(new Error(`load exited ${code}`)),
    );
  });
}
