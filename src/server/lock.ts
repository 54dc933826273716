import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * When the process started, in clock ticks since boot (field 22 of /proc/<pid>/stat), or undefined where
 * /proc is not available. With the pid it names one process for good: a pid reused after a reboot has
 * another start time.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isRunning(pid: number, startTime: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const current = processStartTime(pid);
  return !startTime || !current || current === startTime;
}

/**
 * Takes DATA_DIR/farmstall.pid (pid and start time) so that a second process cannot start a second
 * PostgreSQL on the same files. A lock left by a process that has died is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'farmstall.pid');
  const content = [process.pid, processStartTime(process.pid)].filter(Boolean).join(' ');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(file, content, { flag: 'wx' });
      return async () => {
        await fs.rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText, startTime] = readFileSync(file, 'utf8').trim().split(' ');
      const pid = Number(pidText);
      if (pid && pid !== process.pid && isRunning(pid, startTime)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by another Farmstall process (pid ${pid}). Stop it first, or start this one with another DATA_DIR.`,
        );
      }
      await fs.rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}
