import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat, imageVariantName, uploadedImageId } from '#contract/images.ts';
import { AppError } from '../../errors.ts';
import type { Storage } from './storage.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const MAX_PIXELS = 40_000_000;
const LARGEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

export type StoredImage = { id: string; width: number; height: number; displayUrl: string; thumbUrl: string };

const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  // Effort 1 of 9: twice as fast as 2 for files a few per cent larger; 4 (sharp's default) takes 7-10 times longer.
  avif: (image) => image.avif({ quality: 55, effort: 1 }),
  webp: (image) => image.webp({ quality: 80 }),
};

// sharp's cache of decoded inputs and operations keeps up to 50 MB that uploads (each a new picture) never reuse.
sharp.cache(false);

/**
 * How many decodes and encodes run at once in all (decision 057): sharp runs them on libuv's threads, off the event
 * loop, but on a machine of few cores four of them at once leave the event loop no core of its own. Set from
 * WORKER_THREADS (the cores less one) when the routes are registered.
 */
let imageSlots = Math.max(1, availableParallelism() - 1);
let imageBusy = 0;
const imageWaiting: (() => void)[] = [];
export function setImageThreads(threads: number) {
  imageSlots = Math.max(1, threads);
}
async function imageWork<T>(work: () => Promise<T>): Promise<T> {
  if (imageBusy >= imageSlots) await new Promise<void>((resolve) => imageWaiting.push(resolve));
  else imageBusy += 1;
  try {
    return await work();
  } finally {
    const next = imageWaiting.shift();
    if (next) next();
    else imageBusy -= 1;
  }
}

/** A picture: its bytes, or the file it was received into (decision 057: an upload is streamed to disk). */
export type PictureInput = Buffer | string;

/**
 * Encodes the picture at every width and format of IMAGE_WIDTHS × IMAGE_FORMATS that `wanted` keeps, stores each
 * under its variant name, and returns the stored URLs by name. Widths past the original's are stored at the
 * original's width (encoded once), so every name exists whatever the original's size. The original is decoded
 * once, at the largest width shown (a 24-megapixel photo is some 70 MB decoded; at 1200 wide, 4 MB), and each
 * variant is made from that.
 */
async function storeVariants(
  storage: Storage,
  input: PictureInput,
  id: string,
  originalWidth: number,
  wanted: (name: string) => boolean = () => true,
): Promise<Map<string, { url: string; width: number; height: number }>> {
  const jobs = new Map<string, { width: number; format: ImageFormat; keys: string[] }>();
  for (const width of IMAGE_WIDTHS) {
    for (const format of IMAGE_FORMATS) {
      const key = imageVariantName(id, width, format);
      if (!wanted(key)) continue;
      const actual = Math.min(width, originalWidth);
      const job = jobs.get(`${actual}.${format}`) ?? { width: actual, format, keys: [] };
      job.keys.push(key);
      jobs.set(`${actual}.${format}`, job);
    }
  }
  if (jobs.size === 0) return new Map();
  const unreadable = () => {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The picture could not be read. It may be damaged; please try another file.',
    );
  };
  const largest = await imageWork(() =>
    sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: Math.min(LARGEST, originalWidth) })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  ).catch(unreadable);
  const raw = { width: largest.info.width, height: largest.info.height, channels: largest.info.channels };
  // Everything is encoded before anything is stored: a picture that fails half-way leaves no files.
  const encoded = await Promise.all(
    [...jobs.values()].map(async (job) => {
      const output = await imageWork(() =>
        ENCODERS[job.format](sharp(largest.data, { raw }).resize({ width: job.width })).toBuffer({
          resolveWithObject: true,
        }),
      ).catch(unreadable);
      return { ...job, ...output };
    }),
  );
  const stored = new Map<string, { url: string; width: number; height: number }>();
  const results = await Promise.allSettled(
    encoded.flatMap(({ keys, format, data, info }) =>
      keys.map(async (key) => {
        const url = await storage.put(key, data, `image/${format}`);
        stored.set(key, { url, width: info.width, height: info.height });
      }),
    ),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    // A disk that fills (ENOSPC) half-way: the variants already stored go too, so no picture is half there.
    await Promise.allSettled([...stored.keys()].map((key) => storage.remove?.(key)));
    throw failed.reason;
  }
  return stored;
}

/**
 * Checks the bytes really are a picture (whatever the file name says), re-encodes it to AVIF and WebP (which drops
 * EXIF and any payload hidden in the original) at every width of IMAGE_WIDTHS, and stores them all.
 */
export async function storeImage(storage: Storage, input: PictureInput): Promise<StoredImage> {
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
  // EXIF orientations 5-8 turn the picture a quarter: its upright width is the stored height.
  const uprightWidth = (metadata.orientation ?? 1) >= 5 ? metadata.height : metadata.width;
  const stored = await storeVariants(storage, input, id, uprightWidth);
  const display = stored.get(imageVariantName(id, LARGEST, 'webp'));
  const thumb = stored.get(imageVariantName(id, 400, 'webp'));
  if (!display || !thumb) throw new Error(`picture ${id}: a variant was not stored`);
  return { id, width: display.width, height: display.height, displayUrl: display.url, thumbUrl: thumb.url };
}

/**
 * Stores the variants a picture stored before them lacks (pictures kept only as `<id>.webp` and `<id>-400.webp`
 * get AVIF and the other widths), made from its largest WebP. Idempotent: a second run finds nothing to do.
 * Returns how many pictures it completed, how many files it stored, and the pictures it could not read (skipped).
 */
export async function backfillImageVariants(
  storage: Storage,
): Promise<{ pictures: number; files: number; unreadable: string[] }> {
  const names = new Set<string>();
  for await (const key of storage.keys()) names.add(key);
  let pictures = 0;
  let files = 0;
  const unreadable: string[] = [];
  for (const name of names) {
    const id = uploadedImageId(name);
    if (!id || name !== imageVariantName(id, LARGEST, 'webp')) continue;
    const missing = (variant: string) => !names.has(variant);
    if (!IMAGE_WIDTHS.some((w) => IMAGE_FORMATS.some((f) => missing(imageVariantName(id, w, f))))) continue;
    try {
      const input = await storage.get(name);
      const { width } = await sharp(input).metadata();
      if (!width) throw new Error(`${name} has no width`);
      files += (await storeVariants(storage, input, id, width, missing)).size;
      pictures += 1;
    } catch {
      unreadable.push(name);
    }
  }
  return { pictures, files, unreadable };
}
