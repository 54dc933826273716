import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { uploadsApi } from '#contract/api/uploads.ts';
import { AppError, badRequest } from '../../errors.ts';
import { consumeOrRefuse, postgresLimiter } from '../../plugins/rate-limit.ts';
import { handle } from '../../route-table.ts';
import { uploadBound } from '../../workers/bounds.ts';
import { setImageThreads, storeImage } from './pipeline.ts';

/** Where a picture is received before it is checked and encoded: DATA_DIR/incoming, each under a name of its own. */
export const incomingDir = (dataDir: string) => path.join(dataDir, 'incoming');

export async function uploadRoutes(app: FastifyInstance) {
  const perUser = postgresLimiter(app.db, 'uploads', app.config.rateLimitUploadsPerHour, 60 * 60);
  // A few pictures at a time per user and in all (decision 057): each takes memory and the encoders' threads.
  const inProgress = uploadBound(app.config);
  const incoming = incomingDir(app.config.dataDir);
  setImageThreads(app.config.workerThreads);
  // What a server stopped mid-upload left (a crash, a kill): nothing received an hour ago is still in the making.
  void removeStale(incoming, 60 * 60_000);
  handle(app, uploadsApi.upload, async (request, reply) => {
    const leave = inProgress.enter(request.user.id, reply);
    // The file is received to disk, not into memory, and removed whatever happens (ENOSPC half-way included).
    const received = path.join(incoming, `${randomUUID()}.upload`);
    try {
      await consumeOrRefuse(
        perUser,
        request.user.id,
        reply,
        (wait) => `You have uploaded many pictures in a short time. Please wait ${wait} and try again.`,
      );
      if (!request.isMultipart()) throw badRequest('Send the picture as multipart/form-data in the field "image"');
      const file = await request.file().catch(malformedUpload);
      if (file?.fieldname !== 'image') {
        throw badRequest('Send the picture in the multipart field "image"', { image: 'This field is required' });
      }
      await fs.mkdir(incoming, { recursive: true });
      const tooLarge = () =>
        new AppError(
          'PAYLOAD_TOO_LARGE',
          `The picture is too large. The limit is ${readableSize(app.config.uploadMaxBytes)}.`,
        );
      await pipeline(file.file, createWriteStream(received)).catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        return malformedUpload(error);
      });
      if (file.file.truncated) throw tooLarge();
      const { size } = await fs.stat(received);
      if (size === 0) throw badRequest('The file is empty', { image: 'The file is empty' });
      const image = await storeImage(app.storage, received);
      return answer(image);
    } finally {
      await fs.rm(received, { force: true });
      leave();
    }
  });
}

function answer(image: Awaited<ReturnType<typeof storeImage>>) {
  return {
    success: true as const,
    status: 201,
    data: {
      id: image.id,
      url: image.displayUrl,
      display_url: image.displayUrl,
      width: image.width,
      height: image.height,
      thumb: { url: image.thumbUrl },
    },
  };
}

/** Removes the received files older than `ageMs` (servers sharing DATA_DIR each receive theirs for seconds). */
async function removeStale(dir: string, ageMs: number) {
  const names = await fs.readdir(dir).catch(() => []);
  for (const name of names.filter((n) => n.endsWith('.upload'))) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > ageMs) await fs.rm(file, { force: true });
  }
}

/** What the multipart parser says about a body cut off mid-part or without its boundary: the client's bytes. */
const MALFORMED_MULTIPART = /unexpected end of multipart data|terminated early|boundary not found/i;
const CUT_OFF = 'The upload was cut off or is not valid multipart/form-data. Please send the picture again.';

function malformedUpload(error: unknown): never {
  if (error instanceof Error && MALFORMED_MULTIPART.test(error.message)) throw badRequest(CUT_OFF, { image: CUT_OFF });
  throw error;
}

/** 5242880 → "5 MB", 1572864 → "1.5 MB", 100000 → "98 KB". */
function readableSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
