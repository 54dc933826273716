import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedImageId } from '#contract/images.ts';
import { localStorage } from '../../modules/uploads/storage.ts';
import { pictureStore } from './pictures.ts';

const TOMATO = '1f345';
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-pictures-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function storedFiles(uploads: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const name of (await fs.readdir(uploads)).sort()) files.set(name, await fs.readFile(path.join(uploads, name)));
  return files;
}

describe('demo pictures', () => {
  it('a later seed stores the cached encodes under a new id, the same files as the pipeline made', async () => {
    const cache = path.join(dir, 'cache');
    const first = path.join(dir, 'first');
    const second = path.join(dir, 'second');
    const firstUrl = await pictureStore(localStorage(first), cache)(TOMATO);
    const secondUrl = await pictureStore(localStorage(second), cache)(TOMATO);

    const firstId = uploadedImageId(firstUrl);
    const secondId = uploadedImageId(secondUrl);
    expect(firstId).toBeTruthy();
    expect(secondId).toBeTruthy();
    expect(secondId).not.toBe(firstId);
    const made = await storedFiles(first);
    const copied = await storedFiles(second);
    expect(made.size).toBe(8);
    expect([...copied.keys()]).toEqual([...made.keys()].map((n) => n.replace(firstId as string, secondId as string)));
    for (const [name, body] of made) {
      expect(copied.get(name.replace(firstId as string, secondId as string))?.equals(body)).toBe(true);
    }
  });

  it('reads the files from the cache, not from a new encode', async () => {
    const cache = path.join(dir, 'marked');
    await pictureStore(localStorage(path.join(dir, 'a')), cache)(TOMATO);
    const [entry] = await fs.readdir(cache);
    const manifest = JSON.parse(await fs.readFile(path.join(cache, entry, 'manifest.json'), 'utf8'));
    await fs.writeFile(path.join(cache, entry, manifest.display), 'cached');

    const url = await pictureStore(localStorage(path.join(dir, 'b')), cache)(TOMATO);
    expect(await fs.readFile(path.join(dir, 'b', path.basename(url)), 'utf8')).toBe('cached');
  });
});
