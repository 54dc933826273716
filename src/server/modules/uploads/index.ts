/**
 * The uploads module's public functions: where pictures are stored, storing one (the seed's pictures), and storing
 * the variants older pictures lack (at start).
 */
export { backfillImageVariants, storeImage } from './pipeline.ts';
export { createStorage, localUploadsDir, type Storage } from './storage.ts';
