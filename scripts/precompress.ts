import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing (pictures are compressed already). */
const TEXT = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of the build, once,
 * so the server sends them by content negotiation without compressing on each request.
 */
export function precompressFiles(dir: string): { file: string; bytes: number; br: number; gz: number }[] {
  const written = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    // The server-side renderer (scripts/ssr-build.ts) is read by the server, never sent.
    if (path.relative(dir, file).startsWith(`ssr${path.sep}`)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const br = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gz = gzipSync(content, { level: 9 });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    written.push({ file: path.relative(dir, file), bytes: content.length, br: br.length, gz: gz.length });
  }
  return written;
}

/** The Vite plugin: precompresses the output folder after each production build. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'farmstall-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFiles(outDir);
    },
  };
}
