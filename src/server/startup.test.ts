import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.ts';
import { contactMessage } from './modules/contact/test-contact.ts';
import {
  callApi as api,
  waitHealthy as healthy,
  postmasterPid as postmasterPidOf,
  runs,
  type ServerProcess as Server,
  spawnServer,
  stopServer,
} from './test/server-process.ts';

// Starts the real server (`node src/server/main.ts`) as a process: slow by nature.
const ADMIN = { email: 'owner@farmstall.test', password: 'Owner#Start2026' };

let dataDir: string;
let webDir: string;
const running: Server[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-startup-'));
  // An empty web folder: the API runs without serving a build another test may be rewriting.
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-startup-web-'));
});
afterAll(async () => {
  await Promise.all(running.map(stopServer));
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(webDir, { recursive: true, force: true });
});

/** Spawns the server with only the given settings (and an empty web folder). */
function start(env: Record<string, string>, port = 0): Server {
  const server = spawnServer({ WEB_DIR: webDir, ...env }, port);
  running.push(server);
  return server;
}

async function startOnDataDir(): Promise<Server> {
  const port = await freePort();
  return start(
    { DATA_DIR: dataDir, SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    port,
  );
}

async function adminToken(server: Server): Promise<string> {
  const response = await api(server, '/jwt', { method: 'POST', body: ADMIN });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const MESSAGE = {
  ...contactMessage,
  subject: 'Does my message survive a restart?',
  reviewText: 'Written before the server stopped, read after it came back.',
};

describe('the server process', () => {
  it('starts on embedded PostgreSQL, refuses a second process on its DATA_DIR, stops cleanly and keeps its data', async () => {
    const first = await startOnDataDir();
    await healthy(first);
    expect(first.output()).toContain(`Admin ${ADMIN.email} created.`);
    expect(first.output()).not.toContain('Seeding the demo catalog');
    const sent = await api(first, '/contact', { method: 'POST', body: MESSAGE });
    expect(sent.status).toBe(201);

    const second = await startOnDataDir();
    const refused = await second.exited;
    expect(refused.code).toBe(1);
    const lines = second.errors().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Farmstall could not start: DATA_DIR .+ is in use by another Farmstall process \\(pid ${first.child.pid}\\)`,
      ),
    );
    // The refused process left the running one alone.
    expect((await api(first, '/health')).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(first.errors()).toBe('');
    expect(existsSync(path.join(dataDir, 'farmstall.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const again = await startOnDataDir();
    await healthy(again);
    expect(again.output()).toContain(`Admin ${ADMIN.email} promoted.`);
    const messages = await api(again, '/contact', { token: await adminToken(again) });
    expect(messages.status).toBe(200);
    expect(JSON.stringify(await messages.json())).toContain(MESSAGE.subject);

    again.child.kill('SIGINT');
    expect(await again.exited).toEqual({ code: 0, signal: null });
  }, 240_000);

  it('refuses a wrong setting with one line and exit code 1', async () => {
    const server = start({ DATA_DIR: dataDir, PORT: 'abc' });
    expect((await server.exited).code).toBe(1);
    expect(server.errors()).toBe(
      'Farmstall could not start: Invalid configuration: PORT="abc": must be a whole number from 0 to 65535\n',
    );
  }, 30_000);

  it('reports an unreachable DATABASE_URL in one line and exits 1', async () => {
    const port = await freePort();
    const server = start({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x:y@127.0.0.1:1/db' }, port);
    expect((await server.exited).code).toBe(1);
    const lines = server.errors().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Farmstall could not start: Cannot reach the database: .*ECONNREFUSED 127\.0\.0\.1:1/);
  }, 30_000);
});

const postmasterPid = () => postmasterPidOf(dataDir);

/** A client that sends half of its body and then nothing: its request stays in flight. */
async function halfSentRequest(server: Server): Promise<net.Socket> {
  const socket = net.connect(server.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":`,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  return socket;
}

describe('stopping and crashing', () => {
  it('SIGTERM stops the server within 10 s while a request is still in flight, and PostgreSQL with it', async () => {
    const server = await startOnDataDir();
    await healthy(server);
    const postgres = postmasterPid();
    const socket = await halfSentRequest(server);
    const stopping = Date.now();
    server.child.kill('SIGTERM');
    const exit = await Promise.race([
      server.exited,
      new Promise((resolve) => setTimeout(resolve, 10_000, 'still running')),
    ]);
    const seconds = (Date.now() - stopping) / 1000;
    socket.destroy();
    console.log(`SIGTERM with a request in flight: exited after ${seconds.toFixed(1)} s`);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(runs(postgres)).toBe(false);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'farmstall.pid'))).toBe(false);
  }, 120_000);

  it('a second signal cuts the wait for requests in flight short', async () => {
    const server = await startOnDataDir();
    await healthy(server);
    const socket = await halfSentRequest(server);
    const stopping = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    console.log(
      `SIGTERM then SIGINT with a request in flight: exited after ${((Date.now() - stopping) / 1000).toFixed(1)} s`,
    );
    socket.destroy();
    expect(server.output()).toContain('second signal: not waiting for requests in flight any longer');
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('after kill -9, the same command stops the PostgreSQL left running and starts on the same data', async () => {
    const crashed = await startOnDataDir();
    await healthy(crashed);
    const subject = 'Written just before a kill -9';
    expect((await api(crashed, '/contact', { method: 'POST', body: { ...MESSAGE, subject } })).status).toBe(201);
    const orphan = postmasterPid();
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(runs(orphan)).toBe(true); // PostgreSQL outlives the server: the crash this test is about

    const restarting = Date.now();
    const restarted = await startOnDataDir();
    await healthy(restarted, 60_000);
    console.log(`Restart after kill -9: healthy after ${((Date.now() - restarting) / 1000).toFixed(1)} s`);
    expect(runs(orphan)).toBe(false);
    expect(postmasterPid()).not.toBe(orphan);
    expect(restarted.output()).toContain(`Stopping the PostgreSQL (pid ${orphan})`);
    const messages = await api(restarted, '/contact', { token: await adminToken(restarted) });
    expect(JSON.stringify(await messages.json())).toContain(subject);

    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toEqual({ code: 0, signal: null });
  }, 180_000);
});
