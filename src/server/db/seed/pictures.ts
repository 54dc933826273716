import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
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

/**
 * Stores a package picture through the real upload pipeline (content check, re-encode, storage) and
 * returns its URL. Each source file is stored once, however many products show it.
 */
export function pictureStore(storage: Storage): (codepoint: string) => Promise<string> {
  const stored = new Map<string, Promise<string>>();
  return (codepoint) => {
    let url = stored.get(codepoint);
    if (!url) {
      url = fs.readFile(emojiFile(codepoint)).then(async (buffer) => (await storeImage(storage, buffer)).displayUrl);
      stored.set(codepoint, url);
    }
    return url;
  };
}
