import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../src/server/db/embedded.ts';
import {
  embeddedDatabaseUrl,
  type ServerProcess,
  spawnServer,
  waitHealthy,
} from '../src/server/test/server-process.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NODE = path.join(ROOT, 'node_modules/.bin/node');

/** One store's settings: its DATA_DIR, and a BACKUP_DIR on "another disk" (a folder outside DATA_DIR). */
export type StoreSettings = { dataDir: string; backupDir: string };

/** The settings the server and the two commands share: an encrypted repository, WAL pushed at least every 2 s. */
export const storeEnv = ({ dataDir, backupDir }: StoreSettings): Record<string, string> => ({
  DATA_DIR: dataDir,
  BACKUP_DIR: backupDir,
  BACKUP_PASSPHRASE: 'drill-passphrase-of-the-hub-2026',
  WAL_ARCHIVE: 'on',
  WAL_ARCHIVE_TIMEOUT: '2',
});

export async function startStore(settings: StoreSettings): Promise<ServerProcess> {
  const port = await freePort();
  const server = spawnServer(
    {
      ...storeEnv(settings),
      SEED_DEMO: 'true',
      RATE_LIMIT_WRITES_PER_MINUTE: '5000',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    port,
  );
  await waitHealthy(server);
  return server;
}

/** Runs `npm run backup` or `npm run restore` (their files, with Node 24) and returns what it printed. */
export async function runCommand(
  command: 'backup' | 'restore',
  args: string[],
  settings: StoreSettings,
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  const child = spawn(NODE, [path.join(ROOT, 'src/server/cli', `${command}.ts`), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...storeEnv(settings) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, output, ms: Date.now() - started };
}

/** A connection to the store's embedded PostgreSQL, as an operator's psql would make it. */
export async function connect(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** The tables whose every row must come back: the accounts, the orders and the whole payments ledger, the key. */
const KEPT = [
  'users',
  'orders',
  'order_lines',
  'customer_payments',
  'payment_intents',
  'captures',
  'refunds',
  'transfers',
  'transfer_reversals',
  'platform_secrets',
];

/** Each table's row count and a digest of every row's every column. */
export async function fingerprint(client: pg.Client): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const table of KEPT) {
    const { rows } = await client.query(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${table} t`,
    );
    prints[table] = `${rows[0].rows} rows ${rows[0].digest}`;
  }
  return prints;
}

/**
 * The ledger invariant (decisions 011, 023, 028) for every order whose parts are all delivered or cancelled: what the
 * card was charged = refunds + transfers to the shops + commission + tax, less what reversals gave back, to the cent.
 * Returns the orders where it does not hold, and how many orders it was checked on.
 */
export async function ledgerBreaks(client: pg.Client): Promise<{ checked: number; broken: unknown[] }> {
  const { rows } = await client.query(`
    WITH settled AS (
      SELECT o.id FROM orders o
      WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.status NOT IN ('delivered', 'cancelled'))
    ), charged AS (
      SELECT s.id, CASE WHEN pi.capture_method = 'manual'
               THEN coalesce((SELECT sum(c.amount_cents) FROM captures c WHERE c.payment_intent_id = pi.id AND c.status = 'succeeded'), 0)
               ELSE pi.amount_cents END AS cents
      FROM settled s JOIN orders o ON o.id = s.id JOIN customer_payments cp ON cp.id = o.payment_id
      JOIN payment_intents pi ON pi.provider_intent_id = cp.transaction_id
    ), accounted AS (
      SELECT s.id,
        coalesce((SELECT sum(r.amount_cents) FROM refunds r WHERE r.order_id = s.id AND r.status <> 'failed'), 0)
        + coalesce((SELECT sum(t.amount_cents + t.commission_cents + t.tax_cents) FROM transfers t WHERE t.order_id = s.id), 0)
        - coalesce((SELECT sum(v.amount_cents + v.commission_cents + v.tax_cents) FROM transfer_reversals v
                    JOIN transfers t ON t.id = v.transfer_id WHERE t.order_id = s.id), 0) AS cents
      FROM settled s
    )
    SELECT c.id, c.cents AS charged, a.cents AS accounted FROM charged c JOIN accounted a ON a.id = c.id`);
  return { checked: rows.length, broken: rows.filter((row) => row.charged !== row.accounted) };
}

/** Paid charges that are neither an order nor given back (the reconciliation job's work left undone). */
export async function unsettledCharges(client: pg.Client): Promise<number> {
  const { rows } = await client.query(`SELECT count(*)::int AS n FROM payment_intents WHERE status = 'succeeded'`);
  return rows[0].n;
}
