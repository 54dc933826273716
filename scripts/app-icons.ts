/**
 * Writes the web app's icons (src/web/public/icons) from the site's own mark, src/web/public/favicon.svg:
 * `npx node scripts/app-icons.ts`. The PNGs are committed; run it again only when the mark changes.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.join(import.meta.dirname, '..', 'src', 'web', 'public');
const mark = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

/** The mark's shapes (it spans about 8-56 × 4-60 of its 64 × 64 box, centred). */
const drawing = mark.replace(/^.*?<\/title>/s, '').replace(/<\/svg>\s*$/, '');

/**
 * Full-bleed: a white square with the mark in its middle 60 % (a maskable icon's safe zone is the middle 80 %; iOS
 * fills a transparent corner with black).
 */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#fff"/><g transform="translate(12.8 12.8) scale(0.6)">${drawing}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: mark },
  { file: 'icon-512.png', size: 512, svg: mark },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

await mkdir(path.join(publicDir, 'icons'), { recursive: true });
for (const icon of icons) {
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(publicDir, 'icons', icon.file));
  console.log(`icons/${icon.file} ${icon.size}×${icon.size}`);
}
