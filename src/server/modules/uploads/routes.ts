import type { FastifyInstance } from 'fastify';
import { uploadsApi } from '#contract/api/uploads.ts';
import { AppError, badRequest } from '../../errors.ts';
import { consumeOrRefuse, postgresLimiter } from '../../plugins/rate-limit.ts';
import { handle } from '../../route-table.ts';
import { storeImage } from './pipeline.ts';

export async function uploadRoutes(app: FastifyInstance) {
  const perUser = postgresLimiter(app.db, 'uploads', app.config.rateLimitUploadsPerHour, 60 * 60);
  handle(app, uploadsApi.upload, async (request, reply) => {
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
    const buffer = await file.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The picture is too large. The limit is ${readableSize(app.config.uploadMaxBytes)}.`,
        );
      }
      return malformedUpload(error);
    });
    if (buffer.length === 0) throw badRequest('The file is empty', { image: 'The file is empty' });
    const image = await storeImage(app.storage, buffer);
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
  });
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
