import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded.ts';
import { DEMO_ADMIN, DEMO_VENDOR } from '../../db/seed/accounts.ts';
import {
  callApi,
  embeddedDatabaseUrl,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitHealthy,
} from '../../test/server-process.ts';
import { startSmtpServer } from './smtp-fixture.ts';

// kill -9 of the real server while its delivery job holds an e-mail it has claimed (the outbox row committed with
// the change, the claim committed, the SMTP server reading the message), then the same command again: the e-mail
// arrives exactly once.

let dataDir: string;
let webDir: string;
let port: number;
const servers: ServerProcess[] = [];
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: ServerProcess | undefined;
let killed = false;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-mail-crash-'));
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-mail-crash-web-'));
  port = await freePort();
  // The first message the SMTP server reads kills the server that is sending it, before it is accepted.
  smtp = await startSmtpServer(() => {
    if (killed) return undefined;
    killed = true;
    server?.child.kill('SIGKILL');
    return 451;
  });
});
afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await smtp.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(webDir, { recursive: true, force: true });
});

function start(): ServerProcess {
  server = spawnServer(
    { DATA_DIR: dataDir, WEB_DIR: webDir, SEED_DEMO: 'true', SMTP_URL: smtp.url, PUBLIC_URL: 'http://farmstall.test' },
    port,
  );
  servers.push(server);
  return server;
}

async function json<T>(response: Response): Promise<T> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${body}`);
  return JSON.parse(body) as T;
}

async function outbox() {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; state: string; attempts: number }>(
      "SELECT id, state, attempts FROM notification_outbox WHERE channel = 'email' ORDER BY created_at, id",
    );
    return rows;
  } finally {
    await client.end();
  }
}

const until = async (done: () => boolean | Promise<boolean>, what: string, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

describe('a crash while an e-mail is being sent', () => {
  it('kill -9 after the commit and before the SMTP server accepted it, then the same command: sent once', async () => {
    const first = start();
    await waitHealthy(first, 180_000);
    const vendor = await json<{ token: string }>(
      await callApi(first, '/jwt', {
        method: 'POST',
        body: { email: DEMO_VENDOR.email, password: DEMO_VENDOR.password },
      }),
    );
    const products = await json<{ _id: string }[]>(
      await callApi(first, `/products/vendor?email=${DEMO_VENDOR.email}`, { token: vendor.token }),
    );
    let reviewId: string | undefined;
    for (const product of products) {
      [{ _id: reviewId } = { _id: undefined }] = await json<{ _id: string }[]>(
        await callApi(first, `/comments/${product._id}`),
      );
      if (reviewId) break;
    }
    // The report commits its outbox rows (an e-mail to each admin); the job claims one and starts sending it.
    await json(await callApi(first, `/comments/${reviewId}/report`, { method: 'POST', token: vendor.token }));

    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const left = await outbox();
    expect(left.some((row) => row.state === 'sending' && row.attempts === 1)).toBe(true);
    expect(smtp.accepted).toEqual([]);

    const second = start();
    await waitHealthy(second, 180_000);
    await until(async () => (await outbox()).every((row) => row.state === 'sent'), 'every e-mail sent');

    const rows = await outbox();
    expect(smtp.accepted.map((m) => m.messageId).sort()).toEqual(rows.map((r) => `<${r.id}@farmstall.test>`).sort());
    expect(smtp.accepted.some((m) => m.to.includes(DEMO_ADMIN.email))).toBe(true);
  }, 420_000);
});
