import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pgbackrestConf } from './configs.ts';
import { ownedFolder, systemUserOptions } from './postgres.ts';

export const STANZA = 'farmstall';
const PGBACKREST = '/usr/bin/pgbackrest';

/** One PostgreSQL node as pgBackRest sees it: its data folder, port and socket folder. */
export type BackrestNode = { name: string; dataDir: string; port: number; socketDir: string };

export type Backrest = {
  /** `<dir>/pgbackrest`: the repository (repo/), each node's config, spool, locks and logs. */
  dir: string;
  /** PostgreSQL's archive_command and restore_command on `node`. */
  archiveCommand: (node: string) => string;
  restoreCommand: (node: string) => string;
  /** Writes `node`'s pgbackrest.conf (deploy/pgbackrest.conf with its paths and port). */
  configure: (node: BackrestNode) => Promise<void>;
  /** Runs pgbackrest with `node`'s config (as `postgres` when root); its standard output. */
  run: (node: string, args: string[]) => Promise<string>;
  /** `pgbackrest info` as JSON: the stanza, its archive and backups. */
  info: (node: string) => Promise<BackrestInfo[]>;
  /** Creates the stanza (or checks it) once PostgreSQL runs on `node`. */
  createStanza: (node: string) => Promise<void>;
};

export type BackrestInfo = {
  name: string;
  status: { code: number; message: string };
  cipher: string;
  archive: { id: string; min: string | null; max: string | null }[];
  backup: { type: string; label: string; timestamp: { start: number; stop: number } }[];
};

/**
 * pgBackRest for the cluster, everything in `<clusterDir>/pgbackrest`: an encrypted repository (aes-256-cbc) whose
 * generated passphrase is kept in conf.d/cipher.conf (mode 0600, the `postgres` user's), included by every node's
 * config; kept between runs with the cluster's folder.
 */
export async function pgBackRest(clusterDir: string, password: string): Promise<Backrest> {
  const dir = path.join(path.resolve(clusterDir), 'pgbackrest');
  const includeDir = path.join(dir, 'conf.d');
  for (const folder of [dir, includeDir, path.join(dir, 'repo')]) await ownedFolder(folder, 0o750);
  const cipherFile = path.join(includeDir, 'cipher.conf');
  if (!existsSync(cipherFile))
    await fs.writeFile(cipherFile, `[global]\nrepo1-cipher-pass=${randomBytes(32).toString('base64url')}\n`, {
      mode: 0o600,
    });
  await own(cipherFile, 0o600);
  const configOf = (node: string) => path.join(dir, node, 'pgbackrest.conf');
  const command = (node: string, action: string) =>
    `${PGBACKREST} --config=${configOf(node)} --config-include-path=${includeDir} --stanza=${STANZA} ${action}`;

  const run = async (node: string, args: string[]) => {
    const child = spawn(
      PGBACKREST,
      [`--config=${configOf(node)}`, `--config-include-path=${includeDir}`, `--stanza=${STANZA}`, ...args],
      { ...systemUserOptions(), env: { ...process.env, PGPASSWORD: password }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0)
      throw new Error(`pgbackrest ${args.join(' ')} failed (${code}): ${(err || out).trim().slice(-800)}`);
    return out;
  };

  return {
    dir,
    archiveCommand: (node) => command(node, 'archive-push %p'),
    restoreCommand: (node) => command(node, 'archive-get %f "%p"'),
    configure: async (node) => {
      const nodeDir = path.join(dir, node.name);
      for (const folder of ['spool', 'lock', 'log']) await ownedFolder(path.join(nodeDir, folder), 0o750);
      await fs.writeFile(
        configOf(node.name),
        pgbackrestConf({
          repo: path.join(dir, 'repo'),
          spool: path.join(nodeDir, 'spool'),
          lock: path.join(nodeDir, 'lock'),
          log: path.join(nodeDir, 'log'),
          dataDir: node.dataDir,
          port: node.port,
          socketDir: node.socketDir,
        }),
      );
      await own(configOf(node.name), 0o640);
    },
    run,
    info: async (node) => JSON.parse(await run(node, ['info', '--output=json'])) as BackrestInfo[],
    createStanza: async (node) => {
      // PostgreSQL archives from its start: an archive-push that came first may hold the stanza's lock a moment.
      for (let attempt = 1; ; attempt++) {
        try {
          await run(node, ['stanza-create']);
          return;
        } catch (error) {
          if (attempt >= 20 || !/unable to acquire lock/.test(String(error))) throw error;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    },
  };
}

async function own(file: string, mode: number): Promise<void> {
  const { uid, gid } = systemUserOptions();
  if (uid !== undefined && gid !== undefined) await fs.chown(file, uid, gid);
  await fs.chmod(file, mode);
}
