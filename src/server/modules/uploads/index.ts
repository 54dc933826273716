/** The uploads module's public functions: where pictures are stored, and storing one (the seed's pictures). */
export { storeImage } from './pipeline.ts';
export { createStorage, localUploadsDir, type Storage } from './storage.ts';
