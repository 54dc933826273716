import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors.ts';
import type { Storage } from './storage.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Widths kept of every picture: a thumbnail for cards and lists, a large one for detail pages. */
export const WIDTHS = { thumb: 400, display: 1200 } as const;
const MAX_PIXELS = 40_000_000;

export type StoredImage = { id: string; width: number; height: number; displayUrl: string; thumbUrl: string };

/**
 * Checks the bytes really are a picture (whatever the file name says), re-encodes it to WebP
 * (which drops EXIF and any payload hidden in the original), in two widths, and stores both.
 */
export async function storeImage(storage: Storage, input: Buffer): Promise<StoredImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The file is not a picture. Please choose a JPEG, PNG, WebP, GIF or AVIF image.',
    );
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The file is not a picture. Please choose a JPEG, PNG, WebP, GIF or AVIF image.',
    );
  }
  const id = randomUUID();
  const encode = (width: number) =>
    sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  let display: Awaited<ReturnType<typeof encode>>;
  let thumb: Awaited<ReturnType<typeof encode>>;
  try {
    [display, thumb] = await Promise.all([encode(WIDTHS.display), encode(WIDTHS.thumb)]);
  } catch {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The picture could not be read. It may be damaged; please try another file.',
    );
  }
  const [displayUrl, thumbUrl] = await Promise.all([
    storage.put(`${id}.webp`, display.data, 'image/webp'),
    storage.put(`${id}-${WIDTHS.thumb}.webp`, thumb.data, 'image/webp'),
  ]);
  return { id, width: display.info.width, height: display.info.height, displayUrl, thumbUrl };
}
