import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAlive, lockDataDir, processStartTime } from './lock.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-lock-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const lockFile = () => path.join(dir, 'farmstall.pid');

describe('lockDataDir', () => {
  it('writes the pid and start time, and removes the file on release', async () => {
    const { release, tookOverFrom } = await lockDataDir(dir);
    expect(await fs.readFile(lockFile(), 'utf8')).toBe(`${process.pid} ${processStartTime(process.pid)}`);
    expect(tookOverFrom).toBeUndefined();
    await release();
    await expect(fs.stat(lockFile())).rejects.toThrow();
  });

  it('refuses while another running process holds the lock', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      const pid = child.pid as number;
      await expect.poll(() => processStartTime(pid)).toBeDefined();
      await fs.writeFile(lockFile(), `${pid} ${processStartTime(pid)}`);
      await expect(lockDataDir(dir)).rejects.toThrow(`in use by another Farmstall process (pid ${pid})`);
    } finally {
      child.kill();
    }
  });

  it('takes over a lock whose process has died', async () => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    const pid = child.pid as number;
    await new Promise((resolve) => child.on('exit', resolve));
    await fs.writeFile(lockFile(), String(pid));
    const { release, tookOverFrom } = await lockDataDir(dir);
    expect(await fs.readFile(lockFile(), 'utf8')).toContain(String(process.pid));
    expect(tookOverFrom).toBe(pid);
    await release();
  });

  it('takes over a lock whose pid now belongs to another process (reused after a reboot)', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      await fs.writeFile(lockFile(), `${child.pid} 1`);
      const { release, tookOverFrom } = await lockDataDir(dir);
      expect(await fs.readFile(lockFile(), 'utf8')).toContain(String(process.pid));
      expect(tookOverFrom).toBe(child.pid);
      await release();
    } finally {
      child.kill();
    }
  });

  it('takes over a lock whose process has ended but was not collected by its parent yet (a zombie)', async () => {
    // The test decides when the child ends: it reads fd 3 in the background and ends when the test closes it. Its
    // parent has replaced itself with `sleep 30` by then, which never collects it, so the zombie stays until the
    // parent is killed (a shell still running could reap it first: bash does, when the child ends before `exec`).
    const parent = spawn('sh', ['-c', 'read line <&3 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore', 'pipe'],
    });
    const state = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0];
    try {
      const pid = Number(
        await new Promise<string>((resolve) => parent.stdout?.once('data', (b: Buffer) => resolve(b.toString()))),
      );
      await expect
        .poll(() => readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim(), { timeout: 10_000 })
        .toBe('sleep');
      (parent.stdio[3] as NodeJS.WritableStream).end();
      await expect.poll(() => state(pid), { timeout: 10_000 }).toBe('Z');
      expect(isAlive(pid)).toBe(false);
      await fs.writeFile(lockFile(), String(pid));
      const { release, tookOverFrom } = await lockDataDir(dir);
      expect(tookOverFrom).toBe(pid);
      await release();
    } finally {
      parent.kill();
    }
  });
});
