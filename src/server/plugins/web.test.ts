import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../../scripts/precompress.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb, createPool } from '../db/client.ts';
import { createTestDatabase } from '../test/app.ts';

/** What a browser receives: compressed text by Accept-Encoding, long caching for hashed files, ETag and 304. */
const script = `export const greeting = ${JSON.stringify('Fresh from the farm. '.repeat(400))};\n`;
const page = `<!doctype html><html><head><title>Farmstall</title></head><body>${'<p>Local food</p>'.repeat(200)}</body></html>`;

let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;

beforeAll(async () => {
  const webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'assets', 'app-Ab12Cd34.js'), script);
  await fs.writeFile(path.join(webDir, 'index.html'), page);
  precompressFiles(webDir);
  const database = await createTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-data-'));
  const pool = createPool(database.url, 2);
  app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    db: createDb(pool),
    logger: false,
    secrets: { jwtSecret: randomBytes(32).toString('hex') },
    webDir,
  });
  await app.ready();
  close = async () => {
    await app.close();
    await pool.end();
    await database.drop();
    await Promise.all([webDir, dataDir].map((dir) => fs.rm(dir, { recursive: true, force: true })));
  };
});
afterAll(() => close());

describe('what the browser receives', () => {
  it('sends a hashed script precompressed by Accept-Encoding (brotli first), cached for a year, and Vary', async () => {
    const url = '/assets/app-Ab12Cd34.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses the app page and API answers of 1 KB and more, never small ones', async () => {
    const home = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(home.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(home.rawPayload).toString()).toBe(page);

    const doc = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(doc.rawPayload).toString()).paths['/api/category']).toBeDefined();

    const health = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('tags catalog reads and answers 304 with no body when the client has the same version', async () => {
    const first = await app.inject({ url: '/api/category' });
    const tag = first.headers.etag;
    // Weak: the same JSON is sent identity or compressed under this one tag.
    expect(tag).toMatch(/^W\/"[^"]+"$/);
    const again = await app.inject({ url: '/api/category', headers: { 'if-none-match': String(tag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await app.inject({ url: '/api/category', headers: { 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
  });
});
