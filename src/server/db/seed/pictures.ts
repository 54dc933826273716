import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { type Storage, storeImage } from '../../modules/uploads/index.ts';

/** The 256×256 3D food renders of the `@lobehub/fluent-emoji-3d` npm package, named `<codepoint>.webp`. */
const EMOJI_ASSETS = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@lobehub/fluent-emoji-3d/package.json')),
  'assets',
);

export function emojiFile(codepoint: string): string {
  return path.join(EMOJI_ASSETS, `${codepoint}.webp`);
}

/** The upload pipeline's source: a change to its encoders or widths makes the cached encodes stale. */
const PIPELINE_FILE = new URL('../../modules/uploads/pipeline.ts', import.meta.url);
const IMAGES_FILE = new URL('../../../contract/images.ts', import.meta.url);
/** Encoded demo pictures, kept between seeds on this machine (each seed re-encoded 99 pictures: about 10 s). */
export const PICTURE_CACHE_DIR = path.join(os.tmpdir(), 'farmstall-demo-pictures');
const ID_SLOT = '{id}';

type Variant = { name: string; contentType: string };

/**
 * Stores a package picture through the real upload pipeline (content check, re-encode, storage) and
 * returns its URL. Each source file is stored once, however many products show it; the encoded files are kept
 * in PICTURE_CACHE_DIR (keyed by the source's and the pipeline's bytes), so a later seed on this machine stores the
 * same files under a new id without encoding them again.
 */
export function pictureStore(storage: Storage, cacheDir = PICTURE_CACHE_DIR): (codepoint: string) => Promise<string> {
  const stored = new Map<string, Promise<string>>();
  const pipeline = pipelineHash();
  return (codepoint) => {
    let url = stored.get(codepoint);
    if (!url) {
      url = fs.readFile(emojiFile(codepoint)).then(async (source) => {
        const entry = path.join(cacheDir, sha256(await pipeline, source));
        return (await storeCached(storage, entry)) ?? (await storeAndCache(storage, source, entry));
      });
      stored.set(codepoint, url);
    }
    return url;
  };
}

async function pipelineHash(): Promise<string> {
  return sha256(await fs.readFile(PIPELINE_FILE), await fs.readFile(IMAGES_FILE));
}

function sha256(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/** Stores a cached picture's files under a new id; undefined when the cache has no complete entry. */
async function storeCached(storage: Storage, entry: string): Promise<string | undefined> {
  let manifest: { variants: Variant[]; display: string };
  try {
    manifest = JSON.parse(await fs.readFile(path.join(entry, 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const id = randomUUID();
  const urls = new Map<string, string>();
  await Promise.all(
    manifest.variants.map(async ({ name, contentType }) => {
      const body = await fs.readFile(path.join(entry, name));
      urls.set(name, await storage.put(name.replace(ID_SLOT, id), body, contentType));
    }),
  );
  return urls.get(manifest.display);
}

/** Stores the picture through the pipeline, keeping a copy of every file it stored in the cache. */
async function storeAndCache(storage: Storage, source: Buffer, entry: string): Promise<string> {
  const files: (Variant & { body: Buffer; url: string })[] = [];
  const recording: Storage = {
    ...storage,
    put: async (key, body, contentType) => {
      const url = await storage.put(key, body, contentType);
      files.push({ name: key, contentType, body, url });
      return url;
    },
  };
  const image = await storeImage(recording, source);
  const named = files.map((f) => ({ ...f, name: f.name.replace(image.id, ID_SLOT) }));
  const display = named.find((f) => f.url === image.displayUrl)?.name;
  if (display) await writeEntry(entry, named, display).catch(() => {});
  return image.displayUrl;
}

/** Writes the entry beside its place, then renames it in: two seeds at once never see half an entry. */
async function writeEntry(entry: string, files: (Variant & { body: Buffer })[], display: string): Promise<void> {
  const temporary = `${entry}.${process.pid}.${randomUUID()}`;
  await fs.mkdir(temporary, { recursive: true });
  await Promise.all(files.map((f) => fs.writeFile(path.join(temporary, f.name), f.body)));
  const variants = files.map(({ name, contentType }) => ({ name, contentType }));
  await fs.writeFile(path.join(temporary, 'manifest.json'), JSON.stringify({ variants, display }));
  await fs.rename(temporary, entry).catch(() => fs.rm(temporary, { recursive: true, force: true }));
}
