import { type ChildProcess, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import net from 'node:net';

export type Child = {
  name: string;
  child: ChildProcess;
  pid: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running: () => boolean;
};

/**
 * Starts a program in its own process group (Ctrl-C reaches only the cluster script, which stops everything in
 * order), its output appended to `logFile`; `user` runs it as that system user (PgBouncer refuses root).
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { logFile: string; env?: NodeJS.ProcessEnv; cwd?: string; user?: { uid: number; gid: number } },
): Child {
  const log = openSync(options.logFile, 'a');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', log, log],
    detached: true,
    ...options.user,
  });
  if (child.pid === undefined) throw new Error(`${name} did not start (${command}); see ${options.logFile}`);
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    }),
  );
  return { name, child, pid: child.pid, exited, running: () => !done };
}

/** Sends `signal`, waits for the exit, and sends SIGKILL if the process still runs after `graceMs`. */
export async function stopProcess(proc: Child, signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<void> {
  if (!proc.running()) return;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  await proc.exited;
  clearTimeout(timer);
}

/** Polls `check` every 100 ms until it is true; fails when `process` exits first or after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  options: { process?: Child; logFile?: string; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const see = options.logFile ? `; see ${options.logFile}` : '';
  while (Date.now() < deadline) {
    if (options.process && !options.process.running()) throw new Error(`${what}: the process exited${see}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not ready after ${(options.timeoutMs ?? 120_000) / 1000} s${see}`);
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether GET url answers 200. */
export async function answers(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await response.body?.cancel();
  return response.status === 200;
}
