import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** The fields of /proc/<pid>/stat after the command name (so [0] is the state, [19] the start time). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * When the process started, in clock ticks since boot (field 22 of /proc/<pid>/stat), or undefined where
 * /proc is not available. With the pid it names one process for good: a pid reused after a reboot has
 * another start time.
 */
export function processStartTime(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

/** Whether the process exists and has not ended (a zombie its parent has not collected yet has ended). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const state = statFields(pid)?.[0];
  return state !== 'Z' && state !== 'X';
}

function isRunning(pid: number, startTime: string | undefined): boolean {
  if (!isAlive(pid)) return false;
  const current = processStartTime(pid);
  return !startTime || !current || current === startTime;
}

export type DataDirLock = {
  release: () => Promise<void>;
  /** The pid of the Farmstall whose lock was left behind (it died without releasing it), if any. */
  tookOverFrom?: number;
};

/**
 * Takes DATA_DIR/farmstall.pid (pid and start time) so that a second process cannot start a second
 * PostgreSQL on the same files. A lock left by a process that has died is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'farmstall.pid');
  const content = [process.pid, processStartTime(process.pid)].filter(Boolean).join(' ');
  let tookOverFrom: number | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(file, content, { flag: 'wx' });
      const release = async () => {
        await fs.rm(file, { force: true });
      };
      return { release, tookOverFrom };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText, startTime] = readFileSync(file, 'utf8').trim().split(' ');
      const pid = Number(pidText);
      if (pid && pid !== process.pid && isRunning(pid, startTime)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by another Farmstall process (pid ${pid}). Stop it first, or start this one with another DATA_DIR.`,
        );
      }
      tookOverFrom = Number.isSafeInteger(pid) && pid > 0 ? pid : 0;
      await fs.rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}
