import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorResponse } from '#contract/errors.ts';
import { isConnectionError } from '../db/connection-errors.ts';
import { AppError, DISK_FULL, isDiskFull } from '../errors.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'VALIDATION',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const DATABASE_UNAVAILABLE = 'The database is unavailable; please try again in a moment.';
/** A restarted PostgreSQL takes a few seconds; a connection ended by the server is replaced at once. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorResponse {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/**
 * Errors the router raises before any hook runs, in the one shape too: a path parameter over Fastify's length
 * limit (414) or a path that does not decode. Neither echoes the address back.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send(body('VALIDATION', 'A part of the address is too long'));
  }
  return reply.status(400).send(body('VALIDATION', 'The address is not valid'));
}

/** One error shape for every failure; never a stack trace to a client. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send(body(error.code, error.message, error.fields));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const zodPath = (issue.params as { issue?: { path?: PropertyKey[] } }).issue?.path;
          const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || zodPath?.join('.') || 'body';
          fields[key] ??= issue.message ?? 'Invalid value';
        }
        const first = Object.entries(fields)[0];
        const message = first ? `${first[0]}: ${first[1]}` : 'The request is not valid';
        return reply.status(400).send(body('VALIDATION', message, fields));
      }
      const status = error.statusCode ?? 500;
      if (status < 500 && CODE_BY_STATUS[status]) {
        return reply.status(status).send(body(CODE_BY_STATUS[status], error.message));
      }
      if (status < 500) {
        return reply.status(400).send(body('VALIDATION', error.message));
      }
      if (isDiskFull(error)) {
        // A write of the data directory or the database found no room (decision 057): nothing of it was kept.
        request.log.error({ err: error }, 'request failed: the disk is full');
        return reply.status(507).send(body('INSUFFICIENT_STORAGE', DISK_FULL));
      }
      if (isConnectionError(error)) {
        request.log.warn({ err: error }, 'request failed: the database is unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send(body('UNAVAILABLE', DATABASE_UNAVAILABLE));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again.'));
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send(body('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
    });
  },
  { name: 'errors' },
);
