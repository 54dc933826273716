import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../lock.ts';
import { type EmbeddedDatabase, readPostmasterPid, startEmbeddedPostgres, stopOrphanedPostgres } from './embedded.ts';

// What a start after a crash may stop: only the PostgreSQL of its own folder that was already running
// before it started. (That it does stop that one is proven with real processes in startup.test.ts.)

let root: string;
let running: EmbeddedDatabase;
let runningDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-embedded-'));
  await fs.chmod(root, 0o755);
  runningDir = path.join(root, 'running');
  running = await startEmbeddedPostgres(runningDir);
}, 60_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await running?.stop();
  await fs.rm(root, { recursive: true, force: true });
});

/** A folder whose pg/postmaster.pid names `pid`. */
async function folderClaimedBy(name: string, pid: number, dataDir?: string): Promise<string> {
  const databaseDir = path.join(root, name, 'pg');
  await fs.mkdir(databaseDir, { recursive: true });
  await fs.writeFile(path.join(databaseDir, 'postmaster.pid'), `${pid}\n${dataDir ?? databaseDir}\n1\n5432\n`);
  return databaseDir;
}

async function answers(database: EmbeddedDatabase): Promise<boolean> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query('SELECT 1 AS one');
  await client.end();
  return rows[0].one === 1;
}

function sleeper(cwd: string): number {
  const child = spawn('sleep', ['60'], { cwd, stdio: 'ignore' });
  children.push(child);
  return child.pid as number;
}

describe('stopOrphanedPostgres', () => {
  it('leaves a process that is not PostgreSQL alone, and removes the stale postmaster.pid naming it', async () => {
    const pid = sleeper(root);
    const databaseDir = await folderClaimedBy('reused-pid', pid);
    const lines: string[] = [];
    await stopOrphanedPostgres(databaseDir, (line) => lines.push(line));
    expect(isAlive(pid)).toBe(true);
    expect(await readPostmasterPid(databaseDir)).toBeUndefined();
    expect(lines.join('\n')).toContain(`its pid ${pid} is not a PostgreSQL of this folder`);
  });

  it('leaves the PostgreSQL of another folder alone, even when the file names that folder', async () => {
    const { pid } = (await readPostmasterPid(path.join(runningDir, 'pg'))) as { pid: number };
    const databaseDir = await folderClaimedBy('copied', pid, path.join(runningDir, 'pg'));
    await stopOrphanedPostgres(databaseDir);
    expect(isAlive(pid)).toBe(true);
    expect(await answers(running)).toBe(true);
  });

  it('leaves a process working in the folder that is not its postmaster alone, and keeps the file', async () => {
    const databaseDir = path.join(root, 'busy', 'pg');
    await fs.mkdir(databaseDir, { recursive: true });
    const pid = sleeper(databaseDir);
    await folderClaimedBy('busy', pid);
    await stopOrphanedPostgres(databaseDir);
    expect(isAlive(pid)).toBe(true);
    expect((await readPostmasterPid(databaseDir))?.pid).toBe(pid);
  });

  it('leaves the folder’s own PostgreSQL alone when it started after this process (another start, at the same moment)', async () => {
    const postmaster = (await readPostmasterPid(path.join(runningDir, 'pg'))) as { pid: number };
    await stopOrphanedPostgres(path.join(runningDir, 'pg'));
    expect(isAlive(postmaster.pid)).toBe(true);
    expect(await answers(running)).toBe(true);
  });

  it('does nothing when postmaster.pid is missing or names a process that has ended', async () => {
    await stopOrphanedPostgres(path.join(root, 'nothing', 'pg'));
    const ended = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => ended.on('exit', resolve));
    const databaseDir = await folderClaimedBy('ended', ended.pid as number);
    await stopOrphanedPostgres(databaseDir);
    expect((await readPostmasterPid(databaseDir))?.pid).toBe(ended.pid);
  });
});

describe('the exit code of a process that uses the embedded PostgreSQL', () => {
  it('is the one the process set (a failing test run must not exit 0)', () => {
    const script = `await import(${JSON.stringify(path.resolve('src/server/db/embedded.ts'))}); process.exitCode = 3;`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(3);
  });
});

describe('a data folder made by another PostgreSQL major', () => {
  it('is refused with one line naming both majors and the way on, and is left as it was', async () => {
    const databaseDir = path.join(root, 'made-by-18', 'pg');
    await fs.mkdir(databaseDir, { recursive: true });
    await fs.writeFile(path.join(databaseDir, 'PG_VERSION'), '18\n');
    await expect(startEmbeddedPostgres(path.dirname(databaseDir))).rejects.toThrow(
      /was made by PostgreSQL 18; this Farmstall runs PostgreSQL 15 .*restore a backup/,
    );
    expect(await fs.readFile(path.join(databaseDir, 'PG_VERSION'), 'utf8')).toBe('18\n');
  });
});
