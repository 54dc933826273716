import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Encodings answers are compressed with, in the server's order of preference. */
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
/** Text answers smaller than this go out as they are. */
const THRESHOLD_BYTES = 1024;
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** @fastify/compress's options: brotli at quality 4 (most of the gain for little CPU), or gzip. */
export const COMPRESSION: FastifyCompressOptions = {
  threshold: THRESHOLD_BYTES,
  encodings: [...ENCODINGS],
  brotliOptions: BROTLI,
};

const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS] });

/** The encoding the client accepts that @fastify/compress would choose for `bytes`, or null to send them as they are. */
export function acceptedEncoding(request: Pick<FastifyRequest, 'headers'>, bytes: number): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header || bytes < THRESHOLD_BYTES) return null;
  // As @fastify/compress reads it: "*" and "x-gzip" stand for gzip.
  return negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'));
}

/** `body` compressed as @fastify/compress would compress it. */
export function encode(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI) : zlib.gzipSync(body);
}

/**
 * Sends bytes compressed beforehand (kept with a cached answer, so each hit costs no compression), as
 * @fastify/compress sends them: its own hook leaves an answer that already has a Content-Encoding alone.
 */
export function sendEncoded(reply: FastifyReply, encoding: Encoding, body: Buffer): FastifyReply {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  return reply.header('content-encoding', encoding).send(body);
}
