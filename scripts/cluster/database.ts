import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { prepareAppRole } from './app-role.ts';
import { type HaPostgres, startHaPostgres } from './ha.ts';
import { type BackrestInfo, pgBackRest } from './pgbackrest.ts';
import { ownedFolder, startPostgresPair } from './postgres.ts';

type Switch = { stop: () => Promise<void>; start: () => Promise<void> };

/**
 * The cluster's PostgreSQL, either a primary and its replica, or two Patroni nodes behind HAProxy (`ha`). Its URLs
 * sign in as the app role (app-role.ts, not a superuser), but for `adminUrl`.
 */
export type Database = {
  /** The primary: itself, or HAProxy's primary address under Patroni. */
  primaryUrl: string;
  /** The replica: itself, or HAProxy's replica address under Patroni. */
  replicaUrl: string;
  /** The primary as the cluster's superuser, for its own admin steps (and tests that need them). */
  adminUrl: string;
  /** Stops and starts the primary (under Patroni: the leader's Patroni, which hands the lead over when it stops). */
  primary: Switch;
  /** Stops and starts the replica (under Patroni: a replica's Patroni). */
  replica: Switch;
  /** pgBackRest on the primary (under Patroni: the leader's node). */
  backup: { run: (args: string[]) => Promise<string>; info: () => Promise<BackrestInfo[]>; dir: string };
  /** Under Patroni: its nodes, the leader. */
  ha?: HaPostgres;
  stop: () => Promise<void>;
};

export async function startDatabase(options: {
  dir: string;
  logsDir: string;
  ha: boolean;
  log: (line: string) => void;
}): Promise<Database> {
  const started = await startAsSuperuser(options);
  try {
    const asApp = await prepareAppRole(options.dir, started.primaryUrl);
    return {
      ...started,
      primaryUrl: asApp(started.primaryUrl),
      replicaUrl: asApp(started.replicaUrl),
      adminUrl: started.primaryUrl,
    };
  } catch (error) {
    await started.stop();
    throw error;
  }
}

async function startAsSuperuser(options: {
  dir: string;
  logsDir: string;
  ha: boolean;
  log: (line: string) => void;
}): Promise<Omit<Database, 'adminUrl'>> {
  const { dir, log } = options;
  if (!options.ha) {
    const pair = await startPostgresPair({
      dir: path.join(dir, 'postgres'),
      log,
      archive: (password) => pgBackRest(dir, password),
    });
    const backrest = pair.backrest;
    if (!backrest) throw new Error('pgBackRest was not set up');
    return {
      primaryUrl: pair.primaryUrl,
      replicaUrl: pair.replicaUrl,
      primary: pair.primary,
      replica: pair.replica,
      backup: { run: (args) => backrest.run('primary', args), info: () => backrest.info('primary'), dir: backrest.dir },
      stop: pair.stop,
    };
  }

  const haDir = path.join(dir, 'patroni');
  await ownedFolder(haDir, 0o750);
  const passwordFile = path.join(haDir, 'password');
  const password = existsSync(passwordFile)
    ? (await fs.readFile(passwordFile, 'utf8')).trim()
    : randomUUID().replaceAll('-', '');
  await fs.writeFile(passwordFile, password, { mode: 0o600 });
  const backrest = await pgBackRest(dir, password);
  const ha = await startHaPostgres({ dir: haDir, logsDir: options.logsDir, password, backrest, log });
  const leaderName = async () => {
    const name = await ha.leader();
    if (!name) throw new Error('No Patroni node leads now');
    return name;
  };
  await backrest.createStanza(await leaderName());
  const nodeOf = async (role: 'leader' | 'replica') => {
    const leader = await ha.leader();
    const node = ha.nodes.find((one) => (role === 'leader') === (one.name === leader));
    if (!node) throw new Error(`No Patroni node is ${role} now`);
    return node;
  };
  /** The node last stopped through primary or replica, started again by start(). */
  const switchOf = (role: 'leader' | 'replica'): Switch => {
    let stopped: HaPostgres['nodes'][number] | undefined;
    return {
      stop: async () => {
        stopped = await nodeOf(role);
        await stopped.stop();
      },
      start: async () => {
        await stopped?.start();
      },
    };
  };
  return {
    primaryUrl: ha.primaryUrl,
    replicaUrl: ha.replicaUrl,
    primary: switchOf('leader'),
    replica: switchOf('replica'),
    backup: {
      run: async (args) => backrest.run(await leaderName(), args),
      info: async () => backrest.info(await leaderName()),
      dir: backrest.dir,
    },
    ha,
    stop: ha.stop,
  };
}
